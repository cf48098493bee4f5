// Blocked propagation: a task that depends, directly or through other tasks, on a permanently failed task can never
// run. Validation fails such tasks with `[DEPENDENCY] Blocked by failed task-X`; remainingWork uses the same
// transitive reach to tell whether anything can still be done.
import type { Task } from '../schema.js';
import { DEPENDENCY_TAG, isPermanentlyFailed } from './failure.js';
import type { DependencyGraph } from './structure.js';

/**
 * One breadth-first pass over reverse edges from every permanently failed task (in id order): each non-completed
 * dependent without a `[DEPENDENCY]` entry gets `[DEPENDENCY] Blocked by failed task-X`, X being the first
 * permanently failed dependency the search reached it from; this reaches the protocol's fixed point. Returns the
 * blocked tasks in propagation order, and marks them in `graph.depEntry` and `graph.permFailed`.
 */
export function blockedEntries(graph: DependencyGraph): Array<{ node: number; message: string }> {
  const { n, order, rev, completed, depEntry, permFailed, tasks } = graph;
  const entries: Array<{ node: number; message: string }> = [];
  const queue = new Int32Array(n);
  const queued = new Uint8Array(n);
  let head = 0;
  let tail = 0;
  for (const i of order) {
    if (permFailed[i]) {
      queue[tail++] = i;
      queued[i] = 1;
    }
  }
  while (head < tail) {
    const f = queue[head++]!;
    for (let e = rev.start[f]!; e < rev.start[f + 1]!; e++) {
      const t = rev.targets[e]!;
      if (completed[t] || depEntry[t]) continue;
      depEntry[t] = 1;
      permFailed[t] = 1;
      entries.push({ node: t, message: `${DEPENDENCY_TAG} Blocked by failed ${tasks[f]!.id}` });
      if (!queued[t]) {
        queued[t] = 1;
        queue[tail++] = t;
      }
    }
  }
  return entries;
}

/**
 * The tasks that will never run again: permanently failed, or depending (transitively) on one that is. Completed
 * tasks are never in it.
 */
export function failedForGood(tasks: readonly Task[]): Set<string> {
  const dependents = new Map<string, Task[]>();
  const queue: string[] = [];
  const doomed = new Set<string>();
  for (const task of tasks) {
    if (task.status === 'completed') continue;
    for (const dep of task.depends_on) {
      const list = dependents.get(dep);
      if (list) list.push(task);
      else dependents.set(dep, [task]);
    }
    if (isPermanentlyFailed(task)) {
      doomed.add(task.id);
      queue.push(task.id);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    for (const task of dependents.get(queue[head]!) ?? []) {
      if (doomed.has(task.id)) continue;
      doomed.add(task.id);
      queue.push(task.id);
    }
  }
  return doomed;
}

/**
 * False when a stopping condition holds: every task completed, or every remaining task permanently failed or
 * blocked (transitively) by a permanently failed dependency. True with nothing selectable means work is waiting on
 * an in_progress task; on input not yet validated, tasks on a cycle also count as remaining work. `doomed` is
 * failedForGood(tasks), when the caller has it already.
 */
export function remainingWork(tasks: readonly Task[], doomed = failedForGood(tasks)): boolean {
  return tasks.some((task) => task.status !== 'completed' && !doomed.has(task.id));
}
