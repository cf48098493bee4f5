// The harness's own files: every file it writes in the user's working tree, in one list. The task protocol's git
// operations (commit, rollback, "is there uncommitted work?") must never take, delete, rewind or count them,
// whether the user ignores them, tracks them or has never heard of them. A state file added later is added
// here, and only here. The STOP file is in it too: the user writes it but it is a message to the harness, which
// removes it when it stops; a rollback must not delete a stop request, nor a commit record one. The user's own
// files (PROMPT.md, harness.yml, harness-init.sh, their sources) are not in it: they keep plain git semantics.
import { basename, dirname, isAbsolute, join, posix, relative, resolve, sep } from 'node:path';
import type { LoopPaths } from './paths.js';

/** The task list and the protocol's progress log, always in the working directory. */
export const TASK_FILE = 'harness-tasks.json';
export const PROGRESS_FILE = 'harness-progress.txt';
/** The whole output of a harness-init.sh that failed, in the working directory (removed when it passes). */
export const INIT_LOG = 'harness-init.log';

/** A family of files in one directory: names `<before><digits...><after>` (transcripts, temp files). */
export interface FileFamily {
  dir: string;
  before: string;
  after: string;
  /** Any name between `before` and `after`, not only one that starts with a digit. */
  anyMiddle?: boolean;
}

/** Whether `name`, a file in `family.dir`, is one of the family (the same names harnessGitView's globs match). */
export function inFamily(family: FileFamily, name: string): boolean {
  if (name.length < family.before.length + family.after.length) return false;
  if (!name.startsWith(family.before) || !name.endsWith(family.after)) return false;
  const middle = name.slice(family.before.length, name.length - family.after.length);
  return family.anyMiddle === true || /^[0-9]/.test(middle);
}

export interface HarnessFiles {
  /** Single files, absolute. */
  files: string[];
  /** Families of files, directories absolute. */
  families: FileFamily[];
  /** Directories that belong to the harness whole (the lock), absolute. */
  dirs: string[];
}

/** Where a file written with writeFileAtomic leaves its temp file when the writer is killed mid-write. */
function tempFamily(path: string): FileFamily {
  return { dir: dirname(path), before: `.${basename(path)}.`, after: '.tmp' };
}

/**
 * The harness's files for a loop in `paths.cwd`: transcripts and prompt copies, counter, status, event log, the
 * task file, its backup and kept-aside corrupt copies, the progress log, harness-init.sh's log, the STOP file, the
 * instance lock and its takeover markers, the task lock (when given), and the temp files of everything written
 * atomically.
 */
export function harnessFiles(
  paths: LoopPaths,
  options: {
    lockDir?: string;
    /** More state files written atomically (review mode's progress.json), absolute. */
    stateFiles?: readonly string[];
    /** More instance locks (review mode's plan lock), absolute. */
    locks?: readonly string[];
  } = {},
): HarnessFiles {
  const taskFile = resolve(paths.cwd, TASK_FILE);
  const atomic = [paths.counter, paths.status, taskFile, `${taskFile}.bak`, ...(options.stateFiles ?? [])];
  const locks = [paths.lock, ...(options.locks ?? [])];
  // SQLite's database and the files beside it (write-ahead log, shared memory, rollback journal).
  const database = paths.metricsDb
    ? ['', '-wal', '-shm', '-journal'].map((suffix) => `${paths.metricsDb}${suffix}`)
    : [];
  const files = [
    ...atomic,
    resolve(paths.cwd, PROGRESS_FILE),
    resolve(paths.cwd, INIT_LOG),
    ...(paths.eventLog ? [paths.eventLog] : []),
    ...database,
    paths.stopFile,
    ...locks,
  ];
  const families: FileFamily[] = [
    { dir: paths.outputDir, before: `${paths.outputPrefix}-`, after: '.jsonl' },
    // Transcripts compressed by `[storage]`, and the temp files their compression writes.
    { dir: paths.outputDir, before: `${paths.outputPrefix}-`, after: '.jsonl.gz' },
    { dir: paths.outputDir, before: `${paths.outputPrefix}-`, after: '.jsonl.zst' },
    { dir: paths.outputDir, before: `.${paths.outputPrefix}-`, after: '.tmp', anyMiddle: true },
    { dir: paths.outputDir, before: `${paths.outputPrefix}-`, after: '.prompt.md' },
    { dir: dirname(taskFile), before: `${basename(taskFile)}.corrupt-`, after: '' },
    // An instance lock's takeover markers (`<lock>.reclaim-…`, nested) and the temp file it is linked from.
    ...locks.map((lock): FileFamily => ({
      dir: dirname(lock),
      before: `${basename(lock)}.reclaim-`,
      after: '',
      anyMiddle: true,
    })),
    ...[...atomic, ...locks].map(tempFamily),
  ];
  return { files, families, dirs: options.lockDir ? [options.lockDir] : [] };
}

