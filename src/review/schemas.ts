// The files of review mode, as zod schemas with a description on every field: the planfile the planner writes,
// the plan's merged mistakes, the architect's per-review mistakes, and `.harness/meta.json`. They are strict
// (an unknown field is an error, since a misspelt `acceptance_critera` would otherwise be dropped silently);
// what a schema cannot say (unique task ids, dependencies that exist and form no cycle) is checked in
// plan-checks.ts. The JSON Schema files in `schema/` are generated from these (json-schemas.ts).
import { z } from 'zod';
import { SAFE_ID_EXPECTATION, SAFE_ID_PATTERN } from './safe-id.js';

/** A string with at least one non-whitespace character. */
const text = (description: string) =>
  z.string().regex(/\S/, { message: 'expected a non-empty string' }).describe(description);

/** An id that becomes a file or directory name (safe-id.ts). */
const safeId = (description: string) =>
  z
    .string()
    .regex(SAFE_ID_PATTERN, { message: `expected ${SAFE_ID_EXPECTATION}` })
    .describe(description);

/** `todo → doing → done`, for a plan and for each of its tasks. */
export const STATUSES = ['todo', 'doing', 'done'] as const;
export const statusSchema = z
  .enum(STATUSES)
  .describe('`todo` (not started), `doing` (being developed or reviewed) or `done` (passed its review)');
export type Status = z.infer<typeof statusSchema>;

/** Written as the seed writes it: `2026-03-26 13:21:21Z`; ISO 8601 with `T` and an offset is accepted too. */
export const CREATED_PATTERN = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

export const planTaskSchema = z
  .strictObject({
    id: safeId(
      'Unique within the plan (case-insensitively); names the task’s review files, so it must be a safe file ' +
        'name. Example: `1_update_csv_filename`.',
    ),
    title: text('What the task does, in one line.'),
    status: statusSchema,
    acceptance_criteria: z
      .array(text('One criterion the architect can check.'))
      .min(1)
      .describe('What must hold for the task to pass its review; at least one.'),
    possibly_relevant_files: z
      .array(text('A path relative to the project root.'))
      .default([])
      .describe('Files the developer should look at first (a hint, not a limit).'),
    depends_on: z
      .array(z.string().describe('The id of another task of this plan.'))
      .default([])
      .describe('Ids of tasks that must be done before this one starts; no cycles.'),
  })
  .describe('One atomic, incremental task.');
export type PlanTask = z.infer<typeof planTaskSchema>;

export const planfileSchema = z
  .strictObject({
    id: safeId(
      'The plan id: a slug of the title and the UTC time it was made, e.g. `fix-csv-naming-20260326T1321`; ' +
        'equal to the name of the plan’s directory under `.harness/plans/`.',
    ),
    title: text('What the plan builds, in one line.'),
    created: z
      .string()
      .regex(CREATED_PATTERN, { message: 'expected a UTC time such as "2026-03-26 13:21:21Z"' })
      .describe('When the plan was made, e.g. `2026-03-26 13:21:21Z`.'),
    status: statusSchema,
    context: text(
      'Why the work is needed and any relevant background; a plan made unattended states its assumptions here.',
    ),
    tasks: z
      .array(planTaskSchema)
      .min(1)
      .describe('The tasks, at least one; developed in dependency order, file order among equals.'),
  })
  .describe('`.harness/plans/<plan_id>/planfile.json`: the plan the planner wrote, and its progress.');
export type Plan = z.infer<typeof planfileSchema>;

const mistakeFields = {
  attempted: text('What the developer tried.'),
  problem: text('Why it was wrong.'),
  lesson: text('What to do instead, as an instruction.'),
};

export const reviewMistakeSchema = z.strictObject(mistakeFields).describe('One mistake found by a review.');
export type ReviewMistake = z.infer<typeof reviewMistakeSchema>;

export const reviewMistakesFileSchema = z
  .strictObject({
    mistakes: z.array(reviewMistakeSchema).describe('The mistakes of this try; empty when there were none.'),
  })
  .describe(
    '`.harness/plans/<plan_id>/reviews/<task-id>-<n>-mistakes.json`: written by the architect after reviewing try n.',
  );
export type ReviewMistakesFile = z.infer<typeof reviewMistakesFileSchema>;

export const mistakeSchema = z
  .strictObject({
    task_id: safeId('The task whose review found the mistake (the first one, when several did).'),
    iteration: z.number().int().min(1).describe('The try (1-based) whose review found it.'),
    ...mistakeFields,
  })
  .describe('One mistake, with the task and try it was found in.');
export type Mistake = z.infer<typeof mistakeSchema>;

export const mistakesFileSchema = z
  .strictObject({
    mistakes: z
      .array(mistakeSchema)
      .describe('Every distinct mistake found by the plan’s reviews, oldest first.'),
  })
  .describe(
    '`.harness/plans/<plan_id>/mistakes.json`: merged by the harness from the reviews’ mistakes files; its ' +
      'formatted content is given to the developer.',
  );
export type MistakesFile = z.infer<typeof mistakesFileSchema>;

export const metaSchema = z
  .strictObject({
    template_version: z
      .number()
      .int()
      .min(1)
      .describe('The version of the default templates `attach` copied (increases when they change).'),
    harness_version: z.string().describe('The agent-harness version that ran `attach`.'),
    attached: z.string().describe('When `attach` ran, e.g. `2026-03-26 13:21:21Z`.'),
    templates: z
      .record(z.string(), z.string().regex(/^[0-9a-f]{64}$/))
      .optional()
      .describe(
        'SHA-256 of each template as `attach` wrote it, by path relative to `.harness/`: a file whose hash ' +
          'differs was edited by the user, so a newer `attach` reports it instead of overwriting it.',
      ),
  })
  .describe('`.harness/meta.json`: what `attach` set up.');
export type Meta = z.infer<typeof metaSchema>;
