// What the planfile schema cannot say about a plan: task ids are unique (also case-insensitively, since they
// become file names on case-insensitive file systems), every dependency names another existing task, and the
// dependencies form no cycle (the cycle is named, e.g. `a → b → a`). The checks also run on a plan that fails its
// schema (taskLinks reads what it can), so one report lists every problem.
import { formatKeyPath, formatValue } from '../config/index.js';
import { closestMatch } from '../config/index.js';
import type { PlanProblem } from './problems.js';

/** What the checks need of a task; a task whose id is not a string is left out (the schema reports it). */
export interface TaskLinks {
  /** The task's position in the file's `tasks`, for the problem's path. */
  index: number;
  id: string;
  depends_on: readonly string[];
}

/** The task links of a plan, or of raw JSON that may not match the schema (non-string entries are skipped). */
export function taskLinks(tasks: unknown): TaskLinks[] {
  if (!Array.isArray(tasks)) return [];
  return tasks.flatMap((task: unknown, index): TaskLinks[] => {
    if (typeof task !== 'object' || task === null) return [];
    const { id, depends_on } = task as { id?: unknown; depends_on?: unknown };
    if (typeof id !== 'string') return [];
    const deps = Array.isArray(depends_on)
      ? depends_on.filter((d): d is string => typeof d === 'string')
      : [];
    return [{ index, id, depends_on: deps }];
  });
}

/** Every cross-task problem among `tasks` (taskLinks), in file order; empty when there is none. */
export function planProblems(tasks: readonly TaskLinks[], file: string): PlanProblem[] {
  const problems: PlanProblem[] = [];
  const at = (path: readonly PropertyKey[], message: string) =>
    problems.push({ file, path: formatKeyPath(path), message });

  const first = new Map<string, TaskLinks>();
  for (const task of tasks) {
    const key = task.id.toLowerCase();
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, task);
    else {
      const same = earlier.id === task.id ? 'the same id as' : 'an id differing only in case from';
      at(
        ['tasks', task.index, 'id'],
        `expected a unique task id, found ${formatValue(task.id)} (${same} tasks[${earlier.index}])`,
      );
    }
  }

  const ids = tasks.map((task) => task.id);
  const known = new Set(ids);
  tasks.forEach((task) => {
    const seen = new Set<string>();
    task.depends_on.forEach((dep, d) => {
      const path = ['tasks', task.index, 'depends_on', d];
      if (dep === task.id)
        at(path, `expected the id of another task, found ${formatValue(dep)} (the task itself)`);
      else if (!known.has(dep)) {
        const close = closestMatch(dep, ids);
        const hint = close === undefined ? `task ids: ${ids.join(', ')}` : `did you mean "${close}"?`;
        at(path, `expected the id of a task of this plan, found ${formatValue(dep)} (${hint})`);
      } else if (seen.has(dep)) at(path, `expected each dependency once, found ${formatValue(dep)} again`);
      seen.add(dep);
    });
  });

  for (const cycle of dependencyCycles(tasks)) {
    const index = tasks.find((task) => task.id === cycle[0])?.index ?? 0;
    at(
      ['tasks', index, 'depends_on'],
      `expected no dependency cycle, found ${cycle.join(' → ')} → ${cycle[0] ?? ''}`,
    );
  }
  return problems;
}

/**
 * Each cycle among the tasks' dependencies once, as the ids along it starting from the cycle's first task in
 * file order (`['a', 'b']` for a → b → a). Self-dependencies and unknown ids are reported elsewhere and ignored.
 */
export function dependencyCycles(tasks: readonly Pick<TaskLinks, 'id' | 'depends_on'>[]): string[][] {
  // A duplicated id (reported elsewhere) keeps the dependencies of its first task.
  const deps = new Map<string, string[]>();
  for (const task of tasks)
    if (!deps.has(task.id))
      deps.set(
        task.id,
        task.depends_on.filter((d) => d !== task.id),
      );
  const state = new Map<string, 'active' | 'finished'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (id: string): void => {
    state.set(id, 'active');
    stack.push(id);
    for (const dep of deps.get(id) ?? []) {
      if (!deps.has(dep)) continue;
      const seen = state.get(dep);
      if (seen === 'active') cycles.push(stack.slice(stack.indexOf(dep)));
      else if (seen === undefined) visit(dep);
    }
    stack.pop();
    state.set(id, 'finished');
  };
  for (const task of tasks) if (!state.has(task.id)) visit(task.id);
  // Start each cycle at its task that comes first in the file, so the message reads in file order.
  const order = new Map<string, number>();
  tasks.forEach((task, index) => order.set(task.id, order.get(task.id) ?? index));
  return cycles.map((cycle) => {
    let start = 0;
    cycle.forEach((id, i) => {
      if ((order.get(id) ?? 0) < (order.get(cycle[start] ?? '') ?? 0)) start = i;
    });
    return [...cycle.slice(start), ...cycle.slice(0, start)];
  });
}
