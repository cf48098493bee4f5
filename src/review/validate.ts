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
import { planProblems, taskLinks } from './plan-checks.js';
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
  /** Further checks, given the parsed JSON (whether or not it matched the schema). */
  more?: (json: unknown) => PlanProblem[],
): Checked<T> {
  const fail = (problems: PlanProblem[]): Checked<T> => ({
    ok: false,
    error: new PlanFileError(kind, file, problems),
  });
  const json = parseJsonText(text, file);
  if (!json.ok) return fail([json.problem]);
  const result = schema.safeParse(json.value);
  const problems = result.success
    ? []
    : issueProblems(result.error.issues, json.value, file, knownKeysIn(schema));
  // A field the schema already rejected is not reported again by the further checks.
  const reported = new Set(problems.map((p) => p.path));
  problems.push(...(more?.(json.value) ?? []).filter((p) => !reported.has(p.path)));
  if (problems.length || !result.success) return fail(problems);
  return { ok: true, value: result.data };
}

/**
 * A planfile's text checked completely. `expectedId` is the name of the plan's directory: a plan whose `id`
 * differs would have its reviews filed under another plan, so that is a problem too.
 */
export function checkPlanfile(text: string, file: string, expectedId?: string): Checked<Plan> {
  return check(planfileSchema, 'planfile', text, file, (json) => {
    const raw = typeof json === 'object' && json !== null ? (json as { id?: unknown; tasks?: unknown }) : {};
    const problems = planProblems(taskLinks(raw.tasks), file);
    if (expectedId !== undefined && typeof raw.id === 'string' && raw.id !== expectedId)
      problems.unshift({
        file,
        path: 'id',
        message: `expected ${JSON.stringify(expectedId)} (the name of the plan's directory), found ${JSON.stringify(raw.id)}`,
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
