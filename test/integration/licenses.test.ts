// dist/licenses.txt names every third-party package whose code is in the bundle, each with its licence text. The
// bundle's packages are found here on their own: the build's module graph (same resolution as rollup.config.mjs,
// TypeScript stripped by Node instead of compiled), every module with code in an output chunk.
import { existsSync, readFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { join } from 'node:path';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { rollup, type Plugin } from 'rollup';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/workdir.js';
import rawText from '../../scripts/raw-text.mjs';

const SEPARATOR = '-'.repeat(80);

// The project's own modules import `./x.js` for `./x.ts`; Node strips their types.
const typescript: Plugin = {
  name: 'strip-types',
  resolveId(source, importer) {
    if (!importer || !source.startsWith('.') || !source.endsWith('.js')) return null;
    const ts = join(importer, '..', source.replace(/\.js$/, '.ts'));
    return existsSync(ts) ? ts : null;
  },
  transform(code, id) {
    return id.endsWith('.ts') ? { code: stripTypeScriptTypes(code, { mode: 'transform' }), map: null } : null;
  },
};

/** `name version` of every third-party package with code in the bundle. */
async function bundledPackages(): Promise<Set<string>> {
  // These two declare CommonJS types for their ES default exports, which NodeNext resolution reads as a namespace.
  type PluginFactory = { default: () => Plugin };
  const commonjs = ((await import('@rollup/plugin-commonjs')) as unknown as PluginFactory).default;
  const json = ((await import('@rollup/plugin-json')) as unknown as PluginFactory).default;
  const bundle = await rollup({
    input: { cli: 'src/cli.ts', main: 'src/main.ts', post: 'src/post.ts' },
    plugins: [
      rawText(),
      typescript,
      nodeResolve({ preferBuiltins: true, exportConditions: ['node', 'import', 'default'] }),
      commonjs(),
      json(),
    ],
    onwarn: () => {},
  });
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
  const text = readFileSync(join(ROOT, 'dist', 'licenses.txt'), 'utf8');
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
