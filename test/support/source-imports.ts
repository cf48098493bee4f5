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
