// One Node version everywhere: .node-version (the workflows' setup-node reads it), the `node` devDependency the
// tests run on, action.yml's runtime, and the oldest version the CLI accepts (engines.node and the entry's check).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { MINIMUM_NODE_MAJOR, nodeVersionProblem } from '../../../src/os/node-version.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string): string => readFileSync(`${root}${path}`, 'utf8');

interface PackageJson {
  engines: { node: string };
  devDependencies: Record<string, string>;
}

describe('the Node version', () => {
  const pkg = JSON.parse(read('package.json')) as PackageJson;
  const nodeVersionFile = read('.node-version').trim();

  it('is one major in .node-version, the node devDependency and action.yml', () => {
    expect(nodeVersionFile).toMatch(/^\d+$/);
    expect(pkg.devDependencies['node']).toMatch(new RegExp(`^\\^${nodeVersionFile}\\.`));
    const action = parse(read('action.yml')) as { runs: { using: string } };
    expect(action.runs.using).toBe(`node${nodeVersionFile}`);
  });

  it('is at least the oldest one the CLI accepts, which engines.node names', () => {
    expect(pkg.engines.node).toBe(`>=${MINIMUM_NODE_MAJOR}`);
    expect(Number(nodeVersionFile)).toBeGreaterThanOrEqual(MINIMUM_NODE_MAJOR);
  });

  it('is what every workflow sets up, from .node-version', () => {
    const workflows = readdirSync(`${root}.github/workflows`).filter((name) => /\.ya?ml$/.test(name));
    expect(workflows).toContain('ci.yml');
    for (const name of workflows) {
      const text = read(`.github/workflows/${name}`);
      expect(text, name).not.toMatch(/node-version:/);
      if (text.includes('actions/setup-node'))
        expect(text, name).toMatch(/node-version-file: \.node-version/);
    }
  });
});

describe('nodeVersionProblem', () => {
  it('accepts the supported majors', () => {
    for (const version of ['22.0.0', '22.12.0', '24.9.0', 'v24.21.0', '30.1.2'])
      expect(nodeVersionProblem(version), version).toBeNull();
  });

  it('names the version found, the one needed and what to do', () => {
    expect(nodeVersionProblem('20.19.5')).toBe(
      'needs Node.js 22 or newer; this is Node.js 20.19.5. ' +
        'Install a current Node.js (https://nodejs.org, or nvm install 22) and run it again.',
    );
    expect(nodeVersionProblem('21.7.3')).toContain('this is Node.js 21.7.3');
    expect(nodeVersionProblem('18.0.0')).not.toBeNull();
  });

  it('rejects a version it cannot read', () => {
    expect(nodeVersionProblem('')).not.toBeNull();
    expect(nodeVersionProblem('unknown')).not.toBeNull();
  });
});
