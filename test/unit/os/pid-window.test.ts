// The PIDs a session's processes can have: from its agent's to the last one the kernel handed out, cyclically,
// given up when the numbers may have gone all the way round. The decisions, then real processes: a look through
// a window sees the cookie's carriers born after it opened, and not one born before.
import { spawn, type ChildProcess } from 'node:child_process';
import { describe, expect, it, onTestFinished } from 'vitest';
import { processesCarrying } from '../../../src/os/cookie.js';
import { inPidRange, PidWindow, windowHolds } from '../../../src/os/pid-window.js';
import { readProcTable } from '../../../src/os/process-group.js';
import { alive } from '../../support/processes.js';

describe('the window', () => {
  it('is the cyclic range from the first PID to the last', () => {
    expect(inPidRange(500, 400, 600)).toBe(true);
    expect(inPidRange(399, 400, 600)).toBe(false);
    expect(inPidRange(601, 400, 600)).toBe(false);
    // Wrapped round pid_max: the top from the first, and the bottom up to the last.
    expect(inPidRange(32000, 31000, 700)).toBe(true);
    expect(inPidRange(650, 31000, 700)).toBe(true);
    expect(inPidRange(5000, 31000, 700)).toBe(false);
  });

  it('is given up when the forks since it opened could have gone round, or nothing can say', () => {
    expect(windowHolds(10, 32768)).toBe(true);
    expect(windowHolds(31767, 32768)).toBe(true);
    expect(windowHolds(31768, 32768)).toBe(false);
    expect(windowHolds(null, 32768)).toBe(false);
    expect(windowHolds(10, null)).toBe(false);
    expect(windowHolds(-1, 32768)).toBe(false);
  });
});

const COOKIE = 'pidwindowtest0123456789ab';

function carrier(): ChildProcess {
  const child = spawn('sleep', ['30'], {
    env: { PATH: process.env.PATH, AGENT_HARNESS_COOKIE: COOKIE },
    stdio: 'ignore',
  });
  onTestFinished(() => void child.kill('SIGKILL'));
  return child;
}

describe.skipIf(process.platform !== 'linux')('a look through a window', () => {
  it('finds the carriers born after it opened, not those born before', async () => {
    const before = carrier();
    const first = carrier();
    const window = PidWindow.open(first.pid!);
    const after = carrier();
    const pids = [before.pid!, first.pid!, after.pid!];
    expect(processesCarrying(COOKIE).sort()).toEqual([...pids].sort());
    expect(processesCarrying(COOKIE, window).sort()).toEqual([first.pid!, after.pid!].sort());
    const seen = readProcTable(window).map((p) => p.pid);
    expect(seen).toEqual(expect.arrayContaining([first.pid!, after.pid!]));
    expect(seen).not.toContain(before.pid!);
    // This process and the test runner were born before: a window never reads them.
    expect(seen).not.toContain(process.pid);
    for (const child of [before, first, after]) child.kill('SIGKILL');
    await Promise.all([before, first, after].map((c) => new Promise((r) => c.once('exit', r))));
    expect(alive(pids)).toEqual([]);
  });
});
