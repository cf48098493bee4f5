// The task lock's `owner` record: the harness's own account of who made the lock (pid, start time, boot id),
// written beside the `pid` file that agents following the protocol in bash also write (lock.ts). Its pid is
// checked as every lock's is (os/lock/holder.ts); its format (null where /proc told nothing) is this lock's own.
import { readInputText } from '../os/input-file.js';
import { join } from 'node:path';
import { processIdentity, type ProcessIdentity } from '../os/liveness.js';
import { validPid } from '../os/lock/index.js';

/** Who made a lock, as the harness records it; `start` and `boot` are null where there is no /proc. */
export type LockOwner = ProcessIdentity;

export function ownerRecord(pid: number): LockOwner {
  return processIdentity(pid);
}

export function parseOwner(text: string): LockOwner | null {
  try {
    const data = JSON.parse(text) as Partial<Record<keyof LockOwner, unknown>>;
    const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
    if (!validPid(data.pid)) return null;
    return { pid: data.pid, start: str(data.start), boot: str(data.boot) };
  } catch {
    return null;
  }
}

/** The owner record of a lock directory; null when there is none or it does not parse. */
export async function readLockOwner(dir: string): Promise<LockOwner | null> {
  try {
    return parseOwner(await readInputText(join(dir, 'owner'), { what: 'task lock file' }));
  } catch {
    return null;
  }
}

export const sameOwner = (a: LockOwner | null, b: LockOwner): boolean =>
  a !== null && a.pid === b.pid && a.start === b.start && a.boot === b.boot;
