// Whether the history may write: on a disk it shares with the transcripts or the state, the history gives way
// before them. It writes only while HISTORY_RESERVE_BYTES stay free there, so its database, `-wal` and `-shm`
// never take the last space a transcript, the status file, the counter or the event log needs; a session it does
// not record then stays in the event log and is recorded later (reconcile.ts). On a disk of its own it may use
// the space to the end: a write that does not fit fails whole (one transaction) and is recorded later the same way.
import { statfsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { usableBlocks } from '../os/free-space.js';

/** Free space the history leaves on a disk it shares with the transcripts or the state. */
export const HISTORY_RESERVE_BYTES = 16 * 1024 * 1024;

/** Free space the history needs on a disk of its own to open its database: `-shm` and a few pages of `-wal`. */
export const HISTORY_MIN_BYTES = 256 * 1024;

export type Room = { ok: true } | { ok: false; dir: string; free: number; needed: number; shared: boolean };

/** The first existing directory at or above `path` (the database's directory may not exist yet). */
function existing(path: string): string {
  let dir = resolve(path);
  for (;;) {
    try {
      if (statSync(dir).isDirectory()) return dir;
    } catch {
      // not there yet
    }
    const up = dirname(dir);
    if (up === dir) return dir;
    dir = up;
  }
}

const deviceOf = (dir: string): number | null => {
  try {
    return statSync(existing(dir)).dev;
  } catch {
    return null;
  }
};

/** Free bytes where `dir` is, as this process may write them (os/free-space.ts). */
export function freeBytes(dir: string): number | null {
  try {
    const fs = statfsSync(existing(dir));
    return usableBlocks(fs) * fs.bsize;
  } catch {
    return null;
  }
}

/**
 * Whether the database at `database` may be written now. `others`: the directories of the transcripts and the
 * state files; sharing a disk with any of them means keeping HISTORY_RESERVE_BYTES free. A disk whose free
 * space cannot be read is taken as roomy (the write itself then says).
 */
export function historyRoom(database: string, others: readonly string[]): Room {
  const dir = existing(dirname(resolve(database)));
  const free = freeBytes(dir);
  if (free === null) return { ok: true };
  const device = deviceOf(dir);
  const shared = device !== null && others.some((other) => deviceOf(other) === device);
  const needed = shared ? HISTORY_RESERVE_BYTES : HISTORY_MIN_BYTES;
  return free >= needed ? { ok: true } : { ok: false, dir, free, needed, shared };
}

/** How a lack of room reads in the log: `only 3.1 MiB free on /data (the history keeps 16 MiB for ...)`. */
export function roomMessage(room: Extract<Room, { ok: false }>): string {
  const mib = (n: number) => `${(n / (1024 * 1024)).toFixed(n < 1024 * 1024 ? 2 : 1)} MiB`;
  return room.shared
    ? `only ${mib(room.free)} free on ${room.dir}, which holds the transcripts or the state: the history keeps ${mib(room.needed)} free for them`
    : `only ${mib(room.free)} free on ${room.dir}: the history needs ${mib(room.needed)} to write`;
}

/** Whether an error is a disk that is full (ENOSPC, SQLite's FULL) or an I/O error (SQLite's IOERR, its cause). */
export function isSpaceError(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { code, errcode } = e as { code?: unknown; errcode?: unknown };
    if (code === 'ENOSPC' || code === 'EDQUOT') return true;
    // SQLITE_FULL (13) and SQLITE_IOERR (10) with any extended code.
    if (typeof errcode === 'number' && ((errcode & 0xff) === 13 || (errcode & 0xff) === 10)) return true;
  }
  return false;
}
