// The task protocol's session lock, in Node: a directory `/tmp/harness-<8 hex of sha256(cwd)>.lock` made with
// mkdir (atomic everywhere), holding the owner's pid. A lock whose owner is dead is reclaimed by renaming it
// aside first (atomic, so two reclaimers cannot both win), then made again. The lock is shared with agents
// that follow the protocol in bash: same directory name, same `pid` file.
//
// A directory without a pid file (or with an empty one) may be a lock its owner has just made and not yet
// written: while it is younger than `freshMs` it is treated as held and polled, not reclaimed. The pid file is
// written whole (temp file + rename), so a reader never sees it half written; a pid file that holds something
// other than a pid, or a directory dated in the future, is no lock being made: stale at once.
//
// The agent runs while the lock is held and can write anything into it, or remove it and make another. So the
// harness also writes an `owner` record: its pid, its start time (clock ticks since boot, /proc/<pid>/stat)
// and the boot id. When the record is there, the holder is that very process, alive with that start time,
// whatever the `pid` file says: a rewritten pid, garbage, or a pid reused by another process after a crash all
// read as stale. A lock without the record (taken by an agent following the protocol in bash, or made by an
// agent to look like one) is held only by a process that can be such a holder: not pid 1, not this process or
// one of its ancestors, alive, and where /proc tells, running as the lock directory's owner in the project
// directory (os/lock/holder.ts judges, for every lock). Release removes the lock when either the pid file or
// the owner record is ours. What every lock shares (the exclusive name, the release on exit) is os/lock/file.ts;
// the directory, the rename aside and the wait for a fresh lock's pid are this lock's own (see there why).
//
// The lock is released by `release()`, and on process 'exit' (normal exit, process.exit from a signal
// handler). A process killed without running its exit handlers (SIGKILL, or a signal with no handler) leaves
// a stale lock that the next session reclaims.
import { EXIT, HarnessError } from '../errors/exit-codes.js';
import { createHash } from 'node:crypto';
import { rmSync, type Stats } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeFileAtomic } from '../state/index.js';
import { ownerRecord, parseOwner, readLockOwner, sameOwner, type LockOwner } from './lock-owner.js';
import { exclusively, lockOwnerUid, readLockTextSync, releasedOnExit } from '../os/lock/index.js';
import { barePid, claimOf, judgeLockHolder, type HolderVerdict } from '../os/lock/index.js';
import { readInputText } from '../os/input-file.js';

/** Another live session holds the task lock: exit code 5 (EXIT.alreadyRunning), like the instance lock. */
export class LockHeldError extends HarnessError {
  override readonly name = 'LockHeldError';

  constructor(
    message: string,
    readonly lockDir: string,
    /** The live holder's pid, when known. */
    readonly holderPid: number | null,
  ) {
    super(message, EXIT.alreadyRunning);
  }
}

export interface LockOptions {
  /** Where lock directories live: `/tmp` (as the protocol says) unless given; tests pass their own. */
  tmpDir?: string;
  /** The pid written into the lock; this process's pid unless given. */
  pid?: number;
  /** A pid-less lock directory younger than this is being made by someone else: held, not stale. */
  freshMs?: number;
  /** How often to look again while waiting for a fresh lock's pid. */
  pollMs?: number;
}

export interface TaskLock {
  readonly dir: string;
  readonly pid: number;
  /** This acquisition took over a stale lock (its holder dead or not a holder, or it had no pid and was old). */
  readonly reclaimed: boolean;
  /** The stale holder's pid when a stale lock was reclaimed; null when none was, or it had no pid. */
  readonly reclaimedFrom: number | null;
  /** Why the reclaimed lock was stale; null when none was reclaimed. */
  readonly reclaimedWhy: string | null;
  /** Removes the lock if it still holds our pid. Safe to call more than once. */
  release(): Promise<void>;
}

const DEFAULT_FRESH_MS = 2000;
/** A directory's time may run a little ahead of Date.now(); more than this is a date someone set. */
const FUTURE_SLACK_MS = 1000;

export function defaultLockTmpDir(): string {
  return process.platform === 'win32' ? tmpdir() : '/tmp';
}

/** `/tmp/harness-<first 8 hex of sha256(cwd)>.lock`. */
export function lockDirFor(cwd: string, tmpDir: string = defaultLockTmpDir()): string {
  const hash = createHash('sha256').update(resolve(cwd)).digest('hex').slice(0, 8);
  return join(tmpDir, `harness-${hash}.lock`);
}

/**
 * The pid in a lock directory: a number, 'missing' (no file, or empty: being written), 'garbage' (something
 * that is not a pid) or 'gone' (no directory).
 */
