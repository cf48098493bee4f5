// The ref reader against real git: in every repository layout it reads, its answer is `git show-ref --head
// --heads`'s; where it cannot read, it says so and gitRefs asks git.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRefsFromFiles } from '../../../src/os/git-ref-reader.js';
import { gitRefs, gitShowRefs } from '../../../src/os/git-refs.js';
import { hermeticGit } from '../../support/hermetic-git.js';

const scratch = hermeticGit('ah-refreader-home-');

function git(cwd: string, ...args: string[]): string {
  return execFileSync(
    'git',
    ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'protocol.file.allow=always', ...args],
    { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  ).trim();
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ah-refreader-'));
  scratch.push(dir);
  return dir;
}

function repo(...initArgs: string[]): string {
  const dir = tempDir();
  git(dir, 'init', '-q', '-b', 'main', ...initArgs);
  return dir;
}

function commit(cwd: string, name: string): void {
  writeFileSync(join(cwd, name), name);
  git(cwd, 'add', name);
  git(cwd, 'commit', '-q', '-m', name);
}

/** The reader read this layout itself, and its answer is git's. */
async function expectReadAsGit(cwd: string) {
  const read = readRefsFromFiles(cwd);
  expect(read).not.toBe('ask-git');
  const fromGit = await gitShowRefs(cwd);
  expect(read).toEqual(fromGit);
  return fromGit;
}

