// The dependency graph of harness-tasks.json as pure functions: dependency validation (cycle detection and
// blocked propagation), task selection, statistics and ids, as the task protocol's "Task Selection Algorithm",
// "Session Statistics" and "Status Command" describe them. No I/O and no clock: the caller passes the time in.
//
// Edges run from a task to the tasks it depends on. Conventions shared by every function here:
// - Ids are unique (the schema enforces it); a `depends_on` entry naming no task in the list (the schema rejects
//   that too) is never satisfied and is otherwise ignored.
// - A completed task is finished: its own `depends_on` no longer matters, so it can neither be on a cycle nor be
//   blocked, and edges out of it are ignored. A "cycle" through a completed task is therefore not a cycle.
// - A `[DEPENDENCY]` entry is an `error_log` entry that starts with `[DEPENDENCY]` (leading blanks ignored), the
//   way the harness writes categories (`[TASK_EXEC] Redis connection refused`).
import type { Priority, Task } from './schema.js';

export const DEPENDENCY_TAG = '[DEPENDENCY]';

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

export interface TaskStats {
  tasks_total: number;
  completed: number;
  failed: number;
  pending: number;
  blocked: number;
  attempts_total: number;
  checkpoints: number;
}

/** Cycle paths longer than this many ids are shortened in the log line (head ... tail). */
const PATH_MAX_IDS = 20;
const PATH_HEAD = 8;
const PATH_TAIL = 8;

const PRIORITY_RANK: Record<Priority, number> = { P0: 0, P1: 1, P2: 2 };

function priorityRank(priority: Priority): number {
  return PRIORITY_RANK[priority] ?? 3;
}

/** True when the task's error_log holds a `[DEPENDENCY]` entry: such a task is never retried. */
export function hasDependencyError(task: Pick<Task, 'error_log'>): boolean {
  return task.error_log.some((entry) => entry.trimStart().startsWith(DEPENDENCY_TAG));
}

/** Failed and never to be retried: attempts used up, or failed for a dependency reason. */
export function isPermanentlyFailed(task: Task): boolean {
  return task.status === 'failed' && (task.attempts >= task.max_attempts || hasDependencyError(task));
}

/** Failed but may be retried (selection pass 2, once its dependencies are completed). */
export function isRetryable(task: Task): boolean {
  return task.status === 'failed' && task.attempts < task.max_attempts && !hasDependencyError(task);
}

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

// ---------------------------------------------------------------------------------------------------------
// validateDependencies

