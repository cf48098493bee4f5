// Review mode's state across Action runs: `.harness/plans/` (every file of every plan) and the issue-to-plan map
// go into the cached state and come back in a fresh workspace, merged with what that workspace already has.
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { planOfIssue, rememberIssuePlan } from '../../../src/platform/github/state/review.js';
import { stateFiles } from '../../../src/platform/github/state/files.js';
import { CacheStateStore, type CacheClient } from '../../../src/platform/github/state/store.js';
import { memoryCache } from '../../support/memory-cache.js';

const scratch: string[] = [];
afterEach(async () => {
  for (const dir of scratch.splice(0)) await rm(dir, { recursive: true, force: true });
});
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ah-review-state-'));
  scratch.push(dir);
  return dir;
}

async function files(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out[relative(dir, path)] = await readFile(path, 'utf8');
  }
  return out;
}

async function storeFor(cache: CacheClient, workspace: string, run: string) {
  const list = stateFiles({
    cwd: workspace,
    counter: join(workspace, '.iteration_counter'),
    status: join(workspace, 'harness.status'),
    eventLog: null,
    metricsDb: null,
  });
  return new CacheStateStore(cache, list, workspace, 'key', { id: run, attempt: '1' }, (m) => {
    throw new Error(`unexpected warning: ${m}`);
  });
}

describe('review state in the cache', () => {
  it('brings back every plan file and the issue map in a fresh workspace, keeping what it already has', async () => {
    const cwd = process.cwd();
    const cache = memoryCache(await tempDir());
    const first = await tempDir();
    const plan = join(first, '.harness', 'plans', 'p-1');
    await mkdir(join(plan, 'reviews'), { recursive: true });
    await writeFile(join(plan, 'planfile.json'), '{"id":"p-1"}');
    await writeFile(join(plan, 'progress.json'), '{"tries":2}');
    await writeFile(join(plan, 'mistakes.json'), '{"mistakes":[]}');
    await writeFile(join(plan, 'reviews', 'a-1-review.md'), 'Result: FAIL');
    await writeFile(join(plan, 'progress.json.lock'), '4242 cookie'); // this machine's process: not carried over
    await rememberIssuePlan(first, 12, 'p-1');
    try {
      process.chdir(first);
      expect(await (await storeFor(cache, first, '1')).save(3)).toBe(true);

      // The next run's workspace: a fresh checkout with a plan of its own, an older copy of p-1's progress,
      // and another issue's plan in its map.
      const second = await tempDir();
      await mkdir(join(second, '.harness', 'plans', 'p-1'), { recursive: true });
      await mkdir(join(second, '.harness', 'plans', 'local'), { recursive: true });
      await writeFile(join(second, '.harness', 'plans', 'p-1', 'progress.json'), '{"tries":0}');
      await writeFile(join(second, '.harness', 'plans', 'local', 'planfile.json'), '{"id":"local"}');
      await rememberIssuePlan(second, 5, 'local');
      process.chdir(second);
      expect(await (await storeFor(cache, second, '2')).restore()).toBe('key-1-1-3');

      expect(await files(join(second, '.harness', 'plans'))).toEqual({
        'p-1/planfile.json': '{"id":"p-1"}',
        'p-1/progress.json': '{"tries":2}',
        'p-1/mistakes.json': '{"mistakes":[]}',
        'p-1/reviews/a-1-review.md': 'Result: FAIL',
        'local/planfile.json': '{"id":"local"}',
      });
      expect(await planOfIssue(second, 12)).toBe('p-1');
      expect(await planOfIssue(second, 5)).toBe('local');
      expect(await planOfIssue(second, 6)).toBeNull();

      // A workspace without `.harness/` at all gets it back whole.
      const third = await tempDir();
      process.chdir(third);
      await (await storeFor(cache, third, '3')).restore();
      expect(Object.keys(await files(join(third, '.harness', 'plans', 'p-1'))).sort()).toEqual([
        'mistakes.json',
        'planfile.json',
        'progress.json',
        'reviews/a-1-review.md',
      ]);
      expect(await planOfIssue(third, 12)).toBe('p-1');
    } finally {
      process.chdir(cwd);
    }
  });

  it('a run without plans saves and restores the rest as before', async () => {
    const cwd = process.cwd();
    const cache = memoryCache(await tempDir());
    const first = await tempDir();
    await writeFile(join(first, '.iteration_counter'), '4\n');
    try {
      process.chdir(first);
      expect(await (await storeFor(cache, first, '1')).save(4)).toBe(true);
      const second = await tempDir();
      process.chdir(second);
      await (await storeFor(cache, second, '2')).restore();
      expect(await readFile(join(second, '.iteration_counter'), 'utf8')).toBe('4\n');
      expect(await readdir(second)).not.toContain('.harness');
    } finally {
      process.chdir(cwd);
    }
  });
});
