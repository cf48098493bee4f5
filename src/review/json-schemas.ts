// The JSON Schema files shipped in `schema/` for the files agents write (planfile.json, mistakes.json and the
// architect's per-review mistakes file), generated from the zod schemas so editors and agents validate exactly
// what the harness accepts. `io: 'input'` describes what may be written: fields with defaults are optional there.
// Cross-task rules (unique ids, existing dependencies, no cycles) cannot be said in JSON Schema; the harness
// checks them (plan-checks.ts).
import { z } from 'zod';
import { SCHEMA_BASE_URL } from '../version.js';
import { mistakesFileSchema, planfileSchema, reviewMistakesFileSchema } from './schemas.js';

type JsonSchema = Record<string, unknown>;

/** `$id` is schema/<file> under `base`: where it is published (npm run gen passes the one package.json says). */
function generate(schema: z.ZodType, file: string, title: string, base: string): JsonSchema {
  const { $schema, ...rest } = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' });
  return { $schema, $id: `${base}${file}`, title, ...rest };
}

export const planfileJsonSchema = (base: string = SCHEMA_BASE_URL): JsonSchema =>
  generate(planfileSchema, 'planfile.schema.json', 'agent-harness planfile.json', base);

export const mistakesJsonSchema = (base: string = SCHEMA_BASE_URL): JsonSchema =>
  generate(mistakesFileSchema, 'mistakes.schema.json', 'agent-harness mistakes.json', base);

export const reviewMistakesJsonSchema = (base: string = SCHEMA_BASE_URL): JsonSchema =>
  generate(
    reviewMistakesFileSchema,
    'review-mistakes.schema.json',
    'agent-harness <task-id>-<n>-mistakes.json',
    base,
  );
