// Files only the harness's user can read or write: 0600 in a 0700 directory of that user, written whole (a sibling
// temp file renamed over it). The records of what a killed harness must have undone (the job's credentials put
// aside, an isolated run's user and grants) are kept so: the agent, another user, can neither read nor forge them.
import { lstatSync, mkdirSync, renameSync, type Stats, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Why `stat` is not a private entry of this user (a link, another user's, open to others); null when it is. */
export function notPrivate(stat: Stats, kind: 'file' | 'dir'): string | null {
  if (kind === 'dir' ? !stat.isDirectory() : !stat.isFile())
    return `not a ${kind === 'dir' ? 'directory' : 'file'}`;
  if (typeof process.getuid === 'function' && stat.uid !== process.getuid())
    return `owned by uid ${stat.uid}, not this user`;
  if ((stat.mode & 0o077) !== 0) return `open to others (mode ${(stat.mode & 0o777).toString(8)})`;
  return null;
}

/** The directory, made 0700 when missing; throws when it is not this user's private directory. */
export function ensurePrivateDir(dir: string): void {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const why = notPrivate(lstatSync(dir), 'dir');
  if (why !== null)
    throw new Error(`${dir} is not a private directory of this user (${why}): remove it and run again`);
}

/** Writes `data` whole to `path` (0600), in its private directory (made when missing). */
export function writePrivateFile(path: string, data: string): void {
  ensurePrivateDir(dirname(path));
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    unlinkSync(tmp);
  } catch {
    // none left
  }
  writeFileSync(tmp, data, { mode: 0o600, flag: 'wx' });
  renameSync(tmp, path);
}

/** Removes `path`; a missing file is fine. */
export function removePrivateFile(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
