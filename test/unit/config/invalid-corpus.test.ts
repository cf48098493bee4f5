// Every file in test/fixtures/invalid-config/ is a broken configuration; its <name>.expected.txt lists
// substrings (one per line) the error message must contain. Adding a case needs no code change.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/config/errors.js';
import { loadConfig } from '../../../src/config/load.js';

const dir = fileURLToPath(new URL('../../fixtures/invalid-config/', import.meta.url));
const files = readdirSync(dir).sort();
const cases = files.filter((f) => !f.endsWith('.expected.txt'));

async function loadError(name: string): Promise<ConfigError> {
  try {
    await loadConfig({ cwd: dir, configPath: name });
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`${name} loaded without error`);
}

describe('invalid configuration corpus', () => {
  it('has at least 15 cases in both formats, each with expectations', () => {
    expect(cases.length).toBeGreaterThanOrEqual(15);
    expect(cases.some((f) => f.endsWith('.yml'))).toBe(true);
    expect(cases.some((f) => f.endsWith('.toml'))).toBe(true);
    const expectations = files.filter((f) => f.endsWith('.expected.txt'));
    expect(expectations.map((f) => f.replace(/\.expected\.txt$/, '')).sort()).toEqual(
      cases.map((f) => f.replace(/\.[^.]+$/, '')).sort(),
    );
  });

  it.each(cases)('%s is rejected with the expected message', async (name) => {
    const expected = readFileSync(`${dir}${name.replace(/\.[^.]+$/, '')}.expected.txt`, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '');
    expect(expected.length).toBeGreaterThan(0);
    const error = await loadError(name);
    expect(error.exitCode).toBe(2);
    for (const substring of expected) expect(error.message).toContain(substring);
    // One problem per line, every line located in the file, and never a stack trace.
    const lines = error.message.split('\n');
    expect(lines).toHaveLength(error.problems.length);
    for (const line of lines) expect(line.startsWith(`${name}:`)).toBe(true);
    expect(error.message).not.toMatch(/\n\s+at /);
  });
});
