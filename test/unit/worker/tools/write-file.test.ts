// write_file on a real hostile workspace: replaces or creates inside (parents made step by step, through links
// that stay inside), refuses every way out, never writes a byte outside and never leaves its temp file.
import {
  chmodSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tree, useWorlds, world, type TestWorld } from './world.js';

useWorlds();

const outsideState = (w: TestWorld) =>
  tree(w.outside).map(
    (name) =>
      `${name}:${statSync(join(w.outside, name)).isFile() ? readFileSync(join(w.outside, name), 'utf8') : 'dir'}`,
  );

const temps = (dir: string) => tree(dir).filter((name) => /\.\d+\.\d+\.tmp$/.test(name));

describe('write_file', () => {
  it('creates a file and its missing parents, and replaces a file whole keeping its mode', async () => {
    const w = await world();
    expect(await w.run('write_file', { path: 'new/deep/er/a.txt', content: 'one' })).toEqual({
      tool: 'write_file',
      ok: true,
      result: true,
    });
    expect(readFileSync(join(w.workspace, 'new/deep/er/a.txt'), 'utf8')).toBe('one');
    chmodSync(join(w.workspace, 'new/deep/er/a.txt'), 0o600);
    expect(await w.run('write_file', { path: 'new/deep/er/a.txt', content: 'two' })).toMatchObject({
      ok: true,
    });
    expect(readFileSync(join(w.workspace, 'new/deep/er/a.txt'), 'utf8')).toBe('two');
    expect(statSync(join(w.workspace, 'new/deep/er/a.txt')).mode & 0o777).toBe(0o600);
    expect(await w.run('write_file', { path: join(w.workspace, 'abs.txt'), content: '' })).toMatchObject({
      ok: true,
    });
    expect(temps(w.workspace)).toEqual([]);
  });

  it('writes through a link that stays inside to the file it names, the link kept', async () => {
    const w = await world();
    expect(await w.run('write_file', { path: 'in-link', content: 'via link' })).toMatchObject({ ok: true });
    expect(readFileSync(join(w.workspace, 'src/main.ts'), 'utf8')).toBe('via link');
    expect(lstatSync(join(w.workspace, 'in-link')).isSymbolicLink()).toBe(true);
    expect(await w.run('write_file', { path: 'in-dir-link/b.ts', content: 'b' })).toMatchObject({ ok: true });
    expect(readFileSync(join(w.workspace, 'src/b.ts'), 'utf8')).toBe('b');
  });

  it.each([
    'out-file',
    'out-relative',
    'dangling-out',
    'chain-a/new.txt',
    'out-dir/secret.txt',
    'out-dir/new/deeper.txt',
    'nested/deep/escape/f.txt',
    'git-link/config',
    'git-file-link',
    '.git/hooks/pre-commit',
    'dev-link',
    'fifo',
    'sock',
    '../outside.txt',
    '/etc/harness-test.txt',
  ])('refuses %s as a violation and changes nothing outside', async (path) => {
    const w = await world();
    const before = outsideState(w);
    const result = await w.run('write_file', { path, content: 'pwned' });
    expect(result).toMatchObject({ tool: 'write_file', ok: false, violation: true });
    expect((result as { error: string }).error.startsWith(`write_file: ${path}: `)).toBe(true);
    expect(JSON.stringify(result)).not.toContain(w.outside);
    expect(outsideState(w)).toEqual(before);
    expect(readdirSync(join(w.workspace, '.git')).sort()).toEqual([
      'config',
      'f.txt',
      'id_rsa',
      'secret.txt',
    ]);
    expect(temps(w.workspace)).toEqual([]);
  });

  it('fails plainly onto a directory, under a file, through a dangling link inside, over the limit', async () => {
    const w = await world();
    const error = async (path: string, content = 'x') => {
      const result = await w.run('write_file', { path, content });
      expect(result).not.toHaveProperty('violation');
      return (result as { error: string }).error;
    };
    expect(await error('src')).toBe('write_file: src: is a directory');
    symlinkSync(w.workspace, join(w.workspace, 'root-link'));
    expect(await error('root-link')).toBe('write_file: root-link: is a directory');
    expect(await error('in-dir-link')).toBe('write_file: in-dir-link: is a directory');
    expect(await error('.')).toBe('write_file: .: is a directory');
    expect(await error('src/')).toBe('write_file: src/: names a directory (it ends with "/"), not a file');
    expect(await error('README.md/x')).toBe(
      'write_file: README.md/x: a part of the path is not a directory (ENOTDIR)',
    );
    expect(await error('dangling-in')).toBe(
      'write_file: dangling-in: is a symbolic link to something that does not exist',
    );
    expect(await error('dangling-in/x')).toBe(
      'write_file: dangling-in/x: is a symbolic link to something that does not exist',
    );
    expect(await error('loop-a/x')).toBe('write_file: loop-a/x: too many levels of symbolic links (ELOOP)');
    expect(await error('big.txt', 'x'.repeat(1025))).toBe(
      'write_file: big.txt: the content is 1025 bytes, over the 1024-byte write limit',
    );
    expect(await error(`${'d/'.repeat(2100)}x`)).toBe(
      `write_file: ${'d/'.repeat(100)}… (4201 characters): the path is too long (ENAMETOOLONG)`,
    );
    expect(readdirSync(w.workspace)).not.toContain('d');
    expect(readdirSync(w.workspace)).not.toContain('nowhere.txt');
  });

  it('replaces a hard link to an outside file without touching the outside file', async () => {
    const w = await world();
    mkdirSync(join(w.workspace, 'hl'));
    linkSync(join(w.outside, 'f.txt'), join(w.workspace, 'hl', 'f.txt'));
    const before = outsideState(w);
    expect(await w.run('write_file', { path: 'hl/f.txt', content: 'new' })).toMatchObject({ ok: true });
    expect(outsideState(w)).toEqual(before);
    expect(readFileSync(join(w.workspace, 'hl', 'f.txt'), 'utf8')).toBe('new');
  });

  it('a read-only place is fatal (permission)', async () => {
    const { openSandbox } = await import('../../../../src/worker/tools/sandbox.js');
    const { runAction } = await import('../../../../src/worker/tools/run-action.js');
    const sandbox = await openSandbox({ allowed: ['/sys/kernel'], denied: [] });
    const limits = { max_read_bytes: 10, max_write_bytes: 10, max_find_results: 10, max_list_entries: 10 };
    const outcome = await runAction(
      { tool: 'write_file', args: { path: 'x.txt', content: 'x' } },
      { sandbox, limits },
    ).catch((error: unknown) => error);
    expect(outcome).toMatchObject({ name: 'ToolFatalError', kind: 'permission', exitCode: 8 });
    expect((outcome as Error).message).toMatch(
      /^write_file x\.txt: (permission denied \(EACCES\)|read-only file system \(EROFS\))$/,
    );
  });
});
