// The built CLI on a Node.js older than it supports says so in one line and exits with its own code, before
// anything else runs. The old runtime is a real one: the `node-20` devDependency (Node 20 from the npm registry),
// or else any Node < 22 found on PATH or in the usual places; without one the test is skipped, saying why.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { MINIMUM_NODE_MAJOR, UNSUPPORTED_NODE_EXIT } from '../../src/os/node-version.js';
import { DIST_CLI as CLI } from './dist.js';
import { findOldNode } from './old-node.js';

describe('dist/cli.js on an old Node.js', () => {
  const old = findOldNode();

  it('says which Node.js it needs and exits with its own code', (ctx) => {
    if (old === null)
      ctx.skip(
        `no Node.js older than ${MINIMUM_NODE_MAJOR} on this machine (install the node-20 devDependency)`,
      );
    const { node, version } = old!;
    const result = spawnSync(node, [CLI, '--version'], { encoding: 'utf8', timeout: 30_000 });
    expect(result.stderr).toBe(
      `agent-harness: needs Node.js ${MINIMUM_NODE_MAJOR} or newer; this is Node.js ${version}. ` +
        `Install a current Node.js (https://nodejs.org, or nvm install ${MINIMUM_NODE_MAJOR}) and run it again.\n`,
    );
    expect(result.stdout).toBe('');
    expect(result.status).toBe(UNSUPPORTED_NODE_EXIT);
  });

  it('runs on the supported Node.js', () => {
    const result = spawnSync(process.execPath, [CLI, '--version'], { encoding: 'utf8', timeout: 30_000 });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
