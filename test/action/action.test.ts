// The bundle run as the runner runs it: dist/main.js then dist/post.js, with INPUT_*, GITHUB_*, RUNNER_TEMP and
// the file-command files; the real @actions/cache and @actions/artifact clients against Azurite behind a Twirp
// control plane; GitHub's REST API from a loopback server speaking its shapes.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupAlive } from '../../src/loop/process-group.js';
import { jobEnv, jobFiles, MAIN, POST, postEnv, runJob, startStep } from '../support/action-runner.js';
import { startActionsServices, type ActionsServices } from '../support/actions-services.js';
import { startGitHubApi, type GitHubApi } from '../support/github-api.js';
import { makeWorkdir, testConfig, type Workdir } from '../support/workdir.js';

let services: ActionsServices;
let api: GitHubApi;
const SECRET = 'sk-ant-api03-SUPERSECRETVALUE0123456789';

beforeAll(async () => {
  services = await startActionsServices();
  api = await startGitHubApi({
    collaborators: { octocat: 'admin', maintainer: 'maintain', visitor: 'triage' },
    users: ['stranger'],
    issues: [{ number: 7, title: 'Nightly agent', body: 'Runs every night.', user: 'octocat' }],
  });
}, 60_000);
afterAll(async () => {
  await api?.close();
  await services?.close();
});

function workspace(plan: string[], extra: Record<string, Record<string, unknown>> = {}): Workdir {
  return makeWorkdir({ git: true, plan, config: testConfig({ session: { max_iterations: 5 }, ...extra }) });
}

function env(w: Workdir, more: Record<string, string> = {}) {
  return { ...services.env, ...api.env(), AGENT_PLAN: w.plan, ANTHROPIC_API_KEY: SECRET, ...more };
}

const alivePids = (pids: number[]) => pids.filter((pid) => groupAlive(pid));

describe('the Action across runs', () => {
  it('keeps the counter and state in the cache: a second run in a fresh workspace continues', async () => {
    const stateKey = `across-${Date.now()}`;
    const first = workspace(['commit', 'commit']);
    const files1 = jobFiles();
    const run1 = await runJob({
      files: files1,
      workspace: first.dir,
      inputs: { 'max-iterations': '2', 'state-key': stateKey, 'github-token': api.state.token },
      env: env(first),
      runId: '501',
    });
    expect(run1.main.code, run1.main.stdout + run1.main.stderr).toBe(0);
    expect(run1.post.code, run1.post.stdout + run1.post.stderr).toBe(0);
    expect(run1.outputs).toMatchObject({
      iterations: '2',
      'global-iteration': '2',
      'stop-reason': 'completed',
      committed: 'true',
      'rate-limited': 'false',
    });
    expect(run1.main.stdout).toContain('::group::Session 1 (iteration 1/2)');
    const keys = services
      .cacheEntries()
      .map((e) => e.key)
      .filter((k) => k.startsWith(stateKey));
    expect(keys).toEqual(
      expect.arrayContaining([`${stateKey}-501-1-1`, `${stateKey}-501-1-2`, `${stateKey}-501-1-2-post`]),
    );
    const artifact = await services.downloadArtifact('agent-harness-501-1');
    expect([...artifact.keys()].sort()).toEqual(
      [
        'claude-iteration-1.jsonl',
        'claude-iteration-2.jsonl',
        'harness-events.jsonl',
        'harness.status',
      ].sort(),
    );
    expect(run1.summary).toContain('```mermaid');
    expect(run1.summary).toContain('agent-harness-501-1');
    const statuses = api.state.statuses.get('a'.repeat(40)) ?? [];
    expect(statuses.at(0)).toMatchObject({
      state: 'pending',
      description: 'iteration 0/2',
      context: 'agent-harness',
    });
    expect(statuses.at(-1)).toMatchObject({ state: 'success' });

    const second = workspace(['ok']);
    const run2 = await runJob({
      files: jobFiles(),
      workspace: second.dir,
      inputs: { 'max-iterations': '2', 'state-key': stateKey, 'github-token': api.state.token },
      env: env(second),
      runId: '502',
    });
    expect(run2.main.code, run2.main.stdout + run2.main.stderr).toBe(0);
    expect(run2.outputs).toMatchObject({ iterations: '2', 'global-iteration': '4' });
    expect(second.transcripts()).toEqual(['claude-iteration-3.jsonl', 'claude-iteration-4.jsonl']);
    expect(
      second
        .events()
        .filter((e) => e.event === 'session_complete')
        .map((e) => e.global),
    ).toEqual([1, 2, 3, 4]);
    expect(run2.summary).toContain('**All runs:** run 2, 4 sessions, 4 productive');
  });
});

describe('cancellation, replayed with the runner sequence', () => {
  it('SIGINT, SIGTERM after 7.5 s, SIGKILL after 2.5 s: main leaves inside the SIGINT window and post saves everything', async () => {
    const stateKey = `cancel-${Date.now()}`;
    const w = workspace(['stubborn', 'ok'], { watchdog: { stale_timeout_mins: 5 } });
    const files = jobFiles();
    const mainEnv = jobEnv({
      files,
      workspace: w.dir,
      inputs: { 'state-key': stateKey, 'github-token': api.state.token },
      env: env(w),
      runId: '601',
    });
    const main = startStep(MAIN, mainEnv, w.dir);
    await main.waitFor((out) => out.includes('status=session_running'));
    await new Promise((r) => setTimeout(r, 300));
    const signalled = Date.now();
    main.child.kill('SIGINT');
    const sigterm = setTimeout(() => main.child.kill('SIGTERM'), 7500);
    const sigkill = setTimeout(() => main.child.kill('SIGKILL'), 10_000);
    const exit = await main.exit;
    clearTimeout(sigterm);
    clearTimeout(sigkill);
    const tookMs = Date.now() - signalled;
    expect(exit.signal).toBeNull();
    expect(tookMs).toBeLessThan(7500);
    expect(alivePids(w.agentPids())).toEqual([]);
    const [session] = w.events().filter((e) => e.event === 'session_complete');
    expect(session).toMatchObject({ outcome: 'cancelled', end_reason: 'forced' });
    expect(w.status()).toMatchObject({ state: 'stopped', stop_reason: 'cancelled' });
    // Main did no network work after the signal: the cancelled session was not saved by main.
    expect(services.cacheEntries().filter((e) => e.key.startsWith(stateKey))).toEqual([]);

    const post = startStep(POST, postEnv(mainEnv, files), w.dir);
    const postExit = await post.exit;
    expect(postExit.code, post.stdout() + post.stderr()).toBe(0);
    expect(services.cacheEntries().map((e) => e.key)).toContain(`${stateKey}-601-1-1-post`);
    const artifact = await services.downloadArtifact('agent-harness-601-1');
    expect(artifact.has('claude-iteration-1.jsonl')).toBe(true);
    const statuses = api.state.statuses.get('a'.repeat(40)) ?? [];
    expect(statuses.at(-1)).toMatchObject({ state: 'error', description: 'cancelled at iteration 0' });

    const next = workspace(['ok']);
    const resumed = await runJob({
      files: jobFiles(),
      workspace: next.dir,
      inputs: { 'max-iterations': '1', 'state-key': stateKey, 'github-token': api.state.token },
      env: env(next),
      runId: '602',
    });
    expect(resumed.main.code, resumed.main.stdout).toBe(0);
    expect(resumed.outputs).toMatchObject({ iterations: '1', 'global-iteration': '2' });
  });
});
