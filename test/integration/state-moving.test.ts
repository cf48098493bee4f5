// Moving between state stores (state/make.ts) against real git: a cache that has nothing for the key asks origin's
// state branch once and restores from it (the store says it moved, and saves go on to the cache); without the
// branch on origin, or without an origin at all, the cache's miss stays quiet (no warning).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeStateStore, type StoreContext } from '../../src/platform/github/state/make.js';
import { stateFiles } from '../../src/platform/github/state/files.js';
import { fill, read, stateBranchKit } from '../support/state-branch.js';

const { origin, clone, workspace } = stateBranchKit('ah-state-moving-');

function context(dir: string, warnings: string[], saved: string[]): StoreContext {
  return {
    cache: {
      restoreCache: () => Promise.resolve(undefined),
      saveCache: (_paths, key) => Promise.resolve(void saved.push(key)).then(() => 1),
    },
    files: stateFiles({
      cwd: dir,
      counter: join(dir, '.iteration_counter'),
      status: join(dir, 'harness.status'),
      eventLog: join(dir, 'events.jsonl'),
      metricsDb: join(dir, 'harness-metrics.db'),
    }),
    workspace: dir,
    repo: dir,
    key: 'loop',
    run: { id: '200', attempt: '1' },
    token: '',
    serverUrl: 'https://github.com',
    scratch: join(dir, '..'),
    cacheTimeoutMs: 5000,
    warn: (message) => warnings.push(message),
    info: () => {},
    redact: (text) => text,
  };
}

describe('moving between state stores', () => {
  it("restores once from origin's state branch when the cache has nothing, and saves to the cache", async () => {
    const bare = origin();
    const first = workspace(clone(bare));
    fill(first.dir, 4, ['{"event":"a"}'], [1, 2], 'completed');
    expect(await first.store.save(3)).toBe(true);

    const dir = clone(bare);
    const warnings: string[] = [];
    const saved: string[] = [];
    const store = makeStateStore(
      { kind: 'cache', branch: 'agent-harness/state', remoteUrl: bare },
      context(dir, warnings, saved),
    );
    expect(await store.restore()).toMatch(/^agent-harness\/state@[0-9a-f]{12}:loop$/);
    expect(store.movedFrom).toMatch(/^branch agent-harness\/state@[0-9a-f]{12} of origin, folder loop\/$/);
    expect(read(dir, '.iteration_counter').trim()).toBe('4');
    expect(store.report()).toMatchObject({ branch: null, merged: false });
    expect(await store.save(5)).toBe(true);
    expect(saved).toEqual(['loop-200-1-5']);
    expect(warnings).toEqual([]);
  });

  it('stays quiet when origin has no state branch, or the work tree no origin', async () => {
    const warnings: string[] = [];
    for (const remoteUrl of [origin(), null]) {
      const dir = clone(origin());
      const store = makeStateStore(
        { kind: 'cache', branch: 'agent-harness/state', remoteUrl },
        context(dir, warnings, []),
      );
      expect(await store.restore()).toBeNull();
      expect(store.movedFrom).toBeNull();
    }
    // An origin that cannot be reached at all is no warning either: the cache is the store chosen.
    const dir = clone(origin());
    const store = makeStateStore(
      { kind: 'cache', branch: 'agent-harness/state', remoteUrl: join(dir, 'no-such-remote.git') },
      context(dir, warnings, []),
    );
    expect(await store.restore()).toBeNull();
    expect(warnings).toEqual([]);
  });
});
