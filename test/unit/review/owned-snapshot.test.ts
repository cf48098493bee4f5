// The files an agent may not write, read and put back on a real file system: what a session did to them is undone
// entry by entry, and a restore never writes through a symlink the session put in a directory's or a file's place.
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diffOwned } from '../../../src/review/owned-files.js';
import { restoreOwned, snapshotOwned, type OwnedWalk } from '../../../src/review/owned-snapshot.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function project() {
  const cwd = mkdtempSync(join(tmpdir(), 'owned-'));
  const outside = mkdtempSync(join(tmpdir(), 'owned-outside-'));
  dirs.push(cwd, outside);
  const plan = join(cwd, '.harness', 'plans', 'p');
  mkdirSync(join(plan, 'reviews'), { recursive: true });
  writeFileSync(join(plan, 'planfile.json'), '{"status":"doing"}\n');
  writeFileSync(join(plan, 'reviews', 't-1-review.md'), 'Result: FAIL\n');
  writeFileSync(join(cwd, '.harness', 'log.md'), 'diary\n');
  writeFileSync(join(cwd, 'harness.yml'), 'review: {}\n');
  const walk: OwnedWalk = { cwd, roots: ['.harness', 'harness.yml'], skip: (p) => p === '.harness/log.md' };
  /** Snapshot, let `session` act, compare and restore; what changed. */
  const around = async (session: () => void) => {
    const before = await snapshotOwned(walk);
    session();
    const changes = diffOwned(before, await snapshotOwned(walk, before));
    await restoreOwned(cwd, before, changes);
    expect(diffOwned(before, await snapshotOwned(walk))).toEqual([]);
    return changes;
  };
  return { cwd, outside, plan, around };
}

describe('snapshotOwned and restoreOwned', () => {
  it('puts back a changed, a deleted and a chmodded file, and removes a created one', async () => {
    const { cwd, plan, around } = project();
    const changes = await around(() => {
      writeFileSync(join(plan, 'planfile.json'), '{"status":"done"}\n');
      rmSync(join(plan, 'reviews', 't-1-review.md'));
      writeFileSync(join(plan, 'reviews', 't-2-review.md'), 'Result: PASS\n');
      chmodSync(join(cwd, 'harness.yml'), 0o600);
    });
    expect(changes.map((c) => `${c.change} ${c.path}`)).toEqual([
      'changed .harness/plans/p/planfile.json',
      'deleted .harness/plans/p/reviews/t-1-review.md',
      'created .harness/plans/p/reviews/t-2-review.md',
      'changed harness.yml',
    ]);
    expect(readFileSync(join(plan, 'planfile.json'), 'utf8')).toBe('{"status":"doing"}\n');
    expect(readFileSync(join(plan, 'reviews', 't-1-review.md'), 'utf8')).toBe('Result: FAIL\n');
    expect(statSync(join(cwd, 'harness.yml')).mode & 0o777).toBe(0o644);
  });

  it('leaves the skipped files alone', async () => {
    const { cwd, around } = project();
    expect(await around(() => writeFileSync(join(cwd, '.harness', 'log.md'), 'more diary\n'))).toEqual([]);
    expect(readFileSync(join(cwd, '.harness', 'log.md'), 'utf8')).toBe('more diary\n');
  });

  it('a directory replaced by a symlink to elsewhere: the link goes, the directory comes back, nothing is written outside', async () => {
    const { plan, outside, around } = project();
    await around(() => {
      rmSync(plan, { recursive: true });
      symlinkSync(outside, plan);
    });
    expect(lstatSync(plan).isDirectory()).toBe(true);
    expect(readFileSync(join(plan, 'planfile.json'), 'utf8')).toBe('{"status":"doing"}\n');
    expect(() => readFileSync(join(outside, 'planfile.json'))).toThrow();
  });

  it('a file replaced by a symlink: the file comes back in its place, the target untouched', async () => {
    const { plan, outside, around } = project();
    const target = join(outside, 'forged.json');
    writeFileSync(target, '{"status":"done"}\n');
    await around(() => {
      rmSync(join(plan, 'planfile.json'));
      symlinkSync(target, join(plan, 'planfile.json'));
    });
    expect(lstatSync(join(plan, 'planfile.json')).isFile()).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('{"status":"done"}\n');
  });

  it('does not read a file the session made or resized', async () => {
    const { cwd } = project();
    const walk: OwnedWalk = { cwd, roots: ['.harness'], skip: () => false };
    const before = await snapshotOwned(walk);
    writeFileSync(join(cwd, '.harness', 'big.bin'), Buffer.alloc(1024));
    writeFileSync(join(cwd, '.harness', 'plans', 'p', 'planfile.json'), '{}\n');
    const after = await snapshotOwned(walk, before);
    expect(after.get('.harness/big.bin')).toMatchObject({ kind: 'file', size: 1024, content: null });
    expect(after.get('.harness/plans/p/planfile.json')).toMatchObject({ content: null });
  });
});
