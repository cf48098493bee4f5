// The house's layers, checked on every import in src/: a module imports only from its own layer or below.
// Operating-system edges and exit codes at the bottom; the loop above config, state and the agents' formats;
// modes (the task list, later the review cycle and the worker) above the loop; one way to run the harness above
// them; the two homes (local, GitHub) above that; the entries on top.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, sourceFiles, SRC } from '../support/source-imports.js';

const LAYERS: ReadonlyArray<readonly [prefix: string, layer: number]> = [
  ['os/', 0],
  ['errors/', 0],
  ['version.ts', 0],
  ['config/', 1],
  ['session/', 1],
  ['state/', 2],
  ['agents/', 2],
  ['loop/', 3],
  ['tasks/', 4],
  ['review/', 4],
  ['worker/', 4],
  ['metrics/', 4],
  ['harness/', 5],
  ['platform/', 6],
  ['cli/', 7],
  ['cli.ts', 8],
  ['main.ts', 8],
  ['post.ts', 8],
];

export function layerOf(path: string): number {
  const hit = LAYERS.find(([prefix]) => path === prefix || path.startsWith(prefix));
  if (!hit)
    throw new Error(`src/${path} is in no layer: add its directory to LAYERS in test/unit/layers.test.ts`);
  return hit[1];
}

export function violations(edges: ReadonlyArray<readonly [from: string, to: string]>): string[] {
  return edges
    .filter(([from, to]) => layerOf(to) > layerOf(from))
    .map(([from, to]) => `src/${from} imports src/${to}, a higher layer`);
}

/** The modes that sit side by side above the loop: each talks to the others only through the loop's ports. */
const MODES = ['tasks/', 'review/', 'worker/', 'metrics/'] as const;

const modeOf = (path: string): string | null => MODES.find((mode) => path.startsWith(mode)) ?? null;

export function crossModeImports(edges: ReadonlyArray<readonly [from: string, to: string]>): string[] {
  return edges
    .filter(([from, to]) => modeOf(from) !== null && modeOf(to) !== null && modeOf(from) !== modeOf(to))
    .map(([from, to]) => `src/${from} imports src/${to}, another mode`);
}

describe('layers', () => {
  const edges = sourceFiles(SRC).flatMap((file) =>
    importsOf(file, readFileSync(file, 'utf8')).map((to) => [relative(SRC, file), to] as const),
  );

  it('no module imports from a layer above its own', () => {
    expect(edges.length).toBeGreaterThan(100);
    expect(violations(edges)).toEqual([]);
  });

  it('no mode (tasks, review, worker, metrics) imports another', () => {
    expect(crossModeImports(edges)).toEqual([]);
    expect(
      crossModeImports([
        ['review/gate.ts', 'tasks/lock.ts'],
        ['review/gate.ts', 'review/layout.ts'],
        ['review/cycle/run-phase.ts', 'review/gate.ts'],
      ]),
    ).toEqual(['src/review/gate.ts imports src/tasks/lock.ts, another mode']);
  });

  it('names an upward import, and a file in no layer', () => {
    expect(violations([['state/atomic.ts', 'loop/process-group.ts']])).toEqual([
      'src/state/atomic.ts imports src/loop/process-group.ts, a higher layer',
    ]);
    expect(violations([['loop/runner.ts', 'os/shell.ts']])).toEqual([]);
    expect(() => layerOf('elsewhere/x.ts')).toThrow(/in no layer/);
  });

  it('reads static, re-exported and dynamic imports', () => {
    const file = join(SRC, 'loop/x.ts');
    const text = `import { a } from '../os/a.js';\nexport { b } from './b.js';\nconst c = await import('../cli/c.js');\nimport 'node:fs';`;
    expect(importsOf(file, text)).toEqual(['os/a.ts', 'loop/b.ts', 'cli/c.ts']);
  });
});
