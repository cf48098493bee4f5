// The metrics database in the Action's cached state, with a real node:sqlite database and the cache store: a
// save checkpoints the write-ahead log into the one file it caches (never `-wal` / `-shm`), even while the loop
// holds the database open with sessions only in the log; a restore puts the cached copy in place in a fresh
// workspace, replaces a local copy that holds nothing more, merges into one that does, and an unusable
// database, either side, is a warning.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { MetricsStore } from '../../../src/metrics/store.js';
import { stateFiles } from '../../../src/platform/github/state/files.js';
import {
  CacheStateStore,
  STATE_DIR_NAME,
  type CacheClient,
} from '../../../src/platform/github/state/store.js';
import { memoryCache } from '../../support/memory-cache.js';
import { sampleFacts } from '../../support/metrics-facts.js';

const scratch: string[] = [];
const cwd = process.cwd();
afterEach(async () => {
  process.chdir(cwd);
  for (const dir of scratch.splice(0)) await rm(dir, { recursive: true, force: true });
});
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ah-metrics-state-'));
  scratch.push(dir);
  return dir;
}

const DB = 'harness-metrics.db';

function storeFor(cache: CacheClient, workspace: string, run: string, warnings: string[], db = DB) {
  const files = stateFiles({
    cwd: workspace,
    counter: join(workspace, '.iteration_counter'),
    status: join(workspace, 'harness.status'),
    eventLog: null,
    metricsDb: join(workspace, db),
  });
  process.chdir(workspace); // the cache client stores paths relative to the current directory
  return new CacheStateStore(cache, files, workspace, 'key', { id: run, attempt: '1' }, (m) =>
    warnings.push(m),
  );
}

function record(path: string, sessions: number[]): void {
  const store = MetricsStore.open(path);
  try {
    for (const n of sessions) store.record(sampleFacts(n), 'loop');
  } finally {
    store.close();
  }
}

function keys(path: string): string[] {
  const store = MetricsStore.open(path, { readonly: true });
  try {
    return store.lastSessions(null).map((row) => row.key);
  } finally {
    store.close();
  }
}
const keysOf = (...ns: number[]) => ns.map((n) => sampleFacts(n).key);

/** A loop killed outright (SIGKILL) after recording `sessions`: its commits are left in the write-ahead log. */
async function killedWriter(path: string, sessions: number[]): Promise<void> {
  const url = (file: string) => pathToFileURL(join(cwd, file)).href;
  const script = [
    `const { MetricsStore } = await import(${JSON.stringify(url('src/metrics/store.ts'))});`,
    `const { sampleFacts } = await import(${JSON.stringify(url('test/support/metrics-facts.ts'))});`,
    `const store = MetricsStore.open(${JSON.stringify(path)});`,
    `for (const n of ${JSON.stringify(sessions)}) store.record(sampleFacts(n), 'loop');`,
    `process.stdout.write('recorded\\n');`,
    'setInterval(() => {}, 1000);',
  ].join('\n');
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_, signal) => resolve(signal)),
  );
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('recorded')) resolve();
      });
      child.on('exit', () => reject(new Error('the writer ended before it recorded')));
    });
  } finally {
    child.kill('SIGKILL');
  }
  expect(await exited).toBe('SIGKILL');
}

