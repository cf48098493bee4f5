// One harness per directory. Before it writes anything, a harness takes the lock file beside its status file:
// the file appears whole or not at all (written under a temp name, then hard-linked to the lock's name, which
// fails if the name exists), so of any number of harnesses started at the same instant exactly one gets it.
// The file names its holder by PID, the process's start time (/proc/<pid>/stat) and the boot id: a holder
// that is gone, or whose PID now belongs to another process, is stale. A bare PID (a script's lock, or what an
// agent wrote: it runs where the lock lives) is judged as os/lock-holder.ts judges every lock without the
// harness's record: pid 1, this process or one of its ancestors, a process of another uid than the lock's owner
// or (when the lock has a working directory) running outside it, is no holder.
//
// A stale lock is taken over without a race: the taker first makes a reclaim marker named after the stale
// content (the same exclusive link), checks under it that the lock still holds that content, removes it and
// links its own. Only the marker's holder can remove that content, and a taker that arrives late finds the
// lock changed and stands down. A marker left by a taker that was killed is itself stale and taken over the
// same way, one level deeper. The lock is released on every way out: release() on the normal paths, and a
// process 'exit' handler for process.exit() from a signal handler; SIGKILL leaves a stale lock for the next.
import { createHash } from 'node:crypto';
import { linkSync, unlinkSync, writeFileSync } from 'node:fs';
import { link, mkdir, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { isCookie } from '../os/cookie.js';
import { InputFileError, openInputFile, readInputText, readInputTextSync } from '../os/input-file.js';
import { EXIT, HarnessError, LoopError } from '../errors/exit-codes.js';
import { bootId, processStart } from '../os/proc.js';
import { sameProcessAlive } from '../os/liveness.js';
import { judgeLockHolder, type HolderVerdict, type LockPlace } from '../os/lock-holder.js';
import { fatalWriteKind, HarnessFileError } from './write-error.js';

/** Another harness holds this directory's instance lock: exit code 5 (EXIT.alreadyRunning). */
export class AlreadyRunningError extends HarnessError {
  override readonly name = 'AlreadyRunningError';

  constructor(message: string) {
    super(message, EXIT.alreadyRunning);
  }
}

/**
 * The lock, the harness's first write, cannot be written (a read-only file system, a full disk, no permission):
 * nothing can be, so nothing starts. Exit code 8 (EXIT.writeFailed), as for any harness file that cannot be
 * written; nothing the directory holds was changed.
 */
export class CannotWriteError extends HarnessFileError {
  constructor(lock: string, cause: unknown, kind: 'disk_full' | 'permission') {
    super(dirname(lock), cause, 'cannot write in');
    const fix =
      kind === 'disk_full'
        ? 'free space on its disk'
        : 'make it writable (remount a read-only file system read-write, or fix its owner and mode)';
    this.message =
      `${this.message}, so the instance lock ${lock} cannot be taken and nothing was started (nothing there ` +
      `was changed): ${fix}, or set session.status_file (with session.counter_file, session.output_dir and ` +
      'output.event_log) to a writable place';
  }
}

export interface LockHolder {
  pid: number;
  /** Start time in clock ticks since boot ('' where there is no /proc). */
  start: string;
  boot: string;
  since: string;
  /**
   * The holder's containment cookie (cookie.ts). The lock is written before anything else, so a holder killed
   * while its task session starts (harness-init.sh, a recovery's validation) is known by it, before any status.
   */
  cookie?: string;
}

export interface InstanceLock {
  readonly path: string;
  /** The holder of a stale lock this acquisition took over, if it did. */
  readonly reclaimedFrom: LockHolder | 'unreadable' | null;
  /** Why that lock was stale; null when none was taken over. */
  readonly reclaimedWhy: string | null;
  /** Removes the lock if it is still ours. Safe to call more than once. */
  release(): Promise<void>;
}

/** Marker levels: a marker left by a killed taker is taken over by a marker of the next level. */
const MAX_DEPTH = 3;
const ATTEMPTS = 8;
let sequence = 0;

export function lockPathFor(statusPath: string): string {
  return `${statusPath}.lock`;
}

/** Who this process is, as a lock names it. */
export function currentHolder(pid: number = process.pid, now: Date = new Date()): LockHolder {
  return { pid, start: processStart(pid) ?? '', boot: bootId() ?? '', since: now.toISOString() };
}

/** Whether the process a lock names is still that very process. */
export function holderAlive(holder: LockHolder): boolean {
  return sameProcessAlive({ pid: holder.pid, start: holder.start || null, boot: holder.boot || null });
}

/**
 * Whether a lock's holder holds it: by its record when it has a start time, else as a bare PID (lock-holder.ts).
 * `place` is where the lock is: its holder's working directory (null: anywhere) and the uid owning the file.
 */
export function judgeHolderOf(holder: LockHolder, place: LockPlace): HolderVerdict {
  const record =
    holder.start === '' ? null : { pid: holder.pid, start: holder.start, boot: holder.boot || null };
  return judgeLockHolder({ pid: holder.pid, record }, place);
}

/** A lock's holder: the JSON this module writes, or a bare PID (a script's lock: its start time unknown). */
export function parseHolder(text: string): LockHolder | null {
  const bare = /^\s*(\d+)\s*$/.exec(text);
  if (bare !== null) {
    const pid = Number(bare[1]);
    return Number.isSafeInteger(pid) && pid > 0 ? { pid, start: '', boot: '', since: '' } : null;
  }
  try {
    const value = JSON.parse(text) as Partial<LockHolder> | null;
    if (
      value === null ||
      typeof value !== 'object' ||
      !Number.isSafeInteger(value.pid) ||
      (value.pid ?? 0) <= 0 ||
      typeof value.start !== 'string' ||
      typeof value.boot !== 'string'
    )
      return null;
    const holder: LockHolder = {
      pid: value.pid!,
      start: value.start,
      boot: value.boot,
      since: String(value.since ?? ''),
    };
    if (isCookie(value.cookie)) holder.cookie = value.cookie;
    return holder;
  } catch {
    return null;
  }
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
  if (!outcome.ok) throw new AlreadyRunningError(describeHeld(path, outcome));
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
  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    process.removeListener('exit', release);
    try {
      if (readInputTextSync(path, { what: 'instance lock' }) === content) unlinkSync(path);
    } catch {
      // already gone
    }
  };
  process.on('exit', release);
  return { path, reclaimedFrom, reclaimedWhy, release: () => Promise.resolve(release()) };
}

