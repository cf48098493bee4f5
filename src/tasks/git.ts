// The git facts and actions the task protocol needs: where HEAD is, whether a recorded base still exists, what
// changed since a task started, committing a task's work (rolling it back: rollback.ts). Everything goes
// through os/git.ts (an argument list, never a shell). A git failure rejects with an Error carrying git's stderr.
//
// The harness's own files (state/harness-files.ts, given as a HarnessGitView) are outside all of it: never
// staged, never counted as uncommitted work, never rewound, unstaged to loss or cleaned, tracked or not.
import { realpathSync } from 'node:fs';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join } from 'node:path';
import { git, gitFailure, HARNESS_IDENTITY, runGit } from '../os/git.js';
import type { HarnessGitView } from '../state/index.js';

/** A revision given by the task file must never be read by git as an option. */
function checkRevision(rev: string): void {
  if (rev === '' || rev.startsWith('-')) throw new Error(`not a valid revision: ${JSON.stringify(rev)}`);
}

/** HEAD's commit hash, or null in a repository with no commit yet. Throws outside a repository. */
export async function headCommit(cwd: string): Promise<string | null> {
  const args = ['rev-parse', '--verify', '-q', 'HEAD'];
  const result = await runGit(cwd, args);
  if (result.code === 0) return result.stdout.trim() || null;
  // --verify -q exits 1 silently when HEAD does not resolve (an unborn branch).
  if (result.code === 1 && result.stderr.trim() === '') return null;
  throw gitFailure(cwd, args, result);
}

/** Whether `hash` names a commit in the repository (`git cat-file -t`). Throws outside a repository. */
export async function commitExists(cwd: string, hash: string): Promise<boolean> {
  if (hash.trim() === '' || hash.startsWith('-')) return false;
  const args = ['cat-file', '-t', hash];
  const result = await runGit(cwd, args);
  if (result.code === 0) return result.stdout.trim() === 'commit';
  if (/not a git repository/i.test(result.stderr)) throw gitFailure(cwd, args, result);
  return false;
}

/** No harness files: plain git, as the seed had it (tests of the git layer alone). */
export const NO_HARNESS_FILES: HarnessGitView = { pathspecs: [], excludes: [], ignorePatterns: [] };

/** The whole tree without the harness's files, as a pathspec list (after `--`). */
export const userFiles = (harness: HarnessGitView): string[] => [':/', ...harness.excludes];

/**
 * Tracked changes (staged or not) or untracked files, as `git status --porcelain` reports them; the harness's
 * own files do not count.
 */
export async function hasUncommittedChanges(
  cwd: string,
  harness: HarnessGitView = NO_HARNESS_FILES,
): Promise<boolean> {
  const out = await git(cwd, ['status', '--porcelain', '--untracked-files=all', '--', ...userFiles(harness)]);
  return out.trim() !== '';
}

export interface CommitSummary {
  hash: string;
  subject: string;
}

const FIELD = '\x1f';
const RECORD = '\x1e';

async function logSince(cwd: string, base: string): Promise<Array<CommitSummary & { message: string }>> {
  checkRevision(base);
  const out = await git(cwd, ['log', `--format=%H${FIELD}%s${FIELD}%B${RECORD}`, `${base}..HEAD`, '--']);
  return out
    .split(RECORD)
    .map((record) => record.replace(/^\n+/, ''))
    .filter((record) => record !== '')
    .map((record) => {
      const [hash = '', subject = '', message = ''] = record.split(FIELD);
      return { hash, subject, message };
    });
}

/** Commits reachable from HEAD but not from `base`, newest first. */
export async function commitsSince(cwd: string, base: string): Promise<CommitSummary[]> {
  return (await logSince(cwd, base)).map(({ hash, subject }) => ({ hash, subject }));
}

