// The JSON Schema files for the files agents write are generated from the zod schemas, registered in npm run gen,
// and say what the harness accepts: strict objects, required fields, the statuses, the safe-id pattern.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED } from '../../../scripts/generated.js';
import {
  mistakesJsonSchema,
  planfileJsonSchema,
  reviewMistakesJsonSchema,
} from '../../../src/review/json-schemas.js';
import { SAFE_ID_PATTERN } from '../../../src/review/safe-id.js';
import { SCHEMA_BASE_URL } from '../../../src/version.js';

const root = resolve(import.meta.dirname, '../../..');
type Node = {
  properties: Record<string, Node & { items?: Node; enum?: string[]; pattern?: string }>;
  required?: string[];
  additionalProperties?: boolean;
  $id?: string;
};

describe('the review-mode JSON Schema files', () => {
  it('are registered in npm run gen and committed as generated', () => {
    for (const [file, schema] of [
      ['schema/planfile.schema.json', planfileJsonSchema()],
      ['schema/mistakes.schema.json', mistakesJsonSchema()],
      ['schema/review-mistakes.schema.json', reviewMistakesJsonSchema()],
    ] as const) {
      expect(GENERATED.map((entry) => entry.path)).toContain(file);
      expect(JSON.parse(readFileSync(resolve(root, file), 'utf8'))).toEqual(schema);
      expect((schema as Node).$id).toBe(`${SCHEMA_BASE_URL}${file.replace('schema/', '')}`);
    }
  });

  it('describe the planfile strictly: unknown fields refused, required fields, statuses, safe ids', () => {
    const plan = planfileJsonSchema() as unknown as Node;
    expect(plan.additionalProperties).toBe(false);
    expect(plan.required).toEqual(['id', 'title', 'created', 'status', 'context', 'tasks']);
    expect(plan.properties.status?.enum).toEqual(['todo', 'doing', 'done']);
    expect(plan.properties.id?.pattern).toBe(SAFE_ID_PATTERN.source);
    const task = plan.properties.tasks?.items as Node;
    expect(task.additionalProperties).toBe(false);
    expect(task.required).toEqual(['id', 'title', 'status', 'acceptance_criteria']);
    for (const field of Object.values(task.properties)) expect(field).toHaveProperty('description');
  });

  it('separate the merged mistakes (with task and try) from a review’s own', () => {
    const merged = (mistakesJsonSchema() as unknown as Node).properties.mistakes?.items as Node;
    const review = (reviewMistakesJsonSchema() as unknown as Node).properties.mistakes?.items as Node;
    expect(merged.required).toEqual(['task_id', 'iteration', 'attempted', 'problem', 'lesson']);
    expect(review.required).toEqual(['attempted', 'problem', 'lesson']);
    expect(review.additionalProperties).toBe(false);
  });
});
