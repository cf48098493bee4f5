// The git facts commit detection needs: where HEAD is and where every local branch points, before and after a
// session. Null outside a repository (or when git is not installed).
import { execFile } from 'node:child_process';

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

function git(cwd: string, args: string[]): Promise<{ ok: boolean; stdout: string }> {
  return new Promise((resolve) => {
    execFile('git', args, { cwd, timeout: 10_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => {
      resolve({ ok: error === null, stdout });
    });
  });
}

export async function gitHead(cwd: string): Promise<string | null> {
  const out = await git(cwd, ['rev-parse', '--verify', '-q', 'HEAD']);
  return out.ok ? out.stdout.trim() || null : null;
}

/** HEAD and every local branch; null when `cwd` is not in a git working directory. */
export async function gitRefs(cwd: string): Promise<GitRefs | null> {
  // for-each-ref succeeds in any repository, an empty one too, and fails outside one.
  const [refs, head] = await Promise.all([
    git(cwd, ['for-each-ref', '--format=%(objectname) %(refname)', 'refs/heads']),
    gitHead(cwd),
  ]);
  if (!refs.ok) return null;
  const branches: Record<string, string> = {};
  for (const line of refs.stdout.split('\n')) {
    const space = line.indexOf(' ');
    if (space > 0) branches[line.slice(space + 1)] = line.slice(0, space);
  }
  return { head, branches };
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
