// dist/licenses.txt names every third-party package whose code is in the bundle, each with its licence text. The
// bundle's packages are found here on their own: rollup.config.mjs's module graph, built again in memory, and every
// module with code in an output chunk.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rollup } from 'rollup';
import { describe, expect, it } from 'vitest';
import { bundleConfig } from '../../rollup.config.mjs';
import { DIST } from './dist.js';

const SEPARATOR = '-'.repeat(80);

/** `name version` of every third-party package with code in the bundle. */
async function bundledPackages(): Promise<Set<string>> {
  const { output: _output, ...input } = bundleConfig({ dir: DIST, dependencies: 'bundled' });
  const bundle = await rollup({ ...input, onwarn: () => {} });
  try {
    const { output } = await bundle.generate({ format: 'es', chunkFileNames: 'chunks/[name]-[hash].js' });
    const packages = new Set<string>();
    for (const chunk of output) {
      if (chunk.type !== 'chunk') continue;
      for (const [id, module] of Object.entries(chunk.modules)) {
        const dir = /^(.*\/node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(id.replace(/^\0/, ''))?.[1];
        if (!dir || module.renderedLength === 0) continue;
        const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
          name: string;
          version: string;
        };
        packages.add(`${pkg.name} ${pkg.version}`);
      }
    }
    return packages;
  } finally {
    await bundle.close();
  }
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
  it('names every third-party package in the bundle, with its licence text', async () => {
    const shipped = notices();
    const bundled = await bundledPackages();
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
