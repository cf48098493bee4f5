// Dependency validation and task selection must stay cheap on a big harness-tasks.json: they run before every
// task pick. This builds a task list with a seeded PRNG (a random DAG: dependencies only on lower ids, mostly
// nearby; a completed prefix; a few cycles and self-references; some tasks failed at max_attempts so blocked
// propagation has work) and times src/tasks/graph/ (iterative Tarjan + one breadth-first propagation, then
// selectNextTask) against the obvious implementation written below: a depth-first walk per task for cycles, then
// full passes marking blocked tasks until nothing changes, then filter + sort for the pick. Both must fail the
// same set of tasks and pick the same task. Pure in-process CPU work: no files, no CLI.
import { selectNextTask } from '../src/tasks/graph/selection.js';
import { validateDependencies } from '../src/tasks/graph/validate.js';
import type { Task } from '../src/tasks/schema.js';
import { fmt, header, knob, median, report } from './lib.js';

const TASKS = knob('BENCH_TASKS_GRAPH_TASKS', 10_000, 1_000);
const EDGES = knob('BENCH_TASKS_GRAPH_EDGES', 50_000, 5_000);
const RUNS = knob('BENCH_TASKS_GRAPH_RUNS', 21, 3);
const NAIVE_RUNS = knob('BENCH_TASKS_GRAPH_NAIVE_RUNS', 3, 1);
const SEED = knob('BENCH_TASKS_GRAPH_SEED', 20250701);
const CYCLES = 5;
const SELF_LOOPS = 2;
const DEAD = 10; // failed at max_attempts
const RETRYABLE = 20; // failed with attempts left
const COMPLETED_SHARE = 0.2;
const WINDOW = 500; // dependencies mostly within this many ids below
const NOW = '2025-07-01T12:00:00Z';

header('tasks-graph: validateDependencies + selectNextTask vs a naive fixed-point implementation', [
  `${TASKS} tasks, ${EDGES} dependency edges (seed ${SEED}): ${CYCLES} cycles, ${SELF_LOOPS} self-references, ` +
    `${DEAD} tasks failed at max_attempts, ${RETRYABLE} retryable failures, first ${COMPLETED_SHARE * 100}% completed`,
  `graph.ts: median of ${RUNS} runs after 3 warm-ups; naive: median of ${NAIVE_RUNS} runs (the first one is also the check)`,
]);

