// Status transitions of a plan and its tasks: a task goes `todo → doing → done` (a `doing` task may be started
// again, which is how the loop resumes one), and the plan's status is derived from its tasks: `todo` until one
// starts, `done` when all are, `doing` in between. Pure: every function returns a new plan; files.ts writes it.
import type { Plan, PlanTask, Status } from './schemas.js';

/** The plan's status from its tasks' statuses. */
export function derivePlanStatus(tasks: readonly Pick<PlanTask, 'status'>[]): Status {
  if (tasks.length > 0 && tasks.every((task) => task.status === 'done')) return 'done';
  if (tasks.every((task) => task.status === 'todo')) return 'todo';
  return 'doing';
}

/** Which task statuses may follow which: forward only, and `doing → doing` to resume. */
const ALLOWED: Record<Status, readonly Status[]> = {
  todo: ['doing'],
  doing: ['doing', 'done'],
  done: [],
};

export const canTransition = (from: Status, to: Status): boolean => ALLOWED[from].includes(to);

/**
 * `plan` with task `taskId` set to `to` and the plan's status derived again. An unknown task or a transition
 * canTransition forbids is a program error (the loop must never make it): a plain Error.
 */
export function setTaskStatus(plan: Plan, taskId: string, to: Status): Plan {
  const task = plan.tasks.find((t) => t.id === taskId);
  if (!task) throw new Error(`plan ${plan.id} has no task ${JSON.stringify(taskId)}`);
  if (!canTransition(task.status, to))
    throw new Error(`task ${taskId} cannot go from ${task.status} to ${to}`);
  const tasks = plan.tasks.map((t) => (t.id === taskId ? { ...t, status: to } : t));
  return { ...plan, tasks, status: derivePlanStatus(tasks) };
}

/** The loop starts (or resumes) a task. */
export const startTask = (plan: Plan, taskId: string): Plan => setTaskStatus(plan, taskId, 'doing');

/** The task's review passed. */
export const completeTask = (plan: Plan, taskId: string): Plan => setTaskStatus(plan, taskId, 'done');
