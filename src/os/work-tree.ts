// The work tree as git would commit it, without touching what the user has: a tree object of every tracked and
// untracked file (ignored ones left out, as `git add -A` leaves them), less the pathspecs excluded, written
// through a copy of the repository's index in a temporary file (so git reuses its stat cache and hashes only
// what changed). The user's index, branches and HEAD never move; only loose objects are added, which git's
// garbage collection removes when nothing refers to them.
//
// Two trees taken before and after a session differ exactly when the session changed a file (content, mode, a new
// or removed file) that git would see: the no-progress check compares them; a commit made from the second keeps
// interrupted work.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gitFailure, runGit } from './git.js';

/** The repository's index file (`git rev-parse --git-path index`), absolute; null outside a repository. */
async function indexFile(cwd: string): Promise<string | null> {
  const result = await runGit(cwd, ['rev-parse', '--path-format=absolute', '--git-path', 'index']);
  return result.code === 0 ? result.stdout.trim() : null;
}

/**
 * The tree of the work tree's files under `pathspecs` (git pathspecs, `:/` for the whole work tree, `:(exclude)…`
 * entries to leave files out); null outside a git repository. Rejects when git fails otherwise.
 */
export async function workTreeTree(cwd: string, pathspecs: readonly string[]): Promise<string | null> {
  const index = await indexFile(cwd);
  if (index === null) return null;
  const dir = await mkdtemp(join(tmpdir(), 'agent-harness-tree-'));
  const scratch = join(dir, 'index');
  try {
    await copyFile(index, scratch).catch((error: NodeJS.ErrnoException) => {
      // A repository with nothing staged yet has no index: git starts an empty one.
      if (error.code !== 'ENOENT') throw error;
    });
    const env = { ...process.env, GIT_INDEX_FILE: scratch };
    const add = ['add', '-A', '--ignore-errors', '--', ...pathspecs];
    const added = await runGit(cwd, add, undefined, env);
    // --ignore-errors: a file that cannot be read (the agent's 0000 file, a socket) is left as the index had it.
    if (added.code !== 0 && added.code !== 1) throw gitFailure(cwd, add, added);
    const written = await runGit(cwd, ['write-tree'], undefined, env);
    if (written.code !== 0) throw gitFailure(cwd, ['write-tree'], written);
    return written.stdout.trim();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
