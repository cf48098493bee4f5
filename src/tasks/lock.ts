// The task protocol's session lock, in Node: a directory `/tmp/harness-<8 hex of sha256(cwd)>.lock` made with
// mkdir (atomic everywhere), holding the owner's pid. A lock whose owner is dead is reclaimed by renaming it
// aside first (atomic, so two reclaimers cannot both win), then made again. The lock is shared with agents
// that follow the protocol in bash: same directory name, same `pid` file.
//
// A directory without a pid file may be a lock its owner has just made and not yet written: while it is
// younger than `freshMs` it is treated as held and polled, not reclaimed. The pid file is written whole
// (temp file + rename), so a reader never sees it half written.
//
// The agent runs while the lock is held and can write anything into it (`echo 1 > pid` would otherwise block
// every later run: pid 1 is always alive). So the harness also writes an `owner` record: its pid, its start
// time (clock ticks since boot, /proc/<pid>/stat) and the boot id. When the record is there, the holder is
// that very process, alive with that start time, whatever the `pid` file says: a rewritten pid, garbage, or a
// pid reused by another process after a crash all read as stale. A lock without the record (taken by an agent
// following the protocol in bash) is judged by its pid alone, as before. Release removes the lock when either
// the pid file or the owner record is ours.
//
// The lock is released by `release()`, and on process 'exit' (normal exit, process.exit from a signal
// handler). A process killed without running its exit handlers (SIGKILL, or a signal with no handler) leaves
// a stale lock that the next session reclaims.
import { EXIT, HarnessError } from '../errors/exit-codes.js';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, type Stats } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeFileAtomic } from '../state/atomic.js';
import { processAlive, processIdentity, sameProcessAlive, type ProcessIdentity } from '../os/liveness.js';

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
  /** This acquisition took over a stale lock (its holder dead, or it had no pid and was old). */
  readonly reclaimed: boolean;
  /** The dead holder's pid when a stale lock was reclaimed; null when none was, or it had no pid. */
  readonly reclaimedFrom: number | null;
  /** Removes the lock if it still holds our pid. Safe to call more than once. */
  release(): Promise<void>;
}

const DEFAULT_FRESH_MS = 2000;

export function defaultLockTmpDir(): string {
  return process.platform === 'win32' ? tmpdir() : '/tmp';
}

/** `/tmp/harness-<first 8 hex of sha256(cwd)>.lock`. */
export function lockDirFor(cwd: string, tmpDir: string = defaultLockTmpDir()): string {
  const hash = createHash('sha256').update(resolve(cwd)).digest('hex').slice(0, 8);
  return join(tmpDir, `harness-${hash}.lock`);
}

/** Who made a lock, as the harness records it; `start` and `boot` are null where there is no /proc. */
export type LockOwner = ProcessIdentity;

function readTextOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

export function ownerRecord(pid: number): LockOwner {
  return processIdentity(pid);
}

/** Whether the recorded owner is still the very process that took the lock. */
export function ownerAlive(owner: LockOwner): boolean {
  return sameProcessAlive(owner);
}

function parseOwner(text: string): LockOwner | null {
  try {
    const data = JSON.parse(text) as Partial<Record<keyof LockOwner, unknown>>;
    const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
    if (typeof data.pid !== 'number' || !Number.isSafeInteger(data.pid) || data.pid <= 0) return null;
    return { pid: data.pid, start: str(data.start), boot: str(data.boot) };
  } catch {
    return null;
  }
}

/** The owner record of a lock directory; null when there is none or it does not parse. */
export async function readLockOwner(dir: string): Promise<LockOwner | null> {
  try {
    return parseOwner(await readFile(join(dir, 'owner'), 'utf8'));
  } catch {
    return null;
  }
}

const sameOwner = (a: LockOwner | null, b: LockOwner): boolean =>
  a !== null && a.pid === b.pid && a.start === b.start && a.boot === b.boot;

