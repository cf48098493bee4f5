// vitest's global setup: builds the current sources once per run, so every test that starts the CLI or the
// Action's steps as a process runs what src/ says now, never a stale committed dist/ (test/bundle/ checks that one).
// The build is rollup.config.mjs's, with dependencies loaded from node_modules instead of bundled (about a second);
// it lives under node_modules/.cache, where those imports resolve, in a directory of this run's own, so that two
// suites running at once (STRESS=1) never share one. Directories of runs that died are swept.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { rollup } from 'rollup';
import type { TestProject } from 'vitest/node';
import { bundleConfig } from '../../rollup.config.mjs';
import { processAlive } from '../../src/os/liveness.js';

const ROOT = join(import.meta.dirname, '..', '..');
const BUILDS = join(ROOT, 'node_modules', '.cache', 'agent-harness-test');

/** Builds src/ into `dir` (cli.js, main.js, post.js and their chunks). */
export async function buildSources(dir: string): Promise<void> {
  const { output, ...input } = bundleConfig({ dir, dependencies: 'external' });
  const bundle = await rollup({
    ...input,
    onwarn(warning) {
      throw new Error(`building src/ for the tests: ${warning.message}`);
    },
  });
  try {
    await bundle.write(output);
  } finally {
    await bundle.close();
  }
}

function sweepDeadRuns(): void {
  for (const name of readdirSync(BUILDS)) {
    const pid = Number(/^build-(\d+)-/.exec(name)?.[1]);
    if (Number.isInteger(pid) && pid > 0 && !processAlive(pid))
      rmSync(join(BUILDS, name), { recursive: true, force: true });
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  mkdirSync(BUILDS, { recursive: true });
  sweepDeadRuns();
  const dir = mkdtempSync(join(BUILDS, `build-${process.pid}-`));
  await buildSources(dir);
  project.provide('build', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The directory of this run's build of src/ (cli.js, main.js, post.js). */
    build: string;
  }
}
