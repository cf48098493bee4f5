// The planfile and mistakes files are checked completely, and every problem is named as `file: path: expected X,
// found Y` (or `file:line:column:` for JSON syntax), since the message goes to the planner's corrective session.
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/errors/exit-codes.js';
import { PlanFileError, problemLines } from '../../../src/review/problems.js';
import { MAX_ID_LENGTH, SAFE_ID_PATTERN, unsafeIdReason } from '../../../src/review/safe-id.js';
import {
  checkMeta,
  checkMistakesFile,
  checkPlanfile,
  checkReviewMistakesFile,
} from '../../../src/review/validate.js';
import { SEED_PLANFILE } from './fixtures.js';

const FILE = '.harness/plans/p/planfile.json';

/** The planfile error's lines, given the seed's plan with `change` applied. */
function planErrors(
  change: (plan: typeof SEED_PLANFILE & Record<string, unknown>) => void,
  expectedId?: string,
) {
  const plan = structuredClone(SEED_PLANFILE) as typeof SEED_PLANFILE & Record<string, unknown>;
  change(plan);
  const checked = checkPlanfile(JSON.stringify(plan, null, 2), FILE, expectedId);
  if (checked.ok) throw new Error('expected the plan to be invalid');
  return checked.error;
}

const task = (id: string, depends_on: string[] = []) => ({
  id,
  title: `task ${id}`,
  status: 'todo',
  acceptance_criteria: ['works'],
  possibly_relevant_files: [],
  depends_on,
});

