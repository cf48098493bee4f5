// Did a session commit? In a git working directory only git can say: a commit was made when HEAD or a local
// branch moved to a new commit. A commit pattern in what the agent said is then weaker evidence, reported but not
// taken for a commit (agents say "committed" of commits they did not make, and "nothing to commit"). Outside git,
// the patterns are all there is, and they decide.
import type { RefMoves } from '../os/git-refs.js';

/**
 * `head` / `branch`: git shows a new commit on HEAD / only on some other local branch; `pattern+…`: a commit
 * pattern matched as well. `pattern`: a pattern matched, and no commit was made (in git) or git is not there to
 * ask (outside git: committed). Null: no evidence at all.
 */
export type CommitEvidence = 'pattern+head' | 'pattern+branch' | 'head' | 'branch' | 'pattern' | null;

export interface CommitVerdict {
  committed: boolean;
  evidence: CommitEvidence;
}

/** `moves` is null outside a git working directory. */
export function commitEvidence(patternMatched: boolean, moves: RefMoves | null): CommitVerdict {
  if (moves === null) return { committed: patternMatched, evidence: patternMatched ? 'pattern' : null };
  const git = moves.head ? 'head' : moves.branches.length > 0 ? 'branch' : null;
  if (git === null) return { committed: false, evidence: patternMatched ? 'pattern' : null };
  return { committed: true, evidence: patternMatched ? `pattern+${git}` : git };
}

/** One line for the status file and console: what was seen, and whether it counted. */
export function describeCommitEvidence(input: {
  evidence: CommitEvidence;
  committed: boolean;
  pattern: string | null;
  branches?: readonly string[];
}): string | null {
  const { evidence, committed, pattern } = input;
  if (evidence === null) return null;
  const parts: string[] = [];
  if (evidence.endsWith('head')) parts.push('HEAD moved');
  if (evidence.endsWith('branch')) {
    const names = (input.branches ?? []).map((ref) => ref.replace(/^refs\/heads\//, ''));
    parts.push(names.length > 0 ? `branch ${names.join(', ')} moved` : 'a branch moved');
  }
  if (pattern !== null) parts.push(`${pattern} detected`);
  if (evidence === 'pattern' && !committed) parts.push('but no commit was made');
  return parts.join(', ');
}
