// The reaper, for real: a shell process that ends what a dead harness started. Its harness's death is the end of
// its pipe (the kernel closes the write end when the harness dies; here the test closes it the same way, without
// `done`). What it ends: the agent's group, a recorded escapee that cleared its environment (same start time only),
// whatever carries the cookie in a session of its own, everything in the run's cgroup; never a stranger, never a
// process that took a recorded PID over, and nothing at all after a clean close.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'vitest';
import { BASE_NAME, runName } from '../../../src/os/cgroup.js';
import { moveInto } from '../../../src/os/cgroup-fs.js';
import { detectContainment, runOwner } from '../../../src/os/cgroup-run.js';
import { COOKIE_VAR, newCookie } from '../../../src/os/cookie.js';
import { processStart } from '../../../src/os/proc.js';
import { REAPER_NAME, startReaper } from '../../../src/os/reaper.js';
import { systemClock } from '../../../src/os/system-clock.js';
import type { Spawn } from '../../../src/os/clock-spawn.js';

type Finished = TestContext['onTestFinished'];

const FOREVER = "trap '' TERM INT HUP; while :; do sleep 1; done";

/** A SIGTERM-proof process in a session of its own; its environment is `env` alone. Killed after the test. */
function daemon(onTestFinished: Finished, env: Record<string, string>): number {
  const vars = Object.entries(env).map(([k, v]) => `${k}=${v}`);
  const child = spawn('env', ['-i', ...vars, 'setsid', '/bin/sh', '-c', FOREVER], { stdio: 'ignore' });
  const pid = child.pid!;
  onTestFinished(() => {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // gone, as it should be
    }
  });
  return pid;
}

/** The agent: a group leader carrying the cookie, with a child in its group. */
function agent(onTestFinished: Finished, cookie: string): number {
  const child = spawn('/bin/sh', ['-c', `sleep 1000 & ${FOREVER}`], {
    stdio: 'ignore',
    detached: true,
    env: { PATH: process.env.PATH, [COOKIE_VAR]: cookie },
  });
  const pid = child.pid!;
  onTestFinished(() => {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // gone
    }
  });
  return pid;
}

/** startReaper with the reaper's process kept, to close its pipe as a dying harness would and see it exit. */
function reaper(cookie: string) {
  let child: ChildProcess | null = null;
  const capture: Spawn = (command, args, options) => (child = spawn(command, args, options));
  const r = startReaper(cookie, 200, capture);
  const proc = child as unknown as ChildProcess;
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { r, proc, exited, die: () => proc.stdin!.destroy() };
}

const carries = (pid: number, cookie: string) => {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'latin1').includes(`${COOKIE_VAR}=${cookie}`);
  } catch {
    return false;
  }
};

const gone = (pid: number, start: string | null) => processStart(pid) === null || processStart(pid) !== start;

describe.concurrent('the reaper', () => {
  it("on its harness's death ends the agent's group, a recorded escapee and the cookie's carriers; no stranger", async ({
    expect,
    onTestFinished,
  }) => {
    const cookie = newCookie();
    const leader = agent(onTestFinished, cookie);
    const escapee = daemon(onTestFinished, { PATH: process.env.PATH! }); // cleared its environment
    const hook = daemon(onTestFinished, { PATH: process.env.PATH!, [COOKIE_VAR]: cookie });
    const stranger = daemon(onTestFinished, { PATH: process.env.PATH!, [COOKIE_VAR]: newCookie() });
    const starts = [leader, escapee, hook, stranger].map((pid) => processStart(pid));
    // Until `env` has executed the hook's shell, its environment is still the test's, without the cookie.
    while (!carries(hook, cookie)) await systemClock.sleep(5);
    const { r, proc, exited, die } = reaper(cookie);
    expect(proc.spawnargs).toContain(REAPER_NAME);
    r.watch({ group: leader, escaped: [{ pid: escapee, start: starts[1]! }] });
    die();
    expect(await exited).toBe(0);
    expect(gone(leader, starts[0]!)).toBe(true);
    expect(gone(escapee, starts[1]!)).toBe(true);
    expect(gone(hook, starts[2]!)).toBe(true);
    expect(processStart(stranger)).toBe(starts[3]);
  });

  it('a recorded escapee whose PID another process has taken is left alone (the start time differs)', async ({
    expect,
    onTestFinished,
  }) => {
    const cookie = newCookie();
    const other = daemon(onTestFinished, { PATH: process.env.PATH! });
    const start = processStart(other);
    const { r, exited, die } = reaper(cookie);
    r.watch({ escaped: [{ pid: other, start: `${start}0` }] });
    die();
    expect(await exited).toBe(0);
    expect(processStart(other)).toBe(start);
  });

  it('after a clean close it leaves at once and ends nothing', async ({ expect, onTestFinished }) => {
    const cookie = newCookie();
    const leader = agent(onTestFinished, cookie);
    const start = processStart(leader);
    const { r, exited } = reaper(cookie);
    r.watch({ group: leader });
    r.close();
    expect(await exited).toBe(0);
    expect(processStart(leader)).toBe(start);
  });

  it.runIf(detectContainment(process.env).kind === 'cgroup')(
    "ends everything in the run's cgroup, environment cleared or not, and removes it",
    async ({ expect, onTestFinished }) => {
      const here = detectContainment(process.env);
      const cookie = newCookie();
      const run = join(here.kind === 'cgroup' ? here.parent : '', BASE_NAME, runName(runOwner(cookie)));
      mkdirSync(join(run, 'session-x-1'), { recursive: true });
      const hidden = daemon(onTestFinished, { PATH: process.env.PATH! });
      const start = processStart(hidden);
      moveInto(join(run, 'session-x-1'), hidden);
      const { r, exited, die } = reaper(cookie);
      r.watch({ cgroup: run });
      die();
      expect(await exited).toBe(0);
      expect(gone(hidden, start)).toBe(true);
      expect(existsSync(run)).toBe(false);
    },
  );
});
