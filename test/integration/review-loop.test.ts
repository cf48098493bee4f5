// Review mode through the built CLI in a git project with the default layout (no ignore file): `plan`, `loop` and
// `plan status`, with a scripted agent playing planner, developer and architect (review-agent.mjs). Each phase is
// a real loop session; the gate runs the project's real build.sh and verify.sh. The real Claude Code and Codex
// CLIs play these roles in test/e2e/review-loop.test.ts.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, type ExpectStatic } from 'vitest';
import { alive } from '../support/processes.js';
import {
  LOG_MARKER,
  REVIEW_AGENT,
  reviewProject as project,
  TECHDEBT_MARKER,
  type Progress,
} from '../support/review-project.js';
import { CLI, NODE, startHarness } from '../support/workdir.js';

// The tests run side by side, each in a project of its own (test/support/review-project.ts): most of their time
// is spent waiting on processes. Their CLI runs are asynchronous, so that one test's process never holds up the
// others' reading of their harness.

function noneLeft(expect: ExpectStatic, pids: number[]) {
  expect(alive(pids)).toEqual([]);
}

describe.concurrent('agent-harness loop (review mode)', () => {
  it('FAIL then PASS: the second develop prompt carries the review and the merged mistakes; techdebt and log by path only', async ({
    expect,
    onTestFinished,
  }) => {
    const p = await project(onTestFinished, {
      develop: ['commit'],
      review: ['FAIL', 'PASS', 'FAIL', 'PASS'],
    });
    const result = await p.run('loop', p.planId);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    // One last line for the whole cycle, none per phase.
    expect(result.stdout).not.toContain('Loop completed');
    expect(result.stdout.match(/^Review loop ended.*$/gm)).toEqual([
      `Review loop ended (plan_done): 2/2 tasks done, 8 sessions, $2.0000, plan ${p.planId}`,
    ]);

    const plan = p.json('planfile.json') as { status: string; tasks: Array<{ status: string }> };
    expect(plan.status).toBe('done');
    expect(plan.tasks.map((t) => t.status)).toEqual(['done', 'done']);

    const prompts = p.prompts();
    expect(prompts.map((x) => `${x.phase}:${x.task}`)).toEqual([
      'develop:1_task',
      'review:1_task',
      'develop:1_task',
      'review:1_task',
      'develop:2_task',
      'review:2_task',
      'develop:2_task',
      'review:2_task',
    ]);
    const firstReview = readFileSync(join(p.planDir, 'reviews', '1_task-1-review.md'), 'utf8');
    expect(firstReview).toMatch(/^Result: FAIL/);
    const secondDevelop = prompts[2]!.prompt;
    expect(secondDevelop).toContain(firstReview.trim());
    expect(secondDevelop).toContain('Always add a test');
    expect(secondDevelop).toContain('Shortcut in 1_task');
    // The first develop prompt has no review and no mistakes yet.
    expect(prompts[0]!.prompt).not.toContain('Result: FAIL');
    expect(prompts[0]!.prompt).not.toContain('Always add a test');
    // Descriptive context by path only.
    for (const x of prompts) {
      expect(x.prompt).not.toContain(TECHDEBT_MARKER);
      expect(x.prompt).not.toContain(LOG_MARKER);
    }
    expect(secondDevelop).toContain('.harness/techdebt.md');
    expect(secondDevelop).toContain('.harness/log.md');

    // Two tasks' mistakes merged without duplicates: the shared one once, each task's own once.
    const mistakes = (p.json('mistakes.json') as { mistakes: Array<{ attempted: string; task_id: string }> })
      .mistakes;
    expect(mistakes.map((m) => `${m.task_id}:${m.attempted}`)).toEqual([
      '1_task:Skipped the test',
      '1_task:Shortcut in 1_task',
      '2_task:Shortcut in 2_task',
    ]);
    // Task 2's second develop prompt carries task 1's lessons too.
    expect(prompts[6]!.prompt).toContain('Shortcut in 1_task');

    const progress = p.json('progress.json') as Progress;
    expect(progress.tasks['1_task']!.tries.map((t) => [t.n, t.verdict, t.decision])).toEqual([
      [1, 'FAIL', 'retry'],
      [2, 'PASS', 'done'],
    ]);

    const events = p.w.events();
    const sessions = events.filter((e) => e.event === 'session_complete');
    expect(sessions.map((e) => e.phase)).toEqual([
      'develop',
      'review',
      'develop',
      'review',
      'develop',
      'review',
      'develop',
      'review',
    ]);
    expect(sessions.every((e) => e.plan_id === p.planId)).toBe(true);
    const end = events.find((e) => e.event === 'review_end');
    expect(end).toMatchObject({
      reason: 'plan_done',
      exit_code: 0,
      tasks_done: 2,
      tasks_total: 2,
      cost_usd: 2,
    });
    // The harness's own files stay out of the developer's commits (default layout, no ignore file).
    const committed = execFileSync('git', ['log', '--name-only', '--format='], {
      cwd: p.w.dir,
      encoding: 'utf8',
    });
    expect(committed).not.toMatch(/progress\.json|claude-iteration-|harness\.status|\.iteration_counter/);
    noneLeft(expect, p.pids());
  });

  it('a failed gate skips the review, and the next develop prompt carries the script output', async ({
    expect,
    onTestFinished,
  }) => {
    const p = await project(
      onTestFinished,
      { develop: ['fail-verify', 'commit'], review: ['PASS'] },
      {},
      { tasks: 1 },
    );
    const result = await p.run('loop', p.planId);
    expect(result.code).toBe(0);
    const prompts = p.prompts();
    expect(prompts.map((x) => x.phase)).toEqual(['develop', 'develop', 'review']);
    expect(prompts[1]!.prompt).toContain('./verify.sh failed with exit code 1');
    expect(prompts[1]!.prompt).toContain('verify: 3 tests are red');
    const progress = p.json('progress.json') as Progress;
    const first = progress.tasks['1_task']!.tries[0]!;
    expect(first).toMatchObject({ n: 1, decision: 'retry', gate: { passed: false, failed_at: 'verify.sh' } });
    expect(first.verdict).toBeUndefined();
    expect(
      p.w
        .events()
        .filter((e) => e.event === 'review_gate')
        .map((e) => e.passed),
    ).toEqual([false, true]);
    noneLeft(expect, p.pids());
  });

  it('a malformed verdict is a failed review named with file and line; the last try escalates (13), a --reply resumes it', async ({
    expect,
    onTestFinished,
  }) => {
    const p = await project(
      onTestFinished,
      { develop: ['commit'], review: ['PASSED', 'PASSED', 'PASS'] },
      {},
      { tasks: 1 },
    );
    const first = await p.run('loop', '--max-tries', '2', p.planId);
    expect(first.code).toBe(13);
    expect(first.stdout).toContain('Task 1_task waits for a human');
    expect(first.stdout).toContain('Result: PASSED');
    expect(first.stdout).toContain('loop --reply');
    const progress = p.json('progress.json') as Progress;
    expect(progress.tasks['1_task']!.tries.map((t) => t.verdict)).toEqual(['invalid', 'invalid']);
    expect(String(progress.tasks['1_task']!.tries[0]!.why)).toContain(
      '.harness/plans/csv-export-20261123T1000/reviews/1_task-1-review.md:1',
    );
    expect((p.json('planfile.json') as { tasks: Array<{ status: string }> }).tasks[0]!.status).toBe('doing');

    // Again without a reply: nothing is spent, the same answer.
    const again = await p.run('loop', p.planId);
    expect(again.code).toBe(13);
    expect(p.prompts()).toHaveLength(4);

    const answered = await p.run('loop', '--reply', 'Print PASS without the ED.', p.planId);
    expect(answered.stderr).toBe('');
    expect(answered.code).toBe(0);
    expect(answered.stdout).toMatch(
      /^Task 1_task: answered by \S+; it resumes with the answer in its develop prompt\.$/m,
    );
    const prompts = p.prompts();
    expect(prompts).toHaveLength(6);
    expect(prompts[4]!.phase).toBe('develop');
    expect(prompts[4]!.prompt).toContain('Print PASS without the ED.');
    expect(prompts[4]!.prompt).toContain('try 3 of 4');
    expect(existsSync(join(p.planDir, 'reviews', '1_task-3-review.md'))).toBe(true);
    expect(p.w.events().some((e) => e.event === 'review_answered')).toBe(true);
    noneLeft(expect, p.pids());
  });

  it('progress.max_idle_sessions: develop sessions that change nothing send the task to a human early (13); a committing one resets the count', async ({
    expect,
    onTestFinished,
  }) => {
    const p = await project(
      onTestFinished,
      { develop: ['nothing', 'commit', 'nothing', 'nothing'], review: ['FAIL'] },
      { progress: { max_idle_sessions: 2 } },
      { tasks: 1 },
    );
    const result = await p.run('loop', '--max-tries', '6', p.planId);
    expect(result.code, result.stderr).toBe(13);
    expect(result.stdout).toContain('no progress: 2 develop sessions in a row changed nothing');
    const task = (p.json('progress.json') as Progress).tasks['1_task']!;
    // Try 2 committed: the count starts again, and try 4 is the second idle one in a row, of 6 allowed.
    expect(task.tries.map((t) => t.develop_changed)).toEqual([false, true, false, false]);
    expect(task.tries.map((t) => t.decision)).toEqual(['retry', 'retry', 'retry', 'escalate']);
    expect(String((task.escalated as { why: string }).why)).toContain('progress.max_idle_sessions = 2');
    // The phases' own loops never stop for it: every session ran its phase (no_progress is no stop reason here).
    expect(
      p.w
        .events()
        .filter((e) => e.event === 'loop_end')
        .map((e) => e.reason),
    ).not.toContain('no_progress');
    expect(p.prompts().map((x) => x.phase)).toEqual(Array(4).fill(['develop', 'review']).flat());
    noneLeft(expect, p.pids());
  });

  it('refuses to start without executable build.sh and verify.sh, naming each (exit 2)', async ({
    expect,
    onTestFinished,
  }) => {
    const p = await project(onTestFinished, {}, {}, { gate: false });
    writeFileSync(join(p.w.dir, 'verify.sh'), '#!/bin/sh\n');
    const result = await p.run('loop', p.planId);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('build.sh is missing');
    expect(result.stderr).toContain('verify.sh is not executable: run chmod +x verify.sh');
    expect(p.prompts()).toEqual([]);
  });

  it('review.max_cost_usd stops before a session that would start over budget (exit 12); plan status shows the spend', async ({
    expect,
    onTestFinished,
  }) => {
    const p = await project(
      onTestFinished,
      { develop: ['commit'], review: ['FAIL', 'PASS'] },
      { review: { max_cost_usd: 0.4 } },
      { tasks: 1 },
    );
    const result = await p.run('loop', p.planId);
    expect(result.code).toBe(12);
    expect(result.stdout + result.stderr).toContain('review.max_cost_usd');
    expect(p.prompts().map((x) => x.phase)).toEqual(['develop', 'review']);
    const end = p.w.events().find((e) => e.event === 'review_end');
    expect(end).toMatchObject({ reason: 'cost_budget', exit_code: 12, cost_usd: 0.5 });
    const status = await p.run('plan', 'status', p.planId);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain('1_task');
    expect(status.stdout).toContain('0.50');
  });

  it('resumes at the review of the same try after the harness is SIGKILLed mid-review', async ({
    expect,
    onTestFinished,
  }) => {
    const p = await project(
      onTestFinished,
      { develop: ['commit'], review: ['hang', 'PASS'] },
      {},
      { tasks: 1 },
    );
    const run = startHarness(p.w, ['loop', p.planId], p.env);
    await run.waitFor(() => p.started('review'));
    run.child.kill('SIGKILL');
    await run.exit;
    const progress = p.json('progress.json') as { tasks: Record<string, { next: unknown }> };
    expect(progress.tasks['1_task']!.next).toEqual({ try: 1, step: 'review' });

    const resumed = await p.run('loop', p.planId);
    expect(resumed.code).toBe(0);
    // No second develop session for try 1: the review ran again, and passed.
    expect(p.prompts().map((x) => x.phase)).toEqual(['develop', 'review', 'review']);
    expect((p.json('planfile.json') as { status: string }).status).toBe('done');
    noneLeft(expect, p.pids());
  });

  it('Ctrl-C mid-develop: the session finishes, no review starts, and the next loop resumes at the review', async ({
    expect,
    onTestFinished,
  }) => {
    const p = await project(onTestFinished, { develop: ['slow-commit'], review: ['PASS'] }, {}, { tasks: 1 });
    const run = startHarness(p.w, ['loop', p.planId], p.env);
    await run.waitFor(() => p.started('develop'));
    run.child.kill('SIGINT');
    const { code } = await run.exit;
    expect(code).toBe(0);
    expect(p.prompts().map((x) => x.phase)).toEqual(['develop']);
    const progress = p.json('progress.json') as Progress & { tasks: Record<string, { next: unknown }> };
    // The develop session finished and the gate ran: the review is what comes next.
    expect(progress.tasks['1_task']!.next).toEqual({ try: 1, step: 'review' });
    expect(progress.tasks['1_task']!.tries[0]).toMatchObject({ gate: { passed: true } });
    expect(p.w.events().find((e) => e.event === 'review_end')).toMatchObject({
      reason: 'sigint',
      exit_code: 0,
    });

    const resumed = await p.run('loop', p.planId);
    expect(resumed.code).toBe(0);
    expect(p.prompts().map((x) => x.phase)).toEqual(['develop', 'review']);
    noneLeft(expect, p.pids());
  });

  it('agent.review gives the architect its own settings over agent', async ({ expect, onTestFinished }) => {
    const p = await project(onTestFinished, { develop: ['commit'], review: ['PASS'] }, {}, { tasks: 1 });
    // The YAML config: agent.review as a nested table.
    writeFileSync(
      join(p.w.dir, 'harness.yml'),
      readFileSync(join(p.w.dir, 'harness.yml'), 'utf8').replace(
        /^agent:\n/m,
        `agent:\n  review:\n    args: [${JSON.stringify(REVIEW_AGENT)}, "--second-opinion", "-p", "{prompt}"]\n`,
      ),
    );
    const result = await p.run('loop', p.planId);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const prompts = p.prompts();
    expect(prompts.find((x) => x.phase === 'review')!.argv).toContain('--second-opinion');
    expect(prompts.find((x) => x.phase === 'develop')!.argv).not.toContain('--second-opinion');
  });
});

