// Liveness as both locks judge it: a PID alone, or a PID with its start time and boot id (one process, once).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { processAlive, processIdentity, sameProcessAlive } from '../../../src/os/liveness.js';
import { bootId, parseProcStat } from '../../../src/os/proc.js';

const children: number[] = [];
afterEach(() => {
  for (const pid of children.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

describe('liveness', () => {
  it('knows this process, and not a PID that cannot exist', () => {
    expect(processAlive(process.pid)).toBe(true);
    expect(sameProcessAlive(processIdentity())).toBe(true);
    expect(processAlive(0)).toBe(false);
    expect(processAlive(-1)).toBe(false);
    expect(processAlive(2 ** 31)).toBe(false);
  });

  it('tells a process from a later one with its PID, and from one of another boot', () => {
    const me = processIdentity();
    expect(me.start).not.toBeNull();
    expect(sameProcessAlive({ ...me, start: `${me.start}0` })).toBe(false);
    expect(sameProcessAlive({ ...me, boot: 'another-boot' })).toBe(false);
    // Without a recorded start time the PID alone decides.
    expect(sameProcessAlive({ pid: process.pid, start: null, boot: null })).toBe(true);
  });

  it('reads a zombie as gone, though kill(pid, 0) still reaches it', async () => {
    // `sleep 0` exits at once; its parent execs into `sleep 5`, which never reaps it: a zombie.
    const parent = spawn('/bin/sh', ['-c', 'sleep 0 & echo $!; exec sleep 5'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    children.push(parent.pid!);
    const pid = Number(
      await new Promise<string>((resolve) => parent.stdout.once('data', (d: Buffer) => resolve(String(d)))),
    );
    const start = parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8')).start;
    for (let i = 0; i < 50 && parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8')).state !== 'Z'; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8')).state).toBe('Z');
    expect(processAlive(pid)).toBe(true);
    expect(sameProcessAlive({ pid, start, boot: bootId() })).toBe(false);
  });
});
