import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import esbuildTs from './scripts/esbuild-ts.mjs';
import rawText from './scripts/raw-text.mjs';
import thirdPartyNotices from './scripts/third-party-notices.mjs';

function onwarn(warning, warn) {
  if (warning.code === 'CIRCULAR_DEPENDENCY' && warning.ids?.some((id) => id.includes('node_modules')))
    return;
  // zod's own annotations are for esbuild; rollup drops them harmlessly.
  if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
  // TypeScript-compiled CommonJS helpers in the toolkit test `this` at module level; undefined is what they expect.
  if (warning.code === 'THIS_IS_UNDEFINED' && warning.id?.includes('node_modules')) return;
  warn(warning);
}

// dist/cli.js is the package's bin: executable, so `npm install` (which sets the bit on bins) leaves a clone clean.
const executableCli = {
  name: 'executable-cli',
  writeBundle(options, bundle) {
    for (const chunk of Object.values(bundle))
      if (chunk.type === 'chunk' && chunk.isEntry && chunk.name === 'cli')
        chmodSync(join(options.dir, chunk.fileName), 0o755);
  },
};

// Three tiny entries (the CLI, the Action's main and post steps) that do their first thing at once and load
// shared chunks after it: the CLI relaunches itself with heap flags before loading anything heavy.
//
// `dependencies: 'bundled'` is the shipped dist/: every dependency inside, with its licence notice. `'external'` is
// the test suite's build of the current sources (test/support/build.ts): the same entries, chunks and transforms,
// with dependencies loaded from node_modules at run time, which makes the build take about a second.
export function bundleConfig({ dir, dependencies }) {
  const bundled = dependencies === 'bundled';
  return {
    input: { cli: 'src/cli.ts', main: 'src/main.ts', post: 'src/post.ts' },
    // node:sqlite is a Node built-in the resolver's list predates (Node 22.5+): loaded on demand by the metrics store.
    external: bundled
      ? ['node:sqlite']
      : (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0'),
    output: {
      dir,
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      banner: (chunk) => (chunk.isEntry && chunk.name === 'cli' ? '#!/usr/bin/env node' : ''),
    },
    plugins: [
      // `./file.md?raw` imports: the review mode's default templates, shipped as strings.
      rawText(),
      esbuildTs(),
      ...(bundled
        ? [
            nodeResolve({ preferBuiltins: true, exportConditions: ['node', 'import', 'default'] }),
            commonjs(),
            json(),
          ]
        : []),
      executableCli,
      // The licence notices of every third-party package bundled into dist/, shipped beside it.
      ...(bundled ? [thirdPartyNotices({ fileName: 'licenses.txt' })] : []),
    ],
    onwarn,
  };
}

export default bundleConfig({ dir: 'dist', dependencies: 'bundled' });
