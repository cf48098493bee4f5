// The untracked half of a rollback, in place of `git clean -fd`: only what the task made goes. A path that existed
// (untracked or ignored) when the task was claimed stays, whatever the ignore rules say now; so do the user's
// protected files (claim.ts), the harness's own files, ignored files (as with `git clean` without -x) and nested
// repositories. Only paths inside the working directory are removed, as `git clean` run there would.
import { readdir, rmdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { HarnessGitView } from '../state/index.js';
import { covers, dirsBefore, existedBefore, listUntracked, type Place, type TreeSnapshot } from './claim.js';

export interface UntrackedOutcome {
  /** Removed: files, and directories left empty (`dir/`). */
  removed: string[];
  /** Untracked paths from before the task (and nested repositories, and any outside the working directory). */
  kept: string[];
  /** Untracked paths the task made that are never removed (the user's protected files). */
  spared: string[];
}

const parentsOf = (path: string): string[] => {
  const parts = path.replace(/\/$/, '').split('/');
  return parts.slice(1).map((_, i) => `${parts.slice(0, parts.length - 1 - i).join('/')}/`);
};

/** Removes the empty directories under `abs` and then `abs` itself when empty; true when it is gone. */
async function removeEmpty(abs: string): Promise<boolean> {
  let entries;
  try {
    entries = await readdir(abs, { withFileTypes: true });
  } catch {
    return false;
  }
  let empty = true;
  for (const entry of entries) {
    if (!entry.isDirectory() || !(await removeEmpty(join(abs, entry.name)))) empty = false;
  }
  if (!empty) return false;
  try {
    await rmdir(abs);
    return true;
  } catch {
    return false;
  }
}

/**
 * Removes the untracked paths made since `before` under the working directory, keeping `protect` (top-relative,
 * `dir/` for directories).
 */
export async function removeNewUntracked(
  place: Place,
  harness: HarnessGitView,
  before: TreeSnapshot,
  protect: readonly string[],
): Promise<UntrackedOutcome> {
  const existed = existedBefore(before);
  const hadDirs = dirsBefore(before);
  const kept: string[] = [];
  const spared: string[] = [];
  const removed: string[] = [];
  const isProtected = (path: string) => protect.some((p) => covers(p, path));
  const inCwd = (path: string) => path.startsWith(place.prefix);
  const abs = (path: string) => join(place.top, path);
  const candidates = new Set<string>();
  for (const path of await listUntracked(place.cwd, harness)) {
    // Nested repositories (`dir/`) are never removed, as `git clean -fd` leaves them.
    if (path.endsWith('/') || existed(path) || !inCwd(path)) {
      kept.push(path);
      continue;
    }
    if (isProtected(path)) {
      spared.push(path);
      continue;
    }
    await unlink(abs(path)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    removed.push(path);
    for (const dir of parentsOf(path)) candidates.add(dir);
  }
  // Empty directories the task made: left by the files above, or made empty (`git ls-files --directory`).
  for (const entry of await listUntracked(place.cwd, harness, ['--directory'])) {
    if (entry.endsWith('/')) candidates.add(entry);
  }
  const deepestFirst = [...candidates].sort((a, b) => b.split('/').length - a.split('/').length);
  for (const dir of deepestFirst) {
    if (hadDirs.has(dir) || before.untrackedDirs.includes(dir) || existed(dir) || isProtected(dir)) continue;
    if (!inCwd(dir) || dir === place.prefix) continue;
    if (await removeEmpty(abs(dir))) removed.push(dir);
  }
  // A removed directory stands for everything removed below it.
  const dirs = removed.filter((p) => p.endsWith('/'));
  const folded = removed.filter((p) => !dirs.some((d) => d !== p && p.startsWith(d)));
  return { removed: folded.sort(), kept, spared };
}
