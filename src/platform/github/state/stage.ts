// The state files' way into and out of a stage directory, shared by every store (the Actions cache's, the state
// branch's): staging copies each file in under its stable name (a file's own `stage` first, a directory whole
// without what it excludes, an absent file left out); applying puts each staged file back through the file's own
// `restore` (by default the staged copy replaces the local one, a directory file by file). A store only moves
// the stage directory's contents between runs.
import { copyFile, cp, lstat, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface StateFile {
  /** Name in the stage (the cache entry, the branch's folder): stable across runs. */
  name: string;
  /** Where the loop reads and writes it. */
  path: string;
  /**
   * A directory, copied whole (review mode's `.harness/plans/`). Restored by default file by file over the one in
   * the workspace: cached files replace local ones, files only the workspace has stay.
   */
  directory?: boolean;
  /** In a directory: files never cached (a lock names a process of this machine). */
  exclude?: RegExp;
  /** How a restored copy meets a file already in the workspace (default: the cached copy replaces it). */
  restore?: (cachedPath: string, localPath: string, warn: (message: string) => void) => Promise<void>;
  /**
   * How the file goes into the stage before a save (default: copied; absent, it is left out). A database
   * checkpoints its write-ahead log first. It warns rather than throws: one file never stops the others' save.
   */
  stage?: (localPath: string, stagedPath: string, warn: (message: string) => void) => Promise<void>;
  /**
   * How another job's copy meets this one when both saved at once (a state branch's rejected push; default: its
   * `restore`, else this job's copy wins: merge.ts).
   */
  merge?: (theirPath: string, localPath: string, warn: (message: string) => void) => Promise<void>;
  /**
   * Throws, saying why, when a saved copy is not usable (hand-edited, truncated): a state branch then looks for
   * the last usable copy in its history (branch-repair.ts). Without it, any copy is usable.
   */
  check?: (savedPath: string) => Promise<void>;
}

/** An empty stage directory that ignores itself in git (an agent's `git add -A` never commits it). */
export async function freshStage(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, '.gitignore'), '*\n');
}

/** Copies every state file into `dir` under its name; an absent file is left out. Throws on any other error. */
export async function stageFiles(
  files: readonly StateFile[],
  dir: string,
  warn: (message: string) => void,
): Promise<void> {
  for (const file of files) {
    const staged = join(dir, file.name);
    const copy = file.stage
      ? file.stage(file.path, staged, warn)
      : file.directory
        ? cp(file.path, staged, {
            recursive: true,
            verbatimSymlinks: true,
            filter: (source) => !file.exclude?.test(source),
          })
        : copyFile(file.path, staged);
    await copy.catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
}

/** Puts every file staged in `dir` back through its `restore` (or `how`, when given), in the files' order. */
export async function applyStaged(
  files: readonly StateFile[],
  dir: string,
  warn: (message: string) => void,
  how: (file: StateFile, staged: string) => Promise<void> = (file, staged) => restoreOne(file, staged, warn),
): Promise<void> {
  const staged = new Set(await readdir(dir));
  for (const file of files) {
    if (staged.has(file.name)) await how(file, join(dir, file.name));
  }
}

/** The restore of one staged file: its own, or the staged copy in place of the local one. */
export async function restoreOne(
  file: StateFile,
  staged: string,
  warn: (message: string) => void,
): Promise<void> {
  if (file.restore) await file.restore(staged, file.path, warn);
  else if (file.directory) await cp(staged, file.path, { recursive: true, force: true });
  else await copyFile(staged, file.path);
}

/** The bytes of every file under `path` (0 when it is absent). */
export async function treeBytes(path: string): Promise<number> {
  const info = await lstat(path).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.size;
  let total = 0;
  for (const name of await readdir(path)) total += await treeBytes(join(path, name));
  return total;
}
