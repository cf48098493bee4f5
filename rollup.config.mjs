import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import typescript from '@rollup/plugin-typescript';

const entries = [
  { input: 'src/cli.ts', file: 'dist/cli.js', banner: '#!/usr/bin/env node' },
  { input: 'src/main.ts', file: 'dist/main.js' },
  { input: 'src/post.ts', file: 'dist/post.js' },
];

export default entries.map(({ input, file, banner }) => ({
  input,
  output: { file, format: 'es', banner, sourcemap: false, inlineDynamicImports: true },
  plugins: [
    typescript({ tsconfig: './tsconfig.build.json' }),
    nodeResolve({ preferBuiltins: true, exportConditions: ['node', 'import', 'default'] }),
    commonjs(),
    json(),
  ],
  onwarn(warning, warn) {
    // zod's own annotations are for esbuild; rollup drops them harmlessly.
    if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
    // TypeScript-compiled CommonJS helpers in the toolkit test `this` at module level; undefined is what they expect.
    if (warning.code === 'THIS_IS_UNDEFINED' && warning.id?.includes('node_modules')) return;
    if (warning.code === 'CIRCULAR_DEPENDENCY' && warning.ids?.some((id) => id.includes('node_modules')))
      return;
    warn(warning);
  },
}));
