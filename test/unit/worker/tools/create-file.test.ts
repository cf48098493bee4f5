// create_file on a real hostile workspace: creates (with parents) only where nothing is, atomically; an existing
// file, directory, FIFO or link (even a dangling one) makes it fail, and nothing is ever written through a link.
import { existsSync, lstatSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tree, useWorlds, world } from './world.js';

useWorlds();

describe('create_file', () => {
  it('creates a file and its parents', async () => {
    const w = await world();
    expect(await w.run('create_file', { path: 'a/b/c.txt', content: 'hello' })).toEqual({
      tool: 'create_file',
      ok: true,
      result: true,
    });
    expect(readFileSync(join(w.workspace, 'a/b/c.txt'), 'utf8')).toBe('hello');
    expect(readdirSync(join(w.workspace, 'a/b'))).toEqual(['c.txt']);
  });

  it.each([
    'README.md',
    'src',
    'fifo',
    'sock',
    'in-link',
    'dangling-in',
    'dangling-out',
    'out-file',
    'loop-a',
  ])('fails on an existing %s and writes nothing', async (path) => {
    const w = await world();
    const before = lstatSync(join(w.workspace, path));
    const result = await w.run('create_file', { path, content: 'x' });
    expect(result).toEqual({
      tool: 'create_file',
      ok: false,
      error: `create_file: ${path}: already exists (use write_file to replace it)`,
    });
    const after = lstatSync(join(w.workspace, path));
    expect([after.ino, after.size, after.mode]).toEqual([before.ino, before.size, before.mode]);
    expect(existsSync(join(w.workspace, 'nowhere.txt'))).toBe(false);
    expect(existsSync(join(w.outside, 'missing.txt'))).toBe(false);
  });

  it.each([
    'out-dir/new.txt',
    'chain-a/x/y.txt',
    'git-link/new',
    '.git/new',
    'nested/deep/escape/n.txt',
    '../n.txt',
  ])('refuses %s as a violation, creating nothing outside', async (path) => {
    const w = await world();
    const before = tree(w.outside);
    expect(await w.run('create_file', { path, content: 'x' })).toMatchObject({ ok: false, violation: true });
    expect(tree(w.outside)).toEqual(before);
    expect(readdirSync(join(w.workspace, '.git')).sort()).toEqual([
      'config',
      'f.txt',
      'id_rsa',
      'secret.txt',
    ]);
  });

  it('a link created where a parent should go is not followed', async () => {
    const w = await world();
    symlinkSync(w.outside, join(w.workspace, 'later'));
    expect(await w.run('create_file', { path: 'later/x.txt', content: 'x' })).toMatchObject({
      ok: false,
      violation: true,
    });
    expect(existsSync(join(w.outside, 'x.txt'))).toBe(false);
  });
});