describe('checkPlanfile', () => {
  it("accepts the seed's example, keeping field and task order", () => {
    const checked = checkPlanfile(JSON.stringify(SEED_PLANFILE), FILE, SEED_PLANFILE.id);
    expect(checked).toEqual({ ok: true, value: SEED_PLANFILE });
    if (checked.ok) expect(Object.keys(checked.value)).toEqual(Object.keys(SEED_PLANFILE));
  });

  it('defaults the optional lists an LLM may leave out', () => {
    const plan = structuredClone(SEED_PLANFILE) as Record<string, unknown>;
    plan.tasks = [{ id: 'a', title: 'A', status: 'todo', acceptance_criteria: ['x'] }];
    const checked = checkPlanfile(JSON.stringify(plan), FILE);
    expect(checked.ok && checked.value.tasks[0]).toMatchObject({
      possibly_relevant_files: [],
      depends_on: [],
    });
  });

  it('names an unknown top-level field and the closest known one', () => {
    const error = planErrors((p) => {
      p.contxt = 'x';
    });
    expect(error).toBeInstanceOf(PlanFileError);
    expect(error.exitCode).toBe(EXIT.planInvalid);
    expect(error.message).toBe(
      `${FILE} is not a valid planfile (1 problem):\n${FILE}: contxt: unknown field (did you mean "context"?)`,
    );
  });

  it('names unknown task fields, and lists the known ones when nothing is close', () => {
    const error = planErrors((p) => {
      Object.assign(p.tasks[0]!, { acceptance_critera: [], zzz: 1 });
    });
    expect(problemLines(error).split('\n')).toEqual([
      `${FILE}: tasks[0].acceptance_critera: unknown field (did you mean "acceptance_criteria"?)`,
      `${FILE}: tasks[0].zzz: unknown field (known fields: id, title, status, acceptance_criteria, ` +
        'possibly_relevant_files, depends_on)',
    ]);
  });

  it('names every field problem with its path, the expectation and the value found', () => {
    const error = planErrors((p) => {
      p.title = '  ';
      p.status = 'dnoe';
      (p as Record<string, unknown>).created = 'yesterday';
      delete (p as Record<string, unknown>).context;
      Object.assign(p.tasks[0]!, { acceptance_criteria: [], depends_on: 'x' });
    });
    expect(problemLines(error).split('\n')).toEqual([
      `${FILE}: title: expected a non-empty string, found "  "`,
      `${FILE}: created: expected a UTC time such as "2026-03-26 13:21:21Z", found "yesterday"`,
      `${FILE}: status: expected one of "todo", "doing", "done", found "dnoe" (did you mean "done"?)`,
      `${FILE}: context: expected a string, found nothing (the field is missing)`,
      `${FILE}: tasks[0].acceptance_criteria: expected an array with at least 1 item, found []`,
      `${FILE}: tasks[0].depends_on: expected an array, found "x"`,
    ]);
    expect(error.message.startsWith(`${FILE} is not a valid planfile (6 problems):\n`)).toBe(true);
  });

  it('rejects an empty task list and a non-object', () => {
    expect(problemLines(planErrors((p) => (p.tasks = [])))).toBe(
      `${FILE}: tasks: expected an array with at least 1 item, found []`,
    );
    const checked = checkPlanfile('[1]', FILE);
    expect(!checked.ok && problemLines(checked.error)).toBe(`${FILE}: expected an object, found [1]`);
  });

  it.each([
    ['../escape', 'tasks[0].id'],
    ['a/b', 'tasks[0].id'],
    ['-rf', 'tasks[0].id'],
    ['.hidden', 'tasks[0].id'],
    ['nul\u0000', 'tasks[0].id'],
  ])('rejects the unsafe task id %j', (id, path) => {
    const error = planErrors((p) => (p.tasks[0]!.id = id));
    expect(problemLines(error)).toMatch(
      new RegExp(
        `^${FILE.replace(/\./g, '\\.')}: ${path.replace(/[[\]]/g, '\\$&')}: expected a safe file name .*, found `,
      ),
    );
  });

  it('rejects an unsafe plan id and a plan id differing from its directory', () => {
    expect(problemLines(planErrors((p) => (p.id = '..')))).toMatch(/^.*: id: expected a safe file name/);
    expect(problemLines(planErrors(() => undefined, 'other-id'))).toBe(
      `${FILE}: id: expected "other-id" (the name of the plan's directory), found "fix-csv-naming-20260326T1321"`,
    );
  });

  it('rejects duplicate task ids, also differing only in case', () => {
    const error = planErrors((p) => (p.tasks = [task('a'), task('b'), task('a'), task('B')] as never));
    expect(problemLines(error).split('\n')).toEqual([
      `${FILE}: tasks[2].id: expected a unique task id, found "a" (the same id as tasks[0])`,
      `${FILE}: tasks[3].id: expected a unique task id, found "B" (an id differing only in case from tasks[1])`,
    ]);
  });

  it('rejects dependencies on unknown tasks (with the closest id), on the task itself, and repeated', () => {
    const error = planErrors(
      (p) =>
        (p.tasks = [
          task('1_parse'),
          task('2_render', ['1_prase', '2_render', 'zzz', '1_parse', '1_parse']),
        ] as never),
    );
    expect(problemLines(error).split('\n')).toEqual([
      `${FILE}: tasks[1].depends_on[0]: expected the id of a task of this plan, found "1_prase" (did you mean "1_parse"?)`,
      `${FILE}: tasks[1].depends_on[1]: expected the id of another task, found "2_render" (the task itself)`,
      `${FILE}: tasks[1].depends_on[2]: expected the id of a task of this plan, found "zzz" (task ids: 1_parse, 2_render)`,
      `${FILE}: tasks[1].depends_on[4]: expected each dependency once, found "1_parse" again`,
    ]);
  });

  it('names each dependency cycle, starting from its first task in the file', () => {
    const error = planErrors(
      (p) =>
        (p.tasks = [
          task('a', ['c']),
          task('b', ['a']),
          task('c', ['b']),
          task('d', ['e']),
          task('e', ['d']),
        ] as never),
    );
    expect(problemLines(error).split('\n')).toEqual([
      `${FILE}: tasks[0].depends_on: expected no dependency cycle, found a → c → b → a`,
      `${FILE}: tasks[3].depends_on: expected no dependency cycle, found d → e → d`,
    ]);
  });

  it('reports schema and cross-task problems together, so one corrective session can fix them all', () => {
    const error = planErrors(
      (p) =>
        (p.tasks = [
          { ...task('a', ['b']), title: '' },
          task('b', ['a']),
          task('a'),
          'not a task',
          { ...task('c', ['zz']), depends_on: 'zz' },
        ] as never),
      'other',
    );
    expect(problemLines(error).split('\n')).toEqual([
      `${FILE}: tasks[0].title: expected a non-empty string, found ""`,
      `${FILE}: tasks[3]: expected an object, found "not a task"`,
      `${FILE}: tasks[4].depends_on: expected an array, found "zz"`,
      `${FILE}: id: expected "other" (the name of the plan's directory), found "fix-csv-naming-20260326T1321"`,
      `${FILE}: tasks[2].id: expected a unique task id, found "a" (the same id as tasks[0])`,
      `${FILE}: tasks[0].depends_on: expected no dependency cycle, found a → b → a`,
    ]);
  });

  it('locates malformed JSON by line and column', () => {
    const checked = checkPlanfile('{\n  "id": "x",\n}\n', FILE);
    expect(!checked.ok && problemLines(checked.error)).toBe(
      `${FILE}:3:1: invalid JSON: Expected double-quoted property name`,
    );
    const truncated = checkPlanfile('{\n  "id": ', FILE);
    expect(!truncated.ok && problemLines(truncated.error)).toBe(
      `${FILE}:2:9: invalid JSON: Unexpected end of input`,
    );
    const empty = checkPlanfile('\n', FILE);
    expect(!empty.ok && problemLines(empty.error)).toBe(`${FILE}:2:1: invalid JSON: the file is empty`);
    const bom = checkPlanfile(`\uFEFF${JSON.stringify(SEED_PLANFILE)}`, FILE);
    expect(bom.ok).toBe(true);
  });
});

