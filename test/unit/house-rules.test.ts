// The house's shape, checked on every source file (issue 25): no import cycle (type-only imports included: a cycle
// of types is still two modules that cannot be read one without the other), and no file over 300 lines.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { METRIC_FIELDS } from '../../src/session/metrics.js';
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

/**
 * The type declarations (interfaces and object type literals) of `text` that declare three or more of a session's
 * metrics as their own properties: a parallel declaration of the one session shape (src/session/metrics.ts).
 */
export function parallelMetricDeclarations(file: string, text: string): string[] {
  const metric = new RegExp(`(?:^|[{;,])\\s*(?:readonly\\s+)?(${METRIC_FIELDS.join('|')})\\??:`, 'gm');
  const found: string[] = [];
  for (const head of text.matchAll(/(?:interface\s+(\w+)[^{]*|type\s+(\w+)\s*=\s*)\{/g)) {
    // The declaration's body: up to the brace that closes the one it opened.
    let depth = 0;
    let end = head.index + head[0].length - 1;
    for (; end < text.length; end++) {
      if (text[end] === '{') depth++;
      else if (text[end] === '}' && --depth === 0) break;
    }
    const body = text.slice(head.index + head[0].length, end);
    const fields = new Set([...body.matchAll(metric)].map((m) => m[1]!));
    if (fields.size >= 3) found.push(`${file}: ${head[1] ?? head[2]} declares ${[...fields].join(', ')}`);
  }
  return found;
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

  it("declares a session's metrics once: no other type lists three or more of them", () => {
    const parallel = files
      .filter((file) => relative(SRC, file) !== 'session/metrics.ts')
      .flatMap((file) => parallelMetricDeclarations(relative(SRC, file), readFileSync(file, 'utf8')));
    expect(parallel).toEqual([]);
  });

  it('finds a parallel declaration, in an interface or a type literal, and not a Pick of the shape', () => {
    const text = [
      'export interface Row {\n  turns: number | null;\n  readonly input_tokens: number;\n  cost_usd?: number;\n}',
      'type Lit = { tool_calls: number; output_tokens: number; model: string; other: { x: 1 } };',
      "type Fine = Pick<SessionMetrics, 'turns' | 'cost_usd' | 'model'>;",
      'interface Two { turns: number; model: string }',
    ].join('\n');
    expect(parallelMetricDeclarations('x.ts', text)).toEqual([
      'x.ts: Row declares turns, input_tokens, cost_usd',
      'x.ts: Lit declares tool_calls, output_tokens, model',
    ]);
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
