import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireInstanceLock } from '../../../src/state/instance-lock.js';
import { AlreadyRunningError } from '../../../src/state/instance-lock-errors.js';
import {
  currentHolder,
  holderAlive,
  parseHolder,
  type LockHolder,
} from '../../../src/state/instance-lock-holder.js';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const fresh = () => {
  dir = mkdtempSync(join(tmpdir(), 'instance-lock-'));
  return join(dir, 'harness.status.lock');
};

async function gone(): Promise<LockHolder> {
  const child = spawn('/bin/sh', ['-c', 'read line'], { stdio: ['pipe', 'ignore', 'ignore'] });
  const holder = currentHolder(child.pid);
  child.stdin.end('\n');
  await new Promise((r) => child.once('exit', r));
  return holder;
}

describe('instance lock', () => {
  it('names this process, refuses a second taker while held, and is gone once released', async () => {
    const path = fresh();
    const lock = await acquireInstanceLock(path);
    const holder = parseHolder(readFileSync(path, 'utf8'))!;
    expect(holder).toMatchObject({ pid: process.pid });
    expect(holderAlive(holder)).toBe(true);
    await expect(acquireInstanceLock(path)).rejects.toThrow(AlreadyRunningError);
    await lock.release();
    await lock.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a holder is the very process: a gone one, or another start time on its PID, is not alive', async () => {
    const dead = await gone();
    expect(holderAlive(dead)).toBe(false);
    expect(holderAlive({ ...currentHolder(), start: '1' })).toBe(false);
    expect(holderAlive({ ...currentHolder(), boot: 'another-boot' })).toBe(false);
  });

  it('takes over a stale lock, and a reclaim marker left by a taker that was killed', async () => {
    const path = fresh();
    const dead = await gone();
    writeFileSync(path, JSON.stringify(dead));
    const killedTaker = await gone();
    writeFileSync(`${path}.reclaim-${dead.pid}-${dead.start}`, JSON.stringify(killedTaker));
    const lock = await acquireInstanceLock(path);
    expect(lock.reclaimedFrom).toMatchObject({ pid: dead.pid, start: dead.start });
    expect(readdirSync(dir)).toEqual(['harness.status.lock']);
    await lock.release();
  });

  it('stands down while a live process is taking over the stale lock', async () => {
    const path = fresh();
    const dead = await gone();
    writeFileSync(path, JSON.stringify(dead));
    const taker = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      writeFileSync(`${path}.reclaim-${dead.pid}-${dead.start}`, JSON.stringify(currentHolder(taker.pid)));
      await expect(acquireInstanceLock(path)).rejects.toThrow(
        `another harness (PID ${taker.pid}) is taking over a stale lock`,
      );
      expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    } finally {
      taker.kill('SIGKILL');
      await new Promise((r) => taker.once('exit', r));
    }
  });
});

describe('instance lock: a place it cannot be written', () => {
  it('is a clear error naming the lock, not a stack trace', async () => {
    fresh();
    writeFileSync(join(dir, 'not-a-dir'), '');
    await expect(acquireInstanceLock(join(dir, 'not-a-dir', 'harness.status.lock'))).rejects.toThrow(
      /cannot take the instance lock .*not-a-dir\/harness.status.lock: .*check that its directory is writable/,
    );
  });
});
