// Putting a file in place inside the sandbox, for write_file (replace or create) and create_file (create only).
// The parent is reached from its deepest existing, verified ancestor, each missing directory made and opened
// (no link followed) and verified in turn; the content goes to a temp file made with O_EXCL|O_NOFOLLOW in the
// verified parent, the parent is verified again, then the temp file is renamed over the name (replace) or
// hard-linked to it (create: fails if anything is there, atomically). The temp file never outlives a failure;
// one a killed worker left is named like state/atomic.ts's, so the resume sweeps it (sweepStaleTemps).
import { constants } from 'node:fs';
import { copyFile, link, lstat, mkdir, realpath, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { isAllowed, isDenied, isRoot, resolveModelPath, type Sandbox } from './sandbox.js';
import {
  at,
  closeQuietly,
  DIR_FLAGS,
  openAt,
  openDir,
  existingAncestor,
  refuseDanglingOut,
  TEMP_FLAGS,
  verify,
  type Dir,
} from './anchored.js';
import { errnoCode, failure, violation } from './fs-errors.js';

let sequence = 0;

/** The hidden sibling temp file for `name`: `.<name>.<pid>.<n>.tmp`, the name cut so the whole fits in 255 bytes. */
export function tempName(name: string): string {
  let cut = name;
  while (Buffer.byteLength(cut) > 200) cut = cut.slice(0, -1);
  return `.${cut}.${process.pid}.${sequence++}.tmp`;
}

export async function placeFile(
  sandbox: Sandbox,
  path: string,
  content: string,
  maxBytes: number,
  mode: 'replace' | 'create',
): Promise<void> {
  const target = resolveModelPath(sandbox, path);
  const given = target.given;
  const bytes = Buffer.byteLength(content, 'utf8');
  if (bytes > maxBytes)
    throw failure(given, `the content is ${bytes} bytes, over the ${maxBytes}-byte write limit`);
  if (target.trailingSlash) throw failure(given, 'names a directory (it ends with "/"), not a file');
  if (isRoot(sandbox, target.absolute)) throw failure(given, 'is a directory');
  const dir = await openParent(sandbox, dirname(target.absolute), given);
  try {
    await placeIn(sandbox, dir, basename(target.absolute), content, mode, given, 0);
  } finally {
    await closeQuietly(dir.handle);
  }
}

/** The verified parent directory, made step by step from its deepest existing ancestor. */
async function openParent(sandbox: Sandbox, parent: string, given: string): Promise<Dir> {
  const { real, missing } = await existingAncestor(sandbox, parent, given);
  let dir = await openDir(sandbox, real, given);
  try {
    for (const name of missing) {
      if (isDenied(sandbox, join(dir.real, name)))
        throw violation(given, 'a protected path (not available to the worker)');
      await mkdir(at(dir, name)).catch((error: unknown) => {
        if (errnoCode(error) !== 'EEXIST') throw error;
      });
      const next = await openAt(sandbox, dir, name, DIR_FLAGS, given);
      await closeQuietly(dir.handle);
      dir = { handle: next.handle, real: next.real };
    }
    return dir;
  } catch (error) {
    await closeQuietly(dir.handle);
    throw error;
  }
}

async function placeIn(
  sandbox: Sandbox,
  dir: Dir,
  name: string,
  content: string,
  mode: 'replace' | 'create',
  given: string,
  hops: number,
): Promise<void> {
  if (isDenied(sandbox, join(dir.real, name)))
    throw violation(given, 'a protected path (not available to the worker)');
  const existing = await lstat(at(dir, name)).catch((error: unknown) => {
    if (errnoCode(error) === 'ENOENT') return null;
    throw error;
  });
  if (existing !== null && mode === 'create')
    throw failure(given, 'already exists (use write_file to replace it)');
  if (existing?.isSymbolicLink()) {
    // write_file through a link writes the file it names, when that is allowed: one hop, then no more links.
    if (hops > 0) throw violation(given, 'is a symbolic link where none was expected (refused)');
    const real = await realpath(at(dir, name)).catch(async (error: unknown) => {
      if (errnoCode(error) !== 'ENOENT') throw error;
      await refuseDanglingOut(sandbox, join(dir.real, name), given);
      throw failure(given, 'is a symbolic link to something that does not exist');
    });
    if (!isAllowed(sandbox, real)) throw violation(given, 'resolves outside the allowed paths');
    if (isRoot(sandbox, real)) throw failure(given, 'is a directory');
    const parent = await openDir(sandbox, dirname(real), given);
    try {
      return await placeIn(sandbox, parent, basename(real), content, mode, given, hops + 1);
    } finally {
      await closeQuietly(parent.handle);
    }
  }
  if (existing?.isDirectory()) throw failure(given, 'is a directory');
  if (existing !== null && !existing.isFile())
    throw violation(given, 'is not a regular file (a FIFO, socket or device)');
  await writeThrough(sandbox, dir, name, content, mode, given, existing ? existing.mode & 0o777 : null);
}

async function writeThrough(
  sandbox: Sandbox,
  dir: Dir,
  name: string,
  content: string,
  mode: 'replace' | 'create',
  given: string,
  /** The replaced file's permissions, kept; null: a new file (0o666 less the umask). */
  fileMode: number | null,
): Promise<void> {
  // Named as state/atomic.ts names its temp files, so sweepStaleTemps removes one a killed worker left.
  const temp = tempName(name);
  let made = false;
  try {
    const file = await openAt(sandbox, dir, temp, TEMP_FLAGS, given, fileMode ?? 0o666).catch(
      async (error: unknown) => {
        // The open made the file before the check refused it: remove it.
        if (errnoCode(error) !== 'EEXIST') await unlink(at(dir, temp)).catch(() => undefined);
        throw error;
      },
    );
    made = true;
    try {
      if (fileMode !== null) await file.handle.chmod(fileMode);
      await verify(sandbox, dir.handle, dir.real, given);
      await file.handle.writeFile(content, 'utf8');
    } catch (error) {
      await closeQuietly(file.handle);
      throw error;
    }
    await file.handle.close();
    await verify(sandbox, dir.handle, dir.real, given);
    if (mode === 'replace') {
      await rename(at(dir, temp), at(dir, name));
      made = false;
    } else {
      await createExclusive(at(dir, temp), at(dir, name)).catch((error: unknown) => {
        throw errnoCode(error) === 'EEXIST'
          ? failure(given, 'already exists (use write_file to replace it)')
          : error;
      });
    }
  } finally {
    if (made) await unlink(at(dir, temp)).catch(() => undefined);
  }
}

/**
 * The temp file under its name, failing if anything (even a dangling link) is there: a hard link, or where the
 * file system has none (EPERM, ENOTSUP: FAT, some network mounts) a copy made with O_EXCL, which never follows a
 * link at the destination either.
 */
async function createExclusive(temp: string, target: string): Promise<void> {
  try {
    await link(temp, target);
  } catch (error) {
    const code = errnoCode(error);
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
    await copyFile(temp, target, constants.COPYFILE_EXCL);
  }
}
