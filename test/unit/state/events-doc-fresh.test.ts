// docs/events.md is generated from the event schemas (src/state/events/reference.ts). This test fails when the
// committed copy is stale; `UPDATE_DOCS=1 npx vitest run test/unit/state/events-doc-fresh.test.ts` rewrites it.
// The Markdown goes through Prettier first so the committed file also passes `prettier --check`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { eventLogReferenceMarkdown } from '../../../src/state/events/reference.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const update = process.env['UPDATE_DOCS'] === '1';

describe('docs/events.md', () => {
  it('matches what the event schemas generate', async () => {
    const path = `${root}docs/events.md`;
    const options = (await prettier.resolveConfig(path)) ?? {};
    const expected = await prettier.format(eventLogReferenceMarkdown(), { ...options, filepath: path });
    if (update) writeFileSync(path, expected);
    expect(existsSync(path), 'docs/events.md is missing; run with UPDATE_DOCS=1 to create it').toBe(true);
    expect(
      readFileSync(path, 'utf8'),
      'docs/events.md is stale; run with UPDATE_DOCS=1 to regenerate it',
    ).toBe(expected);
  });
});
