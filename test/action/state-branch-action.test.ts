// The state branch wired into the Action (issue 28), the bundle run as the runner runs it with the real cache
// client on Azurite: a cache-only state moved to the branch by a run with `state-store: branch`, a later run in a
// fresh clone (and a fresh cache) restoring it from the branch and continuing the numbering; and a hostile agent
// (agent-isolation: auto, as root) that cannot push to the branch, over a loopback git server that admits the
// job's token only. Few runs: each costs seconds of CPU.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'vitest';
import { jobFiles, runJob } from '../support/action-runner.js';
import { bareOrigin, git, stateJob } from '../support/state-branch-job.js';
import { startActionsServices } from '../support/actions-services.js';
import { startGitHttp } from '../support/git-http.js';
import { startGitHubApi } from '../support/github-api.js';
import { makeWorkdir, testConfig, type Workdir } from '../support/workdir.js';

const BRANCH = 'agent-harness/state';
/** The branch's commits as "author<TAB>subject", newest first, and its files. */
function branchOf(bare: string): { commits: string[]; files: string[] } {
  return {
    commits: git(bare, 'log', '--format=%an%x09%s', BRANCH).split('\n'),
    files: git(bare, 'ls-tree', '-r', '--name-only', BRANCH).split('\n'),
  };
}

async function services(onTestFinished: TestContext['onTestFinished']) {
  const actions = await startActionsServices();
  onTestFinished(() => actions.close());
  return actions;
}

