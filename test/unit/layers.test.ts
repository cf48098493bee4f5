// The house's layers, checked on every import in src/: a module imports only from its own layer or below.
// Operating-system edges and exit codes at the bottom; the loop above config, state and the agents' formats;
// modes (the task list, later the review cycle and the worker) above the loop; one way to run the harness above
// them; the two homes (local, GitHub) above that; the entries on top.
import { readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, namedImportsOf, sourceFiles, SRC } from '../support/source-imports.js';

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

/**
 * Directories whose files are each a module of their own, with no face: the operating-system edges and the exit
 * codes (a library of single-purpose files that every layer uses a few of), and src/ itself (the entries).
 */
const ONE_FILE_MODULES = new Set(['os', 'errors', '.']);

/**
 * A file may import any file of its own directory or of a directory above it (a part knows its whole); any other
 * directory only through that directory's public face, its index.ts.
 */
export function pastFaces(edges: ReadonlyArray<readonly [from: string, to: string]>): string[] {
  return edges
    .filter(([from, to]) => {
      const home = dirname(to);
      // Data (the review mode's default templates, `?raw` text) is its directory's own, not a module.
      if (!to.endsWith('.ts') || ONE_FILE_MODULES.has(home) || basename(to) === 'index.ts') return false;
      const own = dirname(from);
      return own !== home && !own.startsWith(`${home}/`);
    })
    .map(([from, to]) => `src/${from} imports src/${to}: import it from src/${dirname(to)}/index.ts`);
}

/** Names a face exports (`export { … } from './file.js'`) that no module outside its directory takes from it. */
export function unusedFaceNames(
  faces: ReadonlyArray<{ face: string; names: string[] }>,
  imports: ReadonlyArray<{ from: string; to: string; names: string[] }>,
): string[] {
  return faces.flatMap(({ face, names }) => {
    const home = dirname(face);
    const used = new Set(
      imports
        .filter(
          ({ from, to }) => to === face && dirname(from) !== home && !dirname(from).startsWith(`${home}/`),
        )
        .flatMap((edge) => edge.names),
    );
    return names
      .filter((name) => !used.has(name))
      .map((name) => `src/${face} exports ${name}, which nothing outside uses`);
  });
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

  it('every module is reached through its public face (index.ts), which exports only what the rest uses', () => {
    expect(pastFaces(edges)).toEqual([]);
    const files = sourceFiles(SRC);
    const imports = files.flatMap((file) =>
      namedImportsOf(file, readFileSync(file, 'utf8')).map((edge) => ({
        from: relative(SRC, file),
        ...edge,
      })),
    );
    const faces = files
      .filter((file) => basename(file) === 'index.ts')
      .map((file) => ({
        face: relative(SRC, file),
        names: [
          ...readFileSync(file, 'utf8').matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'\.\/[^']+'/gm),
        ]
          .flatMap((m) => m[1]!.split(','))
          .map((name) =>
            name
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)
              .at(-1)!
              .trim(),
          )
          .filter(Boolean),
      }));
    expect(faces.length).toBeGreaterThan(15);
    expect(unusedFaceNames(faces, imports)).toEqual([]);
  });

  it('names a reach past a face, and a face name nobody uses', () => {
    expect(
      pastFaces([
        ['loop/runner.ts', 'state/counter.ts'],
        ['loop/runner.ts', 'state/index.ts'],
        ['loop/runner.ts', 'loop/stop.ts'],
        ['worker/tools/read-file.ts', 'worker/sandbox.ts'],
        ['worker/run-task.ts', 'worker/tools/sandbox.ts'],
        ['state/atomic.ts', 'os/lock/holder.ts'],
        ['loop/runner.ts', 'os/proc.ts'],
        ['cli.ts', 'cli/main.ts'],
        ['review/templates/templates-defaults.ts', 'review/templates/defaults/prompts/plan.md.tmpl?raw'],
      ]),
    ).toEqual([
      'src/loop/runner.ts imports src/state/counter.ts: import it from src/state/index.ts',
      'src/worker/run-task.ts imports src/worker/tools/sandbox.ts: import it from src/worker/tools/index.ts',
      'src/state/atomic.ts imports src/os/lock/holder.ts: import it from src/os/lock/index.ts',
      'src/cli.ts imports src/cli/main.ts: import it from src/cli/index.ts',
    ]);
    expect(
      unusedFaceNames(
        [{ face: 'state/index.ts', names: ['a', 'b'] }],
        [
          { from: 'loop/x.ts', to: 'state/index.ts', names: ['a'] },
          { from: 'state/y.ts', to: 'state/index.ts', names: ['b'] },
        ],
      ),
    ).toEqual(['src/state/index.ts exports b, which nothing outside uses']);
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
