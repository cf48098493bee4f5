// Types of rollup.config.mjs's named export, for the TypeScript that builds with it (test/support/build.ts).
import type { RollupOptions } from 'rollup';

export function bundleConfig(options: {
  dir: string;
  dependencies: 'bundled' | 'external';
}): RollupOptions & {
  output: import('rollup').OutputOptions;
};
declare const config: RollupOptions;
export default config;
