// The order test files start in. vitest starts the files that took longest in its last run first, and on a fresh
// clone (no such record, as in CI) the largest. The suite's wall time is set by its long chains of one process after
// another: a file of 200 kills and restarts is small and would start late, and end minutes after everything else.
// These files start first, in this order; every other file follows in vitest's own order. A name here that matches
// no test file fails the run, so the list cannot rot silently when a file is renamed.
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Paths under test/, longest chain first (each file's wall time when the suite runs, 2 cores). */
export const LONG_FIRST = [
  'integration/crash.test.ts',
  'action/action.test.ts',
  'bundle/install-git.test.ts',
  'bench/quick.test.ts',
  'e2e/gemini.test.ts',
  'actions-services/actions-services.test.ts',
  'e2e/claude-failures.test.ts',
  'integration/worker-kill.test.ts',
  'integration/loop.test.ts',
  'integration/worker-state-mutex.test.ts',
  'github-api/review-forge.test.ts',
  'e2e/claude.test.ts',
  'integration/instance-lock.test.ts',
  'action/local-action.test.ts',
  'action/review-action.test.ts',
  'integration/corpus.test.ts',
  'integration/tasks-user-files.test.ts',
  'integration/tasks-loop.test.ts',
  'e2e/review-loop.test.ts',
  'integration/worker-sandbox-fuzz.test.ts',
  'action/worker-action.test.ts',
  'action/checkout-credentials.test.ts',
  'bundle/install-tarball.test.ts',
];

/** `files` with those named in `first` moved to the front, in `first`'s order; the rest as they were. */
export function longFirst<T>(
  files: readonly T[],
  pathOf: (file: T) => string,
  first: readonly string[],
): T[] {
  const rank = new Map(first.map((path, index) => [path, index]));
  const front = files.filter((file) => rank.has(pathOf(file)));
  front.sort((a, b) => rank.get(pathOf(a))! - rank.get(pathOf(b))!);
  return [...front, ...files.filter((file) => !rank.has(pathOf(file)))];
}

export default class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const tests = join(this.ctx.config.root, 'test');
    const missing = LONG_FIRST.filter((path) => !existsSync(join(tests, path)));
    if (missing.length > 0)
      throw new Error(`test/support/sequencer.ts names test files that do not exist: ${missing.join(', ')}`);
    return longFirst(await super.sort(files), (spec) => relative(tests, spec.moduleId), LONG_FIRST);
  }
}
