// The state branch store against real git: a bare `origin` on disk and clones of it, each clone a workspace with
// the real state files (test/support/state-branch.ts). Run 1's save makes the orphan branch with the key's
// folder; a fresh clone's restore gets every file back; two saves racing from two clones both land (the second
// merges: both runs' event lines, the higher counter, both runs' sessions, the more advanced task); the user's
// HEAD, index, branches, tracked files and config are untouched; a hand-edited counter or task list on the branch
// is named in a warning and its last usable copy restored (none: the local one kept); past the commit limit the branch is squashed and its state intact;
// a restore falls back to another key's folder.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderOf } from '../../src/platform/github/state/branch-store.js';
import type { StateFile } from '../../src/platform/github/state/stage.js';
import {
  BRANCH,
  fill,
  git,
  keysOf,
  read,
  sessionKeys,
  stateBranchKit,
  statusOf,
  taskList,
} from '../support/state-branch.js';

const { origin, clone, workspace } = stateBranchKit('ah-state-branch-');

/** What a user sees of the repository: HEAD, branches, the index's bytes, tracked changes, the config. */
function userView(dir: string) {
  return {
    head: git(dir, 'rev-parse', 'HEAD'),
    symbolic: git(dir, 'symbolic-ref', 'HEAD'),
    refs: git(
      dir,
      'for-each-ref',
      '--format=%(refname) %(objectname)',
      'refs/heads',
      'refs/remotes',
      'refs/tags',
    ),
    tracked: git(dir, 'status', '--porcelain', '--untracked-files=no'), // may refresh the index: first
    index: readFileSync(join(dir, '.git', 'index')).toString('base64'),
    readme: read(dir, 'README.md'),
    config: read(dir, '.git/config'),
  };
}

