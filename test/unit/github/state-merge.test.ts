// The state stores' small decisions: a saved counter meets the local one (the higher wins, an unusable one is
// named and the local kept), a racing job's event lines are appended once, the branch's folder names and when a
// save squashes the branch.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { folderOf, squashes } from '../../../src/platform/github/state/branch-store.js';
import { mergeLines, restoreCounter } from '../../../src/platform/github/state/merge.js';

const dir = mkdtempSync(join(tmpdir(), 'ah-state-merge-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text?: string) => {
  const path = join(dir, name);
  if (text !== undefined) writeFileSync(path, text);
  return path;
};

describe('restoreCounter', () => {
  it('the higher number wins; an absent local counter takes the saved one', async () => {
    const warnings: string[] = [];
    const warn = (m: string) => warnings.push(m);
    await restoreCounter(file('s1', '7\n'), file('l1', '5\n'), warn);
    expect(readFileSync(file('l1'), 'utf8')).toBe('7\n');
    await restoreCounter(file('s2', '3\n'), file('l2', '5\n'), warn);
    expect(readFileSync(file('l2'), 'utf8')).toBe('5\n');
    await restoreCounter(file('s3', '4\n'), file('l3'), warn);
    expect(readFileSync(file('l3'), 'utf8')).toBe('4\n');
    expect(warnings).toEqual([]);
  });

  it('a saved counter that is not one is named in a warning, the local one kept', async () => {
    const warnings: string[] = [];
    await restoreCounter(file('s4', 'x\n'), file('l4', '2\n'), (m) => warnings.push(m));
    expect(readFileSync(file('l4'), 'utf8')).toBe('2\n');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/saved counter is not usable .*s4.*keeping .*l4/s);
  });
});

describe('mergeLines', () => {
  it("appends the other copy's lines the local one lacks, once, after an unterminated last line", async () => {
    const local = file('e1', 'a\nb');
    await mergeLines(file('t1', 'b\nc\na\nd\n'), local);
    expect(readFileSync(local, 'utf8')).toBe('a\nb\nc\nd\n');
    await mergeLines(file('t1'), local);
    expect(readFileSync(local, 'utf8')).toBe('a\nb\nc\nd\n');
    await mergeLines(file('t1'), file('e2'));
    expect(readFileSync(file('e2'), 'utf8')).toBe('b\nc\na\nd\n');
  });
});

describe('the branch', () => {
  it("names a key's folder with one path component, reversibly", () => {
    expect(folderOf('agent-harness-nightly-main')).toBe('agent-harness-nightly-main');
    expect(folderOf('k-feature/x~task-1')).toBe('k-feature%2Fx~task-1');
    expect(folderOf('100%/a')).toBe('100%25%2Fa');
  });

  it('squashes at the limit, or when the count is unknown', () => {
    expect(squashes(49, 50)).toBe(false);
    expect(squashes(50, 50)).toBe(true);
    expect(squashes(null, 50)).toBe(true);
  });
});
