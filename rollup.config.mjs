import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import typescript from '@rollup/plugin-typescript';

const plugins = () => [
  typescript({ tsconfig: './tsconfig.build.json' }),
  nodeResolve({ preferBuiltins: true, exportConditions: ['node', 'import', 'default'] }),
  commonjs(),
  json(),
];

function onwarn(warning, warn) {
  if (warning.code === 'CIRCULAR_DEPENDENCY' && warning.ids?.some((id) => id.includes('node_modules')))
    return;
  // zod's own annotations are for esbuild; rollup drops them harmlessly.
  if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
  // TypeScript-compiled CommonJS helpers in the toolkit test `this` at module level; undefined is what they expect.
  if (warning.code === 'THIS_IS_UNDEFINED' && warning.id?.includes('node_modules')) return;
  warn(warning);
}

export default [
  // The CLI: one self-contained file, so `npx agent-harness` and a copied dist/cli.js both work.
  {
    input: 'src/cli.ts',
    output: { file: 'dist/cli.js', format: 'es', banner: '#!/usr/bin/env node', inlineDynamicImports: true },
    plugins: plugins(),
    onwarn,
  },
  // The Action: two tiny entries that print their first line at once, and shared chunks loaded after it.
  {
    input: { main: 'src/main.ts', post: 'src/post.ts' },
    output: {
      dir: 'dist',
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
    },
    plugins: plugins(),
    onwarn,
  },
];
