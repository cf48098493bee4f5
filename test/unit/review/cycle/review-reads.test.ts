// Before the architect's session: its review and mistakes paths are cleared, and the reviews directory is there
// for it to write in, even for a plan made before the harness made that directory with the plan.
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clearReviewPaths } from '../../../../src/review/cycle/review-reads.js';
import { nullEventSink } from '../../../../src/state/index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const logger = { log: () => undefined, summary: () => undefined };

describe('clearReviewPaths', () => {
  it('makes a missing reviews directory and clears what waits at the try’s paths', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'ah-reviews-'));
    dirs.push(cwd);
    const plan = join(cwd, '.harness', 'plans', 'p-1');
    mkdirSync(plan, { recursive: true });
    const ctx = { cwd, planId: 'p-1', logger, events: nullEventSink };
    expect(await clearReviewPaths(ctx, '1_a', 1)).toEqual([
      '.harness/plans/p-1/reviews/1_a-1-review.md',
      '.harness/plans/p-1/reviews/1_a-1-mistakes.json',
    ]);
    expect(statSync(join(plan, 'reviews')).isDirectory()).toBe(true);
    writeFileSync(join(plan, 'reviews', '1_a-1-review.md'), 'Result: PASS\n');
    await clearReviewPaths(ctx, '1_a', 1);
    expect(existsSync(join(plan, 'reviews', '1_a-1-review.md'))).toBe(false);
  });
});
