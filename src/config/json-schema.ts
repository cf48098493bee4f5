// The JSON Schema is derived from the zod schema so editors (yaml-language-server, Taplo, VS Code) validate
// and complete exactly what the loader accepts. `io: 'input'` describes what a user may write: keys with
// defaults are optional there, whereas the output side would mark every defaulted key required.
import { z } from 'zod';
import { configSchema } from './schema.js';

export const CONFIG_SCHEMA_ID = 'https://unpkg.com/agent-harness/schema/harness.schema.json';

export type JsonSchema = Record<string, unknown>;

let cached: JsonSchema | undefined;

export function configJsonSchema(): JsonSchema {
  if (!cached) {
    const { $schema, ...rest } = z.toJSONSchema(configSchema, { io: 'input', target: 'draft-2020-12' });
    // Identification first, so the committed file reads well from the top.
    cached = {
      $schema,
      $id: CONFIG_SCHEMA_ID,
      title: 'agent-harness configuration',
      description:
        'harness.yml / harness.yaml / harness.toml. Every key is optional; an empty file is valid.',
      ...rest,
    };
  }
  // Callers get a copy: the cache must not be mutated behind the loader's back.
  return structuredClone(cached);
}