/** The pid in a lock directory: a number, 'missing' (no file, empty, not a pid) or 'gone' (no directory). */
export async function readLockPid(dir: string): Promise<number | 'missing' | 'gone'> {
  let text: string;
  try {
    text = await readFile(join(dir, 'pid'), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      return (await exists(dir)) ? 'missing' : 'gone';
    }
    throw error;
  }
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) && Number(trimmed) > 0 ? Number(trimmed) : 'missing';
}

/**
 * Takes the lock for `cwd`, or throws LockHeldError naming the live holder. A stale lock (dead holder, or no
 * pid and older than `freshMs`) is reclaimed: `reclaimed` is true and `reclaimedFrom` names the dead holder.
 */
export async function acquireLock(cwd: string, options: LockOptions = {}): Promise<TaskLock> {
  const dir = lockDirFor(cwd, options.tmpDir);
  const pid = options.pid ?? process.pid;
  const freshMs = options.freshMs ?? DEFAULT_FRESH_MS;
  const pollMs = options.pollMs ?? 25;

  // Bounded: each pass either returns, throws, or waits for a fresh pid-less directory to get a pid or age.
  const passes = Math.ceil(freshMs / pollMs) + 100;
  for (let pass = 0; pass < passes; pass++) {
    if (await tryMkdir(dir)) return finishAcquire(dir, pid, false, null);

    const before = await statDir(dir);
    if (before === null) continue; // released between our mkdir and our look: try again
    const holder = await readLockPid(dir);
    if (holder === 'gone') continue;
    const owner = await readLockOwner(dir);
    // The harness's own record decides when it is there; a bare pid file (a bash agent's lock) otherwise.
    const live =
      owner !== null
        ? ownerAlive(owner)
          ? owner.pid
          : null
        : typeof holder === 'number' && processAlive(holder)
          ? holder
          : null;
    if (live !== null) {
      throw new LockHeldError(`another harness session is active (pid=${live}); lock ${dir}`, dir, live);
    }
    if (holder === 'missing' && owner === null && Date.now() - before.mtimeMs < freshMs) {
      await sleep(pollMs);
      continue;
    }
    await reclaim(dir, pid, holder, before.ino);
    if (!(await tryMkdir(dir))) throw new LockHeldError(`lock contention on ${dir}`, dir, null);
    return finishAcquire(dir, pid, true, owner?.pid ?? (holder === 'missing' ? null : holder));
  }
  throw new LockHeldError(`lock contention on ${dir}: it kept changing while we looked`, dir, null);
}

/**
 * Moves a stale lock aside (atomic: of several reclaimers exactly one succeeds), then deletes it. Between
 * our look and the rename another reclaimer may have replaced the stale lock with its own: if what we moved
 * is not the directory we judged stale (another inode, another pid), it is put back and we stand down.
 */
async function reclaim(dir: string, pid: number, seen: number | 'missing', ino: number): Promise<void> {
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
  reclaimed: boolean,
  reclaimedFrom: number | null,
): Promise<TaskLock> {
  const owner = ownerRecord(pid);
  try {
    await writeFileAtomic(join(dir, 'pid'), `${pid}\n`);
    await writeFileAtomic(join(dir, 'owner'), `${JSON.stringify(owner)}\n`);
  } catch (error) {
    // Our fresh directory was moved away before the pid landed: a reclaimer judged it stale.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new LockHeldError(`another agent reclaimed the lock ${dir}`, dir, null);
    }
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
    throw error;
  }
  let released = false;
  const onExit = (): void => {
    released = true;
    const ours =
      readTextOrNull(join(dir, 'pid'))?.trim() === String(pid) ||
      sameOwner(parseOwner(readTextOrNull(join(dir, 'owner')) ?? ''), owner);
    if (ours) rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', onExit);
  return {
    dir,
    pid,
    reclaimed,
    reclaimedFrom,
    async release(): Promise<void> {
      if (released) return;
      released = true;
      process.removeListener('exit', onExit);
      if ((await readLockPid(dir)) === pid || sameOwner(await readLockOwner(dir), owner)) {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

async function tryMkdir(dir: string): Promise<boolean> {
  try {
    await mkdir(dir, { mode: 0o755 });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

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

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
