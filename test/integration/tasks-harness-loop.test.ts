// Task mode through the built CLI in the layout a new user has (default output_dir ".", no ignore file): the
// harness's own files survive rollbacks and stay out of its commits, a kill during on_failure.cleanup loses no
// task file, an agent that switches branches or rewrites the lock cannot mislead the next step, and sessions that
// never worked on a task do not use up max_sessions.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'vitest';
import { lockDirFor } from '../../src/tasks/lock.js';
import { killRecorded, pidAlive, readPids } from '../support/processes.js';
import { makeWorkdir, runHarness, startHarness, testConfig, type Workdir } from '../support/workdir.js';

// The tests run side by side, each in a repository of its own: most of their time is spent waiting on processes.

/** Once the test is finished, nothing it started in `w` is left: agents, and the cleanup command a killed harness left behind. */
function leavesNothing({ expect, onTestFinished }: TestContext, w: Workdir): Workdir {
  onTestFinished(async () => {
    const extra = readPids(w.path('.agent-plan.json.cleanup'));
    killRecorded([...w.agentPids(), ...extra]);
    // A killed orphan is reaped by init a moment later.
    for (let i = 0; i < 100 && [...w.agentPids(), ...extra].some(pidAlive); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect([...w.agentPids(), ...extra].filter(pidAlive)).toEqual([]);
  });
  return w;
}

function plainRepo(context: TestContext, plan: string[], session: Record<string, unknown> = {}): Workdir {
  const w = makeWorkdir({
    git: 'no-ignore',
    plan,
    config: testConfig({ session: { max_iterations: 10, ...session } }),
  });
  return leavesNothing(context, w);
}

const git = (w: Workdir, ...args: string[]) =>
  execFileSync('git', args, { cwd: w.dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
const tasks = (w: Workdir, ...args: string[]) => runHarness(w, ['tasks', ...args]);
type TaskJson = { id: string; status: string; attempts: number };
const taskFile = (w: Workdir) =>
  JSON.parse(w.read('harness-tasks.json')) as { tasks: TaskJson[]; session_count: number };
/** The cleanup command has written its PID (the harness is then running it). */
const cleanupStarted = (w: Workdir) =>
  w.exists('.agent-plan.json.cleanup') && w.read('.agent-plan.json.cleanup').trim() !== '';
const HARNESS_NAME =
  /^(claude-iteration-\d+\.(jsonl|prompt\.md)|\.iteration_counter|harness\.status|harness-events\.jsonl|harness-tasks\.json(\.bak)?|harness-progress\.txt|\..*\.tmp)$/;

describe.concurrent('the harness’s own files in task mode, default layout without an ignore file', () => {
  it('a plain loop, then a failed and a passing task: nothing lost, nothing of the harness’s committed, the committed counter never back', async (context) => {
    const { expect } = context;
    const w = plainRepo(context, ['ok', 'ok', 'sh:echo junk > junk.txt', 'sh:echo done > work.txt'], {
      max_iterations: 2,
    });
    const plain = await runHarness(w);
    expect(plain.code, plain.stderr).toBe(0);
    const earlier = w.transcripts();
    expect(earlier).toHaveLength(2);
    // The user commits the counter and a transcript, as a user of the bash loop might (forced: the plain loop
    // keeps them out of `git add` through .git/info/exclude).
    git(w, 'add', '-f', '.iteration_counter', earlier[0]!);
    git(w, 'commit', '-qm', 'keep the first transcript');
    const base = git(w, 'rev-parse', 'HEAD');
    const counterBefore = w.counter();
    const eventsBefore = w.read('harness-events.jsonl');
    const contents = Object.fromEntries(earlier.map((t) => [t, w.read(t)]));

    await tasks(w, 'init');
    await tasks(w, 'add', 'Fails', '--validate', 'false', '--max-attempts', '1');
    await tasks(w, 'add', 'Passes', '--validate', 'test -f work.txt');
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(0);
    expect(taskFile(w).tasks.map((t) => t.status)).toEqual(['failed', 'completed']);

    // Every transcript is still there, the earlier ones unchanged; the counter moved on by the two sessions.
    expect(w.transcripts()).toHaveLength(earlier.length + 2);
    for (const [name, text] of Object.entries(contents)) expect(w.read(name)).toBe(text);
    expect(w.counter()).toBe(counterBefore + 2);
    expect(w.read('harness-events.jsonl').startsWith(eventsBefore)).toBe(true);
    const progress = w.read('harness-progress.txt');
    expect(progress).toMatch(
      /Starting \[task-001\][\s\S]*ROLLBACK \[task-001\][\s\S]*Completed \[task-002\]/,
    );
    // The failed attempt's work is gone, the passing one's committed, and no commit holds a harness file.
    expect(w.exists('junk.txt')).toBe(false);
    const committed = git(w, 'log', '--name-only', '--format=', `${base}..HEAD`).split('\n').filter(Boolean);
    expect(committed).toEqual(['work.txt']);
    expect(committed.filter((f) => HARNESS_NAME.test(f))).toEqual([]);
    expect(Number(git(w, 'show', 'HEAD:.iteration_counter'))).toBe(counterBefore);
  });

  it('an agent that commits everything with `git add -A`: rolled back, the transcripts kept and untracked', async (context) => {
    const { expect } = context;
    const w = plainRepo(context, ['sh:echo half > half.txt && git add -A && git commit -qm task-001-wip']);
    await tasks(w, 'init');
    await tasks(w, 'add', 'Fails', '--validate', 'false', '--max-attempts', '1');
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(20); // failed for good: no task can run
    expect(taskFile(w).tasks[0]!.status).toBe('failed');
    expect(w.exists('half.txt')).toBe(false);
    expect(w.transcripts()).toHaveLength(1);
    expect(w.exists('harness-progress.txt')).toBe(true);
    expect(
      git(w, 'ls-files')
        .split('\n')
        .filter((f) => HARNESS_NAME.test(f)),
    ).toEqual([]);
  });

  it('SIGKILL during on_failure.cleanup after a rollback: the task file survives, the next start is a task session', async (context) => {
    const { expect } = context;
    const w = plainRepo(context, ['ok']);
    await tasks(w, 'init');
    const cleanup =
      'if [ ! -e .agent-plan.json.cleanup ]; then echo "$$ $(cut -d" " -f22 /proc/$$/stat)" > .agent-plan.json.cleanup; exec sleep 60; fi';
    await tasks(w, 'add', 'Fails', '--validate', 'false', '--max-attempts', '3', '--cleanup', cleanup);
    const first = startHarness(w);
    await first.waitFor(() => cleanupStarted(w));
    first.child.kill('SIGKILL');
    await first.exit;
    const counterAtKill = w.counter();
    expect(() => taskFile(w)).not.toThrow();
    expect(w.exists('harness-tasks.json.bak')).toBe(true);

    const again = await runHarness(w);
    expect(again.code, again.stderr).toBe(20); // failed for good: no task can run
    expect(w.read('harness-progress.txt')).toMatch(/\[SESSION-\d+\] RECOVERY \[task-001\]/);
    expect(w.events().some((e) => e.event === 'task_started')).toBe(true);
    expect(w.counter()).toBeGreaterThan(counterAtKill);
  });
});

describe.concurrent('a task file and counter tracked in git', () => {
  it('killed during cleanup after a rollback: a completed task stays completed, the counter does not go back', async (context) => {
    const { expect } = context;
    const w = plainRepo(context, ['sh:echo done > work.txt', 'ok']);
    await tasks(w, 'init');
    await tasks(w, 'add', 'Passes', '--validate', 'test -f work.txt');
    const cleanup = 'echo "$$ $(cut -d" " -f22 /proc/$$/stat)" > .agent-plan.json.cleanup; exec sleep 60';
    await tasks(w, 'add', 'Fails', '--validate', 'false', '--cleanup', cleanup);
    writeFileSync(w.path('.iteration_counter'), '5\n');
    git(w, 'add', 'harness-tasks.json', '.iteration_counter');
    git(w, 'commit', '-qm', 'version the task list and the counter');
    const run = startHarness(w);
    await run.waitFor(() => cleanupStarted(w));
    run.child.kill('SIGKILL');
    await run.exit;
    expect(taskFile(w).tasks.map((t) => t.status)).toEqual(['completed', 'in_progress']);
    expect(w.counter()).toBeGreaterThanOrEqual(5 + 2);
    expect(w.transcripts()).toHaveLength(2);
  });
});

describe.concurrent('output_dir outside the repository', () => {
  it('a failed then a passing task: the transcripts outside untouched, nothing of the harness’s committed', async (context) => {
    const { expect } = context;
    const outside = mkdtempSync(join(tmpdir(), 'ah-out-'));
    const w = plainRepo(context, ['sh:echo junk > junk.txt', 'sh:echo done > work.txt'], {
      output_dir: outside,
    });
    try {
      await tasks(w, 'init');
      await tasks(w, 'add', 'Fails', '--validate', 'false', '--max-attempts', '1');
      await tasks(w, 'add', 'Passes', '--validate', 'test -f work.txt');
      const base = git(w, 'rev-parse', 'HEAD');
      const run = await runHarness(w);
      expect(run.code, run.stderr).toBe(20); // failed for good: no task can run
      expect(taskFile(w).tasks.map((t) => t.status)).toEqual(['failed', 'completed']);
      expect(readdirSync(outside).filter((f) => f.endsWith('.jsonl'))).toHaveLength(2);
      expect(w.exists('junk.txt')).toBe(false);
      expect(w.exists('harness-events.jsonl')).toBe(true);
      const committed = git(w, 'log', '--name-only', '--format=', `${base}..HEAD`)
        .split('\n')
        .filter(Boolean);
      expect(committed).toEqual(['work.txt']);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

describe.concurrent('the branch a task started on', () => {
  it('an agent that switches branches: the task is completed on the branch it started on, the side branch untouched', async (context) => {
    const { expect } = context;
    const w = plainRepo(context, [
      'sh:git checkout -q -b side && echo w > work.txt && git add work.txt && git commit -qm side-work',
    ]);
    const branch = git(w, 'symbolic-ref', '--short', 'HEAD');
    await tasks(w, 'init');
    await tasks(w, 'add', 'Work', '--validate', 'test -f work.txt');
    const base = git(w, 'rev-parse', 'HEAD');
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(0);
    expect(taskFile(w).tasks[0]!.status).toBe('completed');
    expect(git(w, 'symbolic-ref', '--short', 'HEAD')).toBe(branch);
    expect(git(w, 'log', '--name-only', '--format=', `${base}..${branch}`)).toBe('work.txt');
    expect(git(w, 'log', '--format=%s', '-1', 'side')).toBe('side-work');
    expect(w.read('harness-progress.txt')).toMatch(
      new RegExp(`WARN \\[task-001\\] agent left branch ${branch} \\(HEAD was on side\\); back on ${branch}`),
    );
  });

  it('a failed attempt after a branch switch rolls back the task’s branch, not the side branch', async (context) => {
    const { expect } = context;
    const w = plainRepo(context, [
      'sh:git checkout -q -b side && echo w > w.txt && git add w.txt && git commit -qm side-work',
    ]);
    const branch = git(w, 'symbolic-ref', '--short', 'HEAD');
    await tasks(w, 'init');
    await tasks(w, 'add', 'Work', '--validate', 'false', '--max-attempts', '1');
    const base = git(w, 'rev-parse', 'HEAD');
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(20); // failed for good: no task can run
    expect(git(w, 'symbolic-ref', '--short', 'HEAD')).toBe(branch);
    expect(git(w, 'rev-parse', branch)).toBe(base);
    expect(git(w, 'log', '--format=%s', '-1', 'side')).toBe('side-work');
  });
});

describe.concurrent('the lock and the session count', () => {
  it('an agent that rewrites the lock to pid=1 does not block the next run', async (context) => {
    const { expect } = context;
    const w = plainRepo(context, ['sh:echo 1 > "$LOCK_PID_FILE"', 'ok']);
    await tasks(w, 'init');
    await tasks(w, 'add', 'One', '--validate', 'true');
    const env = { LOCK_PID_FILE: join(lockDirFor(w.dir), 'pid') };
    const first = await runHarness(w, [], env);
    expect(first.code, first.stderr).toBe(0);
    await tasks(w, 'add', 'Two', '--validate', 'true');
    const second = await runHarness(w, [], env);
    expect(second.code, second.stderr).toBe(0);
    expect(taskFile(w).tasks.map((t) => t.status)).toEqual(['completed', 'completed']);
  });

  it('sessions that never worked on a task do not use up max_sessions', async (context) => {
    const { expect } = context;
    const w = makeWorkdir({
      git: 'no-ignore',
      plan: ['ratelimit', 'ratelimit', 'ratelimit', 'ratelimit', 'ok'],
      config: testConfig({
        session: { max_iterations: 10 },
        backoff: { initial_delay_secs: 0, max_consecutive_rate_limits: 2 },
      }),
    });
    leavesNothing(context, w);
    await tasks(w, 'init');
    await tasks(w, 'add', 'Busy API', '--validate', 'true');
    const file = JSON.parse(w.read('harness-tasks.json')) as { session_config: Record<string, number> };
    file.session_config = { max_tasks_per_session: 5, max_sessions: 1 };
    writeFileSync(w.path('harness-tasks.json'), JSON.stringify(file));
    for (let i = 0; i < 2; i++) {
      const limited = await runHarness(w);
      expect(limited.code).toBe(3);
      expect(taskFile(w)).toMatchObject({ session_count: 0, tasks: [{ status: 'pending', attempts: 0 }] });
    }
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toContain('max_sessions');
    expect(taskFile(w)).toMatchObject({ session_count: 1, tasks: [{ status: 'completed' }] });
  });
});
