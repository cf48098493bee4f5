// Which task comes next. Tasks run in dependency order, file order among tasks whose dependencies are equally
// satisfied; a task already `doing` (the loop stopped in it) resumes before any new one starts. When no task
// can start although some are not done, the answer names each waiting task and why it cannot start.
import type { Plan, PlanTask } from './schemas.js';

/**
 * The tasks in dependency order, stable by file order (Kahn's algorithm taking the earliest ready task each
 * step). Tasks caught in a cycle or depending on an unknown id (a plan that was not validated) come last, in
 * file order.
 */
export function taskOrder(plan: Plan): PlanTask[] {
  const ids = new Set(plan.tasks.map((task) => task.id));
  const placed = new Set<string>();
  const order: PlanTask[] = [];
  for (;;) {
    const ready = plan.tasks.find(
      (task) => !placed.has(task.id) && task.depends_on.every((dep) => placed.has(dep) || !ids.has(dep)),
    );
    if (!ready) break;
    placed.add(ready.id);
    order.push(ready);
  }
  return [...order, ...plan.tasks.filter((task) => !placed.has(task.id))];
}

/** Why a task cannot start: one entry per dependency that is not done. */
export interface WaitingOn {
  id: string;
  why: 'not done' | 'unknown task' | 'skipped' | 'itself';
}

export type Next =
  | { kind: 'task'; task: PlanTask }
  | { kind: 'done' }
  | { kind: 'blocked'; blocked: Array<{ task: PlanTask; waitingOn: WaitingOn[] }> };

/**
 * The task to work on: the first `doing` task whose dependencies are done, else the first `todo` one, in
 * taskOrder. `skip` holds tasks the loop gave up on (they exhausted their tries): they are not offered, and the
 * tasks depending on them are blocked. `done` when every task is done (skipped ones aside).
 */
export function nextTask(plan: Plan, skip: ReadonlySet<string> = new Set()): Next {
  const byId = new Map(plan.tasks.map((task) => [task.id, task]));
  const waitingOn = (task: PlanTask): WaitingOn[] =>
    task.depends_on.flatMap((id): WaitingOn[] => {
      if (id === task.id) return [{ id, why: 'itself' }];
      const dep = byId.get(id);
      if (dep === undefined) return [{ id, why: 'unknown task' }];
      if (skip.has(id)) return [{ id, why: 'skipped' }];
      return dep.status === 'done' ? [] : [{ id, why: 'not done' }];
    });
  const open = taskOrder(plan).filter((task) => task.status !== 'done' && !skip.has(task.id));
  if (open.length === 0) return { kind: 'done' };
  const ready = open.filter((task) => waitingOn(task).length === 0);
  const task = ready.find((t) => t.status === 'doing') ?? ready[0];
  if (task) return { kind: 'task', task };
  return { kind: 'blocked', blocked: open.map((t) => ({ task: t, waitingOn: waitingOn(t) })) };
}

const WHY: Record<WaitingOn['why'], string> = {
  'not done': 'is not done',
  'unknown task': 'is not a task of this plan',
  skipped: 'exhausted its tries',
  itself: 'is the task itself',
};

/** `task 3_b waits for 2_a (exhausted its tries)`: one line per blocked task, for a message or a log. */
export function describeBlocked(next: Extract<Next, { kind: 'blocked' }>): string {
  return next.blocked
    .map(
      ({ task, waitingOn }) =>
        `task ${task.id} waits for ${waitingOn.map((w) => `${w.id} (which ${WHY[w.why]})`).join(', ')}`,
    )
    .join('\n');
}
