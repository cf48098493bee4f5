// Opening files so that a symbolic link swapped in between the check and the use cannot lead outside. On Linux
// every handle is checked by where the kernel says it is (/proc/self/fd/N), and names are opened relative to an
// already verified directory handle (/proc/self/fd/N/name, the last component never followed: openat without
// openat), so nothing outside is ever opened except, in a race, a directory read-only (and then refused before a
// byte is listed). Elsewhere (no /proc: macOS) a realpath + stat of the expected path stands in, compared by
// device and inode, before a byte is read or written and again after a listing: nothing outside is read, written
// or listed, but a process swapping links at the right moment can make the open land outside, leaving an empty
// temp file or directory there (the sandbox fuzz run without /proc shows exactly that, and nothing more).
import { constants, existsSync, type Dirent, type Stats } from 'node:fs';
import { lstat, open, readdir, readlink, realpath, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { isAllowed, type Sandbox } from './sandbox.js';
import { errnoCode, failure, violation } from './fs-errors.js';

export const PROC_FD = process.platform === 'linux' && existsSync('/proc/self/fd');
const flag = (name: 'O_NOFOLLOW' | 'O_NONBLOCK' | 'O_DIRECTORY'): number => constants[name] ?? 0;
export const READ_FLAGS = constants.O_RDONLY | flag('O_NOFOLLOW') | flag('O_NONBLOCK');
export const DIR_FLAGS = constants.O_RDONLY | flag('O_DIRECTORY') | flag('O_NOFOLLOW') | flag('O_NONBLOCK');
export const TEMP_FLAGS =
  constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | flag('O_NOFOLLOW') | flag('O_NONBLOCK');

/** An open, verified directory: its handle and its realpath when it was verified. */
export interface Dir {
  handle: FileHandle;
  real: string;
}

/** A path naming `name` inside `dir` without following anything but the verified handle. */
export function at(dir: Dir, name: string): string {
  return PROC_FD ? `/proc/self/fd/${dir.handle.fd}/${name}` : join(dir.real, name);
}

/**
 * The entries of a verified directory: read through its handle on Linux; elsewhere by its path, checked again
 * afterwards (the directory still at that path, the same one), which narrows the window a swap has.
 */
export async function listDir(sandbox: Sandbox, dir: Dir, given: string): Promise<Dirent[]> {
  if (PROC_FD) return readdir(`/proc/self/fd/${dir.handle.fd}`, { withFileTypes: true });
  const entries = await readdir(dir.real, { withFileTypes: true });
  await verify(sandbox, dir.handle, dir.real, given);
  return entries;
}

/**
 * Checks that `handle` (expected at `real`) is inside a root and not denied, by the kernel's word where there is
 * one; returns the verified realpath. A mismatch is a violation (the path changed while in use).
 */
export async function verify(
  sandbox: Sandbox,
  handle: FileHandle,
  real: string,
  given: string,
): Promise<string> {
  const stats = await handle.stat();
  let actual: string;
  try {
    actual = PROC_FD ? await readlink(`/proc/self/fd/${handle.fd}`) : await realpath(real);
  } catch {
    throw violation(given, 'changed while in use');
  }
  if (!actual.startsWith('/') && !/^[A-Za-z]:\\/.test(actual)) throw violation(given, 'changed while in use');
  if (!isAllowed(sandbox, actual)) throw violation(given, 'resolves outside the allowed paths');
  const seen = await lstat(actual).catch(() => null);
  if (seen === null || seen.dev !== stats.dev || seen.ino !== stats.ino)
    throw violation(given, 'changed while in use');
  return actual;
}

/** Closes a handle, ignoring a failure (it was only read). */
export async function closeQuietly(handle: FileHandle | null | undefined): Promise<void> {
  await handle?.close().catch(() => undefined);
}

/** Opens a directory by its (checked) realpath, never following a last-component link, and verifies it. */
export async function openDir(sandbox: Sandbox, real: string, given: string): Promise<Dir> {
  const handle = await openOrRefuse(real, DIR_FLAGS, given);
  try {
    return { handle, real: await verify(sandbox, handle, real, given) };
  } catch (error) {
    await closeQuietly(handle);
    throw error;
  }
}

/** Opens `name` inside a verified directory (no link followed) and verifies what was opened. */
export async function openAt(
  sandbox: Sandbox,
  dir: Dir,
  name: string,
  flags: number,
  given: string,
  mode?: number,
): Promise<{ handle: FileHandle; real: string }> {
  const handle = await openOrRefuse(at(dir, name), flags, given, mode);
  try {
    return { handle, real: await verify(sandbox, handle, join(dir.real, name), given) };
  } catch (error) {
    await closeQuietly(handle);
    throw error;
  }
}

async function openOrRefuse(path: string, flags: number, given: string, mode?: number): Promise<FileHandle> {
  try {
    return await open(path, flags, mode);
  } catch (error) {
    const code = errnoCode(error);
    // O_NOFOLLOW on a link: something swapped a link in where the check saw none (or a dangling one waits there).
    if (code === 'ELOOP') throw violation(given, 'is a symbolic link where none was expected (refused)');
    if (code === 'ENXIO') throw violation(given, 'is a socket or device, not a regular file');
    throw error;
  }
}

/**
 * The realpath of an existing path, refused unless it is allowed; null when it does not exist, after checking
 * that its deepest existing ancestor is allowed (a missing name under a link that leads out is a violation, and
 * so is a dangling link that points out).
 */
export async function realInside(sandbox: Sandbox, absolute: string, given: string): Promise<string | null> {
  let real: string;
  try {
    real = await realpath(absolute);
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT') throw error;
    await existingAncestor(sandbox, absolute, given);
    return null;
  }
  if (!isAllowed(sandbox, real)) throw violation(given, 'resolves outside the allowed paths');
  return real;
}

/**
 * The deepest existing ancestor of `absolute` (itself included) as a realpath, which must be allowed, and the
 * names below it that do not exist yet. A dangling link on the way is refused (a violation when it points out).
 */
export async function existingAncestor(
  sandbox: Sandbox,
  absolute: string,
  given: string,
): Promise<{ real: string; missing: string[] }> {
  const missing: string[] = [];
  let existing = absolute;
  let real: string;
  for (;;) {
    try {
      real = await realpath(existing);
      break;
    } catch (error) {
      if (errnoCode(error) !== 'ENOENT') throw error;
      if (sandbox.roots.includes(existing) || dirname(existing) === existing) throw error;
      await refuseDanglingOut(sandbox, existing, given);
      missing.unshift(basename(existing));
      existing = dirname(existing);
    }
  }
  if (!isAllowed(sandbox, real)) throw violation(given, 'resolves outside the allowed paths');
  return { real, missing };
}

/** A dangling symbolic link at `absolute` that points outside (or into a denied path) is a violation. */
export async function refuseDanglingOut(sandbox: Sandbox, absolute: string, given: string): Promise<void> {
  const stats: Stats | null = await lstat(absolute).catch(() => null);
  if (!stats?.isSymbolicLink()) return;
  const target = await readlink(absolute).catch(() => null);
  if (target === null) return;
  const parent = await realpath(dirname(absolute)).catch(() => dirname(absolute));
  if (!isAllowed(sandbox, resolve(parent, target)))
    throw violation(given, 'is a symbolic link leading outside the allowed paths');
  throw failure(given, 'is a symbolic link to something that does not exist');
}