/** The same files as git sees them, relative to the repository's top; those outside the repository are left out. */
export interface HarnessGitView {
  /** Pathspecs naming the harness's files (`:(top,literal)…`, `:(top,glob)…`). */
  pathspecs: string[];
  /** The same as exclusions (`:(top,exclude,…)…`), to follow `:/` (the whole tree). */
  excludes: string[];
  /** The same as gitignore patterns anchored at the top (`/…`), for `git clean -e` and info/exclude. */
  ignorePatterns: string[];
}

const GLOB_SPECIAL = /[\\*?[\]]/g;
const escapeGlob = (text: string): string => text.replace(GLOB_SPECIAL, '\\$&');
/** A gitignore pattern: glob escapes, plus a trailing space that git would otherwise strip. */
const escapeIgnore = (text: string): string => escapeGlob(text).replace(/ $/, '\\ ');

/**
 * `cwd` is the working directory; `prefix` is where it sits inside the repository (`git rev-parse
 * --show-prefix`: '' at the top, `sub/dir/` below it). Paths are related through the working directory, not
 * through the top's absolute path, so symlinked temp directories (macOS /var) cannot make a file look outside.
 */
export function harnessGitView(files: HarnessFiles, cwd: string, prefix: string): HarnessGitView {
  const inRepo = (path: string): string | null => {
    const fromCwd = relative(resolve(cwd), resolve(path));
    if (isAbsolute(fromCwd)) return null; // another drive
    const fromTop = posix.normalize(posix.join(prefix.split(sep).join('/'), fromCwd.split(sep).join('/')));
    if (fromTop === '..' || fromTop.startsWith('../') || fromTop === '.' || fromTop === '') return null;
    return fromTop;
  };
  const view: HarnessGitView = { pathspecs: [], excludes: [], ignorePatterns: [] };
  const add = (literal: string | null, glob: string | null, ignore: string | null) => {
    if (literal !== null) {
      view.pathspecs.push(`:(top,literal)${literal}`);
      view.excludes.push(`:(top,exclude,literal)${literal}`);
    }
    if (glob !== null) {
      view.pathspecs.push(`:(top,glob)${glob}`);
      view.excludes.push(`:(top,exclude,glob)${glob}`);
    }
    if (ignore !== null) view.ignorePatterns.push(ignore);
  };
  for (const file of new Set(files.files)) {
    const at = inRepo(file);
    if (at !== null) add(at, null, `/${escapeIgnore(at)}`);
  }
  for (const dir of new Set(files.dirs)) {
    const at = inRepo(dir);
    if (at !== null) add(null, `${escapeGlob(at)}/**`, `/${escapeIgnore(at)}/`);
  }
  const seen = new Set<string>();
  for (const family of files.families) {
    const dirAt = inRepo(join(family.dir, 'x'));
    if (dirAt === null) continue;
    const dir = posix.dirname(dirAt);
    const lead = dir === '.' ? '' : `${dir}/`;
    // A digit first: `claude-iteration-[0-9]*.jsonl` is the harness's, `claude-iteration-notes.jsonl` is not.
    const middle = family.anyMiddle === true ? '*' : '[0-9]*';
    const name = `${escapeGlob(family.before)}${middle}${escapeGlob(family.after)}`;
    const glob = `${escapeGlob(lead)}${name}`;
    if (seen.has(glob)) continue;
    seen.add(glob);
    add(null, glob, `/${escapeGlob(lead)}${name.replace(/ $/, '\\ ')}`);
  }
  return view;
}
