// What a task's claim records of the working tree, so the task touches only what it touched: which untracked and
// ignored paths already existed (a rollback never removes them, the task's commit never takes them), the tracked
// changes the user had not committed (kept aside under a ref of their own, given back after the task), and the
// user's files the harness never removes (the loaded config file, the prompt file, harness-init.sh, .harness/).
//
// The record lives in the repository's git directory (`git rev-parse --git-path agent-harness/claims/<task>.json`,
// per work tree, never in the work tree nor in a commit), written atomically, so the recovery of a restarted
// harness reads the same record. Paths are relative to the repository's top.
//
// The listing never walks an ignored directory file by file: `git ls-files --others --ignored --directory` names
// `node_modules/` once. Untracked files that are not ignored are listed one by one (as `git status` does).
import { mkdir, readdir, unlink } from 'node:fs/promises';
import { readInputText } from '../os/input-file.js';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { git } from '../os/git.js';
import { gitDirPath } from './git.js';
import { writeFileAtomic } from '../state/index.js';
import type { HarnessGitView } from '../state/index.js';

/** Untracked paths at claim time, relative to the repository's top; a name ending in `/` is a whole directory. */
export interface TreeSnapshot {
  /** Untracked files that are not ignored (and nested repositories, as `dir/`). */
  untracked: string[];
  /** The same listing with wholly untracked directories folded (`git ls-files --directory`): empty ones too. */
  untrackedDirs: string[];
  /** Ignored paths, directories folded. */
  ignored: string[];
}

/** Tracked changes the user had not committed when the task was claimed, kept aside (stash.ts). */
export interface StashRecord {
  ref: string;
  /** The stash-shaped commit (parents: base, index): the working tree's tracked files. */
  commit: string;
  /** Its second parent: the index. */
  index: string;
  /** HEAD when it was made. */
  base: string;
  /** Every path that differed from base, in the index or the working tree. */
  paths: string[];
  /** The paths taken out of the working tree for the task; the rest (the user's protected files) stayed. */
  cleared: string[];
}

export interface ClaimRecord {
  version: 1;
  task: string;
  claimed_at: string;
  tree: TreeSnapshot;
  stash: StashRecord | null;
}

const split = (out: string): string[] => out.split('\0').filter((line) => line !== '');

/** `git ls-files --others` over the whole repository, the harness's own files left out. */
export async function listUntracked(
  cwd: string,
  harness: HarnessGitView,
  flags: readonly string[] = [],
): Promise<string[]> {
  const args = ['ls-files', '-z', '--others', '--exclude-standard', '--full-name', ...flags];
  return split(await git(cwd, [...args, '--', ':/', ...harness.excludes]));
}

export async function snapshotTree(cwd: string, harness: HarnessGitView): Promise<TreeSnapshot> {
  return {
    untracked: await listUntracked(cwd, harness),
    untrackedDirs: await listUntracked(cwd, harness, ['--directory']),
    ignored: await listUntracked(cwd, harness, ['--ignored', '--directory']),
  };
}

/** Whether `path` (top-relative) is `entry` or, for an entry naming a directory (`dir/`), below it. */
export const covers = (entry: string, path: string): boolean =>
  entry === path || (entry.endsWith('/') && (path.startsWith(entry) || `${path}/` === entry));

/** A matcher for paths that existed (untracked or ignored) when the snapshot was taken. */
export function existedBefore(snapshot: TreeSnapshot): (path: string) => boolean {
  const exact = new Set([...snapshot.untracked, ...snapshot.ignored]);
  const dirs = [...snapshot.untracked, ...snapshot.ignored].filter((e) => e.endsWith('/'));
  return (path) => exact.has(path) || dirs.some((d) => covers(d, path));
}

/** Directories (top-relative, with `/`) that existed untracked at the snapshot, and every parent of an entry. */
export function dirsBefore(snapshot: TreeSnapshot): Set<string> {
  const dirs = new Set<string>();
  for (const entry of [...snapshot.untracked, ...snapshot.untrackedDirs, ...snapshot.ignored]) {
    const parts = entry.split('/');
    for (let i = 1; i < parts.length; i++) dirs.add(`${parts.slice(0, i).join('/')}/`);
  }
  return dirs;
}

