// read_file on a real hostile workspace: text from inside (links inside followed), everything else refused with
// the path the model gave and never a byte or a name from outside; FIFOs and sockets refused without blocking.
import { chmodSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useWorlds, world } from './world.js';

useWorlds();

describe('read_file', () => {
  it('reads a file, relative or absolute inside, and through a link that stays inside', async () => {
    const w = await world();
    expect(await w.run('read_file', { path: 'src/main.ts' })).toEqual({
      tool: 'read_file',
      ok: true,
      result: 'export const inside = true;\n',
    });
    expect(await w.run('read_file', { path: join(w.workspace, 'README.md') })).toMatchObject({ ok: true });
    expect(await w.run('read_file', { path: 'in-link' })).toMatchObject({
      ok: true,
      result: 'export const inside = true;\n',
    });
    expect(await w.run('read_file', { path: 'in-dir-link/main.ts' })).toMatchObject({ ok: true });
  });

  it.each([
    ['out-file', 'resolves outside the allowed paths'],
    ['out-relative', 'resolves outside the allowed paths'],
    ['chain-a/secret.txt', 'resolves outside the allowed paths'],
    ['out-dir/secret.txt', 'resolves outside the allowed paths'],
    ['nested/deep/escape/f.txt', 'resolves outside the allowed paths'],
    ['git-link/config', 'resolves outside the allowed paths'],
    ['git-file-link', 'resolves outside the allowed paths'],
    ['dev-link', 'resolves outside the allowed paths'],
    ['dangling-out', 'is a symbolic link leading outside the allowed paths'],
    ['out-dir/missing.txt', 'resolves outside the allowed paths'],
    ['.git/config', 'a protected path (not available to the worker)'],
    ['fifo', 'is not a regular file (a FIFO, socket or device)'],
    ['sock', 'is not a regular file (a FIFO, socket or device)'],
  ])('refuses %s as a violation (%s), naming only the given path', async (path, words) => {
    const w = await world();
    const result = await w.run('read_file', { path });
    expect(result).toEqual({
      tool: 'read_file',
      ok: false,
      error: `read_file: ${path}: ${words}`,
      violation: true,
    });
  });

  it('fails plainly on a directory, a missing file, a dangling link inside, a loop and a trailing slash', async () => {
    const w = await world();
    const error = async (path: string) => {
      const result = await w.run('read_file', { path });
      expect(result.ok).toBe(false);
      expect(result).not.toHaveProperty('violation');
      return (result as { error: string }).error;
    };
    expect(await error('src')).toBe('read_file: src: is a directory (use list_directory)');
    expect(await error('.')).toBe('read_file: .: is a directory (use list_directory)');
    expect(await error('missing.txt')).toBe('read_file: missing.txt: no such file');
    expect(await error('dangling-in')).toBe(
      'read_file: dangling-in: is a symbolic link to something that does not exist',
    );
    expect(await error('loop-a')).toBe('read_file: loop-a: too many levels of symbolic links (ELOOP)');
    expect(await error('README.md/')).toBe('read_file: README.md/: is a file, not a directory');
    expect(await error('README.md/x')).toBe(
      'read_file: README.md/x: a part of the path is not a directory (ENOTDIR)',
    );
    expect(await error('a'.repeat(256))).toContain('longer than 255 bytes');
  });

  it('refuses a file over max_read_bytes with its size and the limit, and binary content', async () => {
    const w = await world();
    writeFileSync(join(w.workspace, 'big.txt'), 'x'.repeat(2000));
    writeFileSync(join(w.workspace, 'bin.dat'), Buffer.from([104, 105, 0, 1]));
    expect(await w.run('read_file', { path: 'big.txt' })).toEqual({
      tool: 'read_file',
      ok: false,
      error: 'read_file: big.txt: is 2000 bytes, over the 1024-byte read limit',
    });
    expect(await w.run('read_file', { path: 'big.txt' }, { max_read_bytes: 2000 })).toMatchObject({
      ok: true,
    });
    expect(await w.run('read_file', { path: 'bin.dat' })).toMatchObject({
      ok: false,
      error: 'read_file: bin.dat: is a binary file (it holds NUL bytes)',
    });
  });

  it('a link to an outside file added later is refused, its target never read', async () => {
    const w = await world();
    symlinkSync(join(w.outside, 'id_rsa'), join(w.workspace, 'src', 'key'));
    const result = await w.run('read_file', { path: 'src/key' });
    expect(result).toMatchObject({ ok: false, violation: true });
    expect(JSON.stringify(result)).not.toContain(w.sentinel);
    expect(readFileSync(join(w.outside, 'id_rsa'), 'utf8')).toContain(w.sentinel);
  });

  it('an unreadable file is fatal (permission), unless running as root', async () => {
    const w = await world();
    writeFileSync(join(w.workspace, 'locked.txt'), 'x');
    chmodSync(join(w.workspace, 'locked.txt'), 0o000);
    const outcome = await w.run('read_file', { path: 'locked.txt' }).catch((error: unknown) => error);
    if (process.getuid?.() === 0) expect(outcome).toMatchObject({ ok: true });
    else expect(outcome).toMatchObject({ name: 'ToolFatalError', kind: 'permission' });
  });
});
