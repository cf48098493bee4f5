// The source tree's modules and their relative imports, for the tests of the house's shape (layers.test.ts,
// house-rules.test.ts).
import { readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const SRC = resolve(import.meta.dirname, '../../src');

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** Every relative import (static, `export … from` and dynamic) of a module, as paths under src/. */
export function importsOf(file: string, text: string): string[] {
  const specs = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'(\.{1,2}\/[^']+)'/g)].map(
    (m) => m[1]!,
  );
  return specs.map((spec) => relative(SRC, resolve(dirname(file), spec)).replace(/\.js$/, '.ts'));
}

/**
 * The names a module takes from each module it imports by name: `import { a, type B as C } from …`,
 * `export { a } from …` and `const { a } = await import(…)`.
 */
export function namedImportsOf(file: string, text: string): Array<{ to: string; names: string[] }> {
  const dynamic = /(?:const|let)\s*\{([^{}]*)\}\s*=\s*await\s+import\(\s*'(\.{1,2}\/[^']+)'\s*\)/g;
  const named = /(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'(\.{1,2}\/[^']+)'/g;
  return [...text.matchAll(named), ...text.matchAll(dynamic)].map((m) => ({
    to: relative(SRC, resolve(dirname(file), m[2]!)).replace(/\.js$/, '.ts'),
    names: m[1]!
      .split(',')
      .map((name) =>
        name
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!
          .trim(),
      )
      .filter(Boolean),
  }));
}
