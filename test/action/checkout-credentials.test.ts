// The job's git credentials out of the agent's reach while its sessions run, run by the bundle as the runner runs
// it: a work tree with the token persisted as actions/checkout persists it (v4: the header in .git/config; v6:
// an included file under RUNNER_TEMP) and a credential helper holding it. The scripted agent dumps .git/config,
// `git config --list --show-origin` and every credentials file it can find into files of the test's; none may
// show the token in any form. After the step, by whatever route it ended (the end of the loop, a cancellation,
// main SIGKILLed and then post), .git/config and the included file are as they were, and git sees the header.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'vitest';
import { killCarriersNow, processesCarrying } from '../../src/os/cookie.js';
import {
  jobEnv,
  jobFiles,
  MAIN,
  POST,
  postEnv,
  runJob,
  startStep,
  type JobEnvInput,
} from '../support/action-runner.js';
import { startActionsServices } from '../support/actions-services.js';
import {
  basicHeader,
  HEADER_KEY,
  helperWithToken,
  persistLikeCheckoutV4,
  persistLikeCheckoutV6,
  tokenForms,
} from '../support/checkout-credentials.js';
import { startGitHubApi } from '../support/github-api.js';
import { hermeticGit } from '../support/hermetic-git.js';
import { alive, killReaperOf } from '../support/processes.js';
import { makeWorkdir, testConfig, type Workdir } from '../support/workdir.js';

hermeticGit('ah-creds-action-');

async function job(onTestFinished: TestContext['onTestFinished'], checkout: 'v4' | 'v6', then = '') {
  const services = await startActionsServices();
  onTestFinished(() => services.close());
  const api = await startGitHubApi({ collaborators: { octocat: 'admin' } });
  onTestFinished(() => api.close());
  const token = api.state.token; // the job's token: the github-token input and what checkout persists
  const files = jobFiles();
  const dump = join(files.dir, 'dump');
  const w: Workdir = makeWorkdir({
    git: true,
    config: testConfig({ watchdog: { stale_timeout_mins: 5 } }),
  });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: w.dir, encoding: 'utf8' }).trim();
  git('remote', 'add', 'origin', 'https://github.com/octo-org/octo-repo');
  const included = checkout === 'v6' ? persistLikeCheckoutV6(w.dir, files.runnerTemp, token) : null;
  if (checkout === 'v4') persistLikeCheckoutV4(w.dir, token);
  helperWithToken(w.dir, token);
  // What an agent does to find the job's token: every config git reads, every credentials file in reach.
  const agent = [
    `mkdir -p '${dump}'`,
    `cat .git/config > '${dump}/config.txt'`,
    `git config --list --show-origin > '${dump}/list.txt' 2>&1`,
    `git config --get-all ${HEADER_KEY} > '${dump}/header.txt' 2>&1`,
    `cat '${files.runnerTemp}'/git-credentials-*.config ${included ? `'${included}'` : ''} > '${dump}/included.txt' 2>&1`,
    `ls -la '${files.runnerTemp}' > '${dump}/temp.txt'`,
    `touch '${dump}/done'`,
    then,
  ]
    .filter(Boolean)
    .join('; ');
  writeFileSync(w.plan, JSON.stringify([`sh:${agent}`]));
  const input: JobEnvInput = {
    files,
    workspace: w.dir,
    inputs: { 'max-iterations': '1', 'github-token': token, 'state-key': `creds-${checkout}-${Date.now()}` },
    env: { ...services.env, ...api.env(), AGENT_PLAN: w.plan },
    runId: '2100',
  };
  const config = () => readFileSync(w.path('.git/config'), 'utf8');
  const record = join(files.runnerTemp, 'agent-harness-credentials', 'agent-2100-1.json');
  return {
    w,
    files,
    input,
    git,
    token,
    included,
    record,
    config,
    before: { config: config(), included: included ? readFileSync(included, 'utf8') : null },
    dumps: () => readdirSync(dump).map((name) => [name, readFileSync(join(dump, name), 'utf8')] as const),
    dumped: () => existsSync(join(dump, 'done')),
  };
}

type Job = Awaited<ReturnType<typeof job>>;

const showsToken = (text: string, token: string) => tokenForms(token).filter((form) => text.includes(form));

/** The log as the runner shows it: its own ::add-mask:: commands are consumed, never printed. */
const visibleLog = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n');

function expectRestored(expect: TestContext['expect'], j: Job): void {
  expect(j.config()).toBe(j.before.config);
  if (j.included) {
    expect(readFileSync(j.included, 'utf8')).toBe(j.before.included);
    expect(j.config()).toContain(j.included);
  }
  // The workflow's next step (its `git push`) finds the header where checkout left it, once.
  expect(j.git('config', '--get-all', HEADER_KEY)).toBe(basicHeader(j.token));
  expect(existsSync(j.record)).toBe(false);
}

