// Folding fan-out jobs back into one task file. Each job worked on one task in its own copy of the file; for
// every task the record that shows the most progress wins: completed over anything, then more attempts, then
// touched over untouched. Tasks only the main file knows stay as they are; unknown tasks in an outcome are
// reported and ignored (an outcome must not add work).
import type { Task, TaskFile } from './schema.js';
import { readTaskFile } from './store.js';

function rank(task: Task): [number, number, number] {
  return [task.status === 'completed' ? 1 : 0, task.attempts, task.status === 'pending' ? 0 : 1];
}

function moreProgress(a: Task, b: Task): boolean {
  const [x, y] = [rank(a), rank(b)];
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! > y[i]!;
  return false;
}

export function foldOutcome(
  base: TaskFile,
  outcome: TaskFile,
): { file: TaskFile; changed: string[]; unknown: string[] } {
  const known = new Map(base.tasks.map((t) => [t.id, t]));
  const changed: string[] = [];
  const unknown: string[] = [];
  const better = new Map<string, Task>();
  for (const task of outcome.tasks) {
    const current = known.get(task.id);
    if (!current) unknown.push(task.id);
    else if (moreProgress(task, current)) {
      // An in_progress record is a job that died mid-task: the next session's recovery will judge it.
      better.set(task.id, task);
      changed.push(`${task.id}: ${current.status} -> ${task.status} (attempts ${task.attempts})`);
    }
  }
  return { file: { ...base, tasks: base.tasks.map((t) => better.get(t.id) ?? t) }, changed, unknown };
}

export async function mergeOutcomes(
  base: TaskFile,
  paths: readonly string[],
): Promise<{ file: TaskFile; report: string[] }> {
  let file = base;
  const report: string[] = [];
  for (const path of paths) {
    const read = await readTaskFile(path);
    if (!read) {
      report.push(`${path}: not found, skipped`);
      continue;
    }
    const folded = foldOutcome(file, read.file);
    file = folded.file;
    for (const line of folded.changed) report.push(`${path}: ${line}`);
    if (folded.unknown.length > 0)
      report.push(`${path}: ignored tasks not in the main file: ${folded.unknown.join(', ')}`);
    if (folded.changed.length === 0) report.push(`${path}: nothing new`);
  }
  return { file, report };
}
