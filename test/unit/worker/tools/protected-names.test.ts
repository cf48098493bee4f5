// `.git` and `.harness` at any depth below a root are never the model's: reading, writing, creating, listing and
// finding there are violations (a nested repository's hooks or core.fsmonitor run commands), nothing is written,
// and such entries are left out of listings and searches; a root that itself lies inside `.harness` (a loop
// session's artifacts/) stays usable.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSandbox } from '../../../../src/worker/tools/sandbox.js';
import { runAction } from '../../../../src/worker/tools/run-action.js';
import { LIMITS, useWorlds, world } from './world.js';

useWorlds();

const refused = { ok: false, violation: true };
const names = (result: unknown): string[] => (result as { result: string[] }).result;

describe('.git and .harness below a root', () => {
  it.each(['sub/.git/config', 'a/b/.git/hooks/pre-commit', 'sub/.harness/plan.json', 'a/.GIT/config'])(
    'refuses reading, writing and listing %s',
    async (path) => {
      const w = await world();
      mkdirSync(join(w.workspace, path, '..'), { recursive: true });
      writeFileSync(join(w.workspace, path), 'original');
      expect(await w.run('read_file', { path })).toMatchObject(refused);
      expect(await w.run('write_file', { path, content: 'x' })).toMatchObject(refused);
      expect(await w.run('list_directory', { path: join(path, '..') })).toMatchObject(refused);
      expect(await w.run('find_files', { pattern: '*', start_path: join(path, '..') })).toMatchObject(
        refused,
      );
      expect(readFileSync(join(w.workspace, path), 'utf8')).toBe('original');
      // Left out of a search and a listing from above.
      const found = await w.run('find_files', {
        pattern: '*',
        start_path: path.split('/')[0]!,
        max_depth: 10,
      });
      expect(found).toMatchObject({ ok: true });
      expect(names(found).some((name) => /\.(git|harness)\b/i.test(name))).toBe(false);
      const parts = path.split('/');
      const holder = parts
        .slice(
          0,
          parts.findIndex((part) => /^\.(git|harness)$/i.test(part)),
        )
        .join('/');
      const listed = await w.run('list_directory', { path: holder });
      expect(listed).toMatchObject({ ok: true });
      expect(names(listed).some((name) => /^\.(git|harness)\/$/i.test(name))).toBe(false);
    },
  );

  it.each(['x/.git/HEAD', 'deep/er/.harness/state.json'])(
    'refuses creating %s, nothing made',
    async (path) => {
      const w = await world();
      expect(await w.run('create_file', { path, content: 'ref: refs/heads/main' })).toMatchObject(refused);
      expect(await w.run('write_file', { path, content: 'x' })).toMatchObject(refused);
      expect(existsSync(join(w.workspace, path.split('/')[0]!))).toBe(false);
    },
  );

  it('keeps a root that lies inside .harness usable', async () => {
    const w = await world();
    const artifacts = join(w.workspace, '.harness', 'worker', 'session-3', 'artifacts');
    mkdirSync(artifacts, { recursive: true });
    const sandbox = await openSandbox({ allowed: [w.workspace, artifacts], denied: [] });
    const run = (tool: string, args: Record<string, unknown>) =>
      runAction({ tool, args }, { sandbox, limits: LIMITS });
    expect(await run('create_file', { path: join(artifacts, 'out.md'), content: 'ok' })).toMatchObject({
      ok: true,
    });
    expect(await run('list_directory', { path: artifacts })).toMatchObject({ ok: true, result: ['out.md'] });
    expect(await run('read_file', { path: '.harness/worker/session-3/artifacts/out.md' })).toMatchObject({
      ok: true,
    });
    expect(await run('list_directory', { path: '.harness/worker' })).toMatchObject(refused);
  });
});
