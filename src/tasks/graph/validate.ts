// The protocol's dependency validation over a whole task list: cycles first, then blocked propagation, returning the
// tasks as they are afterwards and the changes made (the input is never modified). No I/O and no clock: the caller
// passes the time in.
import type { Task } from '../schema.js';
import { blockedEntries } from './blocked.js';
import { cycleEntries } from './cycles.js';
import { buildDependencyGraph } from './structure.js';

export interface DependencyChange {
  id: string;
  kind: 'cycle' | 'blocked';
  /** The entry appended to the task's error_log, e.g. `[DEPENDENCY] Blocked by failed task-003`. */
  message: string;
}

export interface DependencyValidation {
  /** Same order as the input; changed tasks are new objects, unchanged ones are the input's own (shared). */
  tasks: Task[];
  /** Cycles first (by id), then blocked tasks in propagation order (breadth first from the failed ones). */
  changes: DependencyChange[];
}

/**
 * Runs the protocol's dependency validation and returns the tasks as they are afterwards; the input is never
 * modified.
 *
 * 1. Cycles: every non-completed task on a dependency cycle (a strongly connected component of the graph of
 *    non-completed tasks with more than one task, or a task depending on itself) becomes `failed` with
 *    `[DEPENDENCY] Circular dependency detected: task-A -> task-B -> task-A`, a simple cycle starting and ending at
 *    the task itself (its own self-reference when it has one; paths over 20 ids are shortened to their first and
 *    last 8 ids around `... N more ...`). A task merely depending on a cycle is not on it: step 2 blocks it.
 * 2. Blocked: breadth first over reverse edges from every permanently failed task (including those of step 1),
 *    each non-completed dependent becomes `failed` with `[DEPENDENCY] Blocked by failed task-X`, X being the
 *    first permanently failed dependency the search reached it from; this reaches the protocol's fixed point.
 *
 * A task that already has a `[DEPENDENCY]` entry is never logged again (so a second run changes nothing).
 * `failed_at` is set to `nowIso` when a task moves into `failed`; a task that was already failed keeps its
 * `failed_at`. `attempts` are not touched. The work is linear in tasks + edges (iterative Tarjan, one queue),
 * plus the length of the cycle paths it writes; the result does not depend on the order of the input array.
 */
export function validateDependencies(tasks: readonly Task[], nowIso: string): DependencyValidation {
  const graph = buildDependencyGraph(tasks);
  const added: Array<string | undefined> = new Array<string | undefined>(graph.n);
  const changes: DependencyChange[] = [];

  // Step 1: every task on a cycle fails; it then blocks its dependents like any permanently failed task.
  for (const { node, message } of cycleEntries(graph)) {
    added[node] = message;
    graph.depEntry[node] = 1;
    graph.permFailed[node] = 1;
    changes.push({ id: tasks[node]!.id, kind: 'cycle', message });
  }

  // Step 2: one breadth-first pass over reverse edges from every permanently failed task.
  for (const { node, message } of blockedEntries(graph)) {
    added[node] = message;
    changes.push({ id: tasks[node]!.id, kind: 'blocked', message });
  }

  const result = tasks.map((task, i): Task => {
    const message = added[i];
    if (message === undefined) return task;
    return {
      ...task,
      status: 'failed',
      error_log: [...task.error_log, message],
      failed_at: task.status === 'failed' ? task.failed_at : nowIso,
    };
  });
  return { tasks: result, changes };
}