export async function readLockPid(dir: string): Promise<number | 'missing' | 'garbage' | 'gone'> {
  let text: string;
  try {
    text = await readInputText(join(dir, 'pid'), { what: 'task lock file' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      return (await exists(dir)) ? 'missing' : 'gone';
    }
    throw error;
  }
  if (text.trim() === '') return 'missing';
  return barePid(text) ?? 'garbage';
}

/**
 * Takes the lock for `cwd`, or throws LockHeldError naming the live holder. A stale lock (its holder dead or no
 * holder at all, or no pid and older than `freshMs`) is reclaimed: `reclaimed` is true, `reclaimedFrom` names
 * the stale holder and `reclaimedWhy` says why it was stale.
 */
export async function acquireLock(cwd: string, options: LockOptions = {}): Promise<TaskLock> {
  const dir = lockDirFor(cwd, options.tmpDir);
  const pid = options.pid ?? process.pid;
  const freshMs = options.freshMs ?? DEFAULT_FRESH_MS;
  const pollMs = options.pollMs ?? 25;

  // Bounded: each pass either returns, throws, or waits for a fresh pid-less directory to get a pid or age.
  const passes = Math.ceil(freshMs / pollMs) + 100;
  for (let pass = 0; pass < passes; pass++) {
    if (await tryMkdir(dir)) return finishAcquire(dir, pid, null);

    const before = await statDir(dir);
    if (before === null) continue; // released between our mkdir and our look: try again
    const holder = await readLockPid(dir);
    if (holder === 'gone') continue;
    const owner = await readLockOwner(dir);
    const verdict = judge(cwd, before, holder, owner);
    if (verdict?.held) {
      const live = verdict.pid;
      throw new LockHeldError(`another harness session is active (pid=${live}); lock ${dir}`, dir, live);
    }
    const age = Date.now() - before.mtimeMs;
    if (verdict === null && age > -FUTURE_SLACK_MS && age < freshMs) {
      await sleep(pollMs);
      continue;
    }
    const why =
      verdict?.why ?? (age < 0 ? 'its directory is dated in the future' : 'it has had no pid for too long');
    await reclaim(dir, pid, holder, before.ino);
    if (!(await tryMkdir(dir))) throw new LockHeldError(`lock contention on ${dir}`, dir, null);
    return finishAcquire(dir, pid, { from: verdict?.pid ?? null, why });
  }
  throw new LockHeldError(`lock contention on ${dir}: it kept changing while we looked`, dir, null);
}

/**
 * Moves a stale lock aside (atomic: of several reclaimers exactly one succeeds), then deletes it. Between
 * our look and the rename another reclaimer may have replaced the stale lock with its own: if what we moved
 * is not the directory we judged stale (another inode, another pid), it is put back and we stand down.
 */
async function reclaim(
  dir: string,
  pid: number,
  seen: number | 'missing' | 'garbage',
  ino: number,
): Promise<void> {
  const stale = `${dir}.stale.${pid}`;
  await rm(stale, { recursive: true, force: true }); // left by an earlier crash of a process with our pid
  try {
    await rename(dir, stale);
  } catch {
    throw new LockHeldError(`another agent reclaimed the lock ${dir}`, dir, null);
  }
  const moved = await statDir(stale);
  const movedPid = await readLockPid(stale);
  if (moved === null || moved.ino !== ino || movedPid !== seen) {
    await rename(stale, dir).catch(() => undefined);
    const holder = typeof movedPid === 'number' ? movedPid : null;
    throw new LockHeldError(
      `another agent reclaimed the lock ${dir}${holder === null ? '' : ` (pid=${holder})`}`,
      dir,
      holder,
    );
  }
  await rm(stale, { recursive: true, force: true });
}

async function finishAcquire(
  dir: string,
  pid: number,
  stale: { from: number | null; why: string } | null,
): Promise<TaskLock> {
  const owner = ownerRecord(pid);
  try {
    // The record first: a reader that finds a pid finds the record with it, never a bare pid of ours.
    await writeFileAtomic(join(dir, 'owner'), `${JSON.stringify(owner)}\n`);
    await writeFileAtomic(join(dir, 'pid'), `${pid}\n`);
  } catch (error) {
    // Our fresh directory was moved away before the pid landed: a reclaimer judged it stale.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new LockHeldError(`another agent reclaimed the lock ${dir}`, dir, null);
    }
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
    throw error;
  }
  const release = releasedOnExit(
    () => {
      const text = (name: string) => readLockTextSync(join(dir, name), 'task lock file');
      const ours = text('pid')?.trim() === String(pid) || sameOwner(parseOwner(text('owner') ?? ''), owner);
      if (ours) rmSync(dir, { recursive: true, force: true });
    },
    async () => {
      if ((await readLockPid(dir)) === pid || sameOwner(await readLockOwner(dir), owner)) {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
  return {
    dir,
    pid,
    reclaimed: stale !== null,
    reclaimedFrom: stale?.from ?? null,
    reclaimedWhy: stale?.why ?? null,
    release,
  };
}

const tryMkdir = (dir: string): Promise<boolean> => exclusively(() => mkdir(dir, { mode: 0o755 }));

async function statDir(dir: string): Promise<Stats | null> {
  try {
    return await stat(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Who holds the lock, by the harness's owner record when it has one with a start time, else by its pid; null
 * when it names nobody (no pid yet: fresh or old, the caller decides by its age).
 */
function judge(
  cwd: string,
  dir: Stats,
  holder: number | 'missing' | 'garbage',
  owner: LockOwner | null,
): HolderVerdict | { held: false; pid: null; why: string } | null {
  const place = { workDir: resolve(cwd), ownerUid: lockOwnerUid(dir) };
  if (owner !== null && owner.start !== null)
    return judgeLockHolder(claimOf(owner.pid, owner.start, owner.boot), place);
  if (typeof holder === 'number') return judgeLockHolder({ pid: holder, record: null }, place);
  if (owner !== null) return judgeLockHolder({ pid: owner.pid, record: null }, place);
  if (holder === 'garbage') return { held: false, pid: null, why: 'its pid file holds no pid' };
  return null;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
