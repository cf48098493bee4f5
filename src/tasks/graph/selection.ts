// Task selection, as the task protocol's "Task Selection Algorithm" describes it: pending tasks whose dependencies
// are all completed (by priority, then id), then retryable failed ones (by priority, oldest failure, then id).
import type { Priority, Task } from '../schema.js';
import { isRetryable } from './failure.js';
import { compareTaskIds } from './ids.js';

const PRIORITY_RANK: Record<Priority, number> = { P0: 0, P1: 1, P2: 2 };

function priorityRank(priority: Priority): number {
  return PRIORITY_RANK[priority] ?? 3;
}

function statusById(tasks: readonly Task[]): Map<string, Task['status']> {
  const map = new Map<string, Task['status']>();
  for (const task of tasks) if (!map.has(task.id)) map.set(task.id, task.status);
  return map;
}

function depsCompleted(task: Task, status: Map<string, Task['status']>): boolean {
  return task.depends_on.every((dep) => status.get(dep) === 'completed');
}

/** Pass 1 order: priority (P0 first), then id by number. */
export function comparePending(a: Task, b: Task): number {
  return priorityRank(a.priority) - priorityRank(b.priority) || compareTaskIds(a.id, b.id);
}

/** When the task failed, in epoch ms; -Infinity when unknown (missing or unparseable `failed_at`). */
function failedAtMs(task: Task): number {
  if (task.failed_at === null || task.failed_at === undefined) return -Infinity;
  const ms = Date.parse(task.failed_at);
  return Number.isNaN(ms) ? -Infinity : ms;
}

/**
 * Pass 2 order: priority, then oldest failure first, then id. A task without a (parseable) `failed_at` counts as
 * the oldest failure: it failed before the harness recorded failure times, or someone wrote the file by hand.
 */
export function compareRetry(a: Task, b: Task): number {
  const byPriority = priorityRank(a.priority) - priorityRank(b.priority);
  if (byPriority !== 0) return byPriority;
  const fa = failedAtMs(a);
  const fb = failedAtMs(b);
  if (fa !== fb) return fa < fb ? -1 : 1;
  return compareTaskIds(a.id, b.id);
}

/**
 * Every task that could be started now, in selection order: pending tasks whose dependencies are all completed
 * (by comparePending), then retryable failed tasks whose dependencies are all completed (by compareRetry).
 * Tasks with a `[DEPENDENCY]` entry are never retried. Run validateDependencies first.
 */
export function readyTasks(tasks: readonly Task[]): Task[] {
  const status = statusById(tasks);
  const fresh = tasks.filter((t) => t.status === 'pending' && depsCompleted(t, status)).sort(comparePending);
  const retries = tasks.filter((t) => isRetryable(t) && depsCompleted(t, status)).sort(compareRetry);
  return [...fresh, ...retries];
}

/** The protocol's next task (the first of readyTasks), or null when nothing is eligible. Linear time. */
export function selectNextTask(tasks: readonly Task[]): Task | null {
  const status = statusById(tasks);
  let best: Task | null = null;
  for (const task of tasks) {
    if (task.status !== 'pending' || !depsCompleted(task, status)) continue;
    if (best === null || comparePending(task, best) < 0) best = task;
  }
  if (best !== null) return best;
  for (const task of tasks) {
    if (!isRetryable(task) || !depsCompleted(task, status)) continue;
    if (best === null || compareRetry(task, best) < 0) best = task;
  }
  return best;
}
