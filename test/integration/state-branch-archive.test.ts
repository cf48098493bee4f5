// The state branch's transcript archive (state-branch-transcripts) against real git: a save archives the
// transcripts of sessions up to the one saved, redacted, under the key's folder's transcripts/, and nothing else
// of the output directory (a note, a number past the session); a restore in a fresh clone never writes them into
// the workspace; a later save from that clone carries the earlier ones by their blob and keeps the newest `keep`
// sessions'; without the archive a save leaves transcripts off the branch. The metrics database goes to the
// branch compacted.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { BRANCH, fill, git, stateBranchKit } from '../support/state-branch.js';

const { origin, clone, workspace } = stateBranchKit('ah-state-branch-archive-');

const SECRET = 'sk-ant-api03-archive-secret-value';
const archive = (dir: string, keep: number | null) => ({
  dir: join(dir, 'out'),
  prefix: 'claude-iteration',
  keep,
  redact: (text: string) => text.replaceAll(SECRET, '***'),
});
const transcriptsOn = (bare: string) =>
  git(bare, 'ls-tree', '-r', '--name-only', BRANCH, '--', 'loop/transcripts/')
    .split('\n')
    .filter(Boolean)
    .map((path) => path.slice('loop/transcripts/'.length));
const blobOf = (bare: string, name: string) => git(bare, 'rev-parse', `${BRANCH}:loop/transcripts/${name}`);

describe('the state branch archive of transcripts', () => {
  it('archives the sessions up to the saved one, redacted; never restores them; keeps the newest', async () => {
    const bare = origin();
    const first = clone(bare);
    const a = workspace(first, 'loop', { transcripts: archive(first, 2) });
    fill(a.dir, 2, [], [], 'pending');
    const out = join(a.dir, 'out');
    mkdirSync(out);
    writeFileSync(join(out, 'claude-iteration-0.jsonl'), '{"n":0}\n');
    writeFileSync(join(out, 'claude-iteration-1.jsonl'), `{"n":1,"key":"${SECRET}"}\n`);
    writeFileSync(join(out, 'claude-iteration-1.prompt.md'), 'the prompt\n');
    writeFileSync(join(out, 'claude-iteration-99.jsonl'), 'planted past the counter\n');
    writeFileSync(join(out, 'notes.jsonl'), 'not a transcript\n');
    expect(await a.store.save(1)).toBe(true);
    expect(transcriptsOn(bare)).toEqual([
      'claude-iteration-0.jsonl',
      'claude-iteration-1.jsonl',
      'claude-iteration-1.prompt.md',
    ]);
    const archived = git(bare, 'show', `${BRANCH}:loop/transcripts/claude-iteration-1.jsonl`);
    expect(archived).toBe('{"n":1,"key":"***"}');
    const one = blobOf(bare, 'claude-iteration-1.prompt.md');

    // A fresh clone: the restore brings the state, not the transcripts.
    const dir = clone(bare);
    const b = workspace(dir, 'loop', { transcripts: archive(dir, 2) });
    expect(await b.store.restore()).not.toBeNull();
    expect(existsSync(join(dir, 'out'))).toBe(false);
    expect(readdirSync(dir).filter((name) => name.includes('iteration-'))).toEqual([]);
    // Its session 2: the newest two sessions are kept, session 1's by its blob.
    mkdirSync(join(dir, 'out'));
    writeFileSync(join(dir, 'out', 'claude-iteration-2.jsonl'), '{"n":2}\n');
    expect(await b.store.save(2)).toBe(true);
    expect(transcriptsOn(bare)).toEqual([
      'claude-iteration-1.jsonl',
      'claude-iteration-1.prompt.md',
      'claude-iteration-2.jsonl',
    ]);
    expect(blobOf(bare, 'claude-iteration-1.prompt.md')).toBe(one);
    expect(b.warnings).toEqual([]);
    // The size counts the archive.
    expect(b.store.bytes).toBeGreaterThan(Buffer.byteLength('{"n":2}\n'));

    // Without the archive, the next save leaves the transcripts off the branch.
    const c = workspace(dir, 'loop');
    expect(await c.store.save(3)).toBe(true);
    expect(transcriptsOn(bare)).toEqual([]);
    expect(git(bare, 'show', `${BRANCH}:loop/counter`)).toBe('2');
  });

  it('stores the metrics database compacted: no free pages, every session kept', async () => {
    const bare = origin();
    const a = workspace(clone(bare));
    fill(a.dir, 1, [], [1, 2, 3], 'pending');
    // Pages freed by a dropped table stay in the local file.
    const db = new DatabaseSync(join(a.dir, 'harness-metrics.db'));
    db.exec('CREATE TABLE junk (b BLOB)');
    db.prepare('INSERT INTO junk VALUES (?)').run(Buffer.alloc(2_000_000, 7));
    db.exec('DROP TABLE junk');
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    db.close();
    expect(await a.store.save(1)).toBe(true);
    const b = workspace(clone(bare));
    expect(await b.store.restore()).not.toBeNull();
    const restored = new DatabaseSync(join(b.dir, 'harness-metrics.db'), { readOnly: true });
    try {
      const free = restored.prepare('PRAGMA freelist_count').get() as { freelist_count: number };
      expect(free.freelist_count).toBe(0);
      const rows = restored.prepare('SELECT count(*) AS n FROM sqlite_master WHERE name = ?').get('junk');
      expect(rows).toEqual({ n: 0 });
    } finally {
      restored.close();
    }
    const size = Number(git(bare, 'cat-file', '-s', `${BRANCH}:loop/metrics`));
    expect(size).toBeLessThan(1_000_000);
    expect(a.warnings).toEqual([]);
  });
});
