// The files an agent may not write, compared (pure): what a session created, changed or deleted, the architect's
// own review files left out, and the words a developer's failed try and its next prompt carry.
import { describe, expect, it } from 'vitest';
import {
  diffOwned,
  leafChanges,
  ownerOf,
  tampering,
  type OwnedEntry,
} from '../../../src/review/owned-files.js';

const dir = (mode = 0o755): OwnedEntry => ({ kind: 'dir', mode });
const file = (text: string, mode = 0o644): OwnedEntry => ({
  kind: 'file',
  mode,
  size: Buffer.byteLength(text),
  content: Buffer.from(text),
});
const PLAN = '.harness/plans/p';
const snapshot = (entries: Record<string, OwnedEntry>) => new Map(Object.entries(entries));
const base = () =>
  snapshot({
    '.harness': dir(),
    '.harness/plans': dir(),
    [PLAN]: dir(),
    [`${PLAN}/planfile.json`]: file('{"status":"doing"}'),
    [`${PLAN}/progress.json`]: file('{}'),
  });

describe('diffOwned', () => {
  it('sees nothing when nothing changed', () => {
    expect(diffOwned(base(), base())).toEqual([]);
  });

  it('names what was created, changed (content or mode) and deleted, by path', () => {
    const after = base();
    after.set(`${PLAN}/planfile.json`, file('{"status":"done"}'));
    after.set(`${PLAN}/progress.json`, file('{}', 0o600));
    after.delete(`${PLAN}/progress.json`);
    after.set(`${PLAN}/reviews`, dir());
    after.set(`${PLAN}/reviews/t-1-review.md`, file('Result: PASS\n'));
    expect(diffOwned(base(), after)).toEqual([
      { path: `${PLAN}/planfile.json`, change: 'changed' },
      { path: `${PLAN}/progress.json`, change: 'deleted' },
      { path: `${PLAN}/reviews`, change: 'created' },
      { path: `${PLAN}/reviews/t-1-review.md`, change: 'created' },
    ]);
  });

  it('a file replaced by a symlink to the same content, or a directory by a file, is a change', () => {
    const after = base();
    after.set(`${PLAN}/planfile.json`, { kind: 'symlink', target: '/elsewhere/planfile.json' });
    after.set(PLAN, file(''));
    expect(diffOwned(base(), after).map((c) => c.change)).toEqual(['changed', 'changed']);
  });

  it('a file the walk did not read (its size changed) is changed', () => {
    const after = base();
    after.set(`${PLAN}/progress.json`, { kind: 'file', mode: 0o644, size: 9, content: null });
    expect(diffOwned(base(), after)).toEqual([{ path: `${PLAN}/progress.json`, change: 'changed' }]);
  });

  it("leaves out the architect's own files, and the reviews directory made on the way to them", () => {
    const after = base();
    after.set(`${PLAN}/reviews`, dir());
    after.set(`${PLAN}/reviews/t-1-review.md`, file('Result: PASS\n'));
    after.set(`${PLAN}/reviews/t-1-mistakes.json`, file('{"mistakes":[]}'));
    after.set(`${PLAN}/reviews/t-2-review.md`, file('Result: PASS\n'));
    const allowed = [`${PLAN}/reviews/t-1-review.md`, `${PLAN}/reviews/t-1-mistakes.json`];
    expect(diffOwned(base(), after, allowed)).toEqual([
      { path: `${PLAN}/reviews/t-2-review.md`, change: 'created' },
    ]);
  });
});

describe('the words', () => {
  it('names files rather than the directories created or deleted with them', () => {
    expect(
      leafChanges([
        { path: `${PLAN}/reviews`, change: 'created' },
        { path: `${PLAN}/reviews/t-1-review.md`, change: 'created' },
        { path: PLAN, change: 'changed' },
        { path: `${PLAN}/planfile.json`, change: 'deleted' },
      ]),
    ).toEqual([
      { path: `${PLAN}/reviews/t-1-review.md`, change: 'created' },
      { path: PLAN, change: 'changed' },
      { path: `${PLAN}/planfile.json`, change: 'deleted' },
    ]);
  });

  it('says whose each file is', () => {
    expect(ownerOf(`${PLAN}/reviews/t-1-review.md`)).toBe('only the architect writes the reviews');
    expect(ownerOf(`${PLAN}/planfile.json`)).toBe("only the harness writes the plan's state");
    expect(ownerOf('.harness/personas/architect.md')).toMatch(/templates, personas and settings/);
    expect(ownerOf('harness.yml')).toBe("it is the harness's configuration");
  });

  it("a developer's failed try says what it touched, and its next prompt which files are its own", () => {
    const { why, notice } = tampering([
      { path: `${PLAN}/planfile.json`, change: 'changed' },
      { path: `${PLAN}/reviews/t-1-review.md`, change: 'created' },
    ]);
    expect(why).toBe(
      `the developer's session touched files it may not write: ${PLAN}/planfile.json (changed: only the harness ` +
        `writes the plan's state); ${PLAN}/reviews/t-1-review.md (created: only the architect writes the reviews). ` +
        'The harness put them back',
    );
    expect(notice).toContain('The harness failed your previous try before its gate');
    expect(notice).toContain('only techdebt.md and log.md are yours');
  });

  it('lists at most six files, and how many more', () => {
    const many = Array.from({ length: 9 }, (_, i) => ({
      path: `.harness/x${i}`,
      change: 'created' as const,
    }));
    expect(tampering(many).why).toContain('; and 3 more. The harness put them back');
  });
});
