// The harness's git never runs a command the repository's configuration names: the agent writes .git/config and
// .git/hooks, and the harness's git runs with the harness's user and environment (the job's tokens included).
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { guardedGitEnv, runGit, runGitSync } from '../../../src/os/git.js';

const dir = mkdtempSync(join(tmpdir(), 'ah-git-guard-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const plain = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' });
const ran = join(dir, '..', `${dir.split('/').pop()}-ran`);
afterAll(() => rmSync(ran, { force: true }));

/** A repository whose hooks, fsmonitor, external diff and pager each append their name to `ran`. */
function plantedRepo(): void {
  plain('init', '-q');
  plain('config', 'user.name', 'T');
  plain('config', 'user.email', 't@example.invalid');
  const script = (name: string) => {
    const path = join(dir, '.git', `planted-${name}`);
    writeFileSync(path, `#!/bin/sh\necho ${name} >> '${ran}'\n`);
    chmodSync(path, 0o755);
    return path;
  };
  for (const hook of ['pre-commit', 'commit-msg', 'post-commit', 'post-checkout', 'reference-transaction']) {
    writeFileSync(join(dir, '.git', 'hooks', hook), `#!/bin/sh\necho ${hook} >> '${ran}'\n`);
    chmodSync(join(dir, '.git', 'hooks', hook), 0o755);
  }
  plain('config', 'core.fsmonitor', script('fsmonitor'));
  plain('config', 'diff.external', script('diff'));
  plain('config', 'core.pager', script('pager'));
}

describe('the harness’s git and a repository the agent configured', () => {
  it('runs no hook, fsmonitor, pager or external diff the repository names', async () => {
    plantedRepo();
    // Planted as they are, plain git runs them.
    writeFileSync(join(dir, 'a.txt'), 'a\n');
    plain('add', 'a.txt');
    plain('commit', '-qm', 'plain');
    expect(existsSync(ran)).toBe(true);
    rmSync(ran);

    writeFileSync(join(dir, 'b.txt'), 'b\n');
    expect((await runGit(dir, ['status', '--porcelain'])).code).toBe(0);
    expect((await runGit(dir, ['add', '-A'])).code).toBe(0);
    expect((await runGit(dir, ['commit', '-qm', 'harness'])).code).toBe(0);
    expect((await runGit(dir, ['diff', '--name-only', 'HEAD~1', 'HEAD'])).stdout).toBe('b.txt\n');
    expect((await runGit(dir, ['diff', '--quiet', 'HEAD~1', 'HEAD'])).code).toBe(1);
    expect((await runGit(dir, ['checkout', '-q', '-B', 'other'])).code).toBe(0);
    expect(runGitSync(dir, ['log', '-1', '--format=%s']).stdout.trim()).toBe('harness');
    expect(existsSync(ran) ? execFileSync('cat', [ran], { encoding: 'utf8' }) : '').toBe('');
  });

  it('adds its entries after the command-scope entries the environment already carries', () => {
    const env = guardedGitEnv({ GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'a.b', GIT_CONFIG_VALUE_0: 'c' });
    expect(env.GIT_CONFIG_KEY_0).toBe('a.b');
    expect(env.GIT_CONFIG_KEY_1).toBe('core.hooksPath');
    expect(Number(env.GIT_CONFIG_COUNT)).toBeGreaterThan(2);
    expect(guardedGitEnv({ GIT_CONFIG_COUNT: 'x' }).GIT_CONFIG_KEY_0).toBe('core.hooksPath');
  });
});
