// Dependency cycles: the strongly connected components of the non-completed tasks (iterative Tarjan), and for
// each task on one, a simple cycle through it for its `[DEPENDENCY] Circular dependency detected: ...` entry. A
// completed task cannot be on a cycle (its own `depends_on` no longer matters), and a task merely depending on a
// cycle is not on it (blocked propagation fails it).
import type { Task } from '../schema.js';
import { DEPENDENCY_TAG } from './failure.js';
import { bfs, type Csr, type DependencyGraph } from './structure.js';

/** Cycle paths longer than this many ids are shortened in the log line (head ... tail). */
const PATH_MAX_IDS = 20;
const PATH_HEAD = 8;
const PATH_TAIL = 8;

/**
 * The tasks on a cycle that have no `[DEPENDENCY]` entry yet, in id order, each with the entry to append: a simple
 * cycle starting and ending at the task (its own self-reference when it has one; paths over 20 ids are shortened
 * to their first and last 8 ids around `... N more ...`).
 */
export function cycleEntries(graph: DependencyGraph): Array<{ node: number; message: string }> {
  const { n, order, completed, out, rev, selfLoop, rank, depEntry, tasks } = graph;
  const comp = new Int32Array(n).fill(-1);
  const components = tarjan(n, order, completed, out, comp);
  const entries: Array<{ node: number; message: string }> = [];
  for (const members of components) {
    if (members.length === 1 && !selfLoop[members[0]!]) continue;
    const toMark = members.filter((v) => !depEntry[v]);
    if (toMark.length === 0) continue;
    const paths = cyclePaths(members, toMark, comp, out, rev, selfLoop, rank, tasks);
    for (let k = 0; k < toMark.length; k++)
      entries.push({
        node: toMark[k]!,
        message: `${DEPENDENCY_TAG} Circular dependency detected: ${paths[k]!}`,
      });
  }
  return entries.sort((a, b) => rank[a.node]! - rank[b.node]!);
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

/** `a -> b -> c`, or for more than PATH_MAX_IDS ids the first and last few around `... N more ...`. */
function formatPath(length: number, idAt: (k: number) => string): string {
  if (length <= PATH_MAX_IDS) return Array.from({ length }, (_, k) => idAt(k)).join(' -> ');
  const head = Array.from({ length: PATH_HEAD }, (_, k) => idAt(k));
  const tail = Array.from({ length: PATH_TAIL }, (_, k) => idAt(length - PATH_TAIL + k));
  return [...head, `... ${length - PATH_HEAD - PATH_TAIL} more ...`, ...tail].join(' -> ');
}
