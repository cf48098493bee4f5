import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitEvidence, describeCommitEvidence } from '../../../src/loop/commit-evidence.js';
import { gitRefs, refMoves } from '../../../src/os/git-refs.js';

const noMove = { head: false, branches: [] };

describe('commitEvidence', () => {
  it('in git, only a new commit is a commit; a pattern alone is weaker evidence', () => {
    expect(commitEvidence(true, noMove)).toEqual({ committed: false, evidence: 'pattern' });
    expect(commitEvidence(false, noMove)).toEqual({ committed: false, evidence: null });
    expect(commitEvidence(false, { head: true, branches: [] })).toEqual({
      committed: true,
      evidence: 'head',
    });
    expect(commitEvidence(true, { head: true, branches: ['refs/heads/main'] })).toEqual({
      committed: true,
      evidence: 'pattern+head',
    });
    expect(commitEvidence(false, { head: false, branches: ['refs/heads/side'] })).toEqual({
      committed: true,
      evidence: 'branch',
    });
    expect(commitEvidence(true, { head: false, branches: ['refs/heads/side'] })).toEqual({
      committed: true,
      evidence: 'pattern+branch',
    });
  });

  it('outside git, the patterns decide', () => {
    expect(commitEvidence(true, null)).toEqual({ committed: true, evidence: 'pattern' });
    expect(commitEvidence(false, null)).toEqual({ committed: false, evidence: null });
  });

  it('describes what was seen and whether it counted', () => {
    expect(describeCommitEvidence({ evidence: 'pattern', committed: false, pattern: 'git commit' })).toBe(
      'git commit detected, but no commit was made',
    );
    expect(describeCommitEvidence({ evidence: 'pattern', committed: true, pattern: 'git commit' })).toBe(
      'git commit detected',
    );
    expect(
      describeCommitEvidence({
        evidence: 'pattern+branch',
        committed: true,
        pattern: 'bd-finish',
        branches: ['refs/heads/side'],
      }),
    ).toBe('branch side moved, bd-finish detected');
    expect(describeCommitEvidence({ evidence: 'head', committed: true, pattern: null })).toBe('HEAD moved');
    expect(describeCommitEvidence({ evidence: null, committed: false, pattern: null })).toBeNull();
  });
});

describe('gitRefs and refMoves (real git)', () => {
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      cwd,
      encoding: 'utf8',
    }).trim();
  const commit = (cwd: string, name: string) => {
    writeFileSync(join(cwd, name), name);
    git(cwd, 'add', name);
    git(cwd, 'commit', '-q', '-m', name);
  };

  it('is null outside a repository', async () => {
    expect(await gitRefs(mkdtempSync(join(tmpdir(), 'ah-nogit-')))).toBeNull();
  });

  it('sees the first commit of an empty repository, a commit on another branch, and not a mere checkout', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'ah-refs-'));
    git(repo, 'init', '-q', '-b', 'main');
    const empty = await gitRefs(repo);
    expect(empty).toEqual({ head: null, branches: {} });
    commit(repo, 'a');
    const first = await gitRefs(repo);
    expect(first?.head).toMatch(/^[0-9a-f]{40}$/);
    expect(refMoves(empty!, first!)).toEqual({ head: true, branches: ['refs/heads/main'] });

    // A branch created and checked out at an existing commit, then back: no commit made.
    git(repo, 'checkout', '-q', '-b', 'side');
    git(repo, 'checkout', '-q', 'main');
    const branched = await gitRefs(repo);
    expect(refMoves(first!, branched!)).toEqual({ head: false, branches: [] });

    // A commit made on side from a worktree-less plumbing path: HEAD (main) stays.
    const tree = git(repo, 'write-tree');
    const sha = git(repo, 'commit-tree', tree, '-p', 'HEAD', '-m', 'side work');
    git(repo, 'update-ref', 'refs/heads/side', sha);
    const after = await gitRefs(repo);
    expect(after?.head).toBe(first?.head);
    expect(refMoves(branched!, after!)).toEqual({ head: false, branches: ['refs/heads/side'] });

    // Deleting a branch is no commit.
    git(repo, 'branch', '-q', '-D', 'side');
    expect(refMoves(after!, (await gitRefs(repo))!)).toEqual({ head: false, branches: [] });
  });
});