describe('the metrics database in the cached state', () => {
  it('is a state file when metrics are on, and none when off', () => {
    const list = (metricsDb: string | null) =>
      stateFiles({ cwd: '/w', counter: '/w/c', status: '/w/s', eventLog: null, metricsDb }).filter(
        (f) => f.name === 'metrics',
      );
    expect(list('/w/harness-metrics.db')).toMatchObject([{ name: 'metrics', path: '/w/harness-metrics.db' }]);
    expect(list(null)).toEqual([]);
  });

  it('a save while the loop holds it open caches every session in one file, never -wal or -shm', async () => {
    const cache = memoryCache(await tempDir());
    const first = await tempDir();
    const warnings: string[] = [];
    // The loop's connection stays open, its recent commits in the write-ahead log only.
    const loop = MetricsStore.open(join(first, DB));
    try {
      for (const n of [0, 1, 2]) loop.record(sampleFacts(n), 'loop');
      expect(statSync(join(first, `${DB}-wal`)).size).toBeGreaterThan(0);
      expect(await storeFor(cache, first, '1', warnings).save(3)).toBe(true);
      expect(await readdir(join(first, STATE_DIR_NAME))).toEqual(expect.arrayContaining(['metrics']));
      expect((await readdir(join(first, STATE_DIR_NAME))).filter((n) => n.startsWith('metrics'))).toEqual([
        'metrics',
      ]);
      // The loop goes on recording after the checkpoint.
      loop.record(sampleFacts(3), 'loop');
    } finally {
      loop.close();
    }
    expect(warnings).toEqual([]);

    const second = await tempDir();
    expect(await storeFor(cache, second, '2', warnings).restore()).toBe('key-1-1-3');
    expect(keys(join(second, DB))).toEqual(keysOf(0, 1, 2));
    expect(warnings).toEqual([]);
  });

  it("after the loop was killed (post's save), the sessions left in the write-ahead log are cached", async () => {
    const cache = memoryCache(await tempDir());
    const first = await tempDir();
    const warnings: string[] = [];
    await killedWriter(join(first, DB), [0, 1, 2]);
    expect(statSync(join(first, `${DB}-wal`)).size).toBeGreaterThan(0);
    expect(await storeFor(cache, first, '1', warnings).save(3, '-post')).toBe(true);
    expect(warnings).toEqual([]);
    const second = await tempDir();
    expect(await storeFor(cache, second, '2', warnings).restore()).toBe('key-1-1-3-post');
    expect(keys(join(second, DB))).toEqual(keysOf(0, 1, 2));
  });

  it('a restore replaces a local copy that holds nothing more, and its stale -wal and -shm go', async () => {
    const cache = memoryCache(await tempDir());
    const first = await tempDir();
    const warnings: string[] = [];
    record(join(first, DB), [0, 1, 2]);
    await storeFor(cache, first, '1', warnings).save(3);

    const second = await tempDir();
    record(join(second, DB), [0]); // an older copy, e.g. checked in
    await writeFile(join(second, `${DB}-wal`), '');
    await writeFile(join(second, `${DB}-shm`), 'stale');
    await storeFor(cache, second, '2', warnings).restore();
    expect(existsSync(join(second, `${DB}-wal`))).toBe(false);
    expect(existsSync(join(second, `${DB}-shm`))).toBe(false);
    expect(keys(join(second, DB))).toEqual(keysOf(0, 1, 2));
    expect(warnings).toEqual([]);
  });

  it("a local database with sessions the cache lacks keeps them and gains the cache's", async () => {
    const cache = memoryCache(await tempDir());
    const first = await tempDir();
    const warnings: string[] = [];
    record(join(first, DB), [0, 1]);
    await storeFor(cache, first, '1', warnings).save(2);

    const second = await tempDir();
    record(join(second, DB), [0, 5]); // a self-hosted runner's workspace whose last save did not reach the cache
    await storeFor(cache, second, '2', warnings).restore();
    expect(keys(join(second, DB)).sort()).toEqual(keysOf(0, 1, 5).sort());
    expect(warnings).toEqual([]);
  });

  it('an unusable cached copy is a warning; the local database stays as it was', async () => {
    const cache = memoryCache(await tempDir());
    const first = await tempDir();
    const warnings: string[] = [];
    await writeFile(join(first, DB), 'this is not a database '.repeat(100));
    expect(await storeFor(cache, first, '1', warnings).save(1)).toBe(true);
    expect(warnings.join('\n')).toContain('could not be compacted');

    const fresh = await tempDir();
    warnings.length = 0;
    expect(await storeFor(cache, fresh, '2', warnings).restore()).toBe('key-1-1-1');
    expect(warnings.join('\n')).toContain('the cached metrics database cannot be used');
    expect(existsSync(join(fresh, DB))).toBe(false);

    const kept = await tempDir();
    record(join(kept, DB), [4]);
    warnings.length = 0;
    await storeFor(cache, kept, '3', warnings).restore();
    expect(warnings.join('\n')).toContain(`keeping ${join(kept, DB)}`);
    expect(keys(join(kept, DB))).toEqual(keysOf(4));
  });

  it('an unusable local database is moved aside and the cached copy takes its place', async () => {
    const cache = memoryCache(await tempDir());
    const first = await tempDir();
    const warnings: string[] = [];
    record(join(first, DB), [0]);
    await storeFor(cache, first, '1', warnings).save(1);

    const second = await tempDir();
    await writeFile(join(second, DB), 'garbage '.repeat(200));
    await storeFor(cache, second, '2', warnings).restore();
    expect(warnings.join('\n')).toContain(`moved to ${join(second, DB)}.unusable`);
    expect(existsSync(join(second, `${DB}.unusable`))).toBe(true);
    expect(keys(join(second, DB))).toEqual(keysOf(0));
  });

  it('a database in a directory a fresh workspace lacks comes back there', async () => {
    const cache = memoryCache(await tempDir());
    const first = await tempDir();
    const warnings: string[] = [];
    const db = join('state', 'metrics.db');
    record(join(first, db), [0, 1]);
    await storeFor(cache, first, '1', warnings, db).save(2);
    const second = await tempDir();
    await storeFor(cache, second, '2', warnings, db).restore();
    expect(keys(join(second, db))).toEqual(keysOf(0, 1));
    expect(warnings).toEqual([]);
  });

  it('no database yet: nothing cached for it, no warning, and none created by a restore', async () => {
    const cache = memoryCache(await tempDir());
    const first = await tempDir();
    const warnings: string[] = [];
    await writeFile(join(first, '.iteration_counter'), '2\n');
    expect(await storeFor(cache, first, '1', warnings).save(2)).toBe(true);
    expect(await readdir(join(first, STATE_DIR_NAME))).not.toContain('metrics');
    const second = await tempDir();
    await storeFor(cache, second, '2', warnings).restore();
    expect(existsSync(join(second, DB))).toBe(false);
    expect(warnings).toEqual([]);
  });
});
