// The worker's own small files, read and written synchronously. An iteration reads state.json twice and writes
// about ten small files (heartbeats, pending.json, state.json, a log line); through fs/promises each costs a
// thread-pool round trip that dwarfs the work. Replacing is the same as writeFileAtomic (state/atomic.ts): a
// sibling temp file (named so sweepStaleTemps knows it) renamed over the target, so a reader sees the old file
// or the new one, never a torn one. A failed write is a HarnessFileError naming the file (exit 8).
import { appendFileSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { HarnessFileError } from '../state/write-error.js';

let sequence = 0;

export function replaceFileSync(path: string, data: string): void {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${sequence++}.tmp`);
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

export function appendFileNamed(path: string, data: string): void {
  try {
    appendFileSync(path, data);
  } catch (error) {
    throw new HarnessFileError(path, error);
  }
}

/** Removes `path`; a missing file is fine. */
export function removeFileNamed(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new HarnessFileError(path, error, 'cannot remove');
  }
}

/** The file's text, or the error's code (ENOENT, EACCES, …) when it cannot be read. */
export function readText(path: string): { text: string } | { code: string; message: string } {
  try {
    return { text: readFileSync(path, 'utf8') };
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    return { code: e.code ?? 'EIO', message: e.message };
  }
}
