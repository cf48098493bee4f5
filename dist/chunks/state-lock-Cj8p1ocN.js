import { r as readInputText } from './input-file-Cbt1w_j3.js';
import { r as readLockFile } from './holder-DYQPLy_j.js';
import 'node:fs';
import 'node:path';
import 'node:fs/promises';
import { n as namingFile } from './harness-files-B0x0nX25.js';
import 'node:crypto';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import './exit-codes-BkuRLrXJ.js';
import 'node:child_process';
import { a as acquireInstanceLock, A as AlreadyRunningError, t as takeFreeLock, p as parseHolder, j as judgeHolderOf } from './instance-lock-BqpK38Bs.js';
import { t as taskFile, w as writeState, r as readState, W as WorkerStateError } from './task-driver-WpeUzbPL.js';

async function lockTask(dir, cookie) {
  try {
    return await acquireInstanceLock(taskFile(dir, "lock"), cookie !== void 0 ? { cookie } : {});
  } catch (error) {
    if (!(error instanceof AlreadyRunningError)) throw error;
    throw new AlreadyRunningError(taskBusy(dir, error), error.holder, error.reclaiming);
  }
}
function taskBusy(dir, held) {
  if (held.reclaiming)
    return `task ${dir} is being taken over from a worker that is gone by another one; try again in a moment`;
  return `task ${dir} is being run by ${held.heldBy}; stop it with \`agent-harness worker stop ${dir}\`, or wait for it to end (\`agent-harness worker ls ${dir}\` shows how far it is)`;
}
async function lockHolderAlive(dir) {
  try {
    const found = await readLockFile(taskFile(dir, "lock"), "task lock");
    if (found === null) return false;
    const holder = parseHolder(found.text);
    return holder !== null && judgeHolderOf(holder, { workDir: null, ownerUid: found.uid }).held;
  } catch {
    return false;
  }
}
const SETTLE_MS = 20;
async function readStateSettled(dir) {
  try {
    return readState(dir);
  } catch (error) {
    if (!(error instanceof WorkerStateError)) throw error;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return readState(dir);
  }
}
const WAIT_MS = 2;
const GIVE_UP_MS = 1e4;
async function takeMutex(path) {
  let waited = performance.now();
  let last = null;
  for (; ; ) {
    try {
      return await acquireInstanceLock(path);
    } catch (error) {
      if (!(error instanceof AlreadyRunningError)) throw error;
    }
    const seen = await readInputText(path, { what: "task lock" }).catch(() => null);
    if (seen !== last) {
      last = seen;
      waited = performance.now();
    } else if (performance.now() - waited > GIVE_UP_MS) {
      const holder = seen === null ? null : parseHolder(seen);
      throw new Error(
        `held by ${holder ? `PID ${holder.pid}` : "another process"} for over ${GIVE_UP_MS / 1e3} s; if no process is writing state.json, remove the lock by hand`
      );
    }
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
  }
}
async function updateState(dir, change) {
  const mutex = `${taskFile(dir, "state")}.lock`;
  const lock = takeFreeLock(mutex) ?? await namingFile(mutex, () => takeMutex(mutex));
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

export { lockTask as a, lockHolderAlive as l, readStateSettled as r, updateState as u };