describe('the state branch store', () => {
  it("saves the key's folder to a new orphan branch; a fresh clone restores every file", async () => {
    const bare = origin();
    const a = workspace(clone(bare));
    fill(a.dir, 4, ['{"n":1}', '{"n":2}'], [1, 2], 'completed');
    expect(await a.store.save(3)).toBe(true);
    expect(a.warnings).toEqual([]);
    expect(git(bare, 'ls-tree', '-r', '--name-only', BRANCH).split('\n')).toEqual(
      ['counter', 'events', 'metrics', 'tasks'].map((name) => `loop/${name}`),
    );
    expect(git(bare, 'rev-list', '--count', BRANCH)).toBe('1');
    expect(git(bare, 'log', '-1', '--format=%an %s', BRANCH)).toBe(
      'agent-harness agent-harness state: loop, run 100-1 global 3',
    );
    expect(a.store.bytes).toBeGreaterThan(0);

    const c = workspace(clone(bare));
    expect(await c.store.restore()).toMatch(/^agent-harness\/state@[0-9a-f]{12}:loop$/);
    expect(c.warnings).toEqual([]);
    expect(read(c.dir, '.iteration_counter')).toBe('4\n');
    expect(read(c.dir, 'events.jsonl')).toBe('{"n":1}\n{"n":2}\n');
    expect(statusOf(read(c.dir, 'harness-tasks.json'))).toBe('completed');
    expect(sessionKeys(c.dir)).toEqual(keysOf(1, 2));
    expect(c.store.bytes).toBe(a.store.bytes! - 2); // the stage's .gitignore is not on the branch
  });

  it('with no branch yet there is no state', async () => {
    const c = workspace(clone(origin()));
    expect(await c.store.restore()).toBeNull();
    expect(c.warnings).toEqual([]);
  });

  it("two saves racing from two clones both land: the second merges the first's state", async () => {
    const bare = origin();
    const a = workspace(clone(bare));
    fill(a.dir, 7, ['{"run":"a","n":1}', '{"run":"a","n":2}'], [1, 2], 'completed');
    let raced = false;
    // B's save fetched the branch (none yet) and is staging when A's save lands.
    const race: StateFile = {
      name: 'race',
      path: join(a.dir, 'no-such-file'),
      stage: async () => {
        if (raced) return;
        raced = true;
        expect(await a.store.save(6)).toBe(true);
      },
    };
    const b = workspace(clone(bare), 'loop', { extra: [race] });
    fill(b.dir, 5, ['{"run":"b","n":1}'], [3], 'pending');
    expect(await b.store.save(4)).toBe(true);
    expect(raced).toBe(true);
    expect(a.store.merged).toBe(false);
    expect(b.store.merged).toBe(true);
    expect(b.warnings).toEqual([]);

    const c = workspace(clone(bare));
    expect(await c.store.restore()).not.toBeNull();
    expect(read(c.dir, '.iteration_counter')).toBe('7\n');
    expect(read(c.dir, 'events.jsonl').split('\n').filter(Boolean).sort()).toEqual(
      ['{"run":"a","n":1}', '{"run":"a","n":2}', '{"run":"b","n":1}'].sort(),
    );
    expect(sessionKeys(c.dir)).toEqual(keysOf(1, 2, 3));
    expect(statusOf(read(c.dir, 'harness-tasks.json'))).toBe('completed');
    expect(git(bare, 'rev-list', '--count', BRANCH)).toBe('2');
  });

  it("never touches the user's HEAD, index, branches, tracked files or config; the token stays out of it", async () => {
    const bare = origin();
    const a = workspace(clone(bare), 'loop', { token: 'ghs_not-a-real-token' });
    fill(a.dir, 2, ['{"n":1}'], [1], 'pending');
    writeFileSync(join(a.dir, 'README.md'), 'edited, not staged\n');
    const before = userView(a.dir);
    expect(await a.store.save(1)).toBe(true);
    expect(await a.store.restore()).not.toBeNull();
    expect(await a.store.save(2)).toBe(true);
    expect(userView(a.dir)).toEqual(before);
    expect(a.warnings).toEqual([]);
    expect(git(a.dir, 'branch', '--list', '--all')).not.toContain('agent-harness');
  });

  it('a hand-edited counter or task list on the branch is named, its last usable copy restored and written back', async () => {
    const bare = origin();
    const a = workspace(clone(bare));
    fill(a.dir, 9, ['{"n":1}'], [1], 'completed');
    expect(await a.store.save(8)).toBe(true);
    const good = git(bare, 'rev-parse', BRANCH);
    // Someone edits the branch by hand.
    const hand = clone(bare);
    git(hand, 'checkout', '-q', BRANCH);
    writeFileSync(join(hand, 'loop', 'counter'), 'twelve\n');
    writeFileSync(join(hand, 'loop', 'tasks'), '{"version": 2, "tasks": [');
    git(hand, '-c', 'user.name=H', '-c', 'user.email=h@example.com', 'commit', '-q', '-am', 'by hand');
    git(hand, 'push', '-q', 'origin', BRANCH);

    const b = workspace(clone(bare));
    writeFileSync(join(b.dir, '.iteration_counter'), '3\n');
    writeFileSync(join(b.dir, 'harness-tasks.json'), taskList('pending'));
    expect(await b.store.restore()).not.toBeNull();
    // The last usable copies: the counter's 9 (above the local 3), the task list's completed task.
    expect(read(b.dir, '.iteration_counter')).toBe('9\n');
    expect(statusOf(read(b.dir, 'harness-tasks.json'))).toBe('completed');
    expect(b.warnings).toHaveLength(2);
    const from = `from commit ${good.slice(0, 12)}`;
    expect(b.warnings[0]).toMatch(
      /^loop\/counter on the state branch .* is not usable \(loop\/counter: expected a non-negative integer, found "twelve"/,
    );
    expect(b.warnings[0]).toContain(from);
    expect(b.warnings[1]).toMatch(/^loop\/tasks on the state branch .* is not usable/);
    expect(b.warnings[1]).toContain(from);
    // The event log and the database came back all the same.
    expect(read(b.dir, 'events.jsonl')).toBe('{"n":1}\n');
    expect(sessionKeys(b.dir)).toEqual(keysOf(1));
    // The next save writes the usable copies back.
    expect(await b.store.save(9)).toBe(true);
    expect(git(bare, 'show', `${BRANCH}:loop/counter`)).toBe('9');
    expect(statusOf(git(bare, 'show', `${BRANCH}:loop/tasks`))).toBe('completed');
  });

  it('a branch made by hand with no usable counter keeps the local one and says so', async () => {
    const bare = origin();
    const hand = clone(bare);
    git(hand, 'checkout', '-q', '--orphan', BRANCH);
    git(hand, 'rm', '-q', '-r', '--cached', '.');
    mkdirSync(join(hand, 'loop'));
    writeFileSync(join(hand, 'loop', 'counter'), '-4\n');
    git(hand, 'add', 'loop');
    git(hand, '-c', 'user.name=H', '-c', 'user.email=h@example.com', 'commit', '-q', '-m', 'by hand');
    git(hand, 'push', '-q', 'origin', BRANCH);

    const b = workspace(clone(bare));
    writeFileSync(join(b.dir, '.iteration_counter'), '3\n');
    expect(await b.store.restore()).not.toBeNull();
    expect(read(b.dir, '.iteration_counter')).toBe('3\n');
    expect(b.warnings).toHaveLength(1);
    expect(b.warnings[0]).toMatch(
      /loop\/counter on the state branch .* is not usable .*no earlier copy .*keeping .*\.iteration_counter/s,
    );
  });

  it('past the commit limit the branch is squashed, its commits bounded and its state intact', async () => {
    const bare = origin();
    const other = workspace(clone(bare), 'other/key', { maxCommits: 3 });
    fill(other.dir, 1, ['{"other":1}'], [9], 'pending');
    expect(await other.store.save(1)).toBe(true);
    const a = workspace(clone(bare), 'loop', { maxCommits: 3 });
    fill(a.dir, 0, [], [], 'pending');
    const counts: number[] = [];
    for (let n = 1; n <= 7; n++) {
      writeFileSync(join(a.dir, '.iteration_counter'), `${n}\n`);
      expect(await a.store.save(n)).toBe(true);
      counts.push(Number(git(bare, 'rev-list', '--count', BRANCH)));
    }
    expect(Math.max(...counts)).toBeLessThanOrEqual(3);
    expect(counts).toContain(1); // a squash happened
    expect(a.warnings).toEqual([]);
    const c = workspace(clone(bare));
    expect(await c.store.restore()).not.toBeNull();
    expect(read(c.dir, '.iteration_counter')).toBe('7\n');
    const d = workspace(clone(bare), 'other/key');
    expect(await d.store.restore()).toMatch(new RegExp(`:${folderOf('other/key')}$`));
    expect(read(d.dir, 'events.jsonl')).toBe('{"other":1}\n');
  });

  it("a restore falls back to another key's folder when its own has none", async () => {
    const bare = origin();
    const main = workspace(clone(bare), 'nightly-feature/x');
    fill(main.dir, 11, ['{"n":1}'], [1], 'completed');
    expect(await main.store.save(10)).toBe(true);
    const leg = workspace(clone(bare), 'nightly-feature/x~task-001');
    expect(await leg.store.restore(['nightly-feature/x'])).toMatch(/:nightly-feature%2Fx$/);
    expect(read(leg.dir, '.iteration_counter')).toBe('11\n');
    expect(leg.store.bytes).toBeNull(); // its own folder holds nothing yet
  });
});
