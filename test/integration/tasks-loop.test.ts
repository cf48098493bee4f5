// The task-driven loop through the built CLI with the scripted agent: locking, corruption, checkpoints,
// recovery after a crash, session limits, and what happens to a claimed task when the loop stops early.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, it } from 'vitest';
import {
  CLI,
  makeWorkdir,
  NODE,
  runHarness,
  startHarness,
  testConfig,
  type Workdir,
} from '../support/workdir.js';

function taskDir(plan: string[], sections: Record<string, Record<string, unknown>> = {}): Workdir {
  const w = makeWorkdir({
    git: true,
    plan,
    config: testConfig({ session: { max_iterations: 10 }, ...sections }),
  });
  // The instance lock is a harness file too (until the task protocol's git operations skip harness files).
  writeFileSync(w.path('.gitignore'), `${w.read('.gitignore')}harness-*\n`);
  execFileSync('git', ['commit', '-qam', 'ignore harness files'], { cwd: w.dir });
  return w;
}
// The tests run side by side, each in a repository of its own: most of their time is spent waiting on processes.
// A session that must still be running when the test acts is a gated one: it lasts until the test writes `release`.
const GATED = 'sh:while [ ! -e release ]; do sleep 0.05; done';
const tasks = (w: Workdir, ...args: string[]) => runHarness(w, ['tasks', ...args]);
type TaskJson = { id: string; status: string; attempts: number; error_log: string[]; checkpoints: unknown[] };
const taskFile = (w: Workdir) =>
  JSON.parse(w.read('harness-tasks.json')) as { tasks: TaskJson[]; session_count: number };

describe.concurrent('task files on disk', () => {
  it('a corrupt task file with a good backup is restored and the run goes on', async ({ expect }) => {
    const w = taskDir(['ok']);
    await tasks(w, 'init');
    await tasks(w, 'add', 'One', '--validate', 'true');
    await tasks(w, 'add', 'Two', '--validate', 'true'); // the .bak now holds the file with task-001
    writeFileSync(w.path('harness-tasks.json'), '{"version": 2, "tasks": [');
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(0);
    expect(taskFile(w).tasks.map((t) => [t.id, t.status])).toEqual([['task-001', 'completed']]);
    expect(w.read('harness-progress.txt')).toMatch(
      /WARN harness-tasks\.json unparseable .*restored from backup/,
    );
  });

  it('both the file and its backup bad: exit 2, ENV_SETUP message, nothing overwritten', async ({
    expect,
  }) => {
    const w = taskDir(['ok']);
    writeFileSync(w.path('harness-tasks.json'), 'not json');
    writeFileSync(w.path('harness-tasks.json.bak'), '{"version": 1}');
    const run = await runHarness(w);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('harness-tasks.json corrupted and unrecoverable');
    expect(w.read('harness-tasks.json')).toBe('not json');
    expect(w.read('harness-tasks.json.bak')).toBe('{"version": 1}');
    expect(w.read('harness-progress.txt')).toMatch(
      /ERROR \[ENV_SETUP\] harness-tasks\.json corrupted and unrecoverable/,
    );
    expect(w.transcripts()).toEqual([]);
  });

  it('tasks add rejects an unknown dependency with exit 2; status is read-only and shows the seed display', async ({
    expect,
  }) => {
    const w = taskDir(['ok']);
    await tasks(w, 'init');
    const bad = await tasks(w, 'add', 'X', '--depends-on', 'task-009');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--depends-on: no such task task-009');
    await tasks(w, 'add', 'Root', '--priority', 'P0');
    const status = await tasks(w, 'status');
    expect(status.stdout).toContain('Tasks: 1 total, 0 completed, 0 failed, 1 pending, 0 blocked');
    expect(status.stdout).toContain('[pending] task-001: Root (0/3)');
    expect(status.stdout).toContain('Sessions: 0, last never');
  });
});