describe('the mistakes files', () => {
  const M = '.harness/plans/p/mistakes.json';
  it('accepts the seed examples', () => {
    const merged = {
      mistakes: [{ task_id: '1_a', iteration: 1, attempted: 'x', problem: 'y', lesson: 'z' }],
    };
    expect(checkMistakesFile(JSON.stringify(merged), M)).toEqual({ ok: true, value: merged });
    const review = { mistakes: [{ attempted: 'x', problem: 'y', lesson: 'z' }] };
    expect(checkReviewMistakesFile(JSON.stringify(review), 'r.json')).toEqual({ ok: true, value: review });
    expect(checkReviewMistakesFile('{"mistakes": []}', 'r.json').ok).toBe(true);
  });

  it('names every problem of a merged mistakes file', () => {
    const checked = checkMistakesFile(
      JSON.stringify({
        mistakes: [{ task_id: '../x', iteration: 0, attempted: '', problem: 'y', lessons: 'z' }],
      }),
      M,
    );
    expect(!checked.ok && checked.error.message.split('\n')).toEqual([
      `${M} is not a valid mistakes file (5 problems):`,
      expect.stringMatching(
        /^\.harness\/plans\/p\/mistakes\.json: mistakes\[0\]\.task_id: expected a safe file name/,
      ),
      `${M}: mistakes[0].iteration: expected a number >= 1, found 0`,
      `${M}: mistakes[0].attempted: expected a non-empty string, found ""`,
      `${M}: mistakes[0].lesson: expected a string, found nothing (the field is missing)`,
      `${M}: mistakes[0].lessons: unknown field (did you mean "lesson"?)`,
    ]);
  });

  it('rejects the merged fields in a per-review file (the harness adds them), naming them', () => {
    const checked = checkReviewMistakesFile(
      JSON.stringify({ mistakes: [{ task_id: 'a', attempted: 'x', problem: 'y', lesson: 'z' }] }),
      'r.json',
    );
    expect(!checked.ok && problemLines(checked.error)).toBe(
      'r.json: mistakes[0].task_id: unknown field (known fields: attempted, problem, lesson)',
    );
  });

  it('rejects a missing list and a float iteration', () => {
    const none = checkReviewMistakesFile('{}', 'r.json');
    expect(!none.ok && problemLines(none.error)).toBe(
      'r.json: mistakes: expected an array, found nothing (the field is missing)',
    );
    const float = checkMistakesFile(
      JSON.stringify({
        mistakes: [{ task_id: 'a', iteration: 1.5, attempted: 'x', problem: 'y', lesson: 'z' }],
      }),
      M,
    );
    expect(!float.ok && problemLines(float.error)).toBe(
      `${M}: mistakes[0].iteration: expected an integer, found 1.5`,
    );
  });
});

describe('meta.json', () => {
  it('accepts what attach writes and rejects a missing template version', () => {
    const meta = { template_version: 1, harness_version: '0.1.0', attached: '2026-03-26 13:21:21Z' };
    expect(checkMeta(JSON.stringify(meta), 'meta.json')).toEqual({ ok: true, value: meta });
    const checked = checkMeta('{"harness_version": "0.1.0", "attached": "x"}', 'meta.json');
    expect(!checked.ok && problemLines(checked.error)).toBe(
      'meta.json: template_version: expected a number, found nothing (the field is missing)',
    );
  });
});

describe('safe ids', () => {
  it.each([
    ['', 'it is empty'],
    ['a/b', 'it contains a path separator'],
    ['a\\b', 'it contains a path separator'],
    ['..', 'it starts with "."'],
    ['.git', 'it starts with "."'],
    ['-n', 'it starts with "-"'],
    ['a\u0000b', 'it contains a control character'],
    ['a\nb', 'it contains a control character'],
    [' a', 'it starts or ends with whitespace'],
    ['x'.repeat(MAX_ID_LENGTH + 1), `it is longer than ${MAX_ID_LENGTH} characters`],
  ])('%j is unsafe: %s; the schema pattern agrees', (id, reason) => {
    expect(unsafeIdReason(id)).toBe(reason);
    expect(SAFE_ID_PATTERN.test(id)).toBe(false);
  });

  it.each([
    '1_update_csv_filename',
    'fix-csv-naming-20260326T1321',
    'a.b',
    'исправить-20260326T1321',
    'x'.repeat(MAX_ID_LENGTH),
  ])('%j is safe, for both checks', (id) => {
    expect(unsafeIdReason(id)).toBeUndefined();
    expect(SAFE_ID_PATTERN.test(id)).toBe(true);
  });
});
