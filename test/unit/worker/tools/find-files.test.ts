// find_files on a real hostile workspace: a walk that never follows a link, skips denied paths, matches the base
// name (or the path below start_path when the pattern holds "/"), stops at max_depth, sorts and caps.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSandbox } from '../../../../src/worker/tools/sandbox.js';
import { runAction } from '../../../../src/worker/tools/run-action.js';
import { LIMITS, useWorlds, world } from './world.js';

useWorlds();

describe('find_files', () => {
  it('matches base names at any depth up to max_depth, paths relative to the workspace, sorted', async () => {
    const w = await world();
    mkdirSync(join(w.workspace, 'src', 'a', 'b', 'c'), { recursive: true });
    for (const rel of ['src/a/x.ts', 'src/a/b/y.ts', 'src/a/b/c/z.ts', 'top.ts'])
      writeFileSync(join(w.workspace, rel), '');
    const find = async (args: Record<string, unknown>) => w.run('find_files', args);
    expect(await find({ pattern: '*.ts', start_path: '.' })).toEqual({
      tool: 'find_files',
      ok: true,
      result: ['src/a/b/y.ts', 'src/a/x.ts', 'src/main.ts', 'top.ts'],
    });
    expect(await find({ pattern: '*.ts', start_path: '.', max_depth: 0 })).toMatchObject({
      result: ['top.ts'],
    });
    expect(await find({ pattern: '*.ts', start_path: 'src', max_depth: 20 })).toMatchObject({
      result: ['src/a/b/c/z.ts', 'src/a/b/y.ts', 'src/a/x.ts', 'src/main.ts'],
    });
    // With a "/", the pattern is matched against the path below start_path.
    expect(await find({ pattern: 'a/**/*.ts', start_path: 'src', max_depth: 20 })).toMatchObject({
      result: ['src/a/b/c/z.ts', 'src/a/b/y.ts', 'src/a/x.ts'],
    });
    expect(await find({ pattern: 'b', start_path: 'src', max_depth: 20 })).toMatchObject({
      result: ['src/a/b/'],
    });
    expect(await find({ pattern: '*.md', start_path: 'in-dir-link' })).toMatchObject({
      ok: true,
      result: [],
    });
  });

  it('never follows a link, never shows the denied .git or anything outside', async () => {
    const w = await world();
    const result = await w.run('find_files', { pattern: '**', start_path: '.', max_depth: 20 });
    expect(result.ok).toBe(true);
    const paths = (result as { result: string[] }).result;
    expect(paths).toContain('out-dir');
    expect(paths).toContain('proc-root');
    expect(
      paths.filter((p) => p.startsWith('out-dir/') || p.startsWith('proc-root/') || p.startsWith('.git')),
    ).toEqual([]);
    for (const name of [w.sentinel, ...w.outsideNames]) expect(JSON.stringify(result)).not.toContain(name);
  });

  it('cuts the list with a note saying how to narrow the search', async () => {
    const w = await world();
    mkdirSync(join(w.workspace, 'many'));
    for (let i = 0; i < 30; i++)
      writeFileSync(join(w.workspace, 'many', `f${String(i).padStart(2, '0')}.txt`), '');
    expect(
      await w.run('find_files', { pattern: '*.txt', start_path: 'many' }, { max_find_results: 3 }),
    ).toEqual({
      tool: 'find_files',
      ok: true,
      result: ['many/f00.txt', 'many/f01.txt', 'many/f02.txt'],
      note: 'cut at 3 of 30 paths: narrow the pattern, start deeper or lower max_depth',
    });
  });

  it('refuses a start path that leads out as a violation; a file or a missing start fails plainly', async () => {
    const w = await world();
    for (const start_path of ['out-dir', 'chain-a', '.git', 'git-link', '..', '/', 'proc-root'])
      expect(await w.run('find_files', { pattern: '*', start_path })).toMatchObject({
        ok: false,
        violation: true,
      });
    expect(await w.run('find_files', { pattern: '*', start_path: 'README.md' })).toEqual({
      tool: 'find_files',
      ok: false,
      error: 'find_files: README.md: is not a directory',
    });
    expect(await w.run('find_files', { pattern: '*', start_path: 'gone' })).toMatchObject({
      error: 'find_files: gone: no such directory',
    });
  });

  it('names paths in a second root absolutely', async () => {
    const w = await world();
    const other = realpathSync(mkdtempSync(join(tmpdir(), 'ah-other-')));
    try {
      writeFileSync(join(other, 'o.txt'), '');
      const sandbox = await openSandbox({ allowed: [w.workspace, other], denied: [] });
      const result = await runAction(
        { tool: 'find_files', args: { pattern: '*.txt', start_path: other } },
        { sandbox, limits: LIMITS },
      );
      expect(result).toMatchObject({ ok: true, result: [join(other, 'o.txt')] });
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
