// npm as a user runs it, for the install tests: outside the clone, with an environment that does not carry the
// `npm test` run's own package settings, reusing the npm cache the clone's install filled (no network needed).
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../support/workdir.js';

const run = promisify(execFile);

/** The flags every install here uses: the cache first, nothing printed that a test does not read. */
export const QUIET_OFFLINE = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=warn'];

/**
 * The environment of a user's shell: no `npm_*` variables of the `npm test` that runs this (they name the clone
 * as the project), except where the cache and configuration live; the Node running the tests first on PATH, and
 * no directory of the clone on it. `mark` (AH_E2E_MARK) lets the test find every process it started.
 */
export function userEnv(mark: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  const keep = new Set([
    'npm_config_cache',
    'npm_config_userconfig',
    'npm_config_globalconfig',
    'npm_config_registry',
  ]);
  for (const [key, value] of Object.entries(process.env))
    if (!/^npm_/i.test(key) || keep.has(key.toLowerCase())) env[key] = value;
  const path = (process.env.PATH ?? '')
    .split(':')
    .filter((dir) => dir !== '' && dir !== ROOT && !dir.startsWith(`${ROOT}/`));
  env.PATH = [dirname(process.execPath), ...path].join(':');
  return { ...env, AH_E2E_MARK: mark, ...extra };
}

export interface PackedFile {
  path: string;
  mode: number;
}

/** `npm pack` of the clone into `dest`: the tarball's path and the files it holds. */
export async function pack(
  dest: string,
  env: NodeJS.ProcessEnv,
): Promise<{ tarball: string; files: PackedFile[] }> {
  const { stdout } = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dest], {
    cwd: ROOT,
    env,
    maxBuffer: 16 * 1024 * 1024,
  });
  const [result] = JSON.parse(stdout) as Array<{ filename: string; files: PackedFile[] }>;
  if (!result) throw new Error(`npm pack printed no result: ${stdout}`);
  return { tarball: join(dest, result.filename), files: result.files };
}

/** `npm install -g --prefix <prefix> <spec> …`, run from `cwd` (outside the clone). */
export async function installGlobal(
  spec: string,
  prefix: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  flags: string[] = [],
): Promise<void> {
  await run('npm', ['install', '-g', '--prefix', prefix, ...flags, ...QUIET_OFFLINE, spec], {
    cwd,
    env,
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** The README's install line: `npm install -g [flags] github:OWNER/agent-harness#v1`, as its flags and spec. */
export function readmeInstall(readme: string): { flags: string[]; spec: string } {
  const line = readme.split('\n').find((l) => /^npm install -g .*github:OWNER\/agent-harness/.test(l));
  if (!line) throw new Error('README.md has no `npm install -g … github:OWNER/agent-harness…` line');
  const words = line.replace(/\s+#\s.*$/, '').split(/\s+/);
  return { flags: words.slice(3, -1), spec: words.at(-1)! };
}
