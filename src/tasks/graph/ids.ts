// Task ids: their order (by trailing number, then as strings) and the id for a new task.
import type { Task } from '../schema.js';

/** The number in an id (`task-010` → `10`, leading zeros dropped), or null when it does not end in digits. */
function idNumber(id: string): string | null {
  const match = /(\d+)$/.exec(id);
  if (!match) return null;
  return match[1]!.replace(/^0+(?=\d)/, '');
}

function compareNumberStrings(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Orders ids by their number (`task-2` < `task-10` < `task-0011`, exact at any length), then as plain strings
 * (`task-010` < `task-10`). Ids without a trailing number sort after numbered ones.
 */
export function compareTaskIds(a: string, b: string): number {
  const na = idNumber(a);
  const nb = idNumber(b);
  if (na !== null && nb !== null) {
    const byNumber = compareNumberStrings(na, nb);
    if (byNumber !== 0) return byNumber;
  } else if (na !== null) return -1;
  else if (nb !== null) return 1;
  return compareStrings(a, b);
}

/** Indices of tasks in compareTaskIds order, each id's number extracted once. */
export function sortedById(tasks: readonly Task[]): number[] {
  const numbers = tasks.map((t) => idNumber(t.id));
  return Array.from({ length: tasks.length }, (_, i) => i).sort((a, b) => {
    const na = numbers[a]!;
    const nb = numbers[b]!;
    if (na !== null && nb !== null) {
      const byNumber = compareNumberStrings(na, nb);
      if (byNumber !== 0) return byNumber;
    } else if (na !== null) return -1;
    else if (nb !== null) return 1;
    return compareStrings(tasks[a]!.id, tasks[b]!.id);
  });
}

/** The id for a new task: `task-NNN`, one more than the highest `task-<digits>` id, at least three digits. */
export function nextTaskId(tasks: readonly Task[]): string {
  let max = 0n;
  for (const task of tasks) {
    const match = /^task-(\d+)$/.exec(task.id);
    if (!match) continue;
    const value = BigInt(match[1]!);
    if (value > max) max = value;
  }
  return `task-${String(max + 1n).padStart(3, '0')}`;
}
