// Who a lock names and whether that holder can be holding it: one judgment for the task lock, the instance lock and
// the worker's locks (file.ts, beside it, holds the file mechanics they share). The agent runs as the harness's user, in the directory these locks protect, so it can write any
// of them; whatever it writes must not keep a lock held once no session holds it.
//
// A lock with the harness's own record (pid, start time, boot id) is held by that very process only: the
// record's pid alive with that start time in this boot. A lock without one (a bare pid: a bash agent following
// the task protocol, a supervisor holding state.json's mutex, or what an agent wrote) is held only by a process
// that can plausibly be such a holder:
// - not pid 1 (init, or a container's entry point: always alive, never a session of its own);
// - not the reader itself nor one of its ancestors: the shell or loop that started this run cannot be another
//   session excluding it (an agent that writes its harness's parent's pid would otherwise block every later run
//   started from that shell);
// - alive, and not a zombie;
// - where /proc tells: running as the uid that owns the lock, in the lock's working directory or below it.
// A record without a start time (no /proc where it was written, or forged) is judged as a bare pid.
import { realpathSync } from 'node:fs';
import type { ProcessIdentity } from '../liveness.js';
import { processAlive } from '../liveness.js';
import { ancestry, bootId, processCwd, processStart, processUid, readProcStat } from '../proc.js';
import { within } from '../path-within.js';

/** Who a lock says holds it: a pid, with the harness's record of that process when the lock has one. */
export interface LockClaim {
  pid: number;
  record: ProcessIdentity | null;
}

/** Where the lock is: the directory its holder works in (null: anywhere) and the uid owning the lock. */
export interface LockPlace {
  workDir: string | null;
  ownerUid: number | null;
}

/** What is known of the claimed process and of the reader; null where the machine cannot tell. */
export interface HolderFacts {
  /** kill(pid, 0) reaches it and it is not a zombie. */
  alive: boolean;
  /** Its start time now (null: gone, or no /proc). */
  start: string | null;
  /** This boot's id (null: no /proc). */
  boot: string | null;
  cwd: string | null;
  uid: number | null;
  /** The reader and its ancestors. */
  readers: readonly number[];
}

/** Whether a value read from a lock can be a holder's pid: a positive safe integer. */
export function validPid(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) > 0;
}

/** A lock's text that is a bare pid (a script's lock, or what an agent wrote), surrounding blanks allowed; else null. */
export function barePid(text: string): number | null {
  const bare = /^\s*(\d+)\s*$/.exec(text);
  const pid = bare === null ? null : Number(bare[1]);
  return validPid(pid) ? pid : null;
}

/**
 * The claim of a holder's record, as every lock writes one: its pid, start time and boot id, where a start time
 * that is unknown (null or '', no /proc where it was written, or forged away) makes it a bare pid's claim.
 */
export function claimOf(pid: number, start: string | null, boot: string | null): LockClaim {
  return { pid, record: start === null || start === '' ? null : { pid, start, boot: boot || null } };
}

export type HolderVerdict = { held: true; pid: number } | { held: false; pid: number; why: string };

/** The judgment itself, from facts gathered elsewhere (pure). */
export function judgeHolder(claim: LockClaim, place: LockPlace, facts: HolderFacts): HolderVerdict {
  const { pid } = claim;
  const stale = (why: string): HolderVerdict => ({ held: false, pid, why });
  const record = claim.record;
  if (record !== null && record.start !== null) {
    if (record.boot !== null && facts.boot !== null && record.boot !== facts.boot)
      return stale(`its owner record is from another boot`);
    if (facts.start === null) return stale(`pid ${pid} is gone`);
    if (facts.start !== record.start)
      return stale(`pid ${pid} is no longer the process that took it (another start time)`);
    return { held: true, pid };
  }
  if (pid === 1) return stale('pid 1 is the init process, never a lock holder');
  if (facts.readers[0] === pid) return stale(`pid ${pid} is this very process`);
  if (facts.readers.includes(pid))
    return stale(`pid ${pid} is an ancestor of this process (it started this run), not another session`);
  if (!facts.alive) return stale(`pid ${pid} is gone`);
  if (facts.uid !== null && place.ownerUid !== null && facts.uid !== place.ownerUid)
    return stale(`pid ${pid} runs as uid ${facts.uid}, the lock belongs to uid ${place.ownerUid}`);
  if (facts.cwd !== null && place.workDir !== null && !within(place.workDir, facts.cwd))
    return stale(`pid ${pid} runs in ${facts.cwd}, not in ${place.workDir}`);
  return { held: true, pid };
}

/** Judges the claim against what this machine says now. */
export function judgeLockHolder(claim: LockClaim, place: LockPlace): HolderVerdict {
  return judgeHolder(
    claim,
    { ...place, workDir: place.workDir && real(place.workDir) },
    holderFacts(claim.pid),
  );
}

/** What /proc (or kill(pid, 0) without it) says about `pid`, and who the reader is. */
export function holderFacts(pid: number): HolderFacts {
  const state = readProcStat(pid)?.state;
  return {
    alive: processAlive(pid) && state !== 'Z' && state !== 'X',
    start: processStart(pid),
    boot: bootId(),
    cwd: processCwd(pid),
    uid: processUid(pid),
    readers: ancestry(),
  };
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
