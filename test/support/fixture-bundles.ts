// The test fixtures that run as processes of their own and import the project's sources (a lock holder, a state
// writer, a metrics writer and reader), bundled once per run by the global setup into plain JavaScript with what
// they import: each of the many processes a race test starts then loads one file instead of compiling the
// TypeScript sources again through tsx (about 0.3 s of CPU each). esbuild takes a fraction of a second for all.
import { join } from 'node:path';
import { build } from 'esbuild';
import { TARGET } from '../../scripts/esbuild-ts.mjs';

const ROOT = join(import.meta.dirname, '..', '..');

/** Name -> the fixture's source, relative to the repository. */
export const FIXTURE_SOURCES = {
  'lock-holder': 'test/fixtures/tasks/lock-holder.mjs',
  'metrics-reader': 'test/fixtures/metrics/reader.mjs',
  'metrics-writer': 'test/fixtures/metrics/writer.mjs',
  'state-writer': 'test/fixtures/worker/state-writer.mjs',
} as const;

export type FixtureName = keyof typeof FIXTURE_SOURCES;

/** Bundles every fixture into `dir` as `<name>.mjs`. */
export async function bundleFixtures(dir: string): Promise<void> {
  await build({
    entryPoints: Object.fromEntries(
      Object.entries(FIXTURE_SOURCES).map(([name, source]) => [name, join(ROOT, source)]),
    ),
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: TARGET,
    // The bundled CommonJS dependencies call require(): give the ES module one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
}
