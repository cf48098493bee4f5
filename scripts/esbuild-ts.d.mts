// Types of esbuild-ts.mjs (the rollup plugin that turns TypeScript into JavaScript), for the TypeScript that uses it.
import type { Plugin } from 'rollup';

export const TARGET: string;
export default function esbuildTs(): Plugin;
