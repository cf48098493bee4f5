// Every generated file in the registry (scripts/generated.ts) holds what its sources generate: the JSON Schema and
// configuration reference from src/config/schema.ts, the README's exit-code table from EXIT_CODES, and so on.
// A stale file fails here, named, with the command that regenerates it.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { expectedContent, GEN_COMMAND, generatedPaths, replaceSection } from '../../scripts/generate.js';
import { GENERATED } from '../../scripts/generated.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe.each(generatedPaths())('%s', (path) => {
  it('matches what its sources generate', async () => {
    const absolute = `${root}${path}`;
    expect(existsSync(absolute), `${path} is missing: run ${GEN_COMMAND}`).toBe(true);
    const expected = await expectedContent(root, path);
    expect(readFileSync(absolute, 'utf8'), `${path} is stale: run ${GEN_COMMAND}`).toBe(expected);
  });
});

describe('the registry', () => {
  it('covers the version, the schema, the configuration reference and the README tables', () => {
    expect(GENERATED.map((entry) => `${entry.path}${entry.marker ? `#${entry.marker}` : ''}`)).toEqual(
      expect.arrayContaining([
        'src/version.ts',
        'schema/harness.schema.json',
        'docs/configuration.md',
        'README.md#config-reference',
        'README.md#exit-codes',
      ]),
    );
  });

  it('detects a stale section', async () => {
    const readme = readFileSync(`${root}README.md`, 'utf8');
    const stale = replaceSection(
      readme,
      'exit-codes',
      '| Exit code | Meaning |\n| --- | --- |\n| 0 | ok |',
      'x',
    );
    expect(stale).not.toBe(await expectedContent(root, 'README.md'));
  });

  it('names a file whose markers are missing', () => {
    expect(() => replaceSection('no markers here', 'exit-codes', 'x', 'README.md')).toThrow(
      'README.md lacks the markers <!-- exit-codes:start -->',
    );
  });
});
