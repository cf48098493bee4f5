// The worker's locks when something wrote a bare PID into them that cannot be their holder (pid 1, or the
// reader's own parent): worker.lock is taken over and `worker ls` does not call the task alive; state.json's
// mutex is taken instead of failing after its wait. A live process of the lock's uid still holds
// them, wherever it works: neither a worker nor a supervisor has to run in the task directory.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AlreadyRunningError } from '../../../src/state/instance-lock-errors.js';
import { systemClock } from '../../../src/os/system-clock.js';
import { createTask } from '../../../src/worker/new-task.js';
import { lockHolderAlive, lockTask, updateState } from '../../../src/worker/state-lock.js';

const input = { prompt: 'Fix the bug', max_iterations: 5, timeout_seconds: 60, allowed_paths: ['/work'] };
const task = () => createTask(mkdtempSync(join(tmpdir(), 'ah-forged-')), input, systemClock);

const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
  }
});

describe('a bare PID in the worker’s locks', () => {
  it.each([
    ['pid 1', () => 1, /pid 1 is the init process/],
    ['the parent of the reader', () => process.ppid, /is an ancestor of this process/],
  ])('%s in worker.lock: no worker runs the task, the lock is taken over', async (_name, pid, why) => {
    const dir = await task();
    writeFileSync(join(dir, 'worker.lock'), `${pid()}\n`);
    expect(await lockHolderAlive(dir)).toBe(false);
    const lock = await lockTask(dir);
    expect(lock.reclaimedFrom).toMatchObject({ pid: pid() });
    expect(lock.reclaimedWhy).toMatch(why);
    await lock.release();
  });

  it('pid 1 in state.json.lock: the update is made, not refused as held by a stuck process', async () => {
    const dir = await task();
    writeFileSync(join(dir, 'state.json.lock'), '1\n');
    const after = await updateState(dir, (current) => ({ ...current, iteration: current.iteration + 1 }));
    expect(after.iteration).toBe(1);
  });

  it('a live process of the lock’s uid working in another directory still holds worker.lock', async () => {
    const dir = await task();
    const supervisor = spawn('sleep', ['60'], { cwd: tmpdir(), stdio: 'ignore' });
    children.push(supervisor);
    await new Promise((r) => supervisor.once('spawn', r));
    writeFileSync(join(dir, 'worker.lock'), `${supervisor.pid}\n`);
    expect(await lockHolderAlive(dir)).toBe(true);
    await expect(lockTask(dir)).rejects.toThrow(AlreadyRunningError);
  });
});
