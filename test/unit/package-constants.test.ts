// package.json names the repository, and from it and the version `npm run gen` derives src/version.ts: the version
// the CLI prints and where the JSON Schema files are published (their `$id`: the raw file at the major tag).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  githubRepository,
  majorTag,
  schemaBaseUrl,
  type PackageFields,
} from '../../scripts/render/package-constants.js';
import { SCHEMA_BASE_URL, VERSION } from '../../src/version.js';
import { ROOT } from '../support/workdir.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as PackageFields & {
  repository: { type: string; url: string };
  homepage: string;
  bugs: { url: string };
};

describe('package.json', () => {
  it('names its repository, home page and issues with the one placeholder a fork replaces: OWNER', () => {
    expect(pkg.repository).toEqual({ type: 'git', url: 'git+https://github.com/OWNER/agent-harness.git' });
    expect(pkg.homepage).toBe('https://github.com/OWNER/agent-harness#readme');
    expect(pkg.bugs).toEqual({ url: 'https://github.com/OWNER/agent-harness/issues' });
  });

  it('is what src/version.ts says: the version and the schemas’ home at the major tag', () => {
    expect(VERSION).toBe(pkg.version);
    expect(SCHEMA_BASE_URL).toBe(
      `https://raw.githubusercontent.com/OWNER/agent-harness/v${pkg.version.split('.')[0]}/schema/`,
    );
  });
});

describe('the schemas’ home', () => {
  it('is the GitHub repository of any spelling npm accepts, at the major tag', () => {
    for (const repository of [
      'git+https://github.com/acme/agent-harness.git',
      'https://github.com/acme/agent-harness',
      { type: 'git', url: 'https://github.com/acme/agent-harness.git' },
    ])
      expect(githubRepository({ version: '1.0.0', repository })).toBe('acme/agent-harness');
    expect(schemaBaseUrl({ version: '2.3.4', repository: 'https://github.com/acme/harness-fork' })).toBe(
      'https://raw.githubusercontent.com/acme/harness-fork/v2/schema/',
    );
    expect(majorTag('1.0.0-rc.1')).toBe('v1');
  });

  it('refuses a repository that is not on GitHub, or none, saying what to write', () => {
    expect(() => githubRepository({ version: '1.0.0' })).toThrow(
      /package.json's repository \(null\) is not a GitHub repository URL: set "repository": .*github\.com\/<owner>\/agent-harness\.git/,
    );
    expect(() =>
      githubRepository({ version: '1.0.0', repository: 'git+https://gitlab.com/acme/agent-harness.git' }),
    ).toThrow(/gitlab\.com.* is not a GitHub repository URL/);
  });

  it('refuses a version that is not X.Y.Z', () => {
    expect(() => majorTag('1.0')).toThrow('package.json\'s version "1.0" is not a semantic version (X.Y.Z)');
  });
});
