// runShell with real processes: the command is over when its shell exits, whatever holds its pipes; what it
// leaves behind is ended; a stop request ends it at once.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newCookie, processesCarrying } from '../../../src/os/cookie.js';
import { runShell } from '../../../src/os/shell.js';
import { systemClock } from '../../../src/os/system-clock.js';
import { pidAlive } from '../../support/processes.js';

function options(extra: Partial<Parameters<typeof runShell>[1]> = {}) {
  return {
    cwd: mkdtempSync(join(tmpdir(), 'ah-shell-')),
    env: process.env,
    timeoutMs: 600_000,
    clock: systemClock,
    spawn,
    killGraceMs: 200,
    ...extra,
  };
}

describe('runShell', () => {
  it('a command that exits 0 leaving a double-forked setsid child on its stdout succeeds; the child is ended', async () => {
    const cookie = newCookie();
    const opts = options({ cookie });
    const result = await runShell(
      `echo before; (setsid sh -c 'echo $$ > child.pid; exec sleep 300' &); sleep 0.2; echo after`,
      opts,
    );
    expect(result).toMatchObject({ exitCode: 0, timedOut: false, interrupted: false });
    expect(result.stdout).toBe('before\nafter\n');
    expect(pidAlive(Number(readFileSync(join(opts.cwd, 'child.pid'), 'utf8')))).toBe(false);
    expect(processesCarrying(cookie)).toEqual([]);
  });

  it('times out at its timeout even when an escaped child holds its output', async () => {
    const cookie = newCookie();
    const opts = options({ cookie, timeoutMs: 300 });
    const result = await runShell(`(setsid sh -c 'echo $$ > child.pid; exec sleep 300' &); sleep 300`, opts);
    expect(result).toMatchObject({ exitCode: 124, timedOut: true });
    expect(pidAlive(Number(readFileSync(join(opts.cwd, 'child.pid'), 'utf8')))).toBe(false);
    expect(processesCarrying(cookie)).toEqual([]);
  });

  it('a stop request ends the command and its children at once', async () => {
    const cookie = newCookie();
    const abort = new AbortController();
    const opts = options({ cookie, signal: abort.signal });
    const running = runShell(`trap '' TERM; sleep 300 & echo $! > child.pid; wait`, opts);
    while (processesCarrying(cookie).length < 2) await systemClock.sleep(20);
    abort.abort();
    const result = await running;
    expect(result).toMatchObject({ interrupted: true, timedOut: false, exitCode: 130 });
    expect(processesCarrying(cookie)).toEqual([]);
  });

  it('starts nothing when the stop request came first', async () => {
    const abort = new AbortController();
    abort.abort();
    const opts = options({ signal: abort.signal });
    const result = await runShell('touch ran', opts);
    expect(result.interrupted).toBe(true);
    expect(() => readFileSync(join(opts.cwd, 'ran'))).toThrow();
  });
});
