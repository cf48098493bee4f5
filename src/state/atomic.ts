// Every file another process reads is replaced whole: write a sibling temp file, rename it over the target. A
// reader, or a harness killed mid-write, sees the old content or the new, never a torn file. `durable` adds an
// fsync for files that must also survive a power loss (the counter); the status file, rewritten many times a
// session, does not need it.
import { constants, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { open, readdir, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { processAlive } from '../os/liveness.js';
import { HarnessFileError, namingFile } from './write-error.js';

let sequence = 0;

/** The sibling temp file for a write of `path`, named so sweepStaleTemps knows whose it is. */
const tempFor = (path: string): string =>
  join(dirname(path), `.${basename(path)}.${process.pid}.${sequence++}.tmp`);

/** Throws a HarnessFileError naming `path` when the write fails (a full disk, an I/O error). */
export function writeFileAtomic(
  path: string,
  data: string,
  options: { durable?: boolean } = {},
): Promise<void> {
  return namingFile(path, () => replaceFile(path, data, options));
}

/**
 * writeFileAtomic without the thread pool, for small files written many times a second (the worker's state and
 * heartbeat), where a round trip per call dwarfs the work. Throws a HarnessFileError naming `path`.
 */
export function writeFileAtomicSync(path: string, data: string): void {
  const tmp = tempFor(path);
  try {
    writeFileSync(tmp, data, { mode: 0o644 });
    renameSync(tmp, path);
  } catch (error) {
    try {
      unlinkSync(tmp);
    } catch {
      // never made, or already renamed
    }
    throw new HarnessFileError(path, error);
  }
}

async function replaceFile(path: string, data: string, options: { durable?: boolean }): Promise<void> {
  const tmp = tempFor(path);
  const handle = await open(tmp, 'w', 0o644);
  try {
    await handle.writeFile(data);
    if (options.durable) await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(tmp).catch(() => undefined);
    throw error;
  }
  await handle.close();
  try {
    await rename(tmp, path);
  } catch (error) {
    await unlink(tmp).catch(() => undefined);
    throw error;
  }
}

/**
 * The last resort of a write on a full disk, where no temp file can be made: `data` written over the regular file
 * at `path` from its start in one write, padded with spaces to the old length (so no truncation follows, and a
 * JSON document still parses), only when the blocks the file already has can hold it (st_blocks: no new block is
 * needed). Not atomic: a reader at that instant may see a torn document. True when written; false when the file
 * is not there, not a regular file, too small, or the write failed.
 */
export async function overwriteInPlace(path: string, data: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(path, constants.O_WRONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch {
    return false;
  }
  try {
    const info = await handle.stat();
    const text = Buffer.from(data);
    const bytes =
      text.length < info.size ? Buffer.concat([text, Buffer.alloc(info.size - text.length, ' ')]) : text;
    if (!info.isFile() || info.blocks * 512 < bytes.length) return false;
    const { bytesWritten } = await handle.write(bytes, 0, bytes.length, 0);
    return bytesWritten === bytes.length;
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}

const TEMP_NAME = /^\..+\.(\d+)\.\d+\.tmp$/;

/**
 * A process killed between writing a temp file and renaming it leaves the temp file behind, and in a git working
 * tree that looks like an uncommitted change (task recovery would take it for the agent's work). Removes the
 * temp files of processes that are gone; returns how many.
 */
export async function sweepStaleTemps(dir: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const match = TEMP_NAME.exec(name);
    if (!match || Number(match[1]) === process.pid || processAlive(Number(match[1]))) continue;
    await unlink(join(dir, name)).then(
      () => removed++,
      () => undefined,
    );
  }
  return removed;
}
