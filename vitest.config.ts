import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongFirstSequencer from './test/support/sequencer.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
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
    // GitHub's workflow parser imports its JSON schema without an import attribute, which Node's own loader
    // rejects; letting vite transform the package resolves that import.
    server: { deps: { inline: ['@actions/workflow-parser'] } },
  },
});
