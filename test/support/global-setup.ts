// vitest's global setup, once per run before any test file: the build of the current sources that every test starts
// (global-build.ts), the fixtures that run as processes bundled with the sources they import (fixture-bundles.ts),
// one Azurite for every test of the Actions services (azurite.ts), and a V8 compile cache shared
// by every Node process the suite starts (the harness, the stand-in agents, the real CLIs), which spares each of
// them compiling the same code again; the CLI's relaunch is off except where a test turns it on. What the tests need is handed over with `provide`.
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAzurite } from './azurite.js';
import { bundleFixtures } from './fixture-bundles.js';
import { buildSources } from './global-build.js';

const ROOT = join(import.meta.dirname, '..', '..');

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const compileCache = join(ROOT, 'node_modules', '.cache', 'agent-harness-test', 'compile-cache');
  mkdirSync(compileCache, { recursive: true });
  process.env.NODE_COMPILE_CACHE = compileCache;
  // The CLI replaces itself once at start-up to set a heap flag (src/cli/relaunch.ts): a second Node boot, 0.05 s of
  // CPU, in each of the suite's thousand-odd starts. test/integration/relaunch.test.ts runs the CLI with it.
  process.env.AGENT_HARNESS_NO_RELAUNCH = '1';
  // Every temporary directory of the run (the tests' work directories, what the harness, the agents and the real
  // CLIs make in TMPDIR) in one of the run's own, removed at its end: a suite leaves nothing in /tmp. Sticky and
  // open to all, as /tmp is: an agent's user (isolation) reaches its tree below it.
  const scratch = mkdtempSync(join(tmpdir(), 'ah-suite-'));
  chmodSync(scratch, 0o1777);
  process.env.TMPDIR = scratch;
  const fixtures = mkdtempSync(join(ROOT, 'node_modules', '.cache', 'agent-harness-test', 'tmp-fixtures-'));
  const [build, azurite] = await Promise.all([buildSources(), startAzurite(), bundleFixtures(fixtures)]);
  project.provide('build', build);
  project.provide('fixtures', fixtures);
  project.provide('azuriteUrl', azurite.url);
  return async () => {
    rmSync(fixtures, { recursive: true, force: true });
    await azurite.stop();
    rmSync(scratch, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The directory of the current sources' bundle (cli.js, main.js, post.js): global-build.ts. */
    build: string;
    /** The directory of this run's fixture bundles, `<name>.mjs`: fixture-bundles.ts. */
    fixtures: string;
    /** The run's Azurite blob endpoint, e.g. http://127.0.0.1:PORT. */
    azuriteUrl: string;
  }
}
