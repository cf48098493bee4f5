// Two locks of a task directory. worker.lock: one worker per task, for as long as it runs (the instance lock, so
// a killed worker's lock is taken over and a live one refuses with exit 5). state.json.lock: a short mutex around
// every read-modify-write of state.json, so `worker stop` and the worker's own writes never lose each other's
// change (the stop is never overwritten). A mutex left by a killed process is taken over once its PID is gone.
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
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

const unlinkQuietly = (path: string): void => {
  try {
    unlinkSync(path);
  } catch {
    // gone already
  }
};
const readQuietly = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};

/** Synchronous: a free mutex costs two system calls, not two thread-pool round trips. */
async function takeMutex(path: string): Promise<void> {
  // Real time, not the injected clock: this bounds a wait on another process, not a decision of the task's.
  const started = performance.now();
  for (;;) {
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx' });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        // Created but not written (a full disk): not ours to keep.
        if (readQuietly(path) === '') unlinkQuietly(path);
        throw error;
      }
    }
    const holder = Number((readQuietly(path) ?? '').trim());
    // An empty file is a holder between its create and its write: wait for it like for a live one.
    if (holder > 0 && holder !== process.pid && !processAlive(holder)) {
      unlinkQuietly(path);
      continue;
    }
    if (performance.now() - started > GIVE_UP_MS) {
      // A live holder never keeps it this long (a read and a write): a PID reused by an unrelated process.
      unlinkQuietly(path);
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
    const current = readState(dir);
    const next = change(current);
    if (next === null) return current;
    writeState(dir, next);
    return next;
  } finally {
    unlinkQuietly(mutex);
  }
}
