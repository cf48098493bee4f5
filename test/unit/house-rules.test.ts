// The house's shape, checked on every source file (issue 25): no import cycle (type-only imports included: a cycle
// of types is still two modules that cannot be read one without the other), and no file over 300 lines.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, sourceFiles, SRC } from '../support/source-imports.js';
const MAX_LINES = 300;

/** Every cycle of the import graph, one per strongly connected component, as `a.ts → b.ts → a.ts`. */
export function importCycles(edges: ReadonlyArray<readonly [from: string, to: string]>): string[] {
  const next = new Map<string, string[]>();
  for (const [from, to] of edges) next.set(from, [...(next.get(from) ?? []), to]);
  // Tarjan's strongly connected components, iteratively.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[] = [];
  let counter = 0;
  for (const root of next.keys()) {
    if (index.has(root)) continue;
    const work: Array<[node: string, child: number]> = [[root, 0]];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const [node, child] = top;
      const children = next.get(node) ?? [];
      if (child < children.length) {
        top[1] += 1;
        const to = children[child]!;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push([to, 0]);
        } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]![0];
        low.set(parent, Math.min(low.get(parent)!, low.get(node)!));
      }
      if (low.get(node) !== index.get(node)) continue;
      const component: string[] = [];
      for (;;) {
        const member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
        if (member === node) break;
      }
      const selfLoop = (next.get(node) ?? []).includes(node);
      if (component.length > 1 || selfLoop) found.push(pathThrough(component.sort(), next));
    }
  }
  return found.sort();
}

/** One cycle through the component's first module, for the message. */
function pathThrough(component: string[], next: Map<string, string[]>): string {
  const members = new Set(component);
  const start = component[0]!;
  const path = [start];
  const seen = new Set([start]);
  let at = start;
  for (;;) {
    const step = (next.get(at) ?? []).find((to) => members.has(to) && (to === start || !seen.has(to)));
    if (step === undefined || step === start) break;
    path.push(step);
    seen.add(step);
    at = step;
  }
  return [...path, start].join(' → ');
}

describe('the house', () => {
  const files = sourceFiles(SRC);

  it('has no import cycle', () => {
    const edges = files.flatMap((file) =>
      importsOf(file, readFileSync(file, 'utf8')).map((to) => [relative(SRC, file), to] as const),
    );
    expect(importCycles(edges)).toEqual([]);
  });

  it('finds a cycle, a longer one and a module importing itself; none in a chain', () => {
    expect(
      importCycles([
        ['a.ts', 'b.ts'],
        ['b.ts', 'a.ts'],
        ['c.ts', 'd.ts'],
        ['d.ts', 'e.ts'],
        ['e.ts', 'c.ts'],
        ['f.ts', 'f.ts'],
        ['g.ts', 'h.ts'],
      ]),
    ).toEqual(['a.ts → b.ts → a.ts', 'c.ts → d.ts → e.ts → c.ts', 'f.ts → f.ts']);
  });

  it(`has no source file over ${MAX_LINES} lines`, () => {
    const long = files
      .map((file) => [relative(SRC, file), readFileSync(file, 'utf8').split('\n').length - 1] as const)
      .filter(([, lines]) => lines > MAX_LINES)
      .map(([file, lines]) => `src/${file}: ${lines} lines`);
    expect(files.length).toBeGreaterThan(300);
    expect(long).toEqual([]);
  });
});
