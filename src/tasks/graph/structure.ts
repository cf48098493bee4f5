// The dependency graph of a task list in compressed arrays, built once per validation: nodes are indices into
// the task array, visited in id order; `out` holds the edges from a non-completed task to its non-completed
// dependencies (for cycles), `rev` the edges from a task to its non-completed dependents (for blocking). Unknown
// ids are skipped, and edges out of a completed task are ignored (a completed task is finished).
import type { Task } from '../schema.js';
import { hasDependencyError, isPermanentlyFailed } from './failure.js';
import { sortedById } from './ids.js';

/** Adjacency in compressed form: the neighbours of node i are targets[start[i] .. start[i + 1]). */
export interface Csr {
  start: Int32Array;
  targets: Int32Array;
}

function buildCsr(
  n: number,
  count: Int32Array,
  fill: (emit: (from: number, to: number) => void) => void,
): Csr {
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) start[i + 1] = start[i]! + count[i]!;
  const targets = new Int32Array(start[n]!);
  const cursor = start.slice(0, n);
  fill((from, to) => {
    targets[cursor[from]!++] = to;
  });
  return { start, targets };
}

export interface DependencyGraph {
  tasks: readonly Task[];
  n: number;
  /** Node indices in compareTaskIds order, so every traversal (and the result) is independent of input order. */
  order: number[];
  /** rank[v]: the position of node v in `order`. */
  rank: Int32Array;
  completed: Uint8Array;
  /** 1 when the task has a `[DEPENDENCY]` entry (updated as validation adds them). */
  depEntry: Uint8Array;
  /** 1 when the task is permanently failed (updated as validation fails tasks). */
  permFailed: Uint8Array;
  selfLoop: Uint8Array;
  out: Csr;
  rev: Csr;
}

export function buildDependencyGraph(tasks: readonly Task[]): DependencyGraph {
  const n = tasks.length;
  const indexById = new Map<string, number>();
  for (let i = 0; i < n; i++) if (!indexById.has(tasks[i]!.id)) indexById.set(tasks[i]!.id, i);

  const order = sortedById(tasks);
  const rank = new Int32Array(n);
  order.forEach((v, k) => (rank[v] = k));

  const completed = new Uint8Array(n);
  const depEntry = new Uint8Array(n);
  const permFailed = new Uint8Array(n);
  const selfLoop = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const task = tasks[i]!;
    completed[i] = task.status === 'completed' ? 1 : 0;
    depEntry[i] = hasDependencyError(task) ? 1 : 0;
    permFailed[i] = isPermanentlyFailed(task) ? 1 : 0;
  }

  // Dependency edges between non-completed tasks (for cycles) and reverse edges into non-completed dependents
  // (for blocking). Both skip unknown ids.
  const outCount = new Int32Array(n);
  const inCount = new Int32Array(n);
  const depIndex = (dep: string): number => indexById.get(dep) ?? -1;
  for (let i = 0; i < n; i++) {
    if (completed[i]) continue;
    for (const dep of tasks[i]!.depends_on) {
      const j = depIndex(dep);
      if (j < 0) continue;
      inCount[j]!++;
      if (completed[j]) continue;
      outCount[i]!++;
      if (j === i) selfLoop[i] = 1;
    }
  }
  const out = buildCsr(n, outCount, (emit) => {
    for (let i = 0; i < n; i++) {
      if (completed[i]) continue;
      for (const dep of tasks[i]!.depends_on) {
        const j = depIndex(dep);
        if (j >= 0 && !completed[j]) emit(i, j);
      }
    }
  });
  const rev = buildCsr(n, inCount, (emit) => {
    for (const i of order) {
      if (completed[i]) continue;
      for (const dep of tasks[i]!.depends_on) {
        const j = depIndex(dep);
        if (j >= 0) emit(j, i);
      }
    }
  });

  return { tasks, n, order, rank, completed, depEntry, permFailed, selfLoop, out, rev };
}

/** Breadth-first search from start over `graph`, following edges to nodes `allowed` accepts and `visit` claims. */
export function bfs(
  start: number,
  graph: Csr,
  allowed: (v: number) => boolean,
  visit: (from: number, to: number) => boolean,
): void {
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const v = queue[head]!;
    for (let e = graph.start[v]!; e < graph.start[v + 1]!; e++) {
      const w = graph.targets[e]!;
      if (allowed(w) && visit(v, w)) queue.push(w);
    }
  }
}