describe.concurrent('the task session', () => {
  it('refuses to run while another live process holds the lock', async ({ expect }) => {
    const w = taskDir([GATED, 'ok']);
    await tasks(w, 'init');
    await tasks(w, 'add', 'Slow', '--validate', 'true');
    const first = startHarness(w);
    await first.waitFor((out) => out.includes('status=session_running'));
    // A second harness in the same directory with its own status file (so only the task lock stops it).
    writeFileSync(
      w.path('second.yml'),
      readFileSync(w.path('harness.yml'), 'utf8') + 'output:\n  event_log: second.jsonl\n',
    );
    const second = await runHarness(w, ['-c', 'second.yml', '-o', '.']);
    expect(second.code).toBe(5);
    expect(second.stderr).toMatch(/pid=?\s*\d+|PID \d+/);
    first.child.kill('SIGTERM');
    await first.waitFor((out) => out.includes('signal=SIGTERM'));
    writeFileSync(w.path('release'), '');
    await first.exit;
  });

  it('an agent records checkpoints while the harness holds the lock', async ({ expect }) => {
    const w = taskDir(['checkpoint']);
    await tasks(w, 'init');
    await tasks(w, 'add', 'Halves', '--validate', 'true');
    const run = await runHarness(w, [], { AGENT_HARNESS_CLI: CLI });
    expect(run.code, run.stderr).toBe(0);
    const [task] = taskFile(w).tasks;
    expect(task!.checkpoints).toMatchObject([{ step: 1, total: 2, description: 'wrote the first half' }]);
    expect(w.read('harness-progress.txt')).toMatch(
      /CHECKPOINT \[task-001\] step=1\/2 "wrote the first half"/,
    );
  });

  it("an agent's words never complete a task, not even by editing the task file", async ({ expect }) => {
    const w = taskDir(['cheat']);
    await tasks(w, 'init');
    await tasks(w, 'add', 'Make it pass', '--validate', 'test -f done.txt', '--max-attempts', '1');
    const run = await runHarness(w);
    expect(run.code).toBe(20); // failed for good: no task can run
    expect(taskFile(w).tasks[0]).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('a harness killed mid-task: the next session recovers the task through the decision matrix', async ({
    expect,
  }) => {
    const w = taskDir(['hang', 'ok']);
    await tasks(w, 'init');
    await tasks(w, 'add', 'Fragile', '--validate', 'true');
    const first = startHarness(w);
    await first.waitFor((out) => out.includes('status=session_running'));
    first.child.kill('SIGKILL');
    await first.exit;
    expect(taskFile(w).tasks[0]!.status).toBe('in_progress');
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(0);
    const progress = w.read('harness-progress.txt');
    expect(progress).toMatch(/\[SESSION-2\] RECOVERY \[task-001\] action=/);
    expect(progress).toMatch(/\[SESSION-2\] WARN Removed stale lock from pid=\d+/);
    const [task] = taskFile(w).tasks;
    expect(task!.error_log[0]).toContain('[SESSION_TIMEOUT] No progress detected');
    expect(task!.status).toBe('completed'); // retried in the same session and passed
    expect(task!.attempts).toBe(1);
  });

  it('max_tasks_per_session ends the session; max_sessions stops the next one before it starts', async ({
    expect,
  }) => {
    const w = taskDir(['ok']);
    await tasks(w, 'init');
    await tasks(w, 'add', 'A', '--validate', 'true');
    await tasks(w, 'add', 'B', '--validate', 'true');
    const file = taskFile(w) as unknown as { session_config: Record<string, number> };
    file.session_config = { max_tasks_per_session: 1, max_sessions: 1 };
    writeFileSync(w.path('harness-tasks.json'), JSON.stringify(file));
    const run = await runHarness(w);
    expect(run.code).toBe(0);
    expect(taskFile(w).tasks.map((t) => t.status)).toEqual(['completed', 'pending']);
    expect(w.status()).toMatchObject({ stop_reason: 'max_tasks_per_session' });
    const again = await runHarness(w);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Task session not started: max_sessions');
    expect(taskFile(w).tasks[1]!.status).toBe('pending');
  });

  it('a task claimed when rate limits end the loop goes back to pending, no attempt counted', async ({
    expect,
  }) => {
    const w = taskDir(['ratelimit'], { backoff: { initial_delay_secs: 0, max_consecutive_rate_limits: 2 } });
    await tasks(w, 'init');
    await tasks(w, 'add', 'Busy API', '--validate', 'true');
    const run = await runHarness(w);
    expect(run.code).toBe(3);
    expect(taskFile(w).tasks[0]).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('harness-init.sh failing twice stops the session with ENV_SETUP and exit 6', async ({ expect }) => {
    const w = taskDir(['ok']);
    await tasks(w, 'init');
    await tasks(w, 'add', 'Anything', '--validate', 'true');
    writeFileSync(w.path('harness-init.sh'), 'echo "db down" >&2; exit 1\n');
    const run = await runHarness(w);
    expect(run.code).toBe(6);
    const errors = w.read('harness-progress.txt').match(/ERROR \[ENV_SETUP\] harness-init\.sh failed/g);
    expect(errors).toHaveLength(2);
    expect(w.transcripts()).toEqual([]);
  });

  it('--task runs only that task', async ({ expect }) => {
    const w = taskDir(['ok']);
    await tasks(w, 'init');
    await tasks(w, 'add', 'A', '--validate', 'true');
    await tasks(w, 'add', 'B', '--validate', 'true');
    const run = await runHarness(w, ['--task', 'task-002']);
    expect(run.code).toBe(0);
    expect(taskFile(w).tasks.map((t) => t.status)).toEqual(['pending', 'completed']);
    const ready = spawn(NODE, [CLI, 'tasks', 'ready', '--json'], { cwd: w.dir });
    let out = '';
    ready.stdout.on('data', (c: Buffer) => (out += c.toString()));
    await new Promise((r) => ready.once('close', r));
    expect(JSON.parse(out)).toEqual(['task-001']);
  });
});