type Taken =
  | { ok: true; reclaimedFrom: LockHolder | 'unreadable' | null; reclaimedWhy: string | null }
  | { ok: false; holder: LockHolder | null; reclaiming: boolean };

async function take(
  path: string,
  tmp: string,
  content: string,
  depth: number,
  workDir: string | null,
): Promise<Taken> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (await tryLink(tmp, path)) return { ok: true, reclaimedFrom: null, reclaimedWhy: null };
    const found = await readWithOwner(path);
    if (found === null) continue; // released between our link and our look
    const seen = found.text;
    const holder = parseHolder(seen);
    const verdict = holder === null ? null : judgeHolderOf(holder, { workDir, ownerUid: found.uid });
    if (holder !== null && verdict?.held) return { ok: false, holder, reclaiming: depth > 0 };
    if (depth >= MAX_DEPTH) {
      throw new AlreadyRunningError(
        `stale lock ${path} could not be taken over (reclaim markers nest ${MAX_DEPTH} deep); ` +
          'no harness holds it: remove it and its .reclaim-* files by hand',
      );
    }
    const marker = `${path}.reclaim-${markerKey(seen, holder)}`;
    const claim = await take(marker, tmp, content, depth + 1, workDir);
    if (!claim.ok) return { ok: false, holder: claim.holder, reclaiming: true };
    try {
      // Under the marker nobody else can remove this content; if it changed, someone got here first.
      if ((await readOrNull(path)) !== seen) continue;
      await unlink(path).catch(() => undefined);
      if (await tryLink(tmp, path)) {
        const why = verdict !== null && !verdict.held ? verdict.why : 'it is not a lock';
        return { ok: true, reclaimedFrom: holder ?? 'unreadable', reclaimedWhy: why };
      }
    } finally {
      if ((await readOrNull(marker)) === content) await unlink(marker).catch(() => undefined);
    }
  }
  // It kept changing under us: somebody else is taking it.
  const seen = await readOrNull(path);
  return { ok: false, holder: seen === null ? null : parseHolder(seen), reclaiming: false };
}

function describeHeld(path: string, held: { holder: LockHolder | null; reclaiming: boolean }): string {
  const who = held.holder ? `another harness (PID ${held.holder.pid})` : 'another harness';
  const what = held.reclaiming ? 'is taking over a stale lock' : 'is running';
  return (
    `${who} ${what} in this directory (lock ${path}); stop it first (touch the STOP file or send SIGTERM), ` +
    'or give this one another status file'
  );
}

function markerKey(seen: string, holder: LockHolder | null): string {
  if (holder !== null && /^\d*$/.test(holder.start)) return `${holder.pid}-${holder.start || '0'}`;
  return createHash('sha256').update(seen).digest('hex').slice(0, 16);
}

async function tryLink(from: string, to: string): Promise<boolean> {
  try {
    await link(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** The lock's text and the uid owning the file (null on Windows, where uids mean nothing); null when gone. */
async function readWithOwner(path: string): Promise<{ text: string; uid: number | null } | null> {
  let file;
  try {
    file = await openInputFile(path, { what: 'instance lock' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const uid = process.platform === 'win32' ? null : (await file.stat()).uid;
    return { text: await file.readFile('utf8'), uid };
  } finally {
    await file.close();
  }
}

async function readOrNull(path: string): Promise<string | null> {
  try {
    return await readInputText(path, { what: 'instance lock' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
