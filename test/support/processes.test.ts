// A PID recorded by a test names the process it had then, never a later process given the same number.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { readProcStat } from '../../src/os/proc.js';
import { alive, killRecorded, pidAlive, readPids, remember } from './processes.js';

function pidFile(lines: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'ah-pids-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'pids'), lines);
  return join(dir, 'pids');
}

function sleeper() {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  onTestFinished(async () => {
    child.kill('SIGKILL');
    await exited;
  });
  return { pid: child.pid!, exited };
}

describe('recorded processes', () => {
  it('a live process recorded with its start time is alive, and is killed', async () => {
    const { pid, exited } = sleeper();
    const [read] = readPids(pidFile(`${pid} ${readProcStat(pid)!.start}\n`));
    expect(read).toBe(pid);
    expect(alive([pid])).toEqual([pid]);
    expect(pidAlive(pid)).toBe(true);
    killRecorded([pid]);
    await exited;
    expect(alive([pid])).toEqual([]);
  });

  it('a process that has the PID with another start time is not the one recorded: not alive, not killed', async () => {
    const { pid } = sleeper();
    // As if the recorded process had ended and the kernel had given its PID to this one.
    readPids(pidFile(`${pid} 1\n`));
    expect(alive([pid])).toEqual([]);
    expect(pidAlive(pid)).toBe(false);
    killRecorded([pid]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readProcStat(pid)?.state).not.toBe('Z');
    expect(readProcStat(pid)).not.toBeNull();
  });

  it('remember keeps the start time a live process had, and a bare PID line still reads', () => {
    const { pid } = sleeper();
    expect(remember(pid)).toBe(pid);
    expect(alive([pid])).toEqual([pid]);
    expect(readPids(pidFile('12345\n'))).toEqual([12345]);
    expect(readPids('/nonexistent/pids')).toEqual([]);
  });
});
