// From file text to a checked value: JSON syntax (located by line and column), the schema (every field problem),
// and for a planfile the cross-task checks and the id its directory gives it. Pure: files.ts does the reading.
import { z } from 'zod';
import {
  issueProblems,
  parseJsonText,
  PlanFileError,
  type PlanFileKind,
  type PlanProblem,
} from './problems.js';
import { planProblems } from './plan-checks.js';
import {
  metaSchema,
  mistakesFileSchema,
  planfileSchema,
  reviewMistakesFileSchema,
  type Meta,
  type MistakesFile,
  type Plan,
  type ReviewMistakesFile,
} from './schemas.js';

export type Checked<T> = { ok: true; value: T } | { ok: false; error: PlanFileError };

/** The field names of the object schema at `path` inside `schema` (array indexes step into the item). */
function knownKeysIn(schema: z.ZodType): (path: readonly PropertyKey[]) => readonly string[] {
  return (path) => {
    let node: z.ZodType = schema;
    for (const segment of path) {
      while (node instanceof z.ZodDefault || node instanceof z.ZodOptional) node = node.unwrap() as z.ZodType;
      if (node instanceof z.ZodObject && typeof segment === 'string') node = node.shape[segment] as z.ZodType;
      else if (node instanceof z.ZodArray && typeof segment === 'number') node = node.element as z.ZodType;
      else return [];
    }
    while (node instanceof z.ZodDefault || node instanceof z.ZodOptional) node = node.unwrap() as z.ZodType;
    return node instanceof z.ZodObject ? Object.keys(node.shape) : [];
  };
}

function check<T>(
  schema: z.ZodType<T>,
  kind: PlanFileKind,
  text: string,
  file: string,
  more?: (value: T) => PlanProblem[],
): Checked<T> {
  const fail = (problems: PlanProblem[]): Checked<T> => ({
    ok: false,
    error: new PlanFileError(kind, file, problems),
  });
  const json = parseJsonText(text, file);
  if (!json.ok) return fail([json.problem]);
  const result = schema.safeParse(json.value);
  if (!result.success) return fail(issueProblems(result.error.issues, json.value, file, knownKeysIn(schema)));
  const problems = more?.(result.data) ?? [];
  return problems.length ? fail(problems) : { ok: true, value: result.data };
}

/**
 * A planfile's text checked completely. `expectedId` is the name of the plan's directory: a plan whose `id`
 * differs would have its reviews filed under another plan, so that is a problem too.
 */
export function checkPlanfile(text: string, file: string, expectedId?: string): Checked<Plan> {
  return check(planfileSchema, 'planfile', text, file, (plan) => {
    const problems = planProblems(plan, file);
    if (expectedId !== undefined && plan.id !== expectedId)
      problems.unshift({
        file,
        path: 'id',
        message: `expected ${JSON.stringify(expectedId)} (the name of the plan's directory), found ${JSON.stringify(plan.id)}`,
      });
    return problems;
  });
}

/** The plan's merged `mistakes.json`. */
export const checkMistakesFile = (text: string, file: string): Checked<MistakesFile> =>
  check(mistakesFileSchema, 'mistakes file', text, file);

/** The architect's `<task-id>-<n>-mistakes.json`. */
export const checkReviewMistakesFile = (text: string, file: string): Checked<ReviewMistakesFile> =>
  check(reviewMistakesFileSchema, 'review mistakes file', text, file);

/** `.harness/meta.json`. */
export const checkMeta = (text: string, file: string): Checked<Meta> =>
  check(metaSchema, 'meta file', text, file);
