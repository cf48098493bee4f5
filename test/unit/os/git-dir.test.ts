// The work tree's prefix and local exclude file read from the repository's files, against real git: in every
// layout it reads, its answer is `git rev-parse --show-prefix` and `--git-path info/exclude`'s; where it cannot,
// it says so and the caller asks git. The harness's start (the plain loop's git-exclude step) spawns no git.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localGitPathsFromFiles } from '../../../src/os/git-dir.js';
import { excludeLocally, repoPrefix } from '../../../src/state/git-exclude.js';
import { hermeticGit } from '../../support/hermetic-git.js';

const scratch = hermeticGit('ah-gitdir-home-');

function git(cwd: string, ...args: string[]): string {
  return execFileSync(
    'git',
    ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'protocol.file.allow=always', ...args],
    { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  ).replace(/\n$/, '');
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ah-gitdir-'));
  scratch.push(dir);
  return dir;
}

function repo(...initArgs: string[]): string {
  const dir = tempDir();
  git(dir, 'init', '-q', '-b', 'main', ...initArgs);
  git(dir, 'commit', '-q', '--allow-empty', '-m', 'first');
  return dir;
}

/** The files answered, and as git does. */
function expectReadAsGit(cwd: string): void {
  const read = localGitPathsFromFiles(cwd, {});
  expect(read).not.toBe('ask-git');
  expect(read).not.toBeNull();
  const where = git(cwd, 'rev-parse', '--git-path', 'info/exclude');
  expect(read).toEqual({
    prefix: git(cwd, 'rev-parse', '--show-prefix'),
    excludeFile: resolve(realpathSync(cwd), where),
  });
}

describe('localGitPathsFromFiles against git rev-parse', () => {
  it('at the top and in a subdirectory of a plain repository', () => {
    const dir = repo();
    mkdirSync(join(dir, 'sub', 'deeper'), { recursive: true });
    expectReadAsGit(dir);
    expectReadAsGit(join(dir, 'sub', 'deeper'));
    expect(localGitPathsFromFiles(join(dir, 'sub', 'deeper'), {})).toMatchObject({ prefix: 'sub/deeper/' });
  });

  it('a linked worktree shares the main repository’s exclude file', () => {
    const dir = repo();
    const linked = join(tempDir(), 'linked');
    git(dir, 'worktree', 'add', '-q', '-b', 'wt', linked);
    mkdirSync(join(linked, 'in'));
    expectReadAsGit(linked);
    expectReadAsGit(join(linked, 'in'));
    expect(localGitPathsFromFiles(linked, {})).toMatchObject({
      excludeFile: join(realpathSync(dir), '.git', 'info', 'exclude'),
    });
  });

  it('a submodule (a relative gitdir file) and a separate git directory (an absolute one)', () => {
    const upstream = repo();
    const dir = repo();
    git(dir, 'submodule', 'add', '-q', upstream, 'mod');
    expectReadAsGit(join(dir, 'mod'));
    const separate = tempDir();
    const work = tempDir();
    git(work, 'init', '-q', '-b', 'main', '--separate-git-dir', join(separate, 'store.git'));
    expectReadAsGit(work);
  });

  it('a directory reached through a symbolic link: the physical path, as git', () => {
    const dir = repo();
    mkdirSync(join(dir, 'real'));
    const link = join(tempDir(), 'link');
    symlinkSync(join(dir, 'real'), link);
    expectReadAsGit(link);
  });

  it('outside any repository: null, where git fails', () => {
    const dir = tempDir();
    expect(localGitPathsFromFiles(dir, {})).toBeNull();
    expect(() => git(dir, 'rev-parse', '--show-prefix')).toThrow();
  });

  it('asks git with GIT_DIR set, a work tree moved by core.worktree, a bare repository, inside .git', () => {
    const dir = repo();
    expect(localGitPathsFromFiles(dir, { GIT_DIR: join(dir, '.git') })).toBe('ask-git');
    expect(localGitPathsFromFiles(join(dir, '.git', 'refs'), {})).toBe('ask-git');
    const bare = tempDir();
    git(bare, 'init', '-q', '--bare');
    expect(localGitPathsFromFiles(bare, {})).toBe('ask-git');
    const moved = repo();
    git(moved, 'config', 'core.worktree', tempDir());
    expect(localGitPathsFromFiles(moved, {})).toBe('ask-git');
    const included = repo();
    git(included, 'config', 'include.path', 'elsewhere');
    expect(localGitPathsFromFiles(included, {})).toBe('ask-git');
  });
});

describe('repoPrefix and excludeLocally spawn no git where the files tell', () => {
  it('the same prefix and exclude block with git out of reach', async () => {
    const dir = repo();
    mkdirSync(join(dir, 'sub'));
    const path = process.env.PATH;
    process.env.PATH = tempDir();
    try {
      expect(await repoPrefix(join(dir, 'sub'))).toBe('sub/');
      expect(await excludeLocally(join(dir, 'sub'), ['/sub/.agent-harness/'])).toBe(true);
    } finally {
      process.env.PATH = path;
    }
    const where = git(dir, 'rev-parse', '--git-path', 'info/exclude');
    expect(readFileSync(isAbsolute(where) ? where : join(dir, where), 'utf8')).toContain(
      '\n/sub/.agent-harness/\n',
    );
  });

  it('GIT_DIR set: git answers, as before', async () => {
    const dir = repo();
    mkdirSync(join(dir, 'sub'));
    process.env.GIT_DIR = join(dir, '.git');
    process.env.GIT_WORK_TREE = dir;
    try {
      expect(await repoPrefix(join(dir, 'sub'))).toBe('sub/');
    } finally {
      delete process.env.GIT_DIR;
      delete process.env.GIT_WORK_TREE;
    }
  });
});
