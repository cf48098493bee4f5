// The model's answer, exactly as the seed defines it: one JSON object with `actions` (required, may be empty) and
// an optional `reasoning` the harness ignores; any other field is refused. parseAnswer never throws: every way an
// answer can be unusable is an AnswerError the loop logs before it goes on.
import { z } from 'zod';
import { TOOL_NAMES, TOOL_SCHEMAS } from './tools/index.js';

export const actionSchema = z.strictObject({
  tool: z.string().min(1, 'must name a tool'),
  args: z.record(z.string(), z.unknown()),
});

export const answerSchema = z.strictObject({
  reasoning: z.string().optional(),
  actions: z.array(actionSchema),
});

export type Answer = z.output<typeof answerSchema>;
export type Action = Answer['actions'][number];
export type AnswerErrorKind = 'empty' | 'invalid_json' | 'schema' | 'too_large';
export interface AnswerError {
  kind: AnswerErrorKind;
  message: string;
}
export type ParsedAnswer = { ok: true; answer: Answer } | { ok: false; error: AnswerError };

/** One Markdown fence wrapping the whole answer (```json … ``` or ``` … ```). */
const FENCE = /^```(?:json|JSON)?[ \t]*\r?\n([\s\S]*?)\r?\n?```$/;

export function parseAnswer(text: string, maxBytes: number, truncated = false): ParsedAnswer {
  if (truncated)
    return fail('too_large', `the answer is over the limit of ${maxBytes} bytes (llm.max_answer_bytes)`);
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > maxBytes)
    return fail(
      'too_large',
      `the answer is ${bytes} bytes, over the limit of ${maxBytes} (llm.max_answer_bytes)`,
    );
  let body = text.trim();
  if (body === '') return fail('empty', 'the answer was empty: answer with one JSON object');
  const fence = FENCE.exec(body);
  if (fence) body = fence[1]!.trim();
  if (body === '') return fail('empty', 'the answer was an empty code block: answer with one JSON object');
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    return fail('invalid_json', `the answer is not one JSON object: ${(error as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return fail('invalid_json', `the answer is not one JSON object (found ${describe(value)})`);
  const result = answerSchema.safeParse(value);
  if (!result.success) return fail('schema', schemaProblems(result.error));
  return { ok: true, answer: result.data };
}

function fail(kind: AnswerErrorKind, message: string): ParsedAnswer {
  return { ok: false, error: { kind, message } };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

function schemaProblems(error: z.ZodError): string {
  const problems = error.issues.slice(0, 5).map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join('.') : '(top level)';
    return `${where}: ${issue.message}`;
  });
  const more = error.issues.length > 5 ? ` (and ${error.issues.length - 5} more)` : '';
  return `the answer does not match the schema: ${problems.join('; ')}${more}`;
}

let cached: Record<string, unknown> | null = null;

/** The JSON Schema sent to the model: the answer, each action one of the five tools with its own args. */
export function answerJsonSchema(): Record<string, unknown> {
  if (cached !== null) return cached;
  const actions = TOOL_NAMES.map((name) =>
    z.strictObject({ tool: z.literal(name), args: TOOL_SCHEMAS[name] as z.ZodType }),
  );
  const schema = z.strictObject({
    reasoning: z.string().optional(),
    actions: z.array(z.union(actions as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]])),
  });
  const json = z.toJSONSchema(schema, { io: 'input', target: 'draft-7' }) as Record<string, unknown>;
  delete json.$schema;
  cached = json;
  return json;
}
