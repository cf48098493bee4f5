// A rollup plugin: TypeScript to JavaScript with esbuild's transform, one file at a time, types erased and not
// checked (`npm run typecheck` checks them). It replaces @rollup/plugin-typescript, which ran the whole type
// checker inside every bundle (about half of the bundle's 22 s). The sources already obey what a per-file
// transform needs (`isolatedModules`, `verbatimModuleSyntax`); imports name the emitted `.js` file, as NodeNext
// wants, so a relative `./x.js` from a `.ts` module resolves to `./x.ts` when that exists.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { transform } from 'esbuild';

/** The JavaScript esbuild writes: what Node 22 (the oldest Node the package supports) runs as is. */
export const TARGET = 'node22';

export default function esbuildTs() {
  return {
    name: 'esbuild-ts',
    resolveId(source, importer) {
      if (importer === undefined || !/\.[cm]?ts$/.test(importer)) return null;
      if (!source.startsWith('.') || !/\.[cm]?js$/.test(source)) return null;
      const candidate = resolve(dirname(importer), source.replace(/js$/, 'ts'));
      return existsSync(candidate) ? candidate : null;
    },
    async transform(code, id) {
      if (!/\.[cm]?ts$/.test(id)) return null;
      const result = await transform(code, {
        loader: 'ts',
        format: 'esm',
        target: TARGET,
        sourcefile: id,
        sourcemap: false,
      });
      for (const warning of result.warnings) this.warn(`${id}: ${warning.text}`);
      return { code: result.code, map: null };
    },
  };
}
