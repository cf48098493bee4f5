// A failed attempt's work kept before its rollback removes it: what the task changed and made, as a commit on
// `refs/agent-harness/wip/task-<id>-<attempt>` (os/keep-work.ts), so a person can look at what the agent tried
// (`git show --stat <ref>`) or take it back. The user's branch, HEAD and index do not move; the untracked files
// from before the claim, and the user's files left dirty at it, stay out. Never throws: a failure is the reason
// returned, and the rollback goes on.
import { keepWork, WIP_REF_PREFIX } from '../os/keep-work.js';
import type { ClaimRecord } from './claim.js';
import { listUntracked } from './claim.js';
import { userFiles } from './git.js';
import type { HarnessGitView } from '../state/index.js';

/** Where the task runs and what is the harness's (touched.ts TaskTree). */
interface Tree {
  place: { cwd: string };
  harness: HarnessGitView;
}

/** Which attempt of which task is rolled back. */
export interface Attempt {
  task: string;
  number: number;
}

/** `refs/agent-harness/wip/task-<id>-<n>`, the id made a valid ref name component. Pure. */
export function taskWipRef(attempt: Attempt): string {
  const id = attempt.task.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^[-_]+/, '') || 'task';
  return `${WIP_REF_PREFIX}task-${id}-${attempt.number}`;
}

/** What is not the attempt's: the untracked files from before the claim and the user's files left dirty at it. */
async function notTheAttempt(tree: Tree, record: ClaimRecord | null): Promise<string[]> {
  // No record: what existed before is not known, so nothing untracked is taken as the task's.
  if (!record) return listUntracked(tree.place.cwd, tree.harness);
  const stash = record.stash;
  const stayed = stash ? stash.paths.filter((p) => !stash.cleared.includes(p)) : [];
  return [...record.tree.untracked, ...stayed];
}

/** Keeps the attempt's work; the ref, null when there was nothing to keep, or `{ error }` when git failed. */
export async function keepAttempt(
  tree: Tree,
  record: ClaimRecord | null,
  attempt: Attempt,
): Promise<string | null | { error: string }> {
  try {
    const kept = await keepWork({
      cwd: tree.place.cwd,
      pathspecs: userFiles(tree.harness),
      headBefore: null,
      treeBefore: null,
      leaveOut: await notTheAttempt(tree, record),
      ref: taskWipRef(attempt),
      message:
        `agent-harness: work of task ${attempt.task}, attempt ${attempt.number}, before its rollback\n\n` +
        `What the failed attempt changed and did not commit, on top of HEAD; nothing of the user's branch, HEAD ` +
        `or index was moved.\n`,
    });
    return kept?.ref ?? null;
  } catch (error) {
    return { error: (error as Error).message };
  }
}
