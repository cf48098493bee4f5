// The work tree as a git tree, against real git: the same files give the same tree, any change a session can make
// (an edit, a new untracked file, a removal, a mode) gives another, excluded and ignored files give none, and the
// user's index, HEAD and branches never move.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workTreeTree } from '../../../src/os/work-tree.js';
import { hermeticGit } from '../../support/hermetic-git.js';

const scratch = hermeticGit('ah-work-tree-home-');

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();
}

function repo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ah-work-tree-'));
  scratch.push(dir);
  git(dir, 'init', '-q');
  writeFileSync(join(dir, 'a.txt'), 'a\n');
  writeFileSync(join(dir, '.gitignore'), 'build/\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'init');
  return dir;
}

const USER = [':/', ':(exclude)harness.status'];

describe('workTreeTree', () => {
  it('is the same for the same files and changes with any change git would see', async () => {
    const dir = repo();
    writeFileSync(join(dir, 'notes.txt'), 'the user had this before\n'); // untracked, pre-existing
    const base = await workTreeTree(dir, USER);
    expect(base).toMatch(/^[0-9a-f]{40}$/);
    expect(await workTreeTree(dir, USER)).toBe(base);

    // The harness's own file and an ignored build output change nothing.
    writeFileSync(join(dir, 'harness.status'), '{}');
    mkdirSync(join(dir, 'build'));
    writeFileSync(join(dir, 'build', 'out.o'), 'x');
    expect(await workTreeTree(dir, USER)).toBe(base);

    const changes: Array<[string, () => void]> = [
      ['an edit', () => writeFileSync(join(dir, 'a.txt'), 'b\n')],
      ['a new file', () => writeFileSync(join(dir, 'new.txt'), 'n\n')],
      ['a removal', () => rmSync(join(dir, 'a.txt'))],
      ['a mode', () => chmodSync(join(dir, 'a.txt'), 0o755)],
    ];
    for (const [what, change] of changes) {
      const restore = readFileSync(join(dir, 'a.txt'), 'utf8');
      change();
      expect(await workTreeTree(dir, USER), what).not.toBe(base);
      rmSync(join(dir, 'new.txt'), { force: true });
      writeFileSync(join(dir, 'a.txt'), restore);
      chmodSync(join(dir, 'a.txt'), 0o644);
      expect(await workTreeTree(dir, USER), `${what}, undone`).toBe(base);
    }
  });

  it('sees an edit of the same size in the same second as the last git add (racy git)', async () => {
    const dir = repo();
    // The index written in the same second as the file it records: git must re-read that entry, never trust its
    // stat. Times are set, not waited for, so the test does not depend on the clock.
    const second = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    utimesSync(join(dir, 'a.txt'), second, second);
    git(dir, 'add', 'a.txt');
    utimesSync(join(dir, '.git', 'index'), second, second);
    const base = await workTreeTree(dir, USER);
    writeFileSync(join(dir, 'a.txt'), 'b\n');
    utimesSync(join(dir, 'a.txt'), second, second);
    expect(await workTreeTree(dir, USER)).not.toBe(base);
    expect(git(dir, 'status', '--porcelain')).toBe('M a.txt');
  });

  it("never moves the user's index, HEAD or branches", async () => {
    const dir = repo();
    writeFileSync(join(dir, 'a.txt'), 'staged\n');
    git(dir, 'add', 'a.txt');
    writeFileSync(join(dir, 'a.txt'), 'staged, then edited\n');
    writeFileSync(join(dir, 'untracked.txt'), 'u\n');
    const index = readFileSync(join(dir, '.git', 'index'));
    const head = git(dir, 'rev-parse', 'HEAD');
    const status = git(dir, 'status', '--porcelain');
    expect(await workTreeTree(dir, USER)).toMatch(/^[0-9a-f]{40}$/);
    expect(readFileSync(join(dir, '.git', 'index')).equals(index)).toBe(true);
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(head);
    expect(git(dir, 'status', '--porcelain')).toBe(status);
  });

  it('works in a repository with no commit and no index yet, and is null outside one', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'ah-work-tree-'));
    scratch.push(fresh);
    git(fresh, 'init', '-q');
    const empty = await workTreeTree(fresh, USER);
    writeFileSync(join(fresh, 'first.txt'), '1\n');
    expect(await workTreeTree(fresh, USER)).not.toBe(empty);

    const plain = mkdtempSync(join(tmpdir(), 'ah-work-tree-plain-'));
    scratch.push(plain);
    expect(await workTreeTree(plain, USER)).toBeNull();
  });
});
