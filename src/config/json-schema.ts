// The JSON Schema is derived from the zod schema so editors (yaml-language-server, Taplo, VS Code) validate
// and complete exactly what the loader accepts. `io: 'input'` describes what a user may write: keys with
// defaults are optional there, whereas the output side would mark every defaulted key required.
import { z } from 'zod';
import { SCHEMA_BASE_URL } from '../version.js';
import { configSchema } from './schema.js';

/** The schema file's name in schema/, and so the end of its `$id`. */
export const CONFIG_SCHEMA_FILE = 'harness.schema.json';

export type JsonSchema = Record<string, unknown>;

let cached: JsonSchema | undefined;

/** The schema of harness.yml; `$id` is schema/harness.schema.json under `base` (npm run gen passes package.json's). */
export function configJsonSchema(base: string = SCHEMA_BASE_URL): JsonSchema {
  if (!cached) {
    const { $schema, ...rest } = z.toJSONSchema(configSchema, { io: 'input', target: 'draft-2020-12' });
    // Identification first, so the committed file reads well from the top.
    cached = {
      $schema,
      $id: '', // its place, first after $schema; each call sets it from `base`
      title: 'agent-harness configuration',
      description:
        'harness.yml / harness.yaml / harness.toml. Every key is optional; an empty file is valid.',
      ...rest,
    };
  }
  // Callers get a copy: the cache must not be mutated behind the loader's back.
  return { ...structuredClone(cached), $id: `${base}${CONFIG_SCHEMA_FILE}` };
}
