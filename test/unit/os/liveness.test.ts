// Liveness as both locks judge it: a PID alone, or a PID with its start time and boot id (one process, once).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { processAlive, processIdentity, sameProcessAlive } from '../../../src/os/liveness.js';
import { bootId, parseProcStat } from '../../../src/os/proc.js';

const children: number[] = [];
const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
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
    // A zombie made in order, whatever the machine's load: the shell starts a child that waits for a flag file,
    // then execs into `sleep`, which never reaps a child. Only once the parent is `sleep` does the test create the
    // flag; the child exits and stays a zombie until its parent dies (afterEach kills it). If the child could
    // exit earlier, the shell might reap it before the exec and there would be no zombie at all.
    const dir = mkdtempSync(join(tmpdir(), 'ah-zombie-'));
    scratch.push(dir);
    const flag = join(dir, 'exit-now');
    const parent = spawn(
      '/bin/sh',
      ['-c', '(while [ ! -e "$0" ]; do sleep 0.01; done) & echo $!; exec sleep 1000', flag],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    children.push(parent.pid!);
    let said = '';
    for await (const chunk of parent.stdout) {
      said += String(chunk);
      if (said.includes('\n')) break;
    }
    const pid = Number(said.trim());
    const stat = () => parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    const start = stat().start;
    const tick = () => new Promise((r) => setTimeout(r, 10));
    while (readFileSync(`/proc/${parent.pid}/comm`, 'utf8').trim() !== 'sleep') await tick();
    writeFileSync(flag, '');
    while (stat().state !== 'Z') await tick();
    expect(processAlive(pid)).toBe(true);
    expect(sameProcessAlive({ pid, start, boot: bootId() })).toBe(false);
  });
});