/** The working directory's position in the repository: its top as a path from cwd, and `sub/dir/`. */
export interface Place {
  cwd: string;
  prefix: string;
  top: string;
}

export function placeOf(cwd: string, prefix: string): Place {
  const depth = prefix.split('/').filter(Boolean).length;
  return { cwd, prefix, top: depth === 0 ? cwd : resolve(cwd, ...Array<string>(depth).fill('..')) };
}

/** An absolute path as the repository names it (top-relative, `/`), or null when outside the working tree. */
export function inRepo(place: Place, path: string): string | null {
  const rel = relative(place.cwd, resolve(place.cwd, path));
  if (isAbsolute(rel)) return null;
  const joined = join(place.prefix, rel).split(sep).join('/');
  return joined === '' || joined === '.' || joined.startsWith('../') || joined === '..' ? null : joined;
}

/**
 * The user's files the harness never removes, top-relative (a directory ends in `/`): the loaded config file,
 * every config file name in the working directory, the prompt file, harness-init.sh and `.harness/`.
 */
export function protectedPaths(
  place: Place,
  files: { configFile?: string | null; promptFile?: string | null; configNames?: readonly string[] },
): string[] {
  const paths = [
    files.configFile ?? null,
    files.promptFile ?? null,
    ...(files.configNames ?? []).map((name) => join(place.cwd, name)),
    join(place.cwd, 'harness-init.sh'),
  ]
    .filter((p): p is string => p !== null)
    .map((p) => inRepo(place, p))
    .filter((p): p is string => p !== null);
  const dirs = [join(place.cwd, '.harness'), join(place.top, '.harness')]
    .map((p) => inRepo(place, p))
    .filter((p): p is string => p !== null)
    .map((p) => `${p}/`);
  return [...new Set([...paths, ...dirs])];
}

/** Literal pathspecs, top-relative, for paths from the snapshot or protectedPaths (a directory's `/` dropped). */
export const literalSpecs = (paths: readonly string[], magic = 'top,literal'): string[] =>
  paths.map((p) => `:(${magic})${p.replace(/\/$/, '')}`);

/** Where the claim record of `task` lives (in the git directory). */
export const claimFile = (cwd: string, task: string): Promise<string> =>
  gitDirPath(cwd, `agent-harness/claims/${task}.json`);

export async function writeClaim(cwd: string, record: ClaimRecord): Promise<void> {
  const path = await claimFile(cwd, record.task);
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, `${JSON.stringify(record)}\n`, { durable: true });
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** The claim record of `task`, or null when there is none (or it cannot be read as one). */
export async function readClaim(cwd: string, task: string): Promise<ClaimRecord | null> {
  try {
    // A large tree's record may be long: it is read up to 64 MiB, a regular file only.
    const text = await readInputText(await claimFile(cwd, task), {
      what: 'claim record',
      maxBytes: 64 << 20,
    });
    const record = JSON.parse(text) as ClaimRecord;
    const { tree } = record;
    if (record.version !== 1 || record.task !== task || !tree) return null;
    if (!isStrings(tree.untracked) || !isStrings(tree.untrackedDirs) || !isStrings(tree.ignored)) return null;
    return record;
  } catch {
    return null;
  }
}

export async function removeClaim(cwd: string, task: string): Promise<void> {
  await unlink(await claimFile(cwd, task)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

/** The tasks that have a claim record. */
export async function claimedTasks(cwd: string): Promise<string[]> {
  try {
    const dir = dirname(await claimFile(cwd, 'x'));
    return (await readdir(dir)).filter((n) => /^task-\d+\.json$/.test(n)).map((n) => n.slice(0, -5));
  } catch {
    return [];
  }
}

/** `a, b, c (+4 more)`: a few names for a progress line. */
export function someNames(paths: readonly string[], max = 5): string {
  const shown = paths.slice(0, max).join(', ');
  return paths.length > max ? `${shown} (+${paths.length - max} more)` : shown;
}
