// Review mode end to end with the REAL agent CLIs: `agent-harness loop <plan_id>` runs Claude Code as the
// developer and Claude Code (or Codex) as the architect on a scripted model that plays whichever role the prompt
// gives it (test/support/review-model.ts), and the harness's own gate runs build.sh and verify.sh. What the model
// server received is the evidence for what each prompt carried.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { describe, it, type ExpectStatic, type TestContext } from 'vitest';
import { stringify } from 'yaml';
import { claudeCommand } from '../support/claude-env.js';
import { codexCommand } from '../support/codex-env.js';
import { markedProcesses, REAPED_MS } from '../support/processes.js';
import {
  markedMistake,
  reviewText,
  startReviewModel,
  type ReviewModel,
  type ReviewModelOptions,
  type RoleRequest,
} from '../support/review-model.js';
import { CLI, makeWorkdir, NODE, testConfig, waitUntil, type Workdir } from '../support/workdir.js';

const PLAN_ID = 'greet-20261123T2200';
const TASKS = ['1_first', '2_second'] as const;

interface Loop {
  child: ChildProcess;
  output: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

interface Project {
  /** The test's own scripted model, closed when the test ends. */
  model: ReviewModel;
  w: Workdir;
  mark: string;
  techdebtMarker: string;
  logMarker: string;
  /** `agent-harness <args>` (the built CLI, as every e2e test runs it), in its own process group. */
  start(args: string[]): Loop;
  run(args: string[]): Promise<{ code: number | null; output: string }>;
  planfile(): { status: string; tasks: Array<{ id: string; status: string }> };
  progress(): {
    tasks: Record<
      string,
      {
        tries: Array<Record<string, unknown> & { n: number }>;
        next: { try: number; step: string } | null;
      }
    >;
  };
  /** Sessions of one role and task, from the model's side. */
  sessions(role: 'developer' | 'architect', taskId: string): RoleRequest[];
}

const verifyPasses = '#!/bin/sh\necho "verify ok"\n';

// The tests run side by side, each with its own model servers and processes: when a test ends, the process groups
// of the `agent-harness` runs it started and left running are killed, and its model closed.
async function project(
  ctx: TestContext,
  options: ReviewModelOptions & {
    tasks?: readonly string[];
    verify?: string;
    /** Codex reviews (agent.review), Claude develops. */
    codexReviewer?: boolean;
  } = {},
): Promise<Project> {
  const m = await startReviewModel(options);
  const running = new Set<ChildProcess>();
  ctx.onTestFinished(async () => {
    for (const child of running) {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // gone
      }
    }
    await m.close();
  });
  const mark = randomUUID();
  const claude = claudeCommand({ serverUrl: m.claude.url });
  const claudeArgs = [...claude.args];
  claudeArgs[claudeArgs.indexOf('-p') + 1] = '{prompt}';
  const agent: Record<string, unknown> = { command: claude.command, args: claudeArgs, env: claude.env };
  if (options.codexReviewer) {
    const codex = codexCommand({ serverUrl: m.codex!.url });
    agent.review = {
      command: codex.command,
      args: [...codex.args.slice(0, -1), '{prompt}'],
      env: codex.env,
      format: 'codex',
    };
  }
  const w = makeWorkdir({ git: true });
  writeFileSync(w.path('harness.yml'), stringify(testConfig({ agent })));
  const script = (name: string, text: string) => {
    writeFileSync(w.path(name), text);
    chmodSync(w.path(name), 0o755);
  };
  script('build.sh', '#!/bin/sh\necho "build ok"\n');
  script('verify.sh', options.verify ?? verifyPasses);

