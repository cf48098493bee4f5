// dist/licenses.txt names every third-party package whose code is in the bundle, each with its licence text. The
// bundle's packages are found apart from the notices plugin that writes the file: the suite's build of the sources
// (rollup.config.mjs's own bundle, which .ci/run has checked dist/ against) lists every package with code in an
// output chunk, from rollup's module graph (test/support/global-build.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD } from '../support/build.js';
import { BUNDLED_PACKAGES } from '../support/global-build.js';
import { DIST } from './dist.js';

const SEPARATOR = '-'.repeat(80);

/** `name version` of every third-party package with code in the bundle. */
function bundledPackages(): Set<string> {
  return new Set(JSON.parse(readFileSync(join(BUILD, BUNDLED_PACKAGES), 'utf8')) as string[]);
}

/** The notices file as `name version` → the rest of its block. */
function notices(): Map<string, string> {
  const text = readFileSync(join(DIST, 'licenses.txt'), 'utf8');
  const blocks = text.split(`${SEPARATOR}\n`).slice(1);
  return new Map(
    blocks.map((block) => [block.slice(0, block.indexOf('\n')), block.slice(block.indexOf('\n') + 1)]),
  );
}

describe('dist/licenses.txt', () => {
  it('names every third-party package in the bundle, with its licence text', () => {
    const shipped = notices();
    const bundled = bundledPackages();
    expect(bundled.size).toBeGreaterThan(20);
    for (const name of bundled) {
      const notice = shipped.get(name);
      expect(notice, `${name} is bundled but has no notice in dist/licenses.txt`).toBeDefined();
      expect(notice, name).toMatch(/^License: \S/);
      expect(notice, name).not.toContain('ships no licence text');
      // A licence text, not only the licence's name: the MIT text, BSD clauses, the Apache licence, ISC, ...
      expect(notice!.split('\n\n').slice(1).join('\n\n').length, `${name}'s licence text`).toBeGreaterThan(
        150,
      );
    }
    expect([...shipped.keys()].filter((name) => !bundled.has(name))).toEqual([]);
  });
});
