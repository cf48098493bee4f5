// A real Node.js older than the CLI supports, for the tests of what happens on one: the `node-20` devDependency
// (Node 20 from the npm registry), or else any Node < 22 found on PATH or in the usual places.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { MINIMUM_NODE_MAJOR } from '../../src/os/node-version.js';
import { ROOT } from '../support/workdir.js';

function versionOf(node: string): string | null {
  const result = spawnSync(node, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  return result.status === 0 ? result.stdout.trim().replace(/^v/, '') : null;
}

/** A Node.js binary older than the supported minimum, and its version, or null when this machine has none. */
export function findOldNode(): { node: string; version: string } | null {
  const candidates = [
    join(ROOT, 'node_modules', 'node-20', 'bin', 'node'),
    ...(process.env['PATH'] ?? '').split(delimiter).map((dir) => join(dir, 'node')),
    '/usr/local/bin/node',
    '/usr/bin/node',
  ];
  for (const node of new Set(candidates)) {
    if (!existsSync(node)) continue;
    const version = versionOf(node);
    if (version !== null && Number.parseInt(version, 10) < MINIMUM_NODE_MAJOR) return { node, version };
  }
  return null;
}
