// The committed JSON Schema and configuration reference are generated from src/config/schema.ts. This test
// fails when they are stale; `UPDATE_DOCS=1 npx vitest run test/unit/config/docs-fresh.test.ts` rewrites
// them. The Markdown goes through Prettier first so the committed file also passes `prettier --check`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { configJsonSchema } from '../../../src/config/json-schema.js';
import { configReferenceDocument, configReferenceMarkdown } from '../../../src/config/reference.js';

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

describe('README.md configuration reference', () => {
  it('holds the generated reference between its markers', async () => {
    const path = `${root}README.md`;
    const start = '<!-- config-reference:start -->\n';
    const end = '<!-- config-reference:end -->';
    const readme = readFileSync(path, 'utf8');
    const from = readme.indexOf(start);
    const to = readme.indexOf(end);
    expect(from, 'README.md lacks the config-reference markers').toBeGreaterThanOrEqual(0);
    // The whole README goes through Prettier, as `npm run lint` would see it.
    const options = (await prettier.resolveConfig(path)) ?? {};
    const raw =
      readme.slice(0, from + start.length) + '\n' + configReferenceMarkdown(3) + '\n' + readme.slice(to);
    const expected = await prettier.format(raw, { ...options, filepath: path });
    if (update) writeFileSync(path, expected);
    expect(readFileSync(path, 'utf8'), 'README.md reference is stale; run with UPDATE_DOCS=1').toBe(expected);
  });
});
