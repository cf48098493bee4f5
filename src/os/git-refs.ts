// The git facts commit detection needs: where HEAD is and where every local branch points, before and after a
// session. Null outside a repository (or when git is not installed). Read from the repository's files
// (git-ref-reader.ts), so that an iteration spawns no git; git itself answers whatever the reader cannot read.
import { readRefsFromFiles } from './git-ref-reader.js';
import { runGit } from './git.js';

export interface GitRefs {
  /** The commit HEAD resolves to; null before the first commit. */
  head: string | null;
  /** Local branches (`refs/heads/...`) and the commits they point to. */
  branches: Record<string, string>;
}

export interface RefMoves {
  head: boolean;
  /** Branches created, moved or deleted, by full ref name. */
  branches: string[];
}

/** Git's exit code and stdout; -1 when git could not be run at all (not installed, a timeout). */
async function gitCode(cwd: string, args: string[]): Promise<{ code: number; stdout: string }> {
  return runGit(cwd, args, 10_000).catch(() => ({ code: -1, stdout: '' }));
}

/** HEAD and every local branch; null when `cwd` is not in a git working directory. */
export async function gitRefs(cwd: string): Promise<GitRefs | null> {
  const read = readRefsFromFiles(cwd);
  return read === 'ask-git' ? gitShowRefs(cwd) : read;
}

/** HEAD and every local branch, in one git call (`git show-ref --head --heads`). */
export async function gitShowRefs(cwd: string): Promise<GitRefs | null> {
  // Exit 0: refs listed (HEAD first, unless unborn); 1: none at all (an empty repository); 128: no repository.
  const out = await gitCode(cwd, ['show-ref', '--head', '--heads']);
  if (out.code !== 0 && out.code !== 1) return null;
  const refs: GitRefs = { head: null, branches: {} };
  for (const line of out.stdout.split('\n')) {
    const space = line.indexOf(' ');
    if (space <= 0) continue;
    const sha = line.slice(0, space);
    const name = line.slice(space + 1);
    if (name === 'HEAD') refs.head = sha;
    else if (name.startsWith('refs/heads/')) refs.branches[name] = sha;
  }
  return refs;
}

/**
 * What moved between two snapshots: HEAD, and branches created or moved, each only to a commit that neither HEAD
 * nor any branch pointed to before. Checking out or creating a branch at an existing commit, or deleting one, makes
 * no commit, so it is no move here.
 */
export function refMoves(before: GitRefs, after: GitRefs): RefMoves {
  const known = new Set(Object.values(before.branches));
  if (before.head !== null) known.add(before.head);
  const moved = (sha: string | null | undefined): sha is string => sha != null && !known.has(sha);
  const branches = Object.keys(after.branches)
    .filter((name) => after.branches[name] !== before.branches[name] && moved(after.branches[name]))
    .sort();
  return { head: after.head !== before.head && moved(after.head), branches };
}
