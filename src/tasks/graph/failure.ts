// A task's failure state as the dependency graph sees it: `[DEPENDENCY]` entries, permanently failed (never
// retried) and retryable failed tasks. A `[DEPENDENCY]` entry is an `error_log` entry that starts with
// `[DEPENDENCY]` (leading blanks ignored), the way the harness writes categories
// (`[TASK_EXEC] Redis connection refused`).
import type { Task } from '../schema.js';

export const DEPENDENCY_TAG = '[DEPENDENCY]';

/** True when the task's error_log holds a `[DEPENDENCY]` entry: such a task is never retried. */
export function hasDependencyError(task: Pick<Task, 'error_log'>): boolean {
  return task.error_log.some((entry) => entry.trimStart().startsWith(DEPENDENCY_TAG));
}

/** Failed and never to be retried: attempts used up, or failed for a dependency reason. */
export function isPermanentlyFailed(task: Task): boolean {
  return task.status === 'failed' && (task.attempts >= task.max_attempts || hasDependencyError(task));
}

/** Failed but may be retried (selection pass 2, once its dependencies are completed). */
export function isRetryable(task: Task): boolean {
  return task.status === 'failed' && task.attempts < task.max_attempts && !hasDependencyError(task);
}
