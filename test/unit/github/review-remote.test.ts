// Review mode's push and fetch of the plan's branch (src/platform/github/review/remote.ts), with real git against
// a loopback smart-HTTP server that admits only the job's token: from a shallow checkout whose origin moved on
// meanwhile (actions/checkout's default depth), to origin's URL as it was before the sessions, whatever the agent
// then wrote into the work tree's configuration (a pre-push hook, a URL rewrite, a push URL of its own).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureRemote, fetchBranch, pushHead } from '../../../src/platform/github/review/remote.js';
import { startGitHttp } from '../../support/git-http.js';
import { hermeticGit } from '../../support/hermetic-git.js';

const scratch = hermeticGit('ah-review-remote-');
const TOKEN = 'ghs_reviewRemoteToken0123456789';

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.invalid', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();
}

/** origin (bare, served over HTTP) with three commits; a depth-1 clone of it; origin's main then moves on. */
async function shallowCheckout(onTestFinished: (fn: () => Promise<void>) => void) {
  const root = mkdtempSync(join(tmpdir(), 'ah-review-remote-'));
  scratch.push(root);
  const seed = join(root, 'seed');
  execFileSync('git', ['init', '-q', '-b', 'main', seed]);
  for (const n of [1, 2, 3]) git(seed, 'commit', '-q', '--allow-empty', '-m', `c${n}`);
  const bare = join(root, 'origin.git');
  execFileSync('git', ['clone', '-q', '--bare', seed, bare]);
  const work = join(root, 'work');
  execFileSync('git', ['clone', '-q', '--depth', '1', `file://${bare}`, work]);
  git(seed, 'commit', '-q', '--allow-empty', '-m', 'c4');
  git(seed, 'push', '-q', bare, 'main');
  const server = await startGitHttp(root, TOKEN);
  onTestFinished(() => server.close());
  git(work, 'remote', 'set-url', 'origin', server.url('origin.git'));
  const temp = join(root, 'temp');
  mkdirSync(temp);
  return { root, bare, work, server, temp };
}

describe('review mode’s push and fetch with the token input', () => {
  it('pushes from a shallow checkout and fetches the branch back; every request carried the token', async ({
    onTestFinished,
  }) => {
    const c = await shallowCheckout(onTestFinished);
    expect(git(c.work, 'rev-parse', '--is-shallow-repository')).toBe('true');
    const remote = (await captureRemote(c.work, c.server.origin, TOKEN, process.env))!;
    expect(await fetchBranch(c.work, remote, 'agent-harness/p', c.temp)).toBe(false); // not there yet
    git(c.work, 'commit', '-q', '--allow-empty', '-m', 'agent work');
    await pushHead(c.work, remote, 'agent-harness/p', c.temp);
    expect(git(c.bare, 'log', '-1', '--format=%s', 'agent-harness/p')).toBe('agent work');
    expect(await fetchBranch(c.work, remote, 'agent-harness/p', c.temp)).toBe(true);
    expect(git(c.work, 'rev-parse', 'refs/remotes/origin/agent-harness/p')).toBe(
      git(c.work, 'rev-parse', 'HEAD'),
    );
    expect(c.server.requests.filter((r) => !r.admitted)).toEqual([]);
    expect(c.server.requests.some((r) => r.path.endsWith('/git-receive-pack'))).toBe(true);
  });

  it('without the right token the push fails at once, with no prompt', async ({ onTestFinished }) => {
    const c = await shallowCheckout(onTestFinished);
    const remote = (await captureRemote(c.work, c.server.origin, 'ghs_wrong', process.env))!;
    await expect(pushHead(c.work, remote, 'agent-harness/p', c.temp)).rejects.toThrow(
      /git push origin HEAD:refs\/heads\/agent-harness\/p failed/,
    );
    expect(git(c.bare, 'branch', '--list', 'agent-harness/*')).toBe('');
  });

  it('what the agent wrote into the work tree’s config after the capture does not apply to the push', async ({
    onTestFinished,
  }) => {
    const c = await shallowCheckout(onTestFinished);
    const remote = (await captureRemote(c.work, c.server.origin, TOKEN, process.env))!;
    // The agent's session: a pre-push hook, origin pointed elsewhere, a rewrite of the server's URL.
    const hooks = join(c.root, 'hooks');
    mkdirSync(hooks);
    const ran = join(c.root, 'hook-ran');
    writeFileSync(join(hooks, 'pre-push'), `#!/bin/sh\nenv > '${ran}'\n`, { mode: 0o755 });
    const elsewhere = join(c.root, 'elsewhere.git');
    execFileSync('git', ['init', '-q', '--bare', elsewhere]);
    git(c.work, 'config', 'core.hooksPath', hooks);
    git(c.work, 'remote', 'set-url', '--push', 'origin', elsewhere);
    git(c.work, 'config', `url.file://${elsewhere}.insteadOf`, c.server.url('origin.git'));
    git(c.work, 'commit', '-q', '--allow-empty', '-m', 'agent work');
    await pushHead(c.work, remote, 'agent-harness/p', c.temp);
    expect(git(c.bare, 'log', '-1', '--format=%s', 'agent-harness/p')).toBe('agent work');
    expect(git(elsewhere, 'branch', '--list')).toBe('');
    expect(existsSync(ran)).toBe(false);
  });
});
