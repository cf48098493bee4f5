// Who holds an instance lock: the record its file holds (PID, the process's start time, the boot id, and the
// holder's containment cookie), read back from the JSON this module writes or from a bare PID, and judged alive
// by that record or, for a bare PID, as os/lock/holder.ts judges every lock without one.
import { isCookie } from '../os/cookie.js';
import { processIdentity, sameProcessAlive } from '../os/liveness.js';
import {
  barePid,
  claimOf,
  judgeLockHolder,
  validPid,
  type HolderVerdict,
  type LockPlace,
} from '../os/lock/index.js';

export interface LockHolder {
  pid: number;
  /** Start time in clock ticks since boot ('' where there is no /proc). */
  start: string;
  boot: string;
  since: string;
  /**
   * The holder's containment cookie (cookie.ts). The lock is written before anything else, so a holder killed
   * while its task driver starts (harness-init.sh, a recovery's validation) is known by it, before any status.
   */
  cookie?: string;
}

/** Who this process is, as a lock names it. */
export function currentHolder(pid: number = process.pid, now: Date = new Date()): LockHolder {
  const { start, boot } = processIdentity(pid);
  return { pid, start: start ?? '', boot: boot ?? '', since: now.toISOString() };
}

/** Whether the process a lock names is still that very process. */
export function holderAlive(holder: LockHolder): boolean {
  return sameProcessAlive({ pid: holder.pid, start: holder.start || null, boot: holder.boot || null });
}

/**
 * Whether a lock's holder holds it: by its record when it has a start time, else as a bare PID (os/lock/holder.ts).
 * `place` is where the lock is: its holder's working directory (null: anywhere) and the uid owning the file.
 */
export function judgeHolderOf(holder: LockHolder, place: LockPlace): HolderVerdict {
  return judgeLockHolder(claimOf(holder.pid, holder.start, holder.boot), place);
}

/** A lock's holder: the JSON this module writes, or a bare PID (a script's lock: its start time unknown). */
export function parseHolder(text: string): LockHolder | null {
  const pid = barePid(text);
  if (pid !== null) return { pid, start: '', boot: '', since: '' };
  try {
    const value = JSON.parse(text) as Partial<LockHolder> | null;
    if (
      value === null ||
      typeof value !== 'object' ||
      !validPid(value.pid) ||
      typeof value.start !== 'string' ||
      typeof value.boot !== 'string'
    )
      return null;
    const holder: LockHolder = {
      pid: value.pid,
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
