// The state branch store when things go wrong, against real git: an unreachable remote is a warning (null,
// false, the local files kept); another job saving before every push ends in a warning and false after a
// bounded number of tries, with what was merged kept locally; over https the token's header gets fetch and push
// in, and a wrong token gets neither (test/support/git-http.ts), without the token in any warning.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StateFile } from '../../src/platform/github/state/stage.js';
import { startGitHttp } from '../support/git-http.js';
import { fill, git, read, stateBranchKit } from '../support/state-branch.js';

const { origin, clone, workspace } = stateBranchKit('ah-state-branch-fail-');

describe('the state branch store, failing', () => {
  it('an unreachable remote is a warning: restore gives null, save false, the local files stay', async () => {
    const bare = origin();
    const a = workspace(clone(bare));
    fill(a.dir, 4, ['{"n":1}'], [], 'pending');
    git(a.dir, 'remote', 'set-url', 'origin', join(bare, '..', 'gone.git'));
    expect(await a.store.restore()).toBeNull();
    expect(await a.store.save(3)).toBe(false);
    expect(a.warnings).toHaveLength(2);
    expect(a.warnings[0]).toMatch(/^restoring state from branch agent-harness\/state failed: .*gone\.git/s);
    expect(a.warnings[1]).toMatch(
      /^saving state to branch agent-harness\/state \(run 100-1 global 3\) failed/,
    );
    expect(read(a.dir, '.iteration_counter')).toBe('4\n');
  });

  it('another job saving before every push: a bounded number of tries, then a warning and false', async () => {
    const bare = origin();
    const a = workspace(clone(bare));
    fill(a.dir, 2, ['{"run":"a"}'], [], 'pending');
    let saves = 0;
    const always: StateFile = {
      name: 'race',
      path: join(a.dir, 'no-such-file'),
      stage: async () => void (await a.store.save(++saves)),
    };
    const b = workspace(clone(bare), 'loop', { extra: [always] });
    fill(b.dir, 1, ['{"run":"b"}'], [], 'pending');
    expect(await b.store.save(1)).toBe(false);
    expect(saves).toBe(5);
    expect(b.warnings).toEqual([
      'saving state to branch agent-harness/state (run 100-1 global 1): another job saved first 5 times; ' +
        'local state is kept and saved again later',
    ]);
    // What it merged meanwhile stays local for its next save.
    expect(read(b.dir, '.iteration_counter')).toBe('2\n');
    expect(read(b.dir, 'events.jsonl')).toBe('{"run":"b"}\n{"run":"a"}\n');
  });

  it("over https, fetch and push carry the given token's header, and only with it do they get in", async () => {
    const bare = origin();
    const server = await startGitHttp(join(bare, '..'), 'ghs_right');
    try {
      const remote = server.url('origin.git');
      const http = { remote, serverUrl: server.origin };
      const a = workspace(clone(bare), 'loop', { ...http, token: 'ghs_right' });
      fill(a.dir, 6, ['{"n":1}'], [], 'pending');
      expect(await a.store.save(5)).toBe(true);
      const c = workspace(clone(bare), 'loop', { ...http, token: 'ghs_right' });
      expect(await c.store.restore()).not.toBeNull();
      expect(read(c.dir, '.iteration_counter')).toBe('6\n');
      expect(server.requests.length).toBeGreaterThan(0);
      expect(server.requests.every((request) => request.admitted)).toBe(true);
      expect(a.warnings).toEqual([]);

      const wrong = workspace(clone(bare), 'loop', { ...http, token: 'ghs_wrong' });
      expect(await wrong.store.restore()).toBeNull();
      expect(await wrong.store.save(1)).toBe(false);
      expect(wrong.warnings).toHaveLength(2);
      expect(wrong.warnings.join('\n')).not.toContain('ghs_wrong');
    } finally {
      await server.close();
    }
  });
});
