// Mistakes from failed reviews merge into the plan's mistakes.json without duplicates (the same attempted,
// problem and lesson, whitespace and case aside, whatever the task), and are formatted for the develop prompt.
import { describe, expect, it } from 'vitest';
import { formatMistakes, mergeMistakes } from '../../../src/review/mistakes.js';
import type { Mistake } from '../../../src/review/schemas.js';

const handler = {
  attempted: 'Inline validation in the HTTP handler',
  problem: 'Violates separation of concerns, validation belongs in the domain layer',
  lesson: 'Put validation logic in domain types, not HTTP handlers',
};
const strings = {
  attempted: 'Used string matching for status comparison',
  problem: 'Fragile, breaks on casing or whitespace differences',
  lesson: 'Use typed constants for status values',
};
const race = {
  attempted: 'Shared mutable state between goroutines without synchronization',
  problem: 'Data race detected by -race flag',
  lesson: 'Use channels or sync.Mutex for shared state',
};

describe('mergeMistakes', () => {
  it('stamps a review’s mistakes with the task and try', () => {
    expect(mergeMistakes([], [handler, strings], '1_a', 1)).toEqual([
      { task_id: '1_a', iteration: 1, ...handler },
      { task_id: '1_a', iteration: 1, ...strings },
    ]);
  });

  it('merges mistakes from two tasks without duplicates, keeping the first occurrence', () => {
    const first = mergeMistakes([], [handler, strings], '1_a', 1);
    const retried = mergeMistakes(first, [strings], '1_a', 2);
    expect(retried).toEqual(first);
    const respaced = {
      attempted: '  inline VALIDATION in the\n HTTP handler ',
      problem: handler.problem.toUpperCase(),
      lesson: `${handler.lesson}\t`,
    };
    const second = mergeMistakes(retried, [respaced, race, race], '2_b', 1);
    expect(second).toEqual([
      { task_id: '1_a', iteration: 1, ...handler },
      { task_id: '1_a', iteration: 1, ...strings },
      { task_id: '2_b', iteration: 1, ...race },
    ]);
    // Merging the same review again (a resumed loop) changes nothing.
    expect(mergeMistakes(second, [respaced, race], '2_b', 1)).toEqual(second);
  });

  it('keeps mistakes that differ in any one field', () => {
    const other = { ...handler, lesson: 'Validate in the domain layer' };
    expect(mergeMistakes(mergeMistakes([], [handler], 'a', 1), [other], 'b', 1)).toHaveLength(2);
  });
});

describe('formatMistakes', () => {
  it('is empty without mistakes', () => {
    expect(formatMistakes([])).toBe('');
  });

  it('groups by task in order of first appearance, one compact entry each', () => {
    const mistakes: Mistake[] = [
      { task_id: '1_a', iteration: 1, ...handler },
      { task_id: '2_b', iteration: 1, ...race },
      { task_id: '1_a', iteration: 2, ...strings, problem: 'Fragile,\n  breaks on casing' },
    ];
    expect(formatMistakes(mistakes)).toBe(
      [
        '### Task 1_a',
        `- Attempted (try 1): ${handler.attempted}`,
        `  Problem: ${handler.problem}`,
        `  Lesson: ${handler.lesson}`,
        `- Attempted (try 2): ${strings.attempted}`,
        '  Problem: Fragile, breaks on casing',
        `  Lesson: ${strings.lesson}`,
        '',
        '### Task 2_b',
        `- Attempted (try 1): ${race.attempted}`,
        `  Problem: ${race.problem}`,
        `  Lesson: ${race.lesson}`,
      ].join('\n'),
    );
  });
});