/** Whether a commit message mentions the task id as a whole id (task-001 does not match task-0010). */
export function mentionsTask(message: string, taskId: string): boolean {
  const escaped = taskId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`).test(message);
}

/** The commits since `base` that belong to the task: their subject or body mentions the task id. */
export async function taskCommitsSince(cwd: string, base: string, taskId: string): Promise<CommitSummary[]> {
  return (await logSince(cwd, base))
    .filter((commit) => mentionsTask(commit.message, taskId))
    .map(({ hash, subject }) => ({ hash, subject }));
}

/**
 * Paths whose content in the working tree differs from `base` (committed or not; untracked files and the
 * harness's own files excluded).
 */
export async function changedFilesSince(
  cwd: string,
  base: string,
  harness: HarnessGitView = NO_HARNESS_FILES,
): Promise<string[]> {
  checkRevision(base);
  const out = await git(cwd, ['diff', '--name-only', base, '--', ...userFiles(harness)]);
  return out.split('\n').filter((line) => line !== '');
}

/**
 * Index entries back to HEAD's for these paths (removed when HEAD has none); the files on disk stay. `pathspecs`
 * are arguments after `--`, or withPathspecFile's options.
 */
async function unstage(cwd: string, pathspecs: readonly string[]): Promise<void> {
  const from = pathspecs[0]?.startsWith('--pathspec-from-file=') ? [...pathspecs] : ['--', ...pathspecs];
  if ((await headCommit(cwd)) !== null) await git(cwd, ['reset', '-q', 'HEAD', ...from]);
  else await git(cwd, ['rm', '-r', '-q', '--cached', '--ignore-unmatch', ...from]);
}

/** A path in the git directory (`git rev-parse --git-path`), absolute. */
export async function gitDirPath(cwd: string, name: string): Promise<string> {
  const where = (await git(cwd, ['rev-parse', '--git-path', name])).trim();
  // Relative to git's working directory: the physical one.
  return isAbsolute(where) ? where : join(realpathSync(cwd), where);
}

let pathspecFiles = 0;

/**
 * Runs `use` with the options that make git read `pathspecs` from a file (`--pathspec-from-file`, NUL
 * separated): lists of any length, never a command line too long. The file is in the git directory.
 */
export async function withPathspecFile<T>(
  cwd: string,
  pathspecs: readonly string[],
  use: (options: string[]) => Promise<T>,
): Promise<T> {
  const file = await gitDirPath(cwd, `agent-harness/pathspecs-${process.pid}-${pathspecFiles++}.tmp`);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, pathspecs.map((p) => `${p}\0`).join(''));
  try {
    return await use([`--pathspec-from-file=${file}`, '--pathspec-file-nul']);
  } finally {
    await unlink(file).catch(() => undefined);
  }
}

async function configValue(cwd: string, key: string): Promise<string> {
  const result = await runGit(cwd, ['config', '--get', key]);
  // Exit 1 means the key is not set.
  return result.code === 0 ? result.stdout.trim() : '';
}

/**
 * Stages everything but the harness's files (`git add -A -- :/`, then the harness's index entries back to
 * HEAD's, files on disk untouched; that also undoes an agent's own staging of them) and commits it.
 * The harness's own identity is used only when the repository has none configured. Returns the new commit's
 * hash, or null when there was nothing to commit.
 */
export async function commitAll(
  cwd: string,
  message: string,
  harness: HarnessGitView = NO_HARNESS_FILES,
  leaveOut: readonly string[] = [],
): Promise<string | null> {
  // Stage everything, then take the harness's files back out: `git add` with exclusion pathspecs fails when
  // they name ignored files ("The following paths are ignored"), and the harness's files are often ignored.
  await git(cwd, ['add', '-A', '--', ':/']);
  if (harness.pathspecs.length > 0) await unstage(cwd, harness.pathspecs);
  // Paths that are not the task's (the user's files from before it), as many as there are: from a file.
  if (leaveOut.length > 0) await withPathspecFile(cwd, leaveOut, (file) => unstage(cwd, file));
  const staged = await runGit(cwd, ['diff', '--cached', '--quiet']);
  if (staged.code === 0) return null;
  if (staged.code !== 1) throw gitFailure(cwd, ['diff', '--cached', '--quiet'], staged);
  const identity: string[] = [];
  if ((await configValue(cwd, 'user.email')) === '') {
    identity.push('-c', `user.name=${HARNESS_IDENTITY.name}`, '-c', `user.email=${HARNESS_IDENTITY.email}`);
  } else if ((await configValue(cwd, 'user.name')) === '') {
    identity.push('-c', `user.name=${HARNESS_IDENTITY.name}`);
  }
  await git(cwd, [...identity, 'commit', '-q', '-m', message]);
  return headCommit(cwd);
}

/** `git stash list`, one entry a line (empty when nothing is stashed). */
export async function stashList(cwd: string): Promise<string[]> {
  const out = await git(cwd, ['stash', 'list']);
  return out.split('\n').filter((line) => line !== '');
}

/** The branch HEAD is on (`main`), or null when HEAD is detached. */
export async function currentBranch(cwd: string): Promise<string | null> {
  const result = await runGit(cwd, ['symbolic-ref', '-q', '--short', 'HEAD']);
  if (result.code === 0) return result.stdout.trim() || null;
  if (result.code === 1) return null; // detached
  throw gitFailure(cwd, ['symbolic-ref', '-q', '--short', 'HEAD'], result);
}

/**
 * Puts HEAD back on `branch` when the agent checked out another branch or detached HEAD, without touching the
 * working tree: what the agent left on disk is what gets validated, then committed on `branch` or rolled back
 * there. The side branch and its commits are left as they are. A deleted `branch` is made again at `base`.
 * Returns what was done, for the progress log, or null when HEAD was already there.
 */
export async function returnToBranch(
  cwd: string,
  branch: string,
  base: string | null,
): Promise<string | null> {
  const now = await currentBranch(cwd);
  if (now === branch) return null;
  const ref = `refs/heads/${branch}`;
  if (branch.startsWith('-') || (await runGit(cwd, ['check-ref-format', ref])).code !== 0) {
    throw new Error(`not a valid branch name: ${JSON.stringify(branch)}`);
  }
  const where =
    now === null ? `detached at ${((await headCommit(cwd)) ?? 'nothing').slice(0, 7)}` : `on ${now}`;
  let recreated = '';
  if ((await runGit(cwd, ['rev-parse', '--verify', '-q', ref])).code !== 0) {
    if (base === null) throw new Error(`branch ${branch} no longer exists and no base commit is recorded`);
    checkRevision(base);
    await git(cwd, ['update-ref', ref, base]);
    recreated = ` (it had been deleted; made again at ${base.slice(0, 7)})`;
  }
  await git(cwd, ['symbolic-ref', 'HEAD', ref]);
  // The index follows HEAD; the working tree stays as the agent left it.
  await git(cwd, ['reset', '-q']);
  return `agent left branch ${branch} (HEAD was ${where}); back on ${branch}${recreated}, working tree kept`;
}
