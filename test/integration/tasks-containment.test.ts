// The task session's own commands under control: a validation that leaves a setsid'd child on its output does not
// hang the harness, a stop request ends a long validation at once, and a validation orphaned by a SIGKILLed
// harness is ended by the next start before it validates again. The built CLI, real git, real processes.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { describe, it } from 'vitest';
import {
  makeWorkdir,
  runHarness,
  startHarness,
  testConfig,
  type Run,
  type Workdir,
  waitUntil,
} from '../support/workdir.js';
import { killReaperOf, pidAlive, REAPED_MS } from '../support/processes.js';

// The tests run side by side, each in a repository of its own: most of their time is spent waiting on processes.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function taskDir(
  validate: string,
  timeoutSeconds: number,
  options: { plan?: string[]; cleanup?: string } = {},
): Promise<Workdir> {
  const w = makeWorkdir({
    git: true,
    plan: options.plan ?? ['ok'],
    config: testConfig({ session: { max_iterations: 3 } }),
  });
  writeFileSync(w.path('.gitignore'), `${w.read('.gitignore')}harness-*\n*.pid\n`);
  execFileSync('git', ['commit', '-qam', 'ignore harness files'], { cwd: w.dir });
  await runHarness(w, ['tasks', 'init']);
  const cleanup = options.cleanup === undefined ? [] : ['--cleanup', options.cleanup];
  await runHarness(w, ['tasks', 'add', 'Contained', '--validate', validate, ...cleanup]);
  const file = JSON.parse(w.read('harness-tasks.json')) as {
    tasks: Array<{ validation: { timeout_seconds: number } }>;
  };
  file.tasks[0]!.validation.timeout_seconds = timeoutSeconds;
  writeFileSync(w.path('harness-tasks.json'), JSON.stringify(file));
  return w;
}
const taskStatus = (w: Workdir) =>
  (JSON.parse(w.read('harness-tasks.json')) as { tasks: Array<{ status: string }> }).tasks[0]!.status;

/** The PID a command of the harness `run` wrote to `name` (fails at once if the harness ends first). */
async function waitForPid(w: Workdir, run: Run, name: string): Promise<number> {
  await run.waitFor(() => w.exists(name) && /\d/.test(w.read(name)));
  return Number(w.read(name).trim());
}

describe.concurrent('validation under control', () => {
  it('a validation that exits 0 leaving a setsid child on its output passes; the child is ended', async ({
    expect,
  }) => {
    const w = await taskDir('setsid sleep 300 & echo $! > v.pid; echo checked', 5);
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(0);
    expect(taskStatus(w)).toBe('completed');
    expect(pidAlive(Number(w.read('v.pid')))).toBe(false);
  });

  it('SIGTERM during a 300 s validation ends it at once; the task waits for the next start', async ({
    expect,
  }) => {
    const w = await taskDir('sleep 300 & echo $! > v.pid; wait', 400);
    const run = startHarness(w);
    const pid = await waitForPid(w, run, 'v.pid');
    run.child.kill('SIGTERM');
    const { code } = await run.exit;
    expect(code, run.stderr()).toBe(0);
    expect(pidAlive(pid)).toBe(false);
    expect(w.status()).toMatchObject({ state: 'stopped', stop_reason: 'sigterm' });
    // Neither passed nor failed: the next start's recovery validates it.
    expect(taskStatus(w)).toBe('in_progress');
  });

  it('a harness and its reaper SIGKILLed mid-validation: the next start ends the orphaned validation before validating again', async ({
    expect,
  }) => {
    const second = 'second-start.flag';
    const w = await taskDir(`test -f ${second} && exit 0; sleep 300 & echo $! > v.pid; wait`, 400);
    const first = startHarness(w);
    const orphan = await waitForPid(w, first, 'v.pid');
    killReaperOf(first.child.pid!); // the successor's recovery alone (its reaper: the next test)
    first.child.kill('SIGKILL');
    await first.exit;
    await sleep(200);
    expect(pidAlive(orphan)).toBe(true);

    writeFileSync(w.path(second), '');
    const next = await runHarness(w);
    expect(next.code, next.stderr).toBe(0);
    expect(pidAlive(orphan)).toBe(false);
    expect(w.events().find((e) => e.event === 'orphan_processes_killed')).toBeDefined();
    expect(taskStatus(w)).toBe('completed');
  });

  it('a harness and its reaper SIGKILLed during harness-init.sh, before any status names its run: the next start ends the init', async ({
    expect,
  }) => {
    const second = 'second-start.flag';
    const w = await taskDir('true', 60);
    writeFileSync(
      w.path('harness-init.sh'),
      `test -f ${second} && exit 0\nsleep 300 & echo $! > init.pid\nwait\n`,
    );
    const first = startHarness(w);
    const orphan = await waitForPid(w, first, 'init.pid');
    // The loop has not started: only the instance lock knows this run's cookie.
    expect(w.exists('harness.status')).toBe(false);
    killReaperOf(first.child.pid!);
    first.child.kill('SIGKILL');
    await first.exit;
    await sleep(200);
    expect(pidAlive(orphan)).toBe(true);

    writeFileSync(w.path(second), '');
    const next = await runHarness(w);
    expect(next.code, next.stderr).toBe(0);
    expect(pidAlive(orphan)).toBe(false);
    expect(w.events().find((e) => e.event === 'orphan_processes_killed')).toBeDefined();
    expect(taskStatus(w)).toBe('completed');
  });

  it.for(['validation', 'harness-init.sh'])(
    'a harness SIGKILLed during its %s: its reaper ends it, with no next start',
    async (what) => {
      const w = await taskDir(what === 'validation' ? 'sleep 300 & echo $! > v.pid; wait' : 'true', 400);
      if (what !== 'validation')
        writeFileSync(w.path('harness-init.sh'), 'sleep 300 & echo $! > v.pid\nwait\n');
      const first = startHarness(w);
      const orphan = await waitForPid(w, first, 'v.pid');
      first.child.kill('SIGKILL');
      await first.exit;
      await waitUntil(() => !pidAlive(orphan), `the reaper to end the ${what}`, REAPED_MS);
    },
  );

  it("SIGTERM during a recovery's validation at start-up ends it at once; the task waits for the next start", async ({
    expect,
  }) => {
    const w = await taskDir('sleep 300 & echo $! > v.pid; wait', 400, { plan: ['hang'] });
    const first = startHarness(w);
    await first.waitFor((out) => out.includes('status=session_running'));
    first.child.kill('SIGKILL');
    await first.exit;
    // The interrupted session's work, uncommitted: the next start's recovery validates it.
    writeFileSync(w.path('work.txt'), 'half done\n');
    const next = startHarness(w);
    const pid = await waitForPid(w, next, 'v.pid');
    next.child.kill('SIGTERM');
    const { code } = await next.exit;
    expect(code, next.stderr()).toBe(0);
    expect(pidAlive(pid)).toBe(false);
    expect(taskStatus(w)).toBe('in_progress');
    expect(w.read('harness-progress.txt')).toContain('validation interrupted by a stop request');
  });

  it('SIGTERM during a long on_failure cleanup ends it at once; the failure is recorded', async ({
    expect,
  }) => {
    const w = await taskDir('exit 1', 60, { cleanup: 'sleep 300 & echo $! > c.pid; wait' });
    const run = startHarness(w);
    const pid = await waitForPid(w, run, 'c.pid');
    run.child.kill('SIGTERM');
    const { code } = await run.exit;
    expect(code, run.stderr()).toBe(0);
    expect(pidAlive(pid)).toBe(false);
    expect(taskStatus(w)).toBe('failed');
  });
});
