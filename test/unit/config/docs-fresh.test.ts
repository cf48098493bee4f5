// The committed JSON Schema and configuration reference are generated from src/config/schema.ts. This test
// fails when they are stale; `UPDATE_DOCS=1 npx vitest run test/unit/config/docs-fresh.test.ts` rewrites
// them. The Markdown goes through Prettier first so the committed file also passes `prettier --check`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { configJsonSchema } from '../../../src/config/json-schema.js';
import { configReferenceDocument } from '../../../src/config/reference.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const update = process.env['UPDATE_DOCS'] === '1';

async function generated(relativePath: string): Promise<string> {
  const path = `${root}${relativePath}`;
  if (relativePath.endsWith('.json')) return `${JSON.stringify(configJsonSchema(), null, 2)}\n`;
  const options = (await prettier.resolveConfig(path)) ?? {};
  return prettier.format(configReferenceDocument(), { ...options, filepath: path });
}

describe.each(['schema/harness.schema.json', 'docs/configuration.md'])('%s', (relativePath) => {
  it('matches what the schema generates', async () => {
    const path = `${root}${relativePath}`;
    const expected = await generated(relativePath);
    if (update) writeFileSync(path, expected);
    expect(existsSync(path), `${relativePath} is missing; run with UPDATE_DOCS=1 to create it`).toBe(true);
    expect(
      readFileSync(path, 'utf8'),
      `${relativePath} is stale; run with UPDATE_DOCS=1 to regenerate it`,
    ).toBe(expected);
  });
});
