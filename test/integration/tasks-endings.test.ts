// How a task run ends, through the built CLI, as a newcomer meets it: tasks that all failed for good end with
// no_eligible_tasks and exit code 20 and say which and where to see why (never a silent success); a failing
// harness-init.sh says why on stderr (its exit code, its last lines, where its whole output is); `tasks init
// --init-script` names the file it made.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { describe, it } from 'vitest';
import { makeWorkdir, runHarness, testConfig, type Workdir } from '../support/workdir.js';

function taskDir(plan: string[]): Workdir {
  const w = makeWorkdir({ git: true, plan, config: testConfig({ session: { max_iterations: 10 } }) });
  writeFileSync(w.path('.gitignore'), `${w.read('.gitignore')}harness-*\n`);
  execFileSync('git', ['commit', '-qam', 'ignore harness files'], { cwd: w.dir });
  return w;
}
const tasks = (w: Workdir, ...args: string[]) => runHarness(w, ['tasks', ...args]);
const loopEnd = (w: Workdir) => w.events().find((e) => e['event'] === 'loop_end');

describe.concurrent('how a task run ends', () => {
  it('every task failed for good: no_eligible_tasks, exit 20, the error names them; tasks status shows why', async ({
    expect,
  }) => {
    const w = taskDir(['ok', 'ok']);
    await tasks(w, 'init');
    await tasks(
      w,
      'add',
      'Build',
      '--validate',
      'echo "missing header foo.h"; exit 1',
      '--max-attempts',
      '1',
    );
    await tasks(w, 'add', 'Ship', '--validate', 'true', '--depends-on', 'task-001');
    const run = await runHarness(w);
    expect(run.code, run.stdout + run.stderr).toBe(20);
    expect(w.status()).toMatchObject({ stop_reason: 'no_eligible_tasks' });
    expect(loopEnd(w)).toMatchObject({ reason: 'no_eligible_tasks', exit_code: 20 });
    expect(run.stderr).toContain('2 of 2 tasks failed for good (task-001, task-002), so no task can run');
    expect(run.stderr).toContain('`agent-harness tasks status`');

    const status = await tasks(w, 'status');
    expect(status.code).toBe(0);
    const lines = status.stdout.split('\n');
    const after = (id: string) => lines[lines.findIndex((l) => l.includes(`] ${id}:`)) + 1];
    expect(after('task-001')).toMatch(/^ {4}last error: \[TEST_FAIL\] .*missing header foo\.h/);
    expect(after('task-002')).toBe('    last error: [DEPENDENCY] Blocked by failed task-001');
  });

  it('a failed and a completed task: exit 20 too; every task completed: tasks_done, exit 0, no error', async ({
    expect,
  }) => {
    const mixed = taskDir(['ok', 'ok']);
    await tasks(mixed, 'init');
    await tasks(mixed, 'add', 'Fails', '--validate', 'false', '--max-attempts', '1');
    await tasks(mixed, 'add', 'Passes', '--validate', 'true');
    const partly = await runHarness(mixed);
    expect(partly.code, partly.stderr).toBe(20);
    expect(partly.stderr).toContain('1 of 2 tasks failed for good (task-001)');

    const done = taskDir(['ok']);
    await tasks(done, 'init');
    await tasks(done, 'add', 'Passes', '--validate', 'true');
    const run = await runHarness(done);
    expect(run.code, run.stderr).toBe(0);
    expect(loopEnd(done)).toMatchObject({ reason: 'tasks_done', exit_code: 0 });
    expect(loopEnd(done)).not.toHaveProperty('error');
    expect(run.stderr).not.toContain('failed for good');
  });

  it('harness-init.sh failing: exit 6, stderr has its exit code, its last lines and where its whole output is', async ({
    expect,
  }) => {
    const w = taskDir(['ok']);
    await tasks(w, 'init');
    await tasks(w, 'add', 'Anything', '--validate', 'true');
    const lines = Array.from({ length: 15 }, (_, i) => `echo "check ${i + 1}"${i % 2 ? ' >&2' : ''}`);
    writeFileSync(w.path('harness-init.sh'), `${lines.join('\n')}\nexit 3\n`);
    const run = await runHarness(w);
    expect(run.code).toBe(6);
    expect(run.stdout).toContain('Task session not started: env_setup');
    expect(run.stderr).toContain('harness-init.sh failed twice, the last time it exited 3');
    // The last ten lines, stdout and stderr as they came; the whole output in the log it names.
    expect(run.stderr).toContain(Array.from({ length: 10 }, (_, i) => `  check ${i + 6}`).join('\n'));
    expect(run.stderr).not.toContain('check 5\n');
    expect(run.stderr).toContain(`Its whole output: ${w.path('harness-init.log')}.`);
    expect(w.read('harness-init.log')).toBe(
      `${Array.from({ length: 15 }, (_, i) => `check ${i + 1}`).join('\n')}\n`,
    );
    expect(w.read('harness-progress.txt')).toMatch(
      /harness-init\.sh failed \(exit 3, attempt 2\/2\): check 15/,
    );

    // Fixed: the session runs, and the log of the failure is gone.
    writeFileSync(w.path('harness-init.sh'), 'echo ready\n');
    const fixed = await runHarness(w);
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(w.exists('harness-init.log')).toBe(false);
  });

  it('tasks init --init-script names the file it made and what to do next; an existing one is left alone', async ({
    expect,
  }) => {
    const w = taskDir([]);
    const init = await tasks(w, 'init', '--init-script');
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toContain(`Created ${w.path('harness-init.sh')}: it runs before every task session`);
    expect(init.stdout).toContain('Next: add a task with agent-harness tasks add');
    expect(w.read('harness-init.sh')).toContain('Environment health check complete');

    const other = taskDir([]);
    writeFileSync(other.path('harness-init.sh'), 'echo mine\n');
    const again = await tasks(other, 'init', '--init-script');
    expect(again.stdout).toContain(`${other.path('harness-init.sh')} exists already: left as it is.`);
    expect(other.read('harness-init.sh')).toBe('echo mine\n');
  });
});