/** Indices of tasks in compareTaskIds order, each id's number extracted once. */
function sortedById(tasks: readonly Task[]): number[] {
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

/** Adjacency in compressed form: the neighbours of node i are targets[start[i] .. start[i + 1]). */
interface Csr {
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
  const n = tasks.length;
  const indexById = new Map<string, number>();
  for (let i = 0; i < n; i++) if (!indexById.has(tasks[i]!.id)) indexById.set(tasks[i]!.id, i);

  // Nodes in id order, so that every traversal below (and the result) is independent of the input order.
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

  const added: Array<string | undefined> = new Array<string | undefined>(n);
  const changes: DependencyChange[] = [];

  // Step 1: strongly connected components, iterative Tarjan.
  const comp = new Int32Array(n).fill(-1);
  const components = tarjan(n, order, completed, out, comp);
  const cyclic: number[] = [];
  for (const members of components) {
    if (members.length === 1 && !selfLoop[members[0]!]) continue;
    const toMark = members.filter((v) => !depEntry[v]);
    if (toMark.length === 0) continue;
    const paths = cyclePaths(members, toMark, comp, out, rev, selfLoop, rank, tasks);
    for (let k = 0; k < toMark.length; k++) {
      const v = toMark[k]!;
      added[v] = `${DEPENDENCY_TAG} Circular dependency detected: ${paths[k]!}`;
      cyclic.push(v);
    }
  }
  cyclic.sort((a, b) => rank[a]! - rank[b]!);
  for (const v of cyclic) {
    depEntry[v] = 1;
    permFailed[v] = 1;
    changes.push({ id: tasks[v]!.id, kind: 'cycle', message: added[v]! });
  }

  // Step 2: one breadth-first pass over reverse edges from every permanently failed task.
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
      const message = `${DEPENDENCY_TAG} Blocked by failed ${tasks[f]!.id}`;
      added[t] = message;
      depEntry[t] = 1;
      permFailed[t] = 1;
      changes.push({ id: tasks[t]!.id, kind: 'blocked', message });
      if (!queued[t]) {
        queued[t] = 1;
        queue[tail++] = t;
      }
    }
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

/** Strongly connected components of the non-completed nodes, without recursion. Fills comp[v] = component. */
function tarjan(n: number, order: number[], completed: Uint8Array, out: Csr, comp: Int32Array): number[][] {
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack = new Int32Array(n);
  const callStack = new Int32Array(n);
  const edgeCursor = new Int32Array(n);
  const components: number[][] = [];
  let sp = 0;
  let next = 0;
  for (const root of order) {
    if (completed[root] || index[root] !== -1) continue;
    let csp = 0;
    const enter = (v: number) => {
      index[v] = low[v] = next++;
      stack[sp++] = v;
      onStack[v] = 1;
      edgeCursor[v] = out.start[v]!;
      callStack[csp++] = v;
    };
    enter(root);
    while (csp > 0) {
      const v = callStack[csp - 1]!;
      if (edgeCursor[v]! < out.start[v + 1]!) {
        const w = out.targets[edgeCursor[v]!++]!;
        if (index[w] === -1) enter(w);
        else if (onStack[w] && index[w]! < low[v]!) low[v] = index[w]!;
        continue;
      }
      csp--;
      if (csp > 0) {
        const parent = callStack[csp - 1]!;
        if (low[v]! < low[parent]!) low[parent] = low[v]!;
      }
      if (low[v] === index[v]) {
        const members: number[] = [];
        let w: number;
        do {
          w = stack[--sp]!;
          onStack[w] = 0;
          comp[w] = components.length;
          members.push(w);
        } while (w !== v);
        components.push(members);
      }
    }
  }
  return components;
}

/**
 * For each node of toMark (all in one cyclic component), a simple cycle through it, formatted. The component's
 * lowest id r anchors it: C is a shortest cycle through r; a node on C gets C rotated to start at it; any other
 * node v gets the walk v → r → v (shortest paths inside the component) with its loops erased.
 */
function cyclePaths(
  members: number[],
  toMark: number[],
  comp: Int32Array,
  out: Csr,
  rev: Csr,
  selfLoop: Uint8Array,
  rank: Int32Array,
  tasks: readonly Task[],
): string[] {
  const id = (v: number) => tasks[v]!.id;
  const c = comp[members[0]!]!;
  const inComp = (w: number) => comp[w] === c;
  let r = members[0]!;
  for (const v of members) if (rank[v]! < rank[r]!) r = v;

  // Shortest paths r → x (forward parents) and x → r (next hop towards r, over reverse edges).
  const fParent = new Map<number, number>([[r, r]]);
  const rNext = new Map<number, number>([[r, r]]);
  const rDist = new Map<number, number>([[r, 0]]);
  bfs(r, out, inComp, (from, to) => {
    if (fParent.has(to)) return false;
    fParent.set(to, from);
    return true;
  });
  bfs(r, rev, inComp, (from, to) => {
    if (rNext.has(to)) return false;
    rNext.set(to, from);
    rDist.set(to, rDist.get(from)! + 1);
    return true;
  });

  // C: r, then its in-component dependency closest to r (back), then the shortest path back to r.
  const cycle: number[] = [r];
  if (!selfLoop[r]) {
    let best = -1;
    for (let e = out.start[r]!; e < out.start[r + 1]!; e++) {
      const s = out.targets[e]!;
      if (s === r || !inComp(s)) continue;
      if (best < 0 || rDist.get(s)! < rDist.get(best)!) best = s;
    }
    for (let x = best; x !== r; x = rNext.get(x)!) cycle.push(x);
  }
  const onCycle = new Map<number, number>();
  cycle.forEach((v, k) => onCycle.set(v, k));

  return toMark.map((v) => {
    if (selfLoop[v]) return `${id(v)} -> ${id(v)}`;
    const at = onCycle.get(v);
    if (at !== undefined) {
      const len = cycle.length;
      return formatPath(len + 1, (k) => id(cycle[(at + k) % len]!));
    }
    // v → r, then r → v, loops erased.
    const walk: number[] = [];
    for (let x = v; x !== r; x = rNext.get(x)!) walk.push(x);
    const back: number[] = [];
    for (let x = v; x !== r; x = fParent.get(x)!) back.push(x);
    walk.push(r);
    for (let k = back.length - 1; k >= 1; k--) walk.push(back[k]!);
    const path: number[] = [];
    const position = new Map<number, number>();
    for (const x of walk) {
      const seen = position.get(x);
      if (seen !== undefined) {
        for (let k = seen + 1; k < path.length; k++) position.delete(path[k]!);
        path.length = seen + 1;
      } else {
        position.set(x, path.length);
        path.push(x);
      }
    }
    path.push(v);
    return formatPath(path.length, (k) => id(path[k]!));
  });
}

/** Breadth-first search from start over `graph`, following edges to nodes `allowed` accepts and `visit` claims. */
function bfs(
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

/** `a -> b -> c`, or for more than PATH_MAX_IDS ids the first and last few around `... N more ...`. */
function formatPath(length: number, idAt: (k: number) => string): string {
  if (length <= PATH_MAX_IDS) return Array.from({ length }, (_, k) => idAt(k)).join(' -> ');
  const head = Array.from({ length: PATH_HEAD }, (_, k) => idAt(k));
  const tail = Array.from({ length: PATH_TAIL }, (_, k) => idAt(length - PATH_TAIL + k));
  return [...head, `... ${length - PATH_HEAD - PATH_TAIL} more ...`, ...tail].join(' -> ');
}

// ---------------------------------------------------------------------------------------------------------
// Selection

function statusById(tasks: readonly Task[]): Map<string, Task['status']> {
  const map = new Map<string, Task['status']>();
  for (const task of tasks) if (!map.has(task.id)) map.set(task.id, task.status);
  return map;
}

function depsCompleted(task: Task, status: Map<string, Task['status']>): boolean {
  return task.depends_on.every((dep) => status.get(dep) === 'completed');
}

/** Pass 1 order: priority (P0 first), then id by number. */
export function comparePending(a: Task, b: Task): number {
  return priorityRank(a.priority) - priorityRank(b.priority) || compareTaskIds(a.id, b.id);
}

/** When the task failed, in epoch ms; -Infinity when unknown (missing or unparseable `failed_at`). */
function failedAtMs(task: Task): number {
  if (task.failed_at === null || task.failed_at === undefined) return -Infinity;
  const ms = Date.parse(task.failed_at);
  return Number.isNaN(ms) ? -Infinity : ms;
}

/**
 * Pass 2 order: priority, then oldest failure first, then id. A task without a (parseable) `failed_at` counts as
 * the oldest failure: it failed before the harness recorded failure times, or someone wrote the file by hand.
 */
export function compareRetry(a: Task, b: Task): number {
  const byPriority = priorityRank(a.priority) - priorityRank(b.priority);
  if (byPriority !== 0) return byPriority;
  const fa = failedAtMs(a);
  const fb = failedAtMs(b);
  if (fa !== fb) return fa < fb ? -1 : 1;
  return compareTaskIds(a.id, b.id);
}

/**
 * Every task that could be started now, in selection order: pending tasks whose dependencies are all completed
 * (by comparePending), then retryable failed tasks whose dependencies are all completed (by compareRetry).
 * Tasks with a `[DEPENDENCY]` entry are never retried. Run validateDependencies first.
 */
export function readyTasks(tasks: readonly Task[]): Task[] {
  const status = statusById(tasks);
  const fresh = tasks.filter((t) => t.status === 'pending' && depsCompleted(t, status)).sort(comparePending);
  const retries = tasks.filter((t) => isRetryable(t) && depsCompleted(t, status)).sort(compareRetry);
  return [...fresh, ...retries];
}

/** The protocol's next task (the first of readyTasks), or null when nothing is eligible. Linear time. */
export function selectNextTask(tasks: readonly Task[]): Task | null {
  const status = statusById(tasks);
  let best: Task | null = null;
  for (const task of tasks) {
    if (task.status !== 'pending' || !depsCompleted(task, status)) continue;
    if (best === null || comparePending(task, best) < 0) best = task;
  }
  if (best !== null) return best;
  for (const task of tasks) {
    if (!isRetryable(task) || !depsCompleted(task, status)) continue;
    if (best === null || compareRetry(task, best) < 0) best = task;
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------------
// Statistics

/**
 * The STATS figures. `blocked` counts pending tasks with a permanently failed task among their direct
 * `depends_on` (computed, not a stored status; 0 right after validateDependencies, which fails them). A task
 * `in_progress` counts only in tasks_total.
 */
export function taskStats(tasks: readonly Task[]): TaskStats {
  const dead = new Set<string>();
  for (const task of tasks) if (isPermanentlyFailed(task)) dead.add(task.id);
  const stats: TaskStats = {
    tasks_total: tasks.length,
    completed: 0,
    failed: 0,
    pending: 0,
    blocked: 0,
    attempts_total: 0,
    checkpoints: 0,
  };
  for (const task of tasks) {
    if (task.status === 'completed') stats.completed++;
    else if (task.status === 'failed') stats.failed++;
    else if (task.status === 'pending') {
      stats.pending++;
      if (task.depends_on.some((dep) => dead.has(dep))) stats.blocked++;
    }
    stats.attempts_total += task.attempts;
    stats.checkpoints += task.checkpoints.length;
  }
  return stats;
}

/** The body of a STATS line: `tasks_total=10 completed=7 failed=1 pending=2 blocked=0 attempts_total=12 checkpoints=23`. */
export function formatStats(stats: TaskStats): string {
  return (
    `tasks_total=${stats.tasks_total} completed=${stats.completed} failed=${stats.failed} ` +
    `pending=${stats.pending} blocked=${stats.blocked} attempts_total=${stats.attempts_total} ` +
    `checkpoints=${stats.checkpoints}`
  );
}

/**
 * False when a stopping condition holds: every task completed, or every remaining task permanently failed or
 * blocked (transitively) by a permanently failed dependency. True with nothing selectable means work is waiting on
 * an in_progress task; on input not yet validated, tasks on a cycle also count as remaining work.
 */
export function remainingWork(tasks: readonly Task[]): boolean {
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
  return tasks.some((task) => task.status !== 'completed' && !doomed.has(task.id));
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
