import { describe, expect, it } from 'vitest';
import { CONFIG_SCHEMA_FILE, configJsonSchema, type JsonSchema } from '../../../src/config/json-schema.js';
import { configReferenceMarkdown } from '../../../src/config/reference.js';
import { configSchema } from '../../../src/config/schema.js';
import { SCHEMA_BASE_URL } from '../../../src/version.js';

const props = (node: unknown): Record<string, JsonSchema> =>
  (node as { properties: Record<string, JsonSchema> }).properties;

describe('configJsonSchema', () => {
  const schema = configJsonSchema();

  it('is identified and closed', () => {
    expect(schema['$schema']).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema['$id']).toBe(`${SCHEMA_BASE_URL}${CONFIG_SCHEMA_FILE}`);
    expect(configJsonSchema('https://example.test/s/')['$id']).toBe(
      'https://example.test/s/harness.schema.json',
    );
    expect(Object.keys(schema).slice(0, 3)).toEqual(['$schema', '$id', 'title']);
    expect(schema['title']).toEqual(expect.any(String));
    expect(schema['additionalProperties']).toBe(false);
  });

  it('has every key with its default and description, and requires none', () => {
    const defaults = configSchema.parse({}) as unknown as Record<string, Record<string, unknown>>;
    expect(JSON.stringify(schema)).not.toContain('"required"');
    for (const [section, node] of Object.entries(props(schema))) {
      expect(node['additionalProperties']).toBe(false);
      for (const [key, leaf] of Object.entries(props(node))) {
        expect(leaf['description'], `${section}.${key}`).toEqual(expect.any(String));
        if (section === 'prompt' && key === 'file') expect(leaf).not.toHaveProperty('default');
        else if (leaf['properties'] !== undefined && leaf['default'] !== undefined) {
          // A nested table with defaults of its own (metrics.targets): each key carries its default.
          const nestedDefaults = defaults[section]?.[key] as Record<string, unknown>;
          for (const [inner, innerLeaf] of Object.entries(props(leaf)))
            expect(innerLeaf['default'], `${section}.${key}.${inner}`).toEqual(nestedDefaults[inner]);
        } else expect(leaf['default'], `${section}.${key}`).toEqual(defaults[section]?.[key]);
      }
    }
    expect(props(props(schema)['watchdog'])['stale_timeout_mins']).toMatchObject({
      type: 'number',
      default: 20,
    });
  });

  it('hands out copies, so a caller cannot corrupt the next one', () => {
    (configJsonSchema() as { title: string }).title = 'changed';
    expect(configJsonSchema()['title']).not.toBe('changed');
  });
});

describe('configReferenceMarkdown', () => {
  const md = configReferenceMarkdown();

  it('has a table per section and a row per key', () => {
    for (const section of Object.keys(props(configJsonSchema())))
      expect(md.split('\n')).toContain(`## \`${section}\``);
    expect(md).toContain(
      '| `max_iterations` | integer > 0 | `25` | Iterations to run before the loop ends |',
    );
    expect(md).toContain('| `prompt_via` | "arg" \\| "stdin" \\| "file" | `"arg"` |');
    expect(md).toContain('| `file` | non-empty string | (not set) |');
  });

  it('uses the heading level asked for', () => {
    expect(configReferenceMarkdown(3)).toMatch(/^### `session`$/m);
    expect(configReferenceMarkdown(3)).not.toMatch(/^## /m);
  });

  it('escapes text that Markdown would swallow', () => {
    expect(md).toContain('&lt;prefix>-&lt;global>.jsonl');
  });
});