describe.concurrent('agent-harness plan --headless', () => {
  it('a malformed plan gets one corrective session carrying the problems, then it is valid', async ({
    expect,
    onTestFinished,
  }) => {
    const p = await project(onTestFinished, { plan: ['fix'] });
    const result = await p.run('plan', '--headless', 'Add a CSV export for the table view');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const planId = result.stdout.trim().split('\n').at(-1)!;
    expect(planId).toMatch(/^add-a-csv-export-for-the-table-view-\d{8}T\d{4}/);
    // The harness made the plan's reviews directory, where the architect writes; no per-phase loop line.
    expect(existsSync(join(p.w.dir, '.harness', 'plans', planId, 'reviews'))).toBe(true);
    expect(result.stdout).not.toContain('Loop completed');
    const prompts = p.prompts();
    expect(prompts).toHaveLength(2);
    expect(prompts[1]!.prompt).toContain('tasks[0].status');
    expect(prompts[1]!.prompt).toContain('"started"');
    const plan = JSON.parse(
      readFileSync(join(p.w.dir, '.harness', 'plans', planId, 'planfile.json'), 'utf8'),
    ) as { id: string };
    expect(plan.id).toBe(planId);
  });

  it('still malformed after the corrective session: exit 11 naming the problem', async ({
    expect,
    onTestFinished,
  }) => {
    const p = await project(onTestFinished, { plan: ['invalid'] });
    const result = await p.run('plan', '--headless', 'Add a CSV export');
    expect(result.code).toBe(11);
    expect(result.stderr).toContain('tasks[0].status');
    expect(p.prompts()).toHaveLength(2);
  });

  it("on a terminal the planner runs interactively, on the user's terminal, told it may ask questions", async ({
    expect,
    onTestFinished,
  }) => {
    const p = await project(onTestFinished, { plan: ['valid'] });
    writeFileSync(
      join(p.w.dir, 'harness.yml'),
      readFileSync(join(p.w.dir, 'harness.yml'), 'utf8').replace(
        /^agent:\n/m,
        `agent:\n  plan:\n    interactive_args: [${JSON.stringify(REVIEW_AGENT)}, "-p", "{prompt}"]\n`,
      ),
    );
    // `script` gives the command a pseudo-terminal, as a user's shell would.
    const command = [NODE, CLI, 'plan', 'Add a CSV export']
      .map((arg) => `'${arg.replaceAll("'", "'\\''")}'`)
      .join(' ');
    const result = await new Promise<{ status: number | null; stdout: string }>((resolve, reject) => {
      const child = spawn('script', ['-qec', command, '/dev/null'], {
        cwd: p.w.dir,
        env: { ...process.env, ...p.env },
        timeout: 30_000,
      });
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.once('error', reject);
      child.once('close', (status) => resolve({ status, stdout }));
      child.stdin.end();
    });
    expect(result.status).toBe(0);
    const prompts = p.prompts();
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toMatchObject({ phase: 'plan', tty: true });
    expect(prompts[0]!.prompt).not.toContain('You are running unattended');
    // The id alone on the last line (the terminal ends lines with CRLF).
    const planId = /^(add-a-csv-export-\d{8}T\d{4}[\w-]*)\r?$/m.exec(result.stdout)![1]!;
    expect(existsSync(join(p.w.dir, '.harness', 'plans', planId, 'planfile.json'))).toBe(true);
    // No loop session ran for it: the planner was the user's, not a transcript's.
    expect(p.w.transcripts()).toEqual([]);
  });

  it('without a terminal and without --headless: a usage error, nothing run', async ({
    expect,
    onTestFinished,
  }) => {
    const p = await project(onTestFinished, { plan: ['valid'] });
    const result = await p.run('plan', 'Add a CSV export');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--headless');
    expect(p.prompts()).toEqual([]);
  });
});
