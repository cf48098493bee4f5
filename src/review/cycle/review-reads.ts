// What the cycle reads back from the reviews directory: the architect's review of a try (its verdict, strictly),
// the mistakes it found (merged into mistakes.json), and earlier reviews for the next develop prompt and for a
// human. Paths come from the task and the try (layout.ts), never from a path recorded in progress.json, and only a
// regular file is read (regular-file.ts): a symlink, a FIFO or a directory at a review's path is no review.
import { mkdir, rm } from 'node:fs/promises';
import { relative } from 'node:path';
import type { Logger } from '../../loop/index.js';
import { readMistakes, readReviewMistakes, writeMistakes } from '../files.js';
import { mistakesPath, reviewMistakesPath, reviewPath, reviewsDir } from '../layout.js';
import { mergeMistakes } from '../mistakes.js';
import { PlanFileError } from '../problems.js';
import type { VerdictRecord } from '../progress.js';
import { readRegularFile, unreadableReason } from '../regular-file.js';
import type { TryEnd } from '../try-outcome.js';
import { parseVerdict } from '../verdict.js';
import type { EventSink } from '../../state/index.js';

/** How a try ended after its review session: with a review (its verdict, or none that parses), or without one. */
export type ReviewEnd = Extract<TryEnd, { kind: 'review' | 'no_review' }>;

export interface ReviewFiles {
  cwd: string;
  planId: string;
  logger: Logger;
  events: EventSink;
}

/** The text of try `n`'s review of a task, or null when there is no regular file there. */
export function reviewText(ctx: ReviewFiles, taskId: string, n: number): Promise<string | null> {
  return readRegularFile(reviewPath(ctx.cwd, ctx.planId, taskId, n)).catch(() => null);
}

/**
 * Before the architect's session: nothing may wait at its review's or its mistakes' path (a developer's file, a
 * killed session's half-written one), so what is there afterwards is what the session wrote. The reviews directory
 * is made if it is missing (a plan from before the harness made it with the plan). Returns the two paths.
 */
export async function clearReviewPaths(ctx: ReviewFiles, taskId: string, n: number): Promise<string[]> {
  await mkdir(reviewsDir(ctx.cwd, ctx.planId), { recursive: true });
  const paths = [
    reviewPath(ctx.cwd, ctx.planId, taskId, n),
    reviewMistakesPath(ctx.cwd, ctx.planId, taskId, n),
  ];
  for (const path of paths) await rm(path, { recursive: true, force: true });
  return paths.map((p) => relative(ctx.cwd, p));
}

/** The architect's review of try `n`, read strictly, and its review_verdict event. */
export async function readReview(ctx: ReviewFiles, taskId: string, n: number): Promise<ReviewEnd> {
  const file = reviewPath(ctx.cwd, ctx.planId, taskId, n);
  const shown = relative(ctx.cwd, file);
  let end: ReviewEnd;
  let error: string | undefined;
  try {
    end = { kind: 'review', file, verdict: parseVerdict(await readRegularFile(file), shown) };
    if (!end.verdict.ok) error = end.verdict.error;
  } catch (failure) {
    const code = (failure as NodeJS.ErrnoException).code;
    end = { kind: 'no_review', file };
    error =
      code === 'ENOENT'
        ? 'the architect wrote no review'
        : `the architect wrote no review: at ${shown} ${unreadableReason(code)}`;
  }
  await ctx.events.emit({
    event: 'review_verdict',
    plan_id: ctx.planId,
    task_id: taskId,
    try: n,
    verdict: reviewVerdict(end),
    file: shown,
    ...(error !== undefined ? { error } : {}),
  });
  if (end.kind === 'review' && !end.verdict.ok)
    ctx.logger.log('warn', { task: taskId, try: n, review: end.verdict.error });
  return end;
}

export function reviewVerdict(end: ReviewEnd): VerdictRecord {
  if (end.kind === 'no_review') return 'missing';
  return end.verdict.ok ? end.verdict.verdict : 'invalid';
}

/** The architect's mistakes of try `n` into mistakes.json, without duplicates; a bad file is named, not fatal. */
export async function mergeReviewMistakes(ctx: ReviewFiles, taskId: string, n: number): Promise<void> {
  const { cwd, planId } = ctx;
  const file = reviewMistakesPath(cwd, planId, taskId, n);
  let found;
  try {
    found = await readReviewMistakes(file, { display: relative(cwd, file) });
  } catch (error) {
    if (!(error instanceof PlanFileError)) throw error;
    // No mistakes file is normal after a PASS; an invalid one is reported and left as it is.
    if (!error.problems.some((p) => p.message === 'the file does not exist'))
      ctx.logger.log('warn', { task: taskId, try: n, mistakes: error.message });
    return;
  }
  const target = mistakesPath(cwd, planId);
  const existing = (await readMistakes(target, { display: relative(cwd, target) })).mistakes;
  const merged = mergeMistakes(existing, found.mistakes, taskId, n);
  if (merged.length !== existing.length) await writeMistakes(target, { mistakes: merged });
}
