// What the planfile schema cannot say about a plan, checked on a plan that matches it: task ids are unique (also
// case-insensitively, since they become file names on case-insensitive file systems), every dependency names
// another existing task, and the dependencies form no cycle (the cycle is named, e.g. `a → b → a`).
import { formatKeyPath, formatValue } from '../config/errors.js';
import { closestMatch } from '../config/suggest.js';
import type { PlanProblem } from './problems.js';
import type { Plan } from './schemas.js';

/** Every cross-task problem of `plan`, in file order; empty when there is none. */
export function planProblems(plan: Plan, file: string): PlanProblem[] {
  const problems: PlanProblem[] = [];
  const at = (path: readonly PropertyKey[], message: string) =>
    problems.push({ file, path: formatKeyPath(path), message });

  const firstIndex = new Map<string, number>();
  plan.tasks.forEach((task, index) => {
    const key = task.id.toLowerCase();
    const earlier = firstIndex.get(key);
    if (earlier === undefined) firstIndex.set(key, index);
    else {
      const same =
        plan.tasks[earlier]?.id === task.id ? 'the same id as' : 'an id differing only in case from';
      at(
        ['tasks', index, 'id'],
        `expected a unique task id, found ${formatValue(task.id)} (${same} tasks[${earlier}])`,
      );
    }
  });

  const ids = plan.tasks.map((task) => task.id);
  const known = new Set(ids);
  plan.tasks.forEach((task, index) => {
    const seen = new Set<string>();
    task.depends_on.forEach((dep, d) => {
      const path = ['tasks', index, 'depends_on', d];
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

  for (const cycle of dependencyCycles(plan)) {
    const index = plan.tasks.findIndex((task) => task.id === cycle[0]);
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
export function dependencyCycles(plan: Plan): string[][] {
  const deps = new Map(plan.tasks.map((task) => [task.id, task.depends_on.filter((d) => d !== task.id)]));
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
  for (const task of plan.tasks) if (!state.has(task.id)) visit(task.id);
  // Start each cycle at its task that comes first in the file, so the message reads in file order.
  const order = new Map(plan.tasks.map((task, index) => [task.id, index]));
  return cycles.map((cycle) => {
    let start = 0;
    cycle.forEach((id, i) => {
      if ((order.get(id) ?? 0) < (order.get(cycle[start] ?? '') ?? 0)) start = i;
    });
    return [...cycle.slice(start), ...cycle.slice(0, start)];
  });
}