/** mulberry32: a small seeded PRNG, uniform in [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const id = (i: number) => `task-${String(i + 1).padStart(5, '0')}`;

function build(): Task[] {
  const rand = prng(SEED);
  const int = (n: number) => Math.floor(rand() * n);
  const deps: Array<Set<number>> = Array.from({ length: TASKS }, () => new Set());
  let edges = 0;
  while (edges < EDGES) {
    const i = 1 + int(TASKS - 1);
    // mostly nearby, sometimes anywhere below
    const j = rand() < 0.9 ? Math.max(0, i - 1 - int(WINDOW)) : int(i);
    if (deps[i]!.has(j)) continue;
    deps[i]!.add(j);
    edges++;
  }
  const completedBelow = Math.floor(TASKS * COMPLETED_SHARE); // consistent: dependencies only go to lower ids
  const status: Task['status'][] = Array.from({ length: TASKS }, (_, i) =>
    i < completedBelow ? 'completed' : 'pending',
  );
  const attempts = new Array<number>(TASKS).fill(0);
  const live = () => completedBelow + int(TASKS - completedBelow);
  // Cycles of 2 to 6 live tasks that no other task depends on (so that each cycle is its own strongly connected
  // component, not a slice of the DAG): each member also depends on the next, the last on the first.
  const dependents = new Uint8Array(TASKS);
  for (const set of deps) for (const j of set) dependents[j] = 1;
  const free = [...Array(TASKS).keys()].filter((i) => i >= completedBelow && !dependents[i]);
  for (let c = 0; c < CYCLES; c++) {
    const members = Array.from({ length: 2 + int(5) }, () => free.splice(int(free.length), 1)[0]!);
    members.forEach((m, k) => deps[m]!.add(members[(k + 1) % members.length]!));
  }
  for (let k = 0; k < SELF_LOOPS; k++) deps[live()]!.add(-1);
  for (let k = 0; k < DEAD; k++) {
    // failed tasks in the upper half, so that propagation blocks a part of the list, not all of it
    const i = Math.floor(TASKS / 2) + int(Math.ceil(TASKS / 2));
    status[i] = 'failed';
    attempts[i] = 3;
  }
  for (let k = 0; k < RETRYABLE; k++) {
    const i = live();
    if (status[i] !== 'pending') continue;
    status[i] = 'failed';
    attempts[i] = 1;
  }
  return Array.from({ length: TASKS }, (_, i): Task => {
    const failed = status[i] === 'failed';
    return {
      id: id(i),
      title: `task ${i + 1}`,
      status: status[i]!,
      priority: (['P0', 'P1', 'P2'] as const)[int(3)]!,
      depends_on: [...deps[i]!].map((j) => (j === -1 ? id(i) : id(j))),
      attempts: attempts[i]!,
      max_attempts: 3,
      started_at_commit: null,
      validation: { command: null, timeout_seconds: 300 },
      on_failure: { cleanup: null },
      error_log: failed ? ['[TEST_FAIL] red'] : [],
      checkpoints: [],
      completed_at: status[i] === 'completed' ? NOW : null,
      failed_at: failed ? `2025-06-${String(1 + int(28)).padStart(2, '0')}T00:00:00Z` : null,
    };
  });
}

// ---- the naive implementation ------------------------------------------------------------------------------

const RANK = { P0: 0, P1: 1, P2: 2 } as const;
const hasDep = (t: Task) => t.error_log.some((e) => e.startsWith('[DEPENDENCY]'));
const dead = (t: Task) => t.status === 'failed' && (t.attempts >= t.max_attempts || hasDep(t));

function naiveValidate(input: readonly Task[]): Task[] {
  const tasks = input.map((t) => ({ ...t, error_log: [...t.error_log] }));
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const fail = (t: Task, message: string) => {
    t.status = 'failed';
    t.error_log.push(`[DEPENDENCY] ${message}`);
    if (t.failed_at == null) t.failed_at = NOW;
  };
  // Cycles: for each non-completed task, walk depends_on (through non-completed tasks) looking for itself.
  const cyclic: Task[] = [];
  for (const t of tasks) {
    if (t.status === 'completed' || hasDep(t)) continue;
    const seen = new Set<string>();
    const stack = [...t.depends_on];
    while (stack.length > 0) {
      const depId = stack.pop()!;
      if (depId === t.id) {
        cyclic.push(t);
        break;
      }
      const dep = byId.get(depId);
      if (!dep || dep.status === 'completed' || seen.has(depId)) continue;
      seen.add(depId);
      stack.push(...dep.depends_on);
    }
  }
  for (const t of cyclic) fail(t, 'Circular dependency detected');
  // Blocked: full passes until nothing changes.
  for (let changed = true; changed;) {
    changed = false;
    for (const t of tasks) {
      if (t.status === 'completed' || hasDep(t)) continue;
      const blocker = t.depends_on.find((d) => {
        const dep = byId.get(d);
        return dep !== undefined && dead(dep);
      });
      if (blocker === undefined) continue;
      fail(t, `Blocked by failed ${blocker}`);
      changed = true;
    }
  }
  return tasks;
}

function naiveSelect(tasks: readonly Task[]): Task | null {
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const ready = (t: Task) => t.depends_on.every((d) => byId.get(d)?.status === 'completed');
  const num = (t: Task) => Number(t.id.slice(5));
  const fresh = tasks
    .filter((t) => t.status === 'pending' && ready(t))
    .sort((a, b) => RANK[a.priority] - RANK[b.priority] || num(a) - num(b));
  if (fresh.length > 0) return fresh[0]!;
  const at = (t: Task) => (t.failed_at ? Date.parse(t.failed_at) : -Infinity);
  const retry = tasks
    .filter((t) => t.status === 'failed' && t.attempts < t.max_attempts && !hasDep(t) && ready(t))
    .sort((a, b) => RANK[a.priority] - RANK[b.priority] || at(a) - at(b) || num(a) - num(b));
  return retry[0] ?? null;
}

// ---- measure -----------------------------------------------------------------------------------------------

const tasks = build();
const edgeCount = tasks.reduce((sum, t) => sum + t.depends_on.length, 0);

function fast() {
  const result = validateDependencies(tasks, NOW);
  return { result, next: selectNextTask(result.tasks) };
}
function naive() {
  const result = naiveValidate(tasks);
  return { result, next: naiveSelect(result) };
}

const failedSet = (list: readonly Task[]) =>
  list
    .filter((t) => t.status === 'failed')
    .map((t) => t.id)
    .sort();

const checkFast = fast();
const naiveTimes: number[] = [];
const naiveStart = performance.now();
const checkNaive = naive(); // the check run is the first timed naive sample
naiveTimes.push(performance.now() - naiveStart);
const fastFailed = failedSet(checkFast.result.tasks);
const naiveFailed = failedSet(checkNaive.result);
const same = fastFailed.length === naiveFailed.length && fastFailed.every((x, k) => x === naiveFailed[k]);
if (!same) throw new Error(`failed sets differ: graph.ts ${fastFailed.length}, naive ${naiveFailed.length}`);
if (checkFast.next?.id !== checkNaive.next?.id)
  throw new Error(`picks differ: graph.ts ${checkFast.next?.id}, naive ${checkNaive.next?.id}`);
const kinds = { cycle: 0, blocked: 0 };
for (const change of checkFast.result.changes) kinds[change.kind]++;
console.log(
  `input: ${tasks.length} tasks, ${edgeCount} edges; result: ${fastFailed.length} failed ` +
    `(${kinds.cycle} on cycles, ${kinds.blocked} newly blocked), next ${checkFast.next?.id ?? 'none'}; ` +
    `naive agrees`,
);

for (let i = 0; i < 3; i++) fast();
const fastTimes: number[] = [];
const parts = { validate: [] as number[], select: [] as number[] };
for (let i = 0; i < RUNS; i++) {
  const start = performance.now();
  const result = validateDependencies(tasks, NOW);
  const validated = performance.now();
  selectNextTask(result.tasks);
  const end = performance.now();
  fastTimes.push(end - start);
  parts.validate.push(validated - start);
  parts.select.push(end - validated);
}
for (let i = 1; i < NAIVE_RUNS; i++) {
  const start = performance.now();
  naive();
  naiveTimes.push(performance.now() - start);
}
const fastMs = median(fastTimes);
const naiveMs = median(naiveTimes);
console.log(
  `graph.ts ${fmt(fastMs, 2)} ms (min ${fmt(Math.min(...fastTimes), 2)}, max ${fmt(Math.max(...fastTimes), 2)}; ` +
    `validate ${fmt(median(parts.validate), 2)}, select ${fmt(median(parts.select), 2)}); ` +
    `naive ${fmt(naiveMs, 0)} ms (min ${fmt(Math.min(...naiveTimes), 0)}, max ${fmt(Math.max(...naiveTimes), 0)})`,
);

report(
  'tasks-graph',
  [
    {
      metric: `validate + select, ${tasks.length} tasks / ${edgeCount} edges (ms)`,
      baseline: fmt(naiveMs, 0),
      harness: fmt(fastMs, 2),
      ratio: `${fmt(fastMs / naiveMs, 4)}x`,
      goal: '< 50 ms',
    },
  ],
  [
    'baseline: a depth-first walk per task for cycles, full passes until nothing changes for blocked tasks, filter + sort',
    `both fail the same ${fastFailed.length} tasks and pick the same next task (checked before timing)`,
    'the list is in id order and dependencies point to lower ids, so the naive fixed point needs only two passes',
  ],
);
