// The no-progress stop (`progress.max_idle_sessions`): a completed session that changed nothing counts as idle; that
// many in a row end the loop with `no_progress`. Changed means a new commit on HEAD or any local branch (the agent's
// own, a post hook's, or the task driver's commit of a task's work: commits made inside the loop are progress), a
// file of the user's that differs after the session (tracked or untracked: the work tree as a git tree, the
// harness's own files left out, os/work-tree.ts), or a task done. Nothing here reads the agent's words: a
// transcript saying "error" or "done" changes nothing. Pure.

/** What one iteration slot's completed session did, as far as progress goes. */
export interface SessionChange {
  /** A session completed (an empty one, skipped after its retries, neither moves nor resets the count). */
  completed: boolean;
  /** A commit or a changed file; null where that cannot be told (outside git, git failed): never idle then. */
  changed: boolean | null;
  /** The driver's work for the iteration was done (a task completed). */
  workDone: boolean;
}

/** The idle count after an iteration: reset by any change (or by not knowing), one more after an idle session. */
export function nextIdle(idle: number, session: SessionChange): number {
  if (!session.completed) return idle;
  if (session.changed !== false || session.workDone) return 0;
  return idle + 1;
}

/** Whether the count ends the loop (`max` 0 turns the check off). */
export const idleStop = (idle: number, max: number): boolean => max > 0 && idle >= max;

/** What was checked, for the stop's log line. */
export const IDLE_CHECKED =
  "no new commit on any branch, no change to the work tree outside the harness's files, no task done";
