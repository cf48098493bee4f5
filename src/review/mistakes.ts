// The plan's mistakes: merging each failed review's mistakes into `mistakes.json`, and the formatted text the
// develop prompt carries so the developer does not repeat them.
//
// A duplicate is the same lesson learnt twice: two mistakes whose `attempted`, `problem` and `lesson` are equal
// once whitespace is collapsed and case ignored, whatever their task or try. mistakes.json exists to be injected
// into every develop prompt of the plan; the same entry twice costs context and teaches nothing more. The first
// occurrence is kept (with the task and try that found it first), so merging is idempotent: merging a review's
// file again after a crash changes nothing.
import type { Mistake, ReviewMistake } from './schemas.js';

const normalise = (text: string): string => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** The identity of a mistake for de-duplication. */
export const mistakeKey = (m: ReviewMistake): string =>
  JSON.stringify([normalise(m.attempted), normalise(m.problem), normalise(m.lesson)]);

/**
 * `existing` followed by the review's mistakes that are not already there (nor repeated within the review),
 * stamped with `taskId` and `iteration`. Existing entries keep their order and content.
 */
export function mergeMistakes(
  existing: readonly Mistake[],
  reviewMistakes: readonly ReviewMistake[],
  taskId: string,
  iteration: number,
): Mistake[] {
  const seen = new Set(existing.map(mistakeKey));
  const merged = [...existing];
  for (const m of reviewMistakes) {
    const key = mistakeKey(m);
    if (seen.has(key)) continue;
    seen.add(key);
    merged.push({ task_id: taskId, iteration, attempted: m.attempted, problem: m.problem, lesson: m.lesson });
  }
  return merged;
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * The mistakes as compact Markdown, grouped by task in order of first appearance, each entry three short lines:
 *
 *     ### Task 1_update_csv_filename
 *     - Attempted (try 1): Inline validation in the HTTP handler
 *       Problem: Violates separation of concerns, …
 *       Lesson: Put validation logic in domain types, not HTTP handlers
 *
 * Empty when there are no mistakes, so a template can leave the section out.
 */
export function formatMistakes(mistakes: readonly Mistake[]): string {
  const byTask = new Map<string, Mistake[]>();
  for (const m of mistakes) byTask.set(m.task_id, [...(byTask.get(m.task_id) ?? []), m]);
  return [...byTask]
    .map(([taskId, list]) =>
      [
        `### Task ${taskId}`,
        ...list.map(
          (m) =>
            `- Attempted (try ${m.iteration}): ${oneLine(m.attempted)}\n` +
            `  Problem: ${oneLine(m.problem)}\n  Lesson: ${oneLine(m.lesson)}`,
        ),
      ].join('\n'),
    )
    .join('\n\n');
}
