// find_files at the edges: a workspace at `/` (names relative to it, not cut one character short), a path's
// part below a root as a pure function, and a subdirectory the walk cannot open (left out, not the end of the
// task). As root, permission bits do not bind: the walk runs with the effective uid of `nobody` for the check.
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { below, openSandbox } from '../../../../src/worker/tools/sandbox.js';
import { childOf } from '../../../../src/worker/tools/find-files.js';
import { runAction } from '../../../../src/worker/tools/run-action.js';
import { LIMITS } from './world.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'ah-find-edges-')));
  dirs.push(dir);
  chmodSync(dir, 0o755);
  return dir;
}

describe('below', () => {
  it('is the part of a path under a base, the file system root included', () => {
    expect(below('/', '/tmp/a/b')).toBe('tmp/a/b');
    expect(below('/w', '/w/a')).toBe('a');
    expect(below('/w/', '/w/a')).toBe('a');
    expect(below('/w', '/w')).toBe('');
    expect(below('/', '/')).toBe('');
  });

  it('names a child without doubling the separator at /', () => {
    expect(childOf('/', 'etc')).toBe('/etc');
    expect(childOf('/w', 'a')).toBe('/w/a');
    expect(below('/', childOf('/', 'etc'))).toBe('etc');
  });
});

describe('find_files', () => {
  it('names matches relative to a workspace at /, from / itself and from below it', async () => {
    const dir = scratch();
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'sub', 'hit.txt'), '');
    const top = dir.split('/')[1]!; // "tmp"
    const find = async (args: Record<string, unknown>, denied: string[] = []) =>
      runAction(
        { tool: 'find_files', args },
        { sandbox: await openSandbox({ allowed: ['/'], denied }), limits: LIMITS },
      );
    expect(await find({ pattern: top, start_path: '/', max_depth: 0 })).toEqual({
      tool: 'find_files',
      ok: true,
      result: [`${top}/`],
    });
    // Denied entries are left out from / too (the walk's paths are `/tmp`, never `//tmp`).
    expect(await find({ pattern: top, start_path: '/', max_depth: 0 }, [`/${top}`])).toEqual({
      tool: 'find_files',
      ok: true,
      result: [],
    });
    expect(await find({ pattern: 'hit.txt', start_path: dir, max_depth: 3 })).toEqual({
      tool: 'find_files',
      ok: true,
      result: [`${dir.slice(1)}/sub/hit.txt`],
    });
  });

  const root = process.getuid?.() === 0;
  const canDrop = root && typeof process.seteuid === 'function';
  // Skipped on Windows (no permission bits) and as root where the effective uid cannot be changed.
  it.skipIf(process.platform === 'win32' || (root && !canDrop))(
    'leaves out a subdirectory it may not open, and finds the rest',
    async () => {
      const dir = scratch();
      mkdirSync(join(dir, 'open'));
      writeFileSync(join(dir, 'open', 'a.txt'), '');
      mkdirSync(join(dir, 'closed'));
      writeFileSync(join(dir, 'closed', 'b.txt'), '');
      chmodSync(join(dir, 'closed'), 0o700);
      if (!root) chmodSync(join(dir, 'closed'), 0o000);
      const sandbox = await openSandbox({ allowed: [dir], denied: [] });
      // Root bypasses permission bits: the walk runs as `nobody` (effective uid only, given back after).
      if (canDrop) process.seteuid!(65534);
      let result;
      try {
        result = await runAction(
          { tool: 'find_files', args: { pattern: '*.txt', start_path: '.', max_depth: 5 } },
          { sandbox, limits: LIMITS },
        );
      } finally {
        if (canDrop) process.seteuid!(0);
        if (!root) chmodSync(join(dir, 'closed'), 0o700);
      }
      expect(result).toEqual({ tool: 'find_files', ok: true, result: ['open/a.txt'] });
    },
  );
});
