import { c as configSchema } from './schema-CrziDKLJ.js';
import { t as toJSONSchema } from './proc-BHgIj9ip.js';
import './agent-section-DslPxZ24.js';
import 'node:crypto';
import 'node:fs';

const CONFIG_SCHEMA_ID = "https://unpkg.com/agent-harness/schema/harness.schema.json";
let cached;
function configJsonSchema() {
  if (!cached) {
    const { $schema, ...rest } = toJSONSchema(configSchema, { io: "input", target: "draft-2020-12" });
    cached = {
      $schema,
      $id: CONFIG_SCHEMA_ID,
      title: "agent-harness configuration",
      description: "harness.yml / harness.yaml / harness.toml. Every key is optional; an empty file is valid.",
      ...rest
    };
  }
  return structuredClone(cached);
}

export { CONFIG_SCHEMA_ID, configJsonSchema };
