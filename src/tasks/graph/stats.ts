// The task list's statistics: the STATS figures of the protocol's "Session Statistics" and "Status Command".
import type { Task } from '../schema.js';
import { isPermanentlyFailed } from './failure.js';

export interface TaskStats {
  tasks_total: number;
  completed: number;
  failed: number;
  pending: number;
  blocked: number;
  attempts_total: number;
  checkpoints: number;
}

/**
 * The STATS figures. `blocked` counts pending tasks with a permanently failed task among their direct
 * `depends_on` (computed, not a stored status; 0 right after validateDependencies, which fails them). A task
 * `in_progress` counts only in tasks_total.
 */
export function taskStats(tasks: readonly Task[]): TaskStats {
  const dead = new Set<string>();
  for (const task of tasks) if (isPermanentlyFailed(task)) dead.add(task.id);
  const stats: TaskStats = {
    tasks_total: tasks.length,
    completed: 0,
    failed: 0,
    pending: 0,
    blocked: 0,
    attempts_total: 0,
    checkpoints: 0,
  };
  for (const task of tasks) {
    if (task.status === 'completed') stats.completed++;
    else if (task.status === 'failed') stats.failed++;
    else if (task.status === 'pending') {
      stats.pending++;
      if (task.depends_on.some((dep) => dead.has(dep))) stats.blocked++;
    }
    stats.attempts_total += task.attempts;
    stats.checkpoints += task.checkpoints.length;
  }
  return stats;
}

/** The body of a STATS line: `tasks_total=10 completed=7 failed=1 pending=2 blocked=0 attempts_total=12 checkpoints=23`. */
export function formatStats(stats: TaskStats): string {
  return (
    `tasks_total=${stats.tasks_total} completed=${stats.completed} failed=${stats.failed} ` +
    `pending=${stats.pending} blocked=${stats.blocked} attempts_total=${stats.attempts_total} ` +
    `checkpoints=${stats.checkpoints}`
  );
}
