// The file mechanics every lock shares: a name made exclusively (of any number of takers exactly one makes it), the
// lock read back with the uid owning it (the place holder.ts judges a bare pid in), and a release that runs once,
// on release() or at the process's exit, and removes the lock only while it is still its holder's.
//
// Three locks use it, and differ on purpose in what stays their own:
// - the instance lock (state/instance-lock*.ts): one file made whole by a hard link, its JSON record both the
//   holder's name and the release token; a stale one is taken over under a reclaim marker; it never waits, a live
//   holder is exit 5;
// - the worker's locks (worker/state-lock.ts): the instance lock's file, worker.lock refusing as it does and
//   state.json.lock a mutex that waits for its holder, judged without a working directory (neither `worker run`
//   nor a supervisor runs inside the task directory);
// - the task lock (tasks/lock.ts): a directory made by mkdir in /tmp, shared with agents that follow the task
//   protocol in bash (a `pid` file, with the harness's `owner` record beside it), so it is made by mkdir, not by a
//   link of a whole file, a stale one is renamed aside rather than marked, and a fresh one without a pid is waited
//   for while its maker writes it.
import type { Stats } from 'node:fs';
import { openInputFile, readInputText, readInputTextSync } from '../input-file.js';

/** Makes a lock's name by `make` (a link, a mkdir): true when this call made it, false when it exists already. */
export async function exclusively(make: () => Promise<unknown>): Promise<boolean> {
  try {
    await make();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** The uid owning a lock (a bare pid's holder must run as it); null on Windows, where uids mean nothing. */
export function lockOwnerUid(stats: Pick<Stats, 'uid'>): number | null {
  return process.platform === 'win32' ? null : stats.uid;
}

/** A lock file's text and the uid owning it, read as every input is (a FIFO is not waited on); null when gone. */
export async function readLockFile(
  path: string,
  what: string,
): Promise<{ text: string; uid: number | null } | null> {
  let file;
  try {
    file = await openInputFile(path, { what });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const uid = lockOwnerUid(await file.stat());
    return { text: await file.readFile('utf8'), uid };
  } finally {
    await file.close();
  }
}

/** A lock file's text; null when it is gone. */
export async function readLockText(path: string, what: string): Promise<string | null> {
  try {
    return await readInputText(path, { what });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** A lock file's text, read at once (at the process's exit); null when it cannot be read at all. */
export function readLockTextSync(path: string, what: string): string | null {
  try {
    return readInputTextSync(path, { what });
  } catch {
    return null;
  }
}

/**
 * The release of a lock this process holds: `removeSync` (and `remove`, its form for release(), the same by
 * default) removes the lock only if it is still ours. It runs once: on release(), or failing that at the process's
 * exit (a normal exit, process.exit from a signal handler); SIGKILL leaves a stale lock for the next taker.
 */
export function releasedOnExit(
  removeSync: () => void,
  remove: () => Promise<void> = () => Promise.resolve(removeSync()),
): () => Promise<void> {
  let released = false;
  const onExit = (): void => {
    if (released) return;
    released = true;
    removeSync();
  };
  process.on('exit', onExit);
  return async () => {
    if (released) return;
    released = true;
    process.removeListener('exit', onExit);
    await remove();
  };
}
