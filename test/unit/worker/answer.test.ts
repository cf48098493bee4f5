// The answer schema, rule by rule as the seed states it, and the JSON Schema sent to the model.
import { describe, expect, it } from 'vitest';
import { answerJsonSchema, parseAnswer } from '../../../src/worker/answer.js';

const MAX = 1024 * 1024;
const ok = (text: string) => {
  const parsed = parseAnswer(text, MAX);
  if (!parsed.ok) throw new Error(`expected ok, got ${parsed.error.kind}: ${parsed.error.message}`);
  return parsed;
};
const kind = (text: string, max = MAX) => {
  const parsed = parseAnswer(text, max);
  return parsed.ok ? 'ok' : parsed.error.kind;
};

describe('parseAnswer: the seed rules', () => {
  it('actions is required', () => {
    expect(kind('{}')).toBe('schema');
    expect(kind('{"reasoning": "thinking"}')).toBe('schema');
    const parsed = parseAnswer('{"reasoning": "x"}', MAX);
    expect(!parsed.ok && parsed.error.message).toMatch(/actions/);
  });

  it('an empty actions array is valid', () => {
    expect(ok('{"actions": []}').answer).toEqual({ actions: [] });
  });

  it('reasoning is optional, kept as given and otherwise ignored', () => {
    expect(ok('{"reasoning": "look first", "actions": []}').answer.reasoning).toBe('look first');
    expect(kind('{"reasoning": 5, "actions": []}')).toBe('schema');
  });

  it('any other field is rejected, at the top and in an action', () => {
    expect(kind('{"actions": [], "done": true}')).toBe('schema');
    expect(kind('{"actions": [{"tool": "read_file", "args": {}, "why": "x"}]}')).toBe('schema');
    const parsed = parseAnswer('{"actions": [], "done": true}', MAX);
    expect(!parsed.ok && parsed.error.message).toMatch(/done/);
  });

  it('each action needs tool (a non-empty string) and args (an object)', () => {
    expect(ok('{"actions": [{"tool": "read_file", "args": {"path": "a"}}]}').answer.actions).toEqual([
      { tool: 'read_file', args: { path: 'a' } },
    ]);
    expect(kind('{"actions": [{"args": {}}]}')).toBe('schema');
    expect(kind('{"actions": [{"tool": "read_file"}]}')).toBe('schema');
    expect(kind('{"actions": [{"tool": 3, "args": {}}]}')).toBe('schema');
    expect(kind('{"actions": [{"tool": "", "args": {}}]}')).toBe('schema');
    expect(kind('{"actions": [{"tool": "read_file", "args": []}]}')).toBe('schema');
    expect(kind('{"actions": [{"tool": "read_file", "args": "a"}]}')).toBe('schema');
    expect(kind('{"actions": [{"tool": "read_file", "args": null}]}')).toBe('schema');
    expect(kind('{"actions": {"tool": "read_file", "args": {}}}')).toBe('schema');
  });

  it('an unknown tool name is still a valid answer (the action fails, not the answer)', () => {
    expect(ok('{"actions": [{"tool": "run_shell", "args": {"cmd": "ls"}}]}').answer.actions[0]!.tool).toBe(
      'run_shell',
    );
  });

  it('invalid JSON, and JSON that is not one object, is invalid_json', () => {
    expect(kind('{"actions": [')).toBe('invalid_json');
    expect(kind('Sure! Here is the plan: {"actions": []}')).toBe('invalid_json');
    expect(kind('{"actions": []} {"actions": []}')).toBe('invalid_json');
    expect(kind('[{"actions": []}]')).toBe('invalid_json');
    expect(kind('null')).toBe('invalid_json');
    expect(kind('"text"')).toBe('invalid_json');
    expect(kind('42')).toBe('invalid_json');
  });

  it('nothing, or only whitespace, is empty', () => {
    expect(kind('')).toBe('empty');
    expect(kind('  \n\t ')).toBe('empty');
    expect(kind('```json\n\n```')).toBe('empty');
  });

  it('over the byte limit is too_large, counted in UTF-8 bytes', () => {
    const text = `{"reasoning": "${'é'.repeat(20)}", "actions": []}`;
    expect(kind(text, Buffer.byteLength(text))).toBe('ok');
    expect(kind(text, Buffer.byteLength(text) - 1)).toBe('too_large');
    expect(text.length).toBeLessThan(Buffer.byteLength(text));
    // A transport that could not hold the answer (truncated) is too_large whatever text it kept.
    const cut = parseAnswer('', MAX, true);
    expect(cut.ok ? 'ok' : cut.error.kind).toBe('too_large');
  });

  it('whitespace around the object is fine; one fence around the whole answer is unwrapped', () => {
    const read = { tool: 'read_file', args: { path: 'a' } };
    const body = JSON.stringify({ actions: [read] });
    for (const text of [
      `\n  ${body}  \n`,
      `\`\`\`json\n${body}\n\`\`\``,
      `\`\`\`\n${body}\n\`\`\``,
      `  \`\`\`json\n${body}\n\`\`\`\n`,
    ])
      expect(ok(text).answer.actions).toEqual([read]);
    expect(kind('Here:\n```json\n{"actions": []}\n```')).toBe('invalid_json');
    expect(kind('```json\n{"actions": []}\n```\nDone.')).toBe('invalid_json');
  });
});

describe('answerJsonSchema', () => {
  it('is the answer object with one entry per tool, strict, args per tool', () => {
    const schema = answerJsonSchema() as {
      type: string;
      required: string[];
      additionalProperties: boolean;
      properties: { actions: { items: { anyOf: Array<Record<string, unknown>> } } };
    };
    expect(schema.type).toBe('object');
    expect(schema.required).toEqual(['actions']);
    expect(schema.additionalProperties).toBe(false);
    const variants = schema.properties.actions.items.anyOf;
    const tools = variants.map((v) => (v.properties as { tool: { const: string } }).tool.const);
    expect(tools).toEqual(['read_file', 'write_file', 'create_file', 'list_directory', 'find_files']);
    for (const variant of variants) {
      expect(variant.additionalProperties).toBe(false);
      expect((variant.properties as { args: { type: string } }).args.type).toBe('object');
    }
    expect(JSON.parse(JSON.stringify(schema))).toEqual(schema);
  });
});
