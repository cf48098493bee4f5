// Two locks of a task directory. worker.lock: one worker per task, for as long as it runs (the instance lock, so
// a killed worker's lock is taken over and a live one refuses with exit 5). state.json.lock: a short mutex around
// every read-modify-write of state.json, so `worker stop` and the worker's own writes never lose each other's
// change (the stop is never overwritten). A mutex left by a killed process is taken over once its PID is gone.
import { readFile, unlink, writeFile } from 'node:fs/promises';
import { processAlive } from '../os/liveness.js';
import { acquireInstanceLock, holderAlive, parseHolder, type InstanceLock } from '../state/instance-lock.js';
import { namingFile } from '../state/write-error.js';
import { readState, taskFile, writeState, type WorkerState } from './task-files.js';

export function lockTask(dir: string, cookie?: string): Promise<InstanceLock> {
  return acquireInstanceLock(taskFile(dir, 'lock'), cookie !== undefined ? { cookie } : {});
}

/** Whether a live process holds the task's worker.lock. */
export async function lockHolderAlive(dir: string): Promise<boolean> {
  try {
    const holder = parseHolder(await readFile(taskFile(dir, 'lock'), 'utf8'));
    return holder !== null && holderAlive(holder);
  } catch {
    return false;
  }
}

const WAIT_MS = 2;
const GIVE_UP_MS = 10_000;

async function takeMutex(path: string): Promise<void> {
  // Real time, not the injected clock: this bounds a wait on another process, not a decision of the task's.
  const started = performance.now();
  for (;;) {
    try {
      await writeFile(path, String(process.pid), { flag: 'wx' });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        // Created but not written (a full disk): not ours to keep.
        if ((await readFile(path, 'utf8').catch(() => null)) === '')
          await unlink(path).catch(() => undefined);
        throw error;
      }
    }
    const holder = Number((await readFile(path, 'utf8').catch(() => '')).trim());
    // An empty file is a holder between its create and its write: wait for it like for a live one.
    if (holder > 0 && holder !== process.pid && !processAlive(holder)) {
      await unlink(path).catch(() => undefined);
      continue;
    }
    if (performance.now() - started > GIVE_UP_MS) {
      // A live holder never keeps it this long (a read and a write): a PID reused by an unrelated process.
      await unlink(path).catch(() => undefined);
      continue;
    }
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
  }
}

/**
 * Reads state.json, lets `change` decide the new state from it, writes that, all under the mutex. `change`
 * returning null writes nothing. Returns what state.json holds afterwards.
 */
export async function updateState(
  dir: string,
  change: (current: WorkerState) => WorkerState | null,
): Promise<WorkerState> {
  const mutex = `${taskFile(dir, 'state')}.lock`;
  await namingFile(mutex, () => takeMutex(mutex));
  try {
    const current = await readState(dir);
    const next = change(current);
    if (next === null) return current;
    await writeState(dir, next);
    return next;
  } finally {
    await unlink(mutex).catch(() => undefined);
  }
}
