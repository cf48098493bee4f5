// Reading a file the harness takes back from the working tree (the plan's files, the reviews): only a regular file,
// never through a symlink at its name (which could lead the harness to read, and show in a prompt or an issue
// comment, a file the agent cannot read itself), and never blocking on a FIFO put in its place.
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

/** Rejects like readFile (ENOENT…); ELOOP for a symlink, ENOTREG for a directory, FIFO or device. */
export async function readRegularFile(path: string): Promise<string> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    if (!(await handle.stat()).isFile())
      throw Object.assign(new Error(`${path} is not a regular file`), { code: 'ENOTREG' });
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
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
    default:
      return `cannot read the file (${code ?? 'unknown error'})`;
  }
}
