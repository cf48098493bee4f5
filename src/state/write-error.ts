// A harness file that could not be written (disk full, quota, I/O error, read-only file system). The loop cannot
// keep its records honest past this point, so it ends: the message names the file and the cause, never a stack.
import { EXIT, HarnessError } from '../errors/exit-codes.js';

const CAUSES: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EIO: 'input/output error',
  EROFS: 'read-only file system',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EFBIG: 'file too large',
  ENOENT: 'its directory does not exist',
  ENXIO: 'it is a FIFO (named pipe) with no reader, not a regular file',
};

/** The write failures no retry fixes until a person acts: a full disk, or a file system that refuses writes. */
const FATAL_KINDS: Record<string, 'disk_full' | 'permission'> = {
  ENOSPC: 'disk_full',
  EDQUOT: 'disk_full',
  EROFS: 'permission',
  EACCES: 'permission',
  EPERM: 'permission',
};

/** `disk_full` or `permission` for an errno code that is one of them, else undefined. */
export function fatalWriteKind(code: string | undefined): 'disk_full' | 'permission' | undefined {
  return code === undefined ? undefined : FATAL_KINDS[code];
}

/** `no space left on the device (ENOSPC)`, or the error's own message for an unknown cause. */
export function describeCause(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code !== undefined && code in CAUSES) return `${CAUSES[code]} (${code})`;
  return error instanceof Error ? error.message : String(error);
}

/** A harness file that could not be written: exit code 8 (EXIT.writeFailed). */
export class HarnessFileError extends HarnessError {
  override readonly name = 'HarnessFileError';
  /** The errno code of the cause (ENOSPC, EIO, …), so callers that branch on codes keep working. */
  readonly code: string | undefined;

  constructor(
    readonly file: string,
    cause: unknown,
    what = 'cannot write',
  ) {
    super(`${what} ${file}: ${describeCause(cause)}`, EXIT.writeFailed, { cause });
    this.code = (cause as NodeJS.ErrnoException | null)?.code;
  }
}

/** Runs a write, turning any failure into a HarnessFileError naming `file` (one already named passes through). */
export async function namingFile<T>(file: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw error instanceof HarnessFileError ? error : new HarnessFileError(file, error);
  }
}
