// Which of the planfile's `done` tasks the loop may take as done. The planfile lives in the working tree, where an
// agent can write; the harness puts it back after every session (owned-files.ts), but a harness killed while a
// session runs (which an agent running as the same user can do itself) leaves whatever the agent wrote. So a task
// counts as done only when progress.json records a try the harness decided `done`, or when it was done before
// the plan's first loop (a plan written with finished tasks). Any other `done` is taken back. Pure.
import { derivePlanStatus } from './plan-status.js';
import type { PlanProgress } from './progress.js';
import type { Plan } from './schemas.js';

const passed = (progress: PlanProgress, taskId: string): boolean =>
  progress.tasks[taskId]?.tries.some((t) => t.decision === 'done') ?? false;

/** The tasks done before the plan's first loop: those the planfile marks done that no try passed. */
export const doneBeforeLoop = (plan: Plan, progress: PlanProgress): string[] =>
  plan.tasks.filter((t) => t.status === 'done' && !passed(progress, t.id)).map((t) => t.id);

/** The tasks the planfile marks done although no try passed them and they were not done before the first loop. */
export function unearnedDone(plan: Plan, progress: PlanProgress): string[] {
  const before = new Set(progress.done_before_loop ?? doneBeforeLoop(plan, progress));
  return plan.tasks
    .filter((t) => t.status === 'done' && !before.has(t.id) && !passed(progress, t.id))
    .map((t) => t.id);
}

/** `plan` with those tasks open again: `doing` when the loop has started them, else `todo`; the plan's status derived. */
export function reopenTasks(plan: Plan, ids: readonly string[], progress: PlanProgress): Plan {
  const reopen = new Set(ids);
  const tasks = plan.tasks.map((t) =>
    reopen.has(t.id)
      ? {
          ...t,
          status: progress.tasks[t.id] !== undefined ? ('doing' as const) : ('todo' as const),
        }
      : t,
  );
  return { ...plan, tasks, status: derivePlanStatus(tasks) };
}
