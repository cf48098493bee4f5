// The work tree as git would commit it, without touching what the user has: a tree object of every tracked and
// untracked file (ignored ones left out, as `git add -A` leaves them), less the pathspecs excluded, written
// through a copy of the repository's index in a temporary file, its modification time kept (so git reuses its stat
// cache, hashes only what changed, and still re-reads the entries racily clean against it). The user's index, branches and HEAD never move; only loose objects are added, which git's
// garbage collection removes when nothing refers to them.
//
// Two trees taken before and after a session differ exactly when the session changed a file (content, mode, a new
// or removed file) that git would see: the no-progress check compares them; a commit made from the second keeps
// interrupted work.
import { copyFile, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AskGit, findGitPlace, localGitPathsFromFiles } from './git-dir.js';
import { guardedGitEnv, runGit } from './git.js';
import { runCommand } from './run-command.js';

const indexFiles = new Map<string, string | null>();

/**
 * The repository's index file, absolute; null outside a repository. Read from the files where they tell
 * (os/git-dir.ts: no git spawned), `git rev-parse --git-path index` otherwise; remembered per directory.
 */
async function indexFile(cwd: string): Promise<string | null> {
  const known = indexFiles.get(cwd);
  if (known !== undefined) return known;
  let found: string | null | undefined;
  if (process.env.GIT_INDEX_FILE === undefined) {
    try {
      const paths = localGitPathsFromFiles(cwd);
      if (paths === null) found = null;
      else if (paths !== 'ask-git') found = join(findGitPlace(cwd)?.gitDir ?? '', 'index');
    } catch (error) {
      if (!(error instanceof AskGit)) throw error;
    }
  }
  if (found === undefined || found === 'index') {
    const result = await runGit(cwd, ['rev-parse', '--path-format=absolute', '--git-path', 'index']);
    found = result.code === 0 ? result.stdout.trim() : null;
  }
  indexFiles.set(cwd, found);
  return found;
}

/**
 * A copy of the index that keeps its modification time. Git trusts an entry's cached stat only when the file was
 * last modified before the index was written ("racy git"): a copy stamped now would make an edit of the same size
 * in the same second as the last `git add` look unchanged. A repository with nothing staged yet has no index.
 */
async function copyIndex(index: string, scratch: string): Promise<void> {
  try {
    await copyFile(index, scratch);
    const { atime, mtime } = await stat(index);
    await utimes(scratch, atime, mtime);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

// `git add -A` then `git write-tree`, in one spawn (a process started from the harness costs it milliseconds):
// --ignore-errors leaves a file that cannot be read (the agent's 0000 file, a socket) as the index had it (exit 1).
const ADD_AND_WRITE =
  'git add -A --ignore-errors --pathspec-from-file="$1" --pathspec-file-nul; s=$?; ' +
  '[ "$s" -le 1 ] || exit "$s"; exec git write-tree';

/**
 * The tree of the work tree's files under `pathspecs` (git pathspecs, `:/` for the whole work tree, `:(exclude)…`
 * entries to leave files out); null outside a git repository. Rejects when git fails otherwise.
 */
export async function workTreeTree(cwd: string, pathspecs: readonly string[]): Promise<string | null> {
  const index = await indexFile(cwd);
  if (index === null) return null;
  const dir = await mkdtemp(join(tmpdir(), 'agent-harness-tree-'));
  const scratch = join(dir, 'index');
  const specs = join(dir, 'pathspecs');
  try {
    await copyIndex(index, scratch);
    await writeFile(specs, pathspecs.map((spec) => `${spec}\0`).join(''));
    const result = await runCommand('sh', ['-c', ADD_AND_WRITE, 'sh', specs], {
      cwd,
      env: guardedGitEnv({ ...process.env, GIT_INDEX_FILE: scratch }),
      timeoutMs: 60_000,
    });
    const tree = result.stdout.trim();
    if (result.code !== 0 || !/^[0-9a-f]{40,64}$/.test(tree))
      throw new Error(
        `git add -A and write-tree failed in ${cwd}: ${result.stderr.trim() || `exit code ${result.code}`}`,
      );
    return tree;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
