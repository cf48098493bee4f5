// list_directory on a real hostile workspace: names only, directories with "/", denied entries left out, sorted,
// capped with a note; a directory reached through a link that leads out is refused, a FIFO does not block.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useWorlds, world } from './world.js';

useWorlds();

describe('list_directory', () => {
  it('lists names sorted, directories ending in "/", links as names, the denied .git left out', async () => {
    const w = await world();
    const result = await w.run('list_directory', { path: '.' });
    expect(result).toEqual({
      tool: 'list_directory',
      ok: true,
      result: [
        'README.md',
        'chain-a',
        'chain-b',
        'chain-c',
        'dangling-in',
        'dangling-out',
        'dev-link',
        'fifo',
        'git-file-link',
        'git-link',
        'in-dir-link',
        'in-link',
        'loop-a',
        'loop-b',
        'nested/',
        'out-dir',
        'out-file',
        'out-relative',
        'proc-root',
        'sock',
        'src/',
      ],
    });
    expect(await w.run('list_directory', { path: 'src/' })).toMatchObject({ ok: true, result: ['main.ts'] });
    expect(await w.run('list_directory', { path: 'in-dir-link' })).toMatchObject({
      ok: true,
      result: ['main.ts'],
    });
    expect(await w.run('list_directory', { path: w.workspace })).toMatchObject({ ok: true });
  });

  it('cuts a long listing with a note saying how to narrow it', async () => {
    const w = await world();
    mkdirSync(join(w.workspace, 'many'));
    for (let i = 0; i < 30; i++)
      writeFileSync(join(w.workspace, 'many', `f${String(i).padStart(2, '0')}`), '');
    const result = await w.run('list_directory', { path: 'many' }, { max_list_entries: 10 });
    expect(result).toEqual({
      tool: 'list_directory',
      ok: true,
      result: ['f00', 'f01', 'f02', 'f03', 'f04', 'f05', 'f06', 'f07', 'f08', 'f09'],
      note: 'cut at 10 of 30 entries: list a subdirectory or use find_files with a pattern',
    });
  });

  it.each([
    'out-dir',
    'chain-a',
    'nested/deep/escape',
    'git-link',
    '.git',
    'proc-root',
    'dangling-out',
    '..',
    '/tmp',
  ])('refuses %s as a violation, listing nothing', async (path) => {
    const w = await world();
    const result = await w.run('list_directory', { path });
    expect(result).toMatchObject({ ok: false, violation: true });
    for (const name of [w.sentinel, ...w.outsideNames]) expect(JSON.stringify(result)).not.toContain(name);
  });

  it('fails plainly on a file, a FIFO (without blocking), a socket, a missing directory and a loop', async () => {
    const w = await world();
    for (const [path, error] of [
      ['README.md', 'README.md: is not a directory (use read_file)'],
      ['fifo', 'fifo: is not a directory (use read_file)'],
      ['sock', 'sock: is not a directory (use read_file)'],
      ['gone', 'gone: no such directory'],
      ['loop-a', 'loop-a: too many levels of symbolic links (ELOOP)'],
    ])
      expect(await w.run('list_directory', { path })).toEqual({
        tool: 'list_directory',
        ok: false,
        error: `list_directory: ${error}`,
      });
  });
});