function expectDumpsClean(expect: TestContext['expect'], j: Job): void {
  const dumps = j.dumps();
  expect(dumps.map(([name]) => name).sort()).toEqual([
    'config.txt',
    'done',
    'header.txt',
    'included.txt',
    'list.txt',
    'temp.txt',
  ]);
  for (const [name, text] of dumps) expect(showsToken(text, j.token), name).toEqual([]);
  const list = dumps.find(([name]) => name === 'list.txt')![1];
  expect(list).not.toMatch(/extraheader|credential\./);
  expect(list).toContain('remote.origin.url'); // the agent's git still works in the work tree
}

describe.concurrent('the job’s git credentials while the agent runs', { timeout: 300_000 }, () => {
  it.for(['v4', 'v6'] as const)(
    'actions/checkout %s: the agent finds no token; after the step git finds it where it was',
    async (checkout, { expect, onTestFinished }) => {
      const j = await job(onTestFinished, checkout);
      const run = await runJob(j.input);
      if (process.env.SHOW_RUN) console.log(run.main.stdout, run.post.stdout);
      expect(run.main.code, run.main.stdout + run.main.stderr).toBe(0);
      expect(run.post.code, run.post.stdout).toBe(0);
      expect(j.dumped()).toBe(true);
      expectDumpsClean(expect, j);
      expectRestored(expect, j);
      // One line each way, naming what moved and never a value; the values are masked.
      const log = visibleLog(run.main.stdout);
      expect(log).toMatch(
        /put the job's git credentials aside while the agent runs: .*(extraheader|includeif)/,
      );
      expect(log).toContain('credential.https://github.com.helper');
      expect(log).toMatch(/restored the job's git credentials: /);
      expect(showsToken(log, j.token)).toEqual([]);
      for (const form of tokenForms(j.token).slice(0, 3))
        expect(run.main.stdout).toContain(`::add-mask::${form}`);
    },
  );
});

// One at a time, after the rest: main's cancel deadline is 6.5 s (platform/github/main/cancel.ts), and a loaded machine would stretch it.
describe('the job’s git credentials when the step is cut short', { timeout: 120_000 }, () => {
  it('cancelled mid-session (SIGINT, then SIGTERM as the runner sends them): main restores them itself', async ({
    expect,
    onTestFinished,
  }) => {
    const j = await job(onTestFinished, 'v6', 'exec sleep 600');
    const env = jobEnv(j.input);
    const main = startStep(MAIN, env, j.w.dir);
    await main.waitFor(() => j.dumped());
    const cookie = j.w.status().cookie as string;
    onTestFinished(() => void killCarriersNow(cookie));
    expect(showsToken(j.config(), j.token)).toEqual([]);
    expect(existsSync(j.included!)).toBe(false);
    main.child.kill('SIGINT');
    await main.waitFor((out) => out.includes('cancelling'));
    main.child.kill('SIGTERM');
    const exit = await main.exit;
    expect(exit.signal, main.stdout() + main.stderr()).toBeNull();
    expectDumpsClean(expect, j);
    expectRestored(expect, j);
    // Post, as the runner runs it after a cancellation: nothing left to restore, nothing doubled.
    const post = startStep(POST, postEnv(env, j.files), j.w.dir);
    expect((await post.exit).code, post.stdout()).toBe(0);
    expect(post.stdout()).not.toContain('restored the job');
    expectRestored(expect, j);
    expect(processesCarrying(cookie)).toEqual([]);
    expect(alive(j.w.agentPids())).toEqual([]);
  });

  it('main and its reaper SIGKILLed mid-session: post ends what it left running, then restores them from the private record', async ({
    expect,
    onTestFinished,
  }) => {
    const j = await job(onTestFinished, 'v4', 'exec sleep 600');
    // Without a cgroup: any harness starting meanwhile (another test's) would sweep the dead run's cgroup, and the
    // agent with it, before post looks (cgroup-containment.test.ts tests that sweep).
    const env = { ...jobEnv(j.input), AGENT_HARNESS_CGROUP: 'off' };
    const main = startStep(MAIN, env, j.w.dir);
    await main.waitFor(() => j.dumped());
    expect(j.w.status().containment).toBe('none');
    const cookie = j.w.status().cookie as string;
    onTestFinished(() => void killCarriersNow(cookie));
    // Its reaper too (it would end the agent at once: loop.test.ts), so that post finds what main left running.
    killReaperOf(main.child.pid!);
    main.child.kill('SIGKILL');
    expect((await main.exit).signal).toBe('SIGKILL');
    // Still aside, in a record no other user can read; the agent outlived main.
    expect(showsToken(j.config(), j.token)).toEqual([]);
    expect(statSync(j.record).mode & 0o777).toBe(0o600);
    expect(statSync(join(j.record, '..')).mode & 0o777).toBe(0o700);
    expect(processesCarrying(cookie).length).toBeGreaterThan(0);

    const post = startStep(POST, postEnv(env, j.files), j.w.dir);
    expect((await post.exit).code, post.stdout()).toBe(0);
    expect(post.stdout()).toMatch(/restored the job's git credentials: 2 entries in .*\.git\/config/);
    expect(showsToken(visibleLog(post.stdout()), j.token)).toEqual([]);
    expectDumpsClean(expect, j);
    expectRestored(expect, j);
    expect(processesCarrying(cookie)).toEqual([]);
    expect(alive(j.w.agentPids())).toEqual([]);
  });
});
