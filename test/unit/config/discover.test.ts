import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONFIG_FILE_NAMES, discoverConfigFile } from '../../../src/config/discover.js';
import { ConfigError } from '../../../src/config/errors.js';

const dirs: string[] = [];
async function project(names: string[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'harness-discover-'));
  dirs.push(dir);
  for (const name of names) await writeFile(join(dir, name), '');
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function rejection(promise: Promise<unknown>): Promise<ConfigError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConfigError);
  expect((error as ConfigError).exitCode).toBe(2);
  return error as ConfigError;
}

describe('discoverConfigFile', () => {
  it('looks for harness.yml, harness.yaml, harness.toml in that order', () => {
    expect(CONFIG_FILE_NAMES).toEqual(['harness.yml', 'harness.yaml', 'harness.toml']);
  });

  it.each(CONFIG_FILE_NAMES)('finds a lone %s', async (name) => {
    const cwd = await project([name, 'harness.json', 'other.toml']);
    expect(await discoverConfigFile(cwd)).toBe(join(cwd, name));
  });

  it('returns null when there is no config file', async () => {
    expect(await discoverConfigFile(await project(['README.md']))).toBeNull();
  });

  it('finds a directory with a config file name (its read refuses it: never passed over for the defaults)', async () => {
    const cwd = await project([]);
    await mkdir(join(cwd, 'harness.yml'));
    expect(await discoverConfigFile(cwd)).toBe(join(cwd, 'harness.yml'));
  });

  it('refuses to choose between two config files and names both', async () => {
    const cwd = await project(['harness.toml', 'harness.yml']);
    const error = await rejection(discoverConfigFile(cwd));
    expect(error.message).toContain('harness.yml and harness.toml both exist');
    expect(error.message).toContain('--config');
  });

  it('names all three when all three exist', async () => {
    const error = await rejection(discoverConfigFile(await project([...CONFIG_FILE_NAMES])));
    expect(error.message).toContain('harness.yml and harness.yaml and harness.toml all exist');
  });

  it('lets --config override discovery, even when several files exist', async () => {
    const cwd = await project(['harness.yml', 'harness.toml', 'ci.yaml']);
    expect(await discoverConfigFile(cwd, 'ci.yaml')).toBe(join(cwd, 'ci.yaml'));
    expect(await discoverConfigFile(cwd, join(cwd, 'harness.toml'))).toBe(join(cwd, 'harness.toml'));
  });

  it('fails when the --config file does not exist', async () => {
    const error = await rejection(discoverConfigFile(await project(['harness.yml']), 'missing.toml'));
    expect(error.message).toBe('missing.toml: config file not found (given with --config)');
  });

  it('fails when the --config file has an extension it cannot read', async () => {
    const error = await rejection(discoverConfigFile(await project(['harness.json']), 'harness.json'));
    expect(error.message).toContain(
      'harness.json: unsupported config file type; use one of .yml, .yaml, .toml',
    );
  });
});
