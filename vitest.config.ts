import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import LongFirstSequencer from './test/support/sequencer.js';

// The unit tests share their workers' module graph (isolate: false): each file's fresh fork and module imports cost
// more CPU than its tests (66 against 27 CPU-seconds for test/unit), and the suite is CPU-bound. A unit file that
// replaces a module (vi.mock) needs a graph of its own: it runs isolated, found by reading the files, so a new one
// is never shared by mistake.
const UNIT = 'test/unit';
const mocking = readdirSync(UNIT, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => join(UNIT, file))
  .filter((file) => readFileSync(file, 'utf8').includes('vi.mock('));

export default defineConfig({
  test: {
    // Timeouts only end a hung test (none asserts a timing): long enough for a loaded machine (test/support/captured.ts).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Test files mostly wait on the processes they start (the harness, agents, real CLIs): twice as many files as
    // cores keep both cores busy. Every test asserts what it controls, never a timing, so the load this makes is
    // harmless; STRESS=1 (scripts/stress.mjs) runs two whole suites at once to show it.
    maxWorkers: Math.max(2, availableParallelism() * 2),
    // The files with the longest chains of one process after another start first (test/support/sequencer.ts).
    sequence: { sequencer: LongFirstSequencer },
    // The current sources' bundle that the tests start (never the committed dist/), one Azurite, a compile cache.
    globalSetup: ['test/support/global-setup.ts'],
    // Fails a test file that leaves a process carrying a harness session cookie.
    setupFiles: ['test/support/leak-check.ts'],
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: [`${UNIT}/**/*.test.ts`], exclude: mocking, isolate: false },
      },
      {
        extends: true,
        test: { name: 'processes', include: ['test/**/*.test.ts'], exclude: [`${UNIT}/**/*.test.ts`] },
      },
      { extends: true, test: { name: 'unit-isolated', include: mocking.length > 0 ? mocking : ['-'] } },
    ],
    // GitHub's workflow parser imports its JSON schema without an import attribute, which Node's own loader
    // rejects; letting vite transform the package resolves that import.
    server: { deps: { inline: ['@actions/workflow-parser'] } },
  },
});