describe.concurrent('the state branch in the Action', { timeout: 300_000 }, () => {
  it('moves a cached state to the branch, and a fresh clone with a fresh cache continues from it', async ({
    expect,
    onTestFinished,
  }) => {
    const { bare } = bareOrigin(onTestFinished);
    const api = await startGitHubApi({ collaborators: { octocat: 'admin' } });
    onTestFinished(() => api.close());
    const stateKey = `moving-${Date.now()}`;
    const cache = await services(onTestFinished);
    const job = (runId: string, store: string, actions: typeof cache) =>
      stateJob({
        expect,
        bare,
        stateKey,
        runId,
        inputs: { 'github-token': api.state.token, ...(store ? { 'state-store': store } : {}) },
        env: { ...actions.env, ...api.env() },
      });
    const sessions = (w: Workdir) =>
      w
        .events()
        .filter((e) => e.event === 'session_complete')
        .map((e) => e.global);

    // 1. The cache (the default): a miss asks origin for the branch quietly, it has none.
    const first = await job('701', '', cache);
    expect(first.run.main.stdout + first.run.post.stdout).not.toMatch(/::warning::.*(branch|state|origin)/i);
    expect(git(bare, 'branch', '--list', BRANCH)).toBe('');
    expect(first.run.summary).toContain(`Kept in the Actions cache, key ${stateKey}-701-1-1-post`);

    // 2. The branch, nothing on it yet: the cached state moves over, and the numbering goes on.
    const second = await job('702', 'branch', cache);
    expect(second.w.transcripts()).toEqual(['claude-iteration-1.jsonl']);
    expect(sessions(second.w)).toEqual([0, 1]);
    expect(second.run.main.stdout).toContain('restored once from the Actions cache');
    expect(second.run.summary).toMatch(/Kept in branch agent-harness\/state@[0-9a-f]{12} of origin, folder/);
    expect(second.run.summary).toContain('Moved this run from the Actions cache');
    expect(second.run.summary).toContain(`git fetch origin ${BRANCH} && git show FETCH_HEAD:${stateKey}/`);
    expect(second.run.summary).toContain(`git push origin --delete ${BRANCH}`);
    const saved = branchOf(bare);
    // One save after the session, one by post; by the harness alone, no transcript among the files.
    expect(saved.commits).toEqual([
      `agent-harness\tagent-harness state: ${stateKey}, run 702-1 global 2-post`,
      `agent-harness\tagent-harness state: ${stateKey}, run 702-1 global 1`,
    ]);
    expect(saved.files).toEqual(expect.arrayContaining([`${stateKey}/counter`, `${stateKey}/metrics`]));
    expect(saved.files.filter((file) => file.endsWith('.jsonl') && !file.endsWith('/events'))).toEqual([]);
    // The workspace's own refs are untouched: nothing under refs/remotes, no local branch.
    expect(git(second.w.dir, 'for-each-ref', '--format=%(refname)', 'refs/heads', 'refs/remotes')).toMatch(
      /^refs\/heads\/[^/\n]+$/,
    );

    // 3. A fresh clone and an empty cache: the state comes from the branch.
    const third = await job('703', 'branch', await services(onTestFinished));
    expect(third.w.transcripts()).toEqual(['claude-iteration-2.jsonl']);
    expect(sessions(third.w)).toEqual([0, 1, 2]);
    expect(third.run.main.stdout).toContain(`Restored state from branch ${BRANCH}@`);
    expect(third.run.summary).not.toContain('Moved this run');
    expect(third.run.summary).toContain('| Sessions | 3 in 3 runs |');
    expect(branchOf(bare).commits).toHaveLength(4);
  });

  it('keeps a hostile agent (isolation on) from pushing to the state branch: only the harness commits land', async ({
    expect,
    onTestFinished,
  }) => {
    const { root } = bareOrigin(onTestFinished);
    const api = await startGitHubApi({ collaborators: { octocat: 'admin' } });
    onTestFinished(() => api.close());
    const server = await startGitHttp(root, api.state.token);
    onTestFinished(() => server.close());
    const actions = await services(onTestFinished);
    const w = makeWorkdir({
      git: true,
      config: testConfig({
        session: { max_iterations: 1 },
        agent: { command: 'sh', args: ['hostile.sh'], prompt_via: 'stdin', format: 'text' },
      }),
    });
    const stateKey = `hostile-${Date.now()}`;
    // Every way the agent could write the branch: a push of HEAD, and a forged state commit fetched and pushed.
    writeFileSync(
      w.path('hostile.sh'),
      [
        'exec >> tries.txt 2>&1',
        `git push origin HEAD:refs/heads/${BRANCH}; echo "push-head rc=$?"`,
        `git fetch origin ${BRANCH}; echo "fetch rc=$?"`,
        'tree=$(git mktree </dev/null)',
        'forged=$(git -c user.name=agent-harness -c user.email=agent-harness@localhost commit-tree -m forged "$tree")',
        `git push --force origin "$forged:refs/heads/${BRANCH}"; echo "push-forged rc=$?"`,
        '',
      ].join('\n'),
    );
    writeFileSync(w.path('.git/info/exclude'), 'tries.txt\n', { flag: 'a' });
    git(w.dir, 'add', 'hostile.sh', 'harness.yml');
    git(w.dir, 'commit', '-qm', 'hostile agent');
    git(w.dir, 'remote', 'add', 'origin', server.url('origin.git'));
    // What actions/checkout persists: the job's token for the server, which the harness puts aside.
    const basic = Buffer.from(`x-access-token:${api.state.token}`).toString('base64');
    git(w.dir, 'config', `http.${server.origin}/.extraheader`, `AUTHORIZATION: basic ${basic}`);

    const run = await runJob({
      files: jobFiles(),
      workspace: w.dir,
      inputs: {
        'max-iterations': '1',
        'state-key': stateKey,
        'state-store': 'branch',
        'github-token': api.state.token,
        'upload-artifacts': 'false',
        'agent-isolation': '',
      },
      env: { ...actions.env, ...api.env(), GITHUB_SERVER_URL: server.origin },
      runId: '704',
    });
    expect(run.main.code, run.main.stdout + run.main.stderr).toBe(0);
    expect(run.post.code, run.post.stdout + run.post.stderr).toBe(0);
    expect(run.main.stdout).toMatch(/isolation=user/);
    const tries = readFileSync(w.path('tries.txt'), 'utf8');
    for (const step of ['push-head', 'fetch', 'push-forged'])
      expect(tries).toMatch(new RegExp(`${step} rc=[1-9]`));
    const saved = branchOf(join(root, 'origin.git'));
    expect(saved.commits.length).toBeGreaterThan(0);
    expect(
      saved.commits.every((line) => line.startsWith(`agent-harness\tagent-harness state: ${stateKey},`)),
    ).toBe(true);
    expect(saved.files.every((file) => file.startsWith(`${stateKey}/`))).toBe(true);
    // The agent's requests were refused, the harness's admitted.
    expect(server.requests.some((r) => !r.admitted)).toBe(true);
    expect(server.requests.some((r) => r.admitted && r.path.endsWith('git-receive-pack'))).toBe(true);
  });
});
