// Reading a file the harness takes back from the working tree (the plan's files, the reviews): only a regular file,
// never through a symlink at its name (which could lead the harness to read, and show in a prompt or an issue
// comment, a file the agent cannot read itself), never blocking on a FIFO put in its place, never more than the
// cap: os/input-file.ts, with O_NOFOLLOW.
import { INPUT_MAX_BYTES, readInputText } from '../os/input-file.js';

/** Rejects like readFile (ENOENT…); ELOOP for a symlink, ENOTREG/EISDIR for a FIFO, device or directory, EFBIG. */
export function readRegularFile(path: string): Promise<string> {
  return readInputText(path, { noFollow: true });
}

/** The words for a read that failed with `code`. */
export function unreadableReason(code: string | undefined): string {
  switch (code) {
    case 'ENOENT':
      return 'the file does not exist';
    case 'ELOOP':
      return 'it is a symbolic link: the harness reads only a regular file here';
    case 'ENOTREG':
    case 'EISDIR':
      return 'it is not a regular file';
    case 'EFBIG':
      return `it is larger than the ${INPUT_MAX_BYTES / 1024 / 1024} MiB the harness reads`;
    default:
      return `cannot read the file (${code ?? 'unknown error'})`;
  }
}
