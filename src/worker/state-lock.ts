// Two locks of a task directory. worker.lock: one worker per task, for as long as it runs (the instance lock, so
// a killed worker's lock is taken over and a live one refuses with exit 5). state.json.lock: a short mutex around
// every read-modify-write of state.json, so `worker stop` and the worker's own writes never lose each other's
// change (the stop is never overwritten). Both are instance locks: one left by a killed process is taken over,
// by exactly one taker, once its holder is gone. A bare PID in either (a supervisor's, or one an agent wrote) is
// judged as every lock without the harness's record is (os/lock/holder.ts), except that its holder may run in any
// directory: neither `worker run` nor a supervisor needs to run inside the task directory.
import { readInputText } from '../os/input-file.js';
import { readLockFile } from '../os/lock/index.js';
import { acquireInstanceLock, takeFreeLock, type InstanceLock } from '../state/index.js';
import { AlreadyRunningError } from '../state/index.js';
import { judgeHolderOf, parseHolder } from '../state/index.js';
import { namingFile } from '../state/index.js';
import { WorkerStateError } from './errors.js';
import { readState, taskFile, writeState, type WorkerState } from './task-files.js';

/** The task's worker.lock, or AlreadyRunningError (exit 5) saying who runs the task and how to stop it. */
export async function lockTask(dir: string, cookie?: string): Promise<InstanceLock> {
  try {
    return await acquireInstanceLock(taskFile(dir, 'lock'), cookie !== undefined ? { cookie } : {});
  } catch (error) {
    if (!(error instanceof AlreadyRunningError)) throw error;
    throw new AlreadyRunningError(taskBusy(dir, error), error.holder, error.reclaiming);
  }
}

/** Who holds the task, as far as its lock says, and what to do about it. */
function taskBusy(dir: string, held: AlreadyRunningError): string {
  if (held.reclaiming)
    return `task ${dir} is being taken over from a worker that is gone by another one; try again in a moment`;
  return (
    `task ${dir} is being run by ${held.heldBy}; stop it with \`agent-harness worker stop ${dir}\`, or wait for it ` +
    `to end (\`agent-harness worker ls ${dir}\` shows how far it is)`
  );
}

/** Whether a live process holds the task's worker.lock (judged as a taker would judge it). */
export async function lockHolderAlive(dir: string): Promise<boolean> {
  try {
    const found = await readLockFile(taskFile(dir, 'lock'), 'task lock');
    if (found === null) return false;
    const holder = parseHolder(found.text);
    return holder !== null && judgeHolderOf(holder, { workDir: null, ownerUid: found.uid }).held;
  } catch {
    return false;
  }
}

const SETTLE_MS = 20;

/**
 * state.json, read again once after SETTLE_MS when it cannot be used: a process that writes it in place without
 * the mutex (not `worker stop`) may be caught between its truncate and its write. A file still unusable then is
 * the WorkerStateError (exit 17).
 */
export async function readStateSettled(dir: string): Promise<WorkerState> {
  try {
    return readState(dir);
  } catch (error) {
    if (!(error instanceof WorkerStateError)) throw error;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return readState(dir);
  }
}

const WAIT_MS = 2;
const GIVE_UP_MS = 10_000;

/**
 * state.json's mutex: the instance lock's file (written whole by an exclusive hard link, naming its holder by
 * PID and start time), so a holder that is gone is taken over without a race (the reclaim marker of
 * instance-lock-reclaim.ts) and a release removes only a lock that is still ours. A live holder is waited for;
 * one that holds it for GIVE_UP_MS unchanged is stuck (stopped, say) and the write fails rather than entering
 * beside it.
 */
async function takeMutex(path: string): Promise<InstanceLock> {
  // Real time, not the injected clock: this bounds a wait on another process, not a decision of the task's.
  let waited = performance.now();
  let last: string | null = null;
  for (;;) {
    try {
      return await acquireInstanceLock(path);
    } catch (error) {
      if (!(error instanceof AlreadyRunningError)) throw error;
    }
    const seen = await readInputText(path, { what: 'task lock' }).catch(() => null);
    // Another holder (one that took it, or took over a stale one, meanwhile): its wait starts afresh.
    if (seen !== last) {
      last = seen;
      waited = performance.now();
    } else if (performance.now() - waited > GIVE_UP_MS) {
      const holder = seen === null ? null : parseHolder(seen);
      throw new Error(
        `held by ${holder ? `PID ${holder.pid}` : 'another process'} for over ${GIVE_UP_MS / 1000} s; ` +
          'if no process is writing state.json, remove the lock by hand',
      );
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
  const lock = takeFreeLock(mutex) ?? (await namingFile(mutex, () => takeMutex(mutex)));
  try {
    const current = await readStateSettled(dir);
    const next = change(current);
    if (next === null) return current;
    writeState(dir, next);
    return next;
  } finally {
    await lock.release();
  }
}