  const start = (args: string[]): Loop => {
    const child = spawn(NODE, [CLI, ...args], {
      cwd: w.dir,
      env: { ...process.env, AH_E2E_MARK: mark },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    running.add(child);
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('close', (code, signal) => {
        running.delete(child);
        resolve({ code, signal });
      }),
    );
    return { child, output: () => out, exit };
  };
  const run = async (args: string[]) => {
    const loop = start(args);
    const { code } = await loop.exit;
    return { code, output: loop.output() };
  };

  const attached = await run(['attach']);
  ctx.expect(attached.code, attached.output).toBe(0);
  // techdebt.md and log.md go into prompts by path only: their content must never reach the model.
  const techdebtMarker = `TECHDEBT-CONTENT-${randomUUID()}`;
  const logMarker = `LOG-CONTENT-${randomUUID()}`;
  writeFileSync(w.path('.harness/techdebt.md'), `# Technical debt\n\n## Shortcut\n\n${techdebtMarker}\n`);
  writeFileSync(w.path('.harness/log.md'), `# Diary\n\n## Entry 2026-11-23\n\n- ${logMarker}\n`);
  const tasks = options.tasks ?? TASKS;
  mkdirSync(w.path(`.harness/plans/${PLAN_ID}`), { recursive: true });
  writeFileSync(
    w.path(`.harness/plans/${PLAN_ID}/planfile.json`),
    `${JSON.stringify(
      {
        id: PLAN_ID,
        title: 'Greetings',
        created: '2026-11-23 22:00:00Z',
        status: 'todo',
        context: 'Each task writes its own greeting file.',
        tasks: tasks.map((id, i) => ({
          id,
          title: `Write ${id}.txt`,
          status: 'todo',
          acceptance_criteria: [`${id}.txt holds the greeting`],
          possibly_relevant_files: [],
          depends_on: i === 0 ? [] : [tasks[i - 1]],
        })),
      },
      null,
      2,
    )}\n`,
  );
  execFileSync('git', ['add', '-A'], { cwd: w.dir });
  execFileSync('git', ['commit', '-q', '-m', 'review mode set up'], { cwd: w.dir });

  const planDir = `.harness/plans/${PLAN_ID}`;
  return {
    model: m,
    w,
    mark,
    techdebtMarker,
    logMarker,
    start,
    run,
    planfile: () => JSON.parse(w.read(`${planDir}/planfile.json`)) as ReturnType<Project['planfile']>,
    progress: () => JSON.parse(w.read(`${planDir}/progress.json`)) as ReturnType<Project['progress']>,
    sessions: (role, taskId) => m.sessions(role).filter((s) => s.taskId === taskId),
  };
}

const reviewFile = (taskId: string, n: number) =>
  `.harness/plans/${PLAN_ID}/reviews/${taskId}-${n}-review.md`;

/** Nothing the test started is still running: the harness, the agents, their tools, the gate's scripts. */
async function expectNothingLeft(expect: ExpectStatic, mark: string): Promise<void> {
  for (let i = 0; i < 20 && markedProcesses(mark).length > 0; i++)
    await new Promise((r) => setTimeout(r, 100));
  expect(markedProcesses(mark)).toEqual([]);
}

// Each test runs the loop through several sessions of the real CLIs (the first one eight), beside the others: on a
// loaded machine the longest took over a minute.
const SLOW = { timeout: 180_000 };

describe.concurrent('agent-harness loop with the real Claude Code and Codex CLIs', SLOW, () => {
  it('first review FAILs, second PASSes: the next develop prompt carries the review and the merged mistakes, techdebt and log by path only', async (ctx) => {
    const { expect } = ctx;
    const p = await project(ctx, {
      // The second task's architect repeats the first task's mistake beside its own: merged once.
      mistakes: (t, verdict) =>
        verdict === 'Result: PASS'
          ? []
          : t.taskId === '2_second'
            ? [markedMistake({ ...t, taskId: '1_first', try: 1 }), markedMistake(t)]
            : [markedMistake(t)],
    });
    const run = await p.run(['loop', '--max-tries', '2', PLAN_ID]);
    expect(run.code, run.output).toBe(0);

    expect(p.planfile().tasks.map((t) => [t.id, t.status])).toEqual([
      ['1_first', 'done'],
      ['2_second', 'done'],
    ]);
    expect(p.planfile().status).toBe('done');
    const progress = p.progress();
    for (const id of TASKS) {
      expect(progress.tasks[id]!.tries.map((t) => [t.n, t.verdict, t.decision])).toEqual([
        [1, 'FAIL', 'retry'],
        [2, 'PASS', 'done'],
      ]);
      expect(progress.tasks[id]!.next).toBeNull();
    }
    expect(p.w.read('1_first.txt')).toBe('task 1_first try 2\n');

    // Develop, review, develop, review for each task, in order; the developer's second prompt of 1_first holds
    // the first review in full, as the architect wrote it, and the mistakes it recorded.
    const m = p.model;
    expect(m.sessions().map((s) => `${s.role}:${s.taskId}:${s.try}`)).toEqual([
      'developer:1_first:1',
      'architect:1_first:1',
      'developer:1_first:2',
      'architect:1_first:2',
      'developer:2_second:1',
      'architect:2_second:1',
      'developer:2_second:2',
      'architect:2_second:2',
    ]);
    const [first1, first2] = p.sessions('developer', '1_first') as [RoleRequest, RoleRequest];
    const firstReview = p.w.read(reviewFile('1_first', 1));
    expect(firstReview).toBe(reviewText(first1, 'Result: FAIL'));
    expect(first2.prompt).toContain(firstReview.trim());
    const lesson = markedMistake({ ...first1, try: 1 });
    expect(first2.prompt).toContain(lesson.lesson);
    expect(first2.prompt).toContain(lesson.problem);
    // The first try had neither: no review yet, no mistakes.
    expect(first1.prompt).not.toContain('REVIEW-ISSUE-');
    expect(first1.prompt).not.toContain('LESSON-');
    // Mistakes are the plan's: the second task's first try learns from the first task's, and its second try has
    // both tasks' mistakes, each once.
    const [second1, second2] = p.sessions('developer', '2_second');
    expect(second1!.prompt).toContain('LESSON-1_first-1');
    expect(second1!.prompt).not.toContain('REVIEW-ISSUE-1_first-1');
    expect(second2!.prompt.split('LESSON-1_first-1').length - 1).toBe(1);
    expect(second2!.prompt.split('LESSON-2_second-1').length - 1).toBe(1);
    const merged = JSON.parse(p.w.read(`.harness/plans/${PLAN_ID}/mistakes.json`)) as {
      mistakes: Array<{ task_id: string; iteration: number; lesson: string }>;
    };
    expect(merged.mistakes.map((x) => [x.task_id, x.iteration, x.lesson])).toEqual([
      ['1_first', 1, 'LESSON-1_first-1: write the real content'],
      ['2_second', 1, 'LESSON-2_second-1: write the real content'],
    ]);
    expect(
      JSON.parse(p.w.read(reviewFile('2_second', 1).replace('-review.md', '-mistakes.json'))),
    ).toMatchObject({
      mistakes: [{ lesson: 'LESSON-1_first-1: write the real content' }, {}],
    });

    // techdebt.md and log.md: named in every develop prompt, their content in no request at all.
    for (const s of m.sessions('developer')) {
      expect(s.prompt).toContain('.harness/techdebt.md');
      expect(s.prompt).toContain('.harness/log.md');
    }
    const bodies = m.allBodies().join('\n');
    expect(bodies).toContain('.harness/techdebt.md');
    expect(bodies).not.toContain(p.techdebtMarker);
    expect(bodies).not.toContain(p.logMarker);

    // Every phase is a session of the loop, named in its event.
    const sessions = p.w.events().filter((e) => e.event === 'session_complete');
    expect(sessions.map((e) => `${String(e.phase)}:${String(e.task_id)}`)).toEqual([
      'develop:1_first',
      'review:1_first',
      'develop:1_first',
      'review:1_first',
      'develop:2_second',
      'review:2_second',
      'develop:2_second',
      'review:2_second',
    ]);
    for (const e of sessions) expect(e.plan_id).toBe(PLAN_ID);
    await expectNothingLeft(expect, p.mark);
  });

  it('a failed gate skips the review: no architect for that try, and the next develop prompt carries verify.sh output', async (ctx) => {
    const { expect } = ctx;
    const marker = `VERIFY-SAYS-${randomUUID()}`;
    const p = await project(ctx, {
      verdict: () => 'Result: PASS',
      verify: `#!/bin/sh\nif grep -qs "try 1" 1_first.txt; then echo "checking 1_first.txt"; echo "${marker}: 1_first.txt still says try 1" >&2; exit 1; fi\necho "verify ok"\n`,
    });
    const run = await p.run(['loop', '--max-tries', '2', PLAN_ID]);
    expect(run.code, run.output).toBe(0);

    expect(p.sessions('architect', '1_first').map((s) => s.try)).toEqual([2]);
    const [develop1, develop2] = p.sessions('developer', '1_first');
    expect(develop1!.prompt).not.toContain(marker);
    expect(develop2!.prompt).toContain(`${marker}: 1_first.txt still says try 1`);
    const [try1, try2] = p.progress().tasks['1_first']!.tries;
    expect(try1).toMatchObject({
      n: 1,
      gate: { passed: false, failed_at: 'verify.sh' },
      decision: 'retry',
    });
    expect(try1!.review).toBeUndefined();
    expect(try1!.verdict).toBeUndefined();
    expect(try2).toMatchObject({ n: 2, gate: { passed: true }, verdict: 'PASS', decision: 'done' });
    const gates = p.w.events().filter((e) => e.event === 'review_gate' && e.task_id === '1_first');
    expect(gates.map((e) => [e.try, e.passed, e.failed_at])).toEqual([
      [1, false, 'verify.sh'],
      [2, true, null],
    ]);
    expect(p.planfile().tasks.every((t) => t.status === 'done')).toBe(true);
    await expectNothingLeft(expect, p.mark);
  });

  it('a malformed verdict ("Result: PASSED") is a failed review, named with its file and line', async (ctx) => {
    const { expect } = ctx;
    const p = await project(ctx, {
      tasks: ['1_first'],
      verdict: (t) => (t.try === 1 ? 'Result: PASSED' : 'Result: PASS'),
    });
    const run = await p.run(['loop', '--max-tries', '2', PLAN_ID]);
    expect(run.code, run.output).toBe(0);
    const where = `${reviewFile('1_first', 1)}:1`;
    expect(run.output).toContain(where);
    const [try1, try2] = p.progress().tasks['1_first']!.tries;
    expect(try1).toMatchObject({
      n: 1,
      verdict: 'invalid',
      decision: 'retry',
      review_file: reviewFile('1_first', 1),
    });
    expect(String(try1!.why)).toContain(where);
    expect(String(try1!.why)).toContain('Result: PASSED');
    expect(try2).toMatchObject({ n: 2, verdict: 'PASS', decision: 'done' });
    const verdicts = p.w.events().filter((e) => e.event === 'review_verdict');
    expect(verdicts.map((e) => e.verdict)).toEqual(['invalid', 'PASS']);
    expect(String(verdicts[0]!.error)).toContain(where);
    expect(p.planfile().tasks[0]!.status).toBe('done');
    await expectNothingLeft(expect, p.mark);
  });

  it('SIGKILL of the harness mid-review: the next loop resumes at that review, with no new develop session', async (ctx) => {
    const { expect } = ctx;
    const p = await project(ctx, {
      tasks: ['1_first'],
      verdict: () => 'Result: PASS',
      stallReview: { taskId: '1_first', try: 1 },
    });
    const first = p.start(['loop', '--max-tries', '2', PLAN_ID]);
    await p.model.waitFor((r) => r.role === 'architect' && r.turn === 0, 30_000);
    process.kill(-first.child.pid!, 'SIGKILL');
    expect((await first.exit).signal).toBe('SIGKILL');
    // The architect runs in its own process group, which the kill missed: the harness's reaper ends it.
    await waitUntil(() => markedProcesses(p.mark).length === 0, 'the reaper to end the architect', REAPED_MS);
    expect(p.progress().tasks['1_first']!.next).toEqual({ try: 1, step: 'review' });

    const again = await p.run(['loop', '--max-tries', '2', PLAN_ID]);
    expect(again.code, again.output).toBe(0);
    expect(p.sessions('developer', '1_first').map((s) => s.try)).toEqual([1]);
    expect(p.sessions('architect', '1_first').map((s) => s.try)).toEqual([1, 1]);
    const tries = p.progress().tasks['1_first']!.tries;
    expect(tries).toHaveLength(1);
    expect(tries[0]).toMatchObject({ n: 1, verdict: 'PASS', decision: 'done' });
    expect(p.planfile().tasks[0]!.status).toBe('done');
    await expectNothingLeft(expect, p.mark);
  });

  it('Codex reviews what Claude Code developed: its review file is parsed and the task is done', async (ctx) => {
    const { expect } = ctx;
    const p = await project(ctx, {
      tasks: ['1_first'],
      verdict: () => 'Result: PASS',
      codex: true,
      codexReviewer: true,
    });
    const run = await p.run(['loop', '--max-tries', '2', PLAN_ID]);
    expect(run.code, run.output).toBe(0);
    const m = p.model;
    expect(m.sessions().map((s) => `${s.vendor}:${s.role}:${s.try}`)).toEqual([
      'claude:developer:1',
      'codex:architect:1',
    ]);
    expect(p.w.read(reviewFile('1_first', 1)).split('\n')[0]).toBe('Result: PASS');
    expect(p.progress().tasks['1_first']!.tries).toEqual([
      expect.objectContaining({ n: 1, verdict: 'PASS', decision: 'done' }),
    ]);
    expect(p.planfile().tasks[0]!.status).toBe('done');
    const sessions = p.w.events().filter((e) => e.event === 'session_complete');
    expect(sessions.map((e) => e.phase)).toEqual(['develop', 'review']);
    expect(sessions[1]).toMatchObject({ outcome: 'productive', input_tokens: expect.any(Number) });
    await expectNothingLeft(expect, p.mark);
  });
});