describe('readRefsFromFiles against git show-ref --head --heads', () => {
  it('a fresh repository with no commit: no HEAD, no branch', async () => {
    const dir = repo();
    expect(await expectReadAsGit(dir)).toEqual({ head: null, branches: {} });
  });

  it('outside any repository: null, like git', async () => {
    expect(await expectReadAsGit(tempDir())).toBeNull();
  });

  it('loose refs, a branch name with slashes, from a subdirectory', async () => {
    const dir = repo();
    commit(dir, 'a');
    git(dir, 'branch', 'feature/deep/name');
    mkdirSync(join(dir, 'sub', 'deeper'), { recursive: true });
    const refs = await expectReadAsGit(join(dir, 'sub', 'deeper'));
    expect(Object.keys(refs!.branches).sort()).toEqual(['refs/heads/feature/deep/name', 'refs/heads/main']);
    expect(await expectReadAsGit(dir)).toEqual(refs);
  });

  it('a detached HEAD', async () => {
    const dir = repo();
    commit(dir, 'a');
    commit(dir, 'b');
    git(dir, 'checkout', '-q', '--detach', 'HEAD~1');
    const refs = await expectReadAsGit(dir);
    expect(refs!.head).not.toBe(refs!.branches['refs/heads/main']);
  });

  it('packed refs only, then a loose ref overriding its packed one', async () => {
    const dir = repo();
    commit(dir, 'a');
    git(dir, 'branch', 'side/x');
    git(dir, 'tag', '-a', '-m', 'annotated', 'v1');
    git(dir, 'pack-refs', '--all');
    expect(readdirSync(join(dir, '.git', 'refs', 'heads'))).toEqual([]);
    const packed = await expectReadAsGit(dir);
    expect(Object.keys(packed!.branches).sort()).toEqual(['refs/heads/main', 'refs/heads/side/x']);

    commit(dir, 'b');
    expect(existsSync(join(dir, '.git', 'refs', 'heads', 'main'))).toBe(true);
    const loose = await expectReadAsGit(dir);
    expect(loose!.branches['refs/heads/main']).not.toBe(packed!.branches['refs/heads/main']);
  });

  it('a symbolic HEAD to an unborn branch, and a branch that is a symbolic ref', async () => {
    const dir = repo();
    commit(dir, 'a');
    git(dir, 'symbolic-ref', 'refs/heads/alias', 'refs/heads/main');
    git(dir, 'checkout', '-q', '--orphan', 'fresh');
    const refs = await expectReadAsGit(dir);
    expect(refs!.head).toBeNull();
    expect(Object.keys(refs!.branches).sort()).toEqual(['refs/heads/alias', 'refs/heads/main']);
  });

  it('a linked worktree (gitdir file and commondir), read from it and from the main one', async () => {
    const dir = repo();
    commit(dir, 'a');
    const linked = join(tempDir(), 'linked');
    git(dir, 'worktree', 'add', '-q', '-b', 'feature/wt', linked);
    commit(linked, 'b');
    const fromLinked = await expectReadAsGit(linked);
    expect(fromLinked!.head).toBe(fromLinked!.branches['refs/heads/feature/wt']);
    const fromMain = await expectReadAsGit(dir);
    expect(fromMain!.head).toBe(fromMain!.branches['refs/heads/main']);
    expect(fromMain!.branches).toEqual(fromLinked!.branches);
  });

  it('a submodule (a relative gitdir file) and a separate git directory (an absolute one)', async () => {
    const upstream = repo();
    commit(upstream, 'u');
    const dir = repo();
    commit(dir, 'a');
    git(dir, 'submodule', 'add', '-q', upstream, 'mod');
    const sub = join(dir, 'mod');
    expect(execFileSync('cat', [join(sub, '.git')], { encoding: 'utf8' })).toMatch(/^gitdir: \.\.\//);
    expect((await expectReadAsGit(sub))!.head).toBe(git(upstream, 'rev-parse', 'HEAD'));

    const separate = tempDir();
    const work = tempDir();
    git(work, 'init', '-q', '-b', 'main', '--separate-git-dir', join(separate, 'store.git'));
    commit(work, 'a');
    await expectReadAsGit(work);
  });

  it('a SHA-256 repository', async () => {
    const dir = repo('--object-format=sha256');
    commit(dir, 'a');
    expect((await expectReadAsGit(dir))!.head).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a .git directory moved under the work tree keeps its answer', async () => {
    const dir = repo();
    commit(dir, 'a');
    renameSync(join(dir, '.git'), join(dir, 'store'));
    writeFileSync(join(dir, '.git'), 'gitdir: store\n');
    await expectReadAsGit(dir);
  });
});

describe('what the reader leaves to git', () => {
  async function expectAsksGit(cwd: string): Promise<void> {
    expect(readRefsFromFiles(cwd)).toBe('ask-git');
    expect(await gitRefs(cwd)).toEqual(await gitShowRefs(cwd));
  }

  it('another ref storage (reftable) or an unknown extension', async () => {
    const dir = repo();
    commit(dir, 'a');
    git(dir, 'config', 'core.repositoryformatversion', '1');
    git(dir, 'config', 'extensions.refStorage', 'reftable');
    await expectAsksGit(dir);
  });

  it('a config include, which could name either', async () => {
    const dir = repo();
    commit(dir, 'a');
    git(dir, 'config', 'include.path', 'elsewhere');
    await expectAsksGit(dir);
  });

  it('a dangling symbolic branch, a lock file beside a ref, GIT_DIR in the environment', async () => {
    const dir = repo();
    commit(dir, 'a');
    git(dir, 'symbolic-ref', 'refs/heads/dangling', 'refs/heads/nowhere');
    await expectAsksGit(dir);

    const locked = repo();
    commit(locked, 'a');
    writeFileSync(join(locked, '.git', 'refs', 'heads', 'main.lock'), '');
    await expectAsksGit(locked);

    expect(readRefsFromFiles(dir, { GIT_DIR: join(dir, '.git') })).toBe('ask-git');
  });

  it('a bare repository, or a directory inside the git directory', async () => {
    const bare = tempDir();
    git(bare, 'init', '-q', '--bare', '-b', 'main');
    await expectAsksGit(bare);
    const dir = repo();
    commit(dir, 'a');
    await expectAsksGit(join(dir, '.git', 'refs'));
  });
});

describe('gitRefs', () => {
  it('spawns no git for a repository it can read: the same answer with git out of reach', async () => {
    const dir = repo();
    commit(dir, 'a');
    git(dir, 'branch', 'side');
    const fromGit = await gitShowRefs(dir);
    const path = process.env.PATH;
    process.env.PATH = tempDir();
    try {
      expect(await gitShowRefs(dir)).toBeNull();
      expect(await gitRefs(dir)).toEqual(fromGit);
    } finally {
      process.env.PATH = path;
    }
  });
});

describe('a repository file the agent replaced by a FIFO', () => {
  it.for(['HEAD', 'packed-refs'])(
    '%s: no refs to compare, at once (neither a read nor git waits on it)',
    async (name) => {
      const dir = repo();
      commit(dir, 'a');
      git(dir, 'pack-refs', '--all');
      const path = join(dir, '.git', name);
      rmSync(path, { force: true });
      execFileSync('mkfifo', [path]);
      expect(readRefsFromFiles(dir)).toBeNull();
      await expect(gitRefs(dir)).resolves.toBeNull();
    },
  );
});
