// Reading and restoring the files an agent may not write (owned-files.ts): a walk that never follows a symlink
// and never opens anything but a regular file, and a restore that puts back each entry the session created,
// changed or deleted. A directory replaced by a symlink is removed before anything is written under its path, so
// a restore never writes through a link into another place.
import { constants } from 'node:fs';
import { chmod, lstat, mkdir, open, readdir, readlink, rename, rm, symlink } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import type { OwnedChange, OwnedEntry, OwnedSnapshot } from './owned-files.js';

export interface OwnedWalk {
  /** The project root; paths are relative to it. */
  cwd: string;
  /** Paths (relative, with `/`) whose trees are owned: `.harness`, the config file. */
  roots: readonly string[];
  /** Paths inside the roots that are not owned (the developer's files, the harness's locks and transcripts). */
  skip: (path: string) => boolean;
}

const abs = (cwd: string, path: string): string => join(cwd, ...path.split('/'));

/**
 * Every owned entry now. With `before`, a file's content is read only when `before` holds a file of the same size
 * there (what is needed to compare it): a file the session made or resized is never read.
 */
export async function snapshotOwned(
  walk: OwnedWalk,
  before?: OwnedSnapshot,
): Promise<Map<string, OwnedEntry>> {
  const entries = new Map<string, OwnedEntry>();
  const visit = async (path: string): Promise<void> => {
    if (walk.skip(path)) return;
    const full = abs(walk.cwd, path);
    let info;
    try {
      info = await lstat(full);
    } catch {
      return;
    }
    const mode = info.mode & 0o7777;
    if (info.isDirectory()) {
      entries.set(path, { kind: 'dir', mode });
      const names = await readdir(full).catch(() => [] as string[]);
      for (const name of names.sort()) await visit(`${path}/${name}`);
    } else if (info.isSymbolicLink()) {
      entries.set(path, { kind: 'symlink', target: await readlink(full).catch(() => '') });
    } else if (info.isFile()) {
      const old = before?.get(path);
      const read = before === undefined || (old?.kind === 'file' && old.size === info.size);
      entries.set(path, {
        kind: 'file',
        mode,
        size: info.size,
        content: read ? await readRegular(full) : null,
      });
    } else {
      entries.set(path, { kind: 'other' });
    }
  };
  for (const root of walk.roots) await visit(root);
  return entries;
}

/** A regular file's bytes without following a symlink or blocking on a FIFO; null when it is not one. */
async function readRegular(path: string): Promise<Buffer | null> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(
    () => null,
  );
  if (!handle) return null;
  try {
    return (await handle.stat()).isFile() ? await handle.readFile() : null;
  } finally {
    await handle.close();
  }
}

/** Puts every changed entry back as `before` had it: what was created is removed, the rest restored. */
export async function restoreOwned(
  cwd: string,
  before: OwnedSnapshot,
  changes: readonly OwnedChange[],
): Promise<void> {
  for (const c of changes)
    if (c.change === 'created') await rm(abs(cwd, c.path), { recursive: true, force: true });
  const restore = changes.filter((c) => c.change !== 'created').map((c) => c.path);
  for (const path of [...restore].sort()) {
    const entry = before.get(path);
    if (entry) await put(cwd, path, entry);
  }
}

async function put(cwd: string, path: string, entry: OwnedEntry): Promise<void> {
  const full = abs(cwd, path);
  const now = await lstat(full).catch(() => null);
  switch (entry.kind) {
    case 'dir':
      if (now && !now.isDirectory()) await rm(full, { force: true });
      if (!now?.isDirectory()) await mkdir(full, { recursive: true });
      await chmod(full, entry.mode);
      return;
    case 'file': {
      if (entry.content === null) return;
      if (now && !now.isFile()) await rm(full, { recursive: true, force: true });
      await mkdir(dirname(full), { recursive: true });
      // A sibling temp file renamed over the path: a symlink there is replaced, never written through.
      const temp = `${dirname(full)}${sep}.${path.split('/').at(-1) ?? 'file'}.${process.pid}.restore.tmp`;
      const handle = await open(temp, 'w', entry.mode);
      try {
        await handle.writeFile(entry.content);
      } finally {
        await handle.close();
      }
      await chmod(temp, entry.mode);
      await rename(temp, full);
      return;
    }
    case 'symlink':
      if (now) await rm(full, { recursive: true, force: true });
      await mkdir(dirname(full), { recursive: true });
      await symlink(entry.target, full);
      return;
    case 'other':
      return;
  }
}
