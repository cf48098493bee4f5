// Keeping work on a ref of the harness's own, against real git: the commit holds the edits and new files since the
// tree taken before, never a file untracked before nor an excluded one; nothing changed (or all committed) makes no
// ref; the user's HEAD, branch and index never move; an unborn branch and a long leave-out list work.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keepWork } from '../../../src/os/keep-work.js';
import { workTreeTree } from '../../../src/os/work-tree.js';
import { hermeticGit } from '../../support/hermetic-git.js';

const scratch = hermeticGit('ah-keep-work-home-');

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();
}

function repo(commit = true): string {
  const dir = mkdtempSync(join(tmpdir(), 'ah-keep-work-'));
  scratch.push(dir);
  git(dir, 'init', '-q');
  writeFileSync(join(dir, 'a.txt'), 'a\n');
  if (commit) {
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'init');
  }
  return dir;
}

const USER = [':/', ':(exclude)harness.status'];
const REF = 'refs/agent-harness/wip/run-1';

async function before(dir: string) {
  const head = git(dir, 'rev-parse', '-q', '--verify', 'HEAD^{commit}');
  const tree = await workTreeTree(dir, USER);
  return { head, tree: tree! };
}

const keep = (dir: string, b: { head: string | null; tree: string }) =>
  keepWork({ cwd: dir, pathspecs: USER, headBefore: b.head, treeBefore: b.tree, ref: REF, message: 'wip' });

const files = (dir: string, rev: string) => git(dir, 'ls-tree', '-r', '--name-only', rev).split('\n');

describe('keepWork', () => {
  it('commits the edits and new files, never pre-existing untracked or excluded files, moving nothing', async () => {
    const dir = repo();
    writeFileSync(join(dir, 'notes.txt'), 'the user had this before\n');
    writeFileSync(join(dir, 'staged.txt'), 'staged before\n');
    git(dir, 'add', 'staged.txt');
    const b = await before(dir);
    const index = readFileSync(join(dir, '.git', 'index'));
    const head = git(dir, 'rev-parse', 'HEAD');

    writeFileSync(join(dir, 'a.txt'), 'edited\n');
    writeFileSync(join(dir, 'new.txt'), 'new\n');
    writeFileSync(join(dir, 'notes.txt'), 'the agent changed the user notes\n');
    writeFileSync(join(dir, 'harness.status'), '{}');
    const kept = await keep(dir, b);

    expect(kept?.ref).toBe(REF);
    expect(git(dir, 'rev-parse', REF)).toBe(kept?.commit);
    expect(git(dir, 'rev-parse', `${REF}^`)).toBe(head);
    expect(git(dir, 'show', `${REF}:a.txt`)).toBe('edited');
    expect(git(dir, 'show', `${REF}:new.txt`)).toBe('new');
    expect(files(dir, REF).sort()).toEqual(['a.txt', 'new.txt']);
    expect(git(dir, 'log', '-1', '--format=%an <%ae>', REF)).toBe('agent-harness <agent-harness@localhost>');
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(head);
    expect(readFileSync(join(dir, '.git', 'index')).equals(index)).toBe(true);
  });

  it('makes no ref when nothing changed, or when everything was committed', async () => {
    const dir = repo();
    writeFileSync(join(dir, 'notes.txt'), 'pre-existing\n');
    const b = await before(dir);
    writeFileSync(join(dir, 'notes.txt'), 'only the pre-existing file changed\n');
    expect(await keep(dir, b)).toBeNull();
    writeFileSync(join(dir, 'a.txt'), 'committed\n');
    git(dir, 'commit', '-qam', 'agent');
    expect(await keep(dir, b)).toBeNull();
    expect(git(dir, 'for-each-ref', 'refs/agent-harness/')).toBe('');
  });

  it('keeps work on an unborn branch and leaves out a long list of pre-existing files', async () => {
    const dir = repo(false);
    for (let i = 0; i < 150; i++) writeFileSync(join(dir, `old-${i}.txt`), `${i}\n`);
    const b = { head: null, tree: (await workTreeTree(dir, USER))! };
    writeFileSync(join(dir, 'new.txt'), 'new\n');
    const kept = await keep(dir, b);
    expect(kept).not.toBeNull();
    expect(files(dir, REF)).toEqual(['new.txt']);
    expect(git(dir, 'rev-list', '--count', REF)).toBe('1');
  });
});
