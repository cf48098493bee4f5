// The worker's own small files, read and written synchronously. An iteration reads state.json twice and writes
// about ten small files (heartbeats, pending.json, state.json, a log line); through fs/promises each costs a
// thread-pool round trip that dwarfs the work. Files are replaced whole with writeFileAtomicSync
// (state/atomic.ts). A failed write is a HarnessFileError naming the file (exit 8).
import { appendFileSync, unlinkSync } from 'node:fs';
import { InputFileError, INPUT_MAX_BYTES, readInputTextSync } from '../os/input-file.js';
import { HarnessFileError } from '../state/index.js';

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

/**
 * The file's text, or the error's code (ENOENT, EACCES, …) when it cannot be read. A FIFO, a device, a directory or
 * a file over `maxBytes` at its name throws an InputFileError (exit 18): refused unread, never waited on.
 */
export function readText(
  path: string,
  { what = 'worker file', maxBytes = INPUT_MAX_BYTES }: { what?: string; maxBytes?: number } = {},
): { text: string } | { code: string; message: string } {
  try {
    return { text: readInputTextSync(path, { what, maxBytes }) };
  } catch (error) {
    if (error instanceof InputFileError) throw error;
    const e = error as NodeJS.ErrnoException;
    return { code: e.code ?? 'EIO', message: e.message };
  }
}
