// One harness per directory. Before it writes anything, a harness takes the lock file beside its status file:
// the file appears whole or not at all (written under a temp name, then hard-linked to the lock's name, which
// fails if the name exists), so of any number of harnesses started at the same instant exactly one gets it.
// The file names its holder by PID, the process's start time (/proc/<pid>/stat) and the boot id: a holder
// that is gone, or whose PID now belongs to another process, is stale. A bare PID (a script's lock, or what an
// agent wrote: it runs where the lock lives) is judged as os/lock/holder.ts judges every lock without the
// harness's record: pid 1, this process or one of its ancestors, a process of another uid than the lock's owner
// or (when the lock has a working directory) running outside it, is no holder.
//
// A stale lock is taken over without a race: the taker first makes a reclaim marker named after the stale
// content (the same exclusive link), checks under it that the lock still holds that content, removes it and
// links its own. Only the marker's holder can remove that content, and a taker that arrives late finds the
// lock changed and stands down. A marker left by a taker that was killed is itself stale and taken over the
// same way, one level deeper. The lock is released on every way out: release() on the normal paths, and a
// process 'exit' handler for process.exit() from a signal handler; SIGKILL leaves a stale lock for the next.
// The holder's record lives in instance-lock-holder.ts, the link and the takeover in instance-lock-reclaim.ts; the
// mechanics every lock shares (the exclusive name, the read back, the release on exit) in os/lock/file.ts.
import { linkSync, unlinkSync, writeFileSync } from 'node:fs';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { InputFileError } from '../os/input-file.js';
import { readLockTextSync, releasedOnExit } from '../os/lock/index.js';
import { EXIT, LoopError } from '../errors/exit-codes.js';
import { AlreadyRunningError, CannotWriteError } from './instance-lock-errors.js';
import { currentHolder, type LockHolder } from './instance-lock-holder.js';
import { take, type Taken } from './instance-lock-reclaim.js';
import { fatalWriteKind } from './write-error.js';

export interface InstanceLock {
  readonly path: string;
  /** The holder of a stale lock this acquisition took over, if it did. */
  readonly reclaimedFrom: LockHolder | 'unreadable' | null;
  /** Why that lock was stale; null when none was taken over. */
  readonly reclaimedWhy: string | null;
  /** Removes the lock if it is still ours. Safe to call more than once. */
  release(): Promise<void>;
}

let sequence = 0;

export function lockPathFor(statusPath: string): string {
  return `${statusPath}.lock`;
}

/**
 * Takes the lock at `path` or throws AlreadyRunningError naming the live holder. Nothing but the lock (and its
 * temp file, removed before returning) is written, whatever the outcome. `workDir`: the directory a holder
 * named by a bare PID must be running in (the harness's working directory); none, a holder may run anywhere.
 */
export async function acquireInstanceLock(
  path: string,
  options: { cookie?: string; workDir?: string } = {},
): Promise<InstanceLock> {
  const holder = currentHolder();
  if (options.cookie !== undefined) holder.cookie = options.cookie;
  const content = `${JSON.stringify(holder)}\n`;
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${sequence++}.tmp`);
  let outcome: Taken;
  try {
    await mkdir(dirname(path), { recursive: true });
    // A temp file of a dead process that had our PID may still be linked to a stale lock: never write through it.
    await unlink(tmp).catch(() => undefined);
    await writeFile(tmp, content, { flag: 'wx', mode: 0o644 });
    outcome = await take(path, tmp, content, 0, options.workDir ?? null);
  } catch (error) {
    if (error instanceof AlreadyRunningError || error instanceof InputFileError) throw error;
    const kind = fatalWriteKind((error as NodeJS.ErrnoException).code);
    if (kind !== undefined) throw new CannotWriteError(path, error, kind);
    throw new LoopError(
      `cannot take the instance lock ${path}: ${(error as Error).message}; check that its directory is writable`,
      EXIT.failure,
    );
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
  if (!outcome.ok)
    throw new AlreadyRunningError(describeHeld(path, outcome), outcome.holder, outcome.reclaiming);
  return heldLock(path, content, outcome.reclaimedFrom, outcome.reclaimedWhy);
}

/** This process as a lock names it, read once (its start time and the boot id never change). */
let self: LockHolder | null = null;

/**
 * The lock taken at once, without the thread pool, when it is free: the same record, written whole to a temp file
 * and hard-linked to the lock's name, for a lock taken many times a second (the worker's state.json mutex). Null
 * when it is held or anything else goes wrong: acquireInstanceLock then judges the holder, takes over a stale
 * one, or names the failure.
 */
export function takeFreeLock(path: string): InstanceLock | null {
  self ??= currentHolder();
  const content = `${JSON.stringify({ ...self, since: new Date().toISOString() })}\n`;
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.f${sequence++}.tmp`);
  try {
    // Exclusive: never written through a temp file a dead process of our PID left linked to a lock.
    writeFileSync(tmp, content, { flag: 'wx', mode: 0o644 });
  } catch {
    return null;
  }
  let taken = false;
  try {
    linkSync(tmp, path);
    taken = true;
  } catch {
    // held (EEXIST), or acquireInstanceLock will say why
  } finally {
    try {
      unlinkSync(tmp);
    } catch {
      // gone already
    }
  }
  return taken ? heldLock(path, content, null, null) : null;
}

/**
 * The lock this process holds with `content`: released by release() or, failing that, at the process's exit, and
 * only while the file still holds that content (read as every input is: a FIFO put there is not waited on).
 */
function heldLock(
  path: string,
  content: string,
  reclaimedFrom: InstanceLock['reclaimedFrom'],
  reclaimedWhy: string | null,
): InstanceLock {
  const release = releasedOnExit(() => {
    try {
      if (readLockTextSync(path, 'instance lock') === content) unlinkSync(path);
    } catch {
      // already gone
    }
  });
  return { path, reclaimedFrom, reclaimedWhy, release };
}

function describeHeld(path: string, held: { holder: LockHolder | null; reclaiming: boolean }): string {
  const who = held.holder ? `another harness (PID ${held.holder.pid})` : 'another harness';
  const what = held.reclaiming ? 'is taking over a stale lock' : 'is running';
  return (
    `${who} ${what} in this directory (lock ${path}); stop it first (touch the STOP file or send SIGTERM), ` +
    'or give this one another status file'
  );
}
