// The `.harness/` layout of review mode, and ids refused before they become paths.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/errors/exit-codes.js';
import {
  harnessDir,
  latestReviewNumber,
  logPath,
  metaPath,
  mistakesPath,
  parseReviewFileName,
  personaPath,
  PHASES,
  planDir,
  planfilePath,
  plansDir,
  promptTemplatePath,
  reviewMistakesPath,
  reviewPath,
  reviewsDir,
  ROLE_OF_PHASE,
  ROLES,
  techdebtPath,
  UnsafeIdError,
} from '../../../src/review/layout.js';

const cwd = '/project';
const h = (...parts: string[]) => join('/project/.harness', ...parts);

describe('the .harness/ layout', () => {
  it('names every file of the seed', () => {
    expect(harnessDir(cwd)).toBe(h());
    expect(PHASES.map((phase) => promptTemplatePath(cwd, phase))).toEqual([
      h('prompts/plan.md.tmpl'),
      h('prompts/develop.md.tmpl'),
      h('prompts/review.md.tmpl'),
    ]);
    expect(PHASES.map((phase) => personaPath(cwd, ROLE_OF_PHASE[phase]))).toEqual([
      h('personas/planner.md'),
      h('personas/developer.md'),
      h('personas/architect.md'),
    ]);
    expect(ROLES).toEqual(['planner', 'developer', 'architect']);
    expect([metaPath(cwd), techdebtPath(cwd), logPath(cwd), plansDir(cwd)]).toEqual([
      h('meta.json'),
      h('techdebt.md'),
      h('log.md'),
      h('plans'),
    ]);
    const id = 'fix-csv-naming-20260326T1321';
    expect(planDir(cwd, id)).toBe(h('plans', id));
    expect(planfilePath(cwd, id)).toBe(h('plans', id, 'planfile.json'));
    expect(mistakesPath(cwd, id)).toBe(h('plans', id, 'mistakes.json'));
    expect(reviewsDir(cwd, id)).toBe(h('plans', id, 'reviews'));
    expect(reviewPath(cwd, id, '1_update_csv_filename', 2)).toBe(
      h('plans', id, 'reviews', '1_update_csv_filename-2-review.md'),
    );
    expect(reviewMistakesPath(cwd, id, '1_update_csv_filename', 2)).toBe(
      h('plans', id, 'reviews', '1_update_csv_filename-2-mistakes.json'),
    );
  });

  it.each(['..', '../other', 'a/b', '-rf', '.git', '', 'a\u0000'])('refuses the plan id %j', (id) => {
    const error = (() => {
      try {
        planfilePath(cwd, id);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(UnsafeIdError);
    expect((error as UnsafeIdError).exitCode).toBe(EXIT.planInvalid);
    expect((error as UnsafeIdError).message).toMatch(/^plan id ".*" cannot be used as a file name: it /);
  });

  it('refuses an unsafe task id and a review number that is not a positive integer', () => {
    expect(() => reviewPath(cwd, 'p', '../x', 1)).toThrow(
      'task id "../x" cannot be used as a file name: it contains a path separator',
    );
    expect(() => reviewMistakesPath(cwd, 'p', 'a', 0)).toThrow(RangeError);
    expect(() => reviewPath(cwd, 'p', 'a', 1.5)).toThrow(RangeError);
  });
});

describe('review file names read back', () => {
  it('parses the task id, the try and the kind, also for task ids with hyphens and digits', () => {
    expect(parseReviewFileName('1_update_csv_filename-2-review.md')).toEqual({
      taskId: '1_update_csv_filename',
      n: 2,
      kind: 'review',
    });
    expect(parseReviewFileName('a-1-12-mistakes.json')).toEqual({ taskId: 'a-1', n: 12, kind: 'mistakes' });
    for (const name of ['a-0-review.md', 'a-review.md', '-1-review.md', '.a-1-review.md', 'a-1-review.txt'])
      expect(parseReviewFileName(name)).toBeUndefined();
  });

  it('finds the latest review of a task, not of a task whose id extends it', () => {
    const names = ['a-1-review.md', 'a-2-review.md', 'a-3-mistakes.json', 'a-1-5-review.md', 'b-9-review.md'];
    expect(latestReviewNumber(names, 'a')).toBe(2);
    expect(latestReviewNumber(names, 'a-1')).toBe(5);
    expect(latestReviewNumber(names, 'c')).toBe(0);
  });
});
