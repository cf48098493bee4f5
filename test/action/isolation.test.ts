// The agent is untrusted (docs/security.md): a hostile stand-in agent run by the Action's bundled main step as the
// runner runs it, with the default inputs (agent-isolation: auto). It dumps every environment it can read (its own,
// every /proc/*/environ), the repository's config, `sudo -n`; tries to write the runner's file-command files and
// the step's log through /proc/<ancestor>/fd/1; starts a daemon with an empty environment that double-forks into
// a session of its own; and still edits a file and commits. Run as root (a container job) and as a user with
// passwordless sudo (a GitHub-hosted runner). Under "none" the same agent reads the job's token: the test shows
// what the isolation takes away.
import { execFileSync } from 'node:child_process';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'vitest';
import { jobFiles, runJob } from '../support/action-runner.js';
import { hostileScript, survivors } from '../support/hostile-agent.js';
import { startActionsServices } from '../support/actions-services.js';
import { startGitHubApi } from '../support/github-api.js';
import { makeWorkdir, testConfig } from '../support/workdir.js';

const OIDC = 'oidc-request-token-0123456789abcdef';
const HOSTED_USER = 'ah-hosted-runner';
/** A runner's user without sudo (a self-hosted runner): "auto" cannot have "user". */
const PLAIN_USER = 'ah-plain-runner';

function ensureRunnerUser(name: string, sudo: boolean): { uid: number; gid: number; home: string } {
  try {
    execFileSync('id', ['-u', name], { stdio: 'ignore' });
  } catch {
    execFileSync('useradd', ['--create-home', '--shell', '/bin/sh', name]);
  }
  if (sudo) writeFileSync(`/etc/sudoers.d/${name}`, `${name} ALL=(ALL) NOPASSWD:ALL\n`, { mode: 0o440 });
  else rmSync(`/etc/sudoers.d/${name}`, { force: true });
  const id = (flag: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g'), home: `/home/${name}` };
}

async function hostileJob(
  onTestFinished: TestContext['onTestFinished'],
  options: { isolation?: string; as?: { uid: number; gid: number; home: string } },
) {
  const services = await startActionsServices();
  onTestFinished(() => services.close());
  const api = await startGitHubApi({ collaborators: { octocat: 'admin' } });
  onTestFinished(() => api.close());
  const w = makeWorkdir({
    git: true,
    config: testConfig({
      session: { max_iterations: 1 },
      agent: { command: 'sh', args: ['hostile.sh'], prompt_via: 'stdin', format: 'text' },
    }),
  });
  const files = jobFiles();
  const marker = `hostile-daemon-${Date.now()}-${process.pid}`;
  writeFileSync(
    w.path('hostile.sh'),
    hostileScript(
      [files.output, files.state, files.summary, join(files.dir, 'set_env'), join(files.dir, 'add_path')],
      marker,
    ),
  );
  execFileSync('git', ['add', 'hostile.sh', 'harness.yml'], { cwd: w.dir });
  execFileSync('git', ['commit', '-qm', 'hostile agent'], { cwd: w.dir });
  // What actions/checkout leaves with the default persist-credentials: true.
  const header = `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${api.state.token}`).toString('base64')}`;
  execFileSync('git', ['config', 'http.https://github.com/.extraheader', header], { cwd: w.dir });
  for (const name of ['set_env', 'add_path']) writeFileSync(join(files.dir, name), '');
  if (options.as) {
    for (const dir of [w.dir, files.dir, files.runnerTemp])
      execFileSync('chown', ['-R', `${options.as.uid}:${options.as.gid}`, dir]);
    // The hosted runner's home is 0750: the agent's user passes through it only by the harness's ACL.
    chmodSync(w.dir, 0o750);
  }
  const run = await runJob({
    files,
    workspace: w.dir,
    inputs: {
      'max-iterations': '1',
      'github-token': api.state.token,
      'state-key': `hostile-${Date.now()}`,
      'upload-artifacts': 'false',
      ...(options.isolation ? { 'agent-isolation': options.isolation } : { 'agent-isolation': '' }),
    },
    env: {
      ...services.env,
      ...api.env(),
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: OIDC,
      ACTIONS_ID_TOKEN_REQUEST_URL: 'https://oidc.invalid/token',
      GITHUB_ENV: join(files.dir, 'set_env'),
      GITHUB_PATH: join(files.dir, 'add_path'),
      ...(options.as ? { HOME: options.as.home } : {}),
    },
    runId: '4100',
    ...(options.as ? { uid: options.as.uid, gid: options.as.gid } : {}),
  });
  const leftovers = survivors(marker);
  for (const pid of leftovers) process.kill(pid, 'SIGKILL');
  let report: string;
  try {
    report = readFileSync(w.path('report.txt'), 'utf8');
  } catch {
    throw new Error(`the agent wrote no report:\n${run.main.stdout}\n${run.main.stderr}`);
  }
  const tokens = [api.state.token, services.env['ACTIONS_RUNTIME_TOKEN']!, OIDC];
  const leaked = tokens.filter(
    (t) => report.includes(t) || report.includes(Buffer.from(`x-access-token:${t}`).toString('base64')),
  );
  // The next step's `git push` finds the checkout's credentials where they were.
  const headerAfter = execFileSync(
    'git',
    ['-c', 'safe.directory=*', 'config', '--get', 'http.https://github.com/.extraheader'],
    { cwd: w.dir, encoding: 'utf8' },
  ).trim();
  return { w, files, run, report, leaked, leftovers, header, headerAfter };
}

function expectIsolated(
  expect: TestContext['expect'],
  job: Awaited<ReturnType<typeof hostileJob>>,
  owner: string,
) {
  const { w, files, run, report, leaked, leftovers } = job;
  expect(run.main.code, run.main.stdout).toBe(0);
  expect(run.main.stdout).toMatch(/isolation=user agent_user=agent-harness-[0-9a-f]{8}/);
  expect(run.summary).toContain('**Agent isolation:** user: the agent ran as a user of its own');
  expect(run.summary).not.toContain('[!WARNING]');
  expect(job.headerAfter).toBe(job.header);
  expect(report).toMatch(/^uid=(?!0\n)\d+$/m);
  expect(leaked).toEqual([]);
  expect(report).toContain('sudo=no');
  expect(report).not.toMatch(/^wrote /m);
  expect(report).not.toMatch(/^log via /m);
  expect(run.outputs['pwned']).toBeUndefined();
  for (const name of ['set_env', 'add_path', 'output.txt', 'state.txt', 'summary.md'])
    expect(readFileSync(join(files.dir, name), 'utf8'), name).not.toContain('evil.js');
  expect(leftovers).toEqual([]);
  // The agent's work is there, and everything in the workspace is the step's user's again, with no ACL left.
  expect(report).toContain('committed');
  expect(
    execFileSync('git', ['-c', 'safe.directory=*', 'log', '-1', '--format=%s'], {
      cwd: w.dir,
      encoding: 'utf8',
    }).trim(),
  ).toBe('agent work');
  expect(execFileSync('find', [w.dir, '!', '-user', owner], { encoding: 'utf8' })).toBe('');
  expect(execFileSync('getfacl', ['-R', '-s', '-p', w.dir], { encoding: 'utf8' })).toBe('');
  const user = /agent_user=(agent-harness-[0-9a-f]{8})/.exec(run.main.stdout)![1]!;
  expect(readFileSync('/etc/passwd', 'utf8'), run.main.stdout).not.toMatch(new RegExp(`^${user}:`, 'm'));
}

describe.concurrent('the agent under the Action, hostile', { timeout: 300_000 }, () => {
  it('as root (a container job), by default: no token, no runner file, no log line, no survivor', async ({
    expect,
    onTestFinished,
  }) => {
    expectIsolated(expect, await hostileJob(onTestFinished, {}), 'root');
  });

  it('as a user with passwordless sudo (a hosted runner), by default: the same', async ({
    expect,
    onTestFinished,
  }) => {
    const as = ensureRunnerUser(HOSTED_USER, true);
    expectIsolated(expect, await hostileJob(onTestFinished, { as }), HOSTED_USER);
  });

  it('as a user without sudo (a self-hosted runner), by default: "env", said in the log and the summary', async ({
    expect,
    onTestFinished,
  }) => {
    const as = ensureRunnerUser(PLAIN_USER, false);
    const job = await hostileJob(onTestFinished, { as });
    expect(job.run.main.code, job.run.main.stdout).toBe(0);
    expect(job.run.main.stdout).toMatch(/::warning::.*isolation=env.*isolation is not available.*sudo/);
    expect(job.run.summary).toMatch(
      /> \[!WARNING\]\n> \*\*Agent isolation:\*\* env: .*\/proc\/<pid>\/environ/,
    );
    expect(job.run.summary).toContain('passwordless sudo');
    // Its own environment holds no token, and the checkout's header was out of its reach during the session.
    for (const name of ['INPUT_GITHUB-TOKEN', 'ACTIONS_RUNTIME_TOKEN', 'ACTIONS_ID_TOKEN_REQUEST_TOKEN'])
      expect(job.w.read('own-env.txt')).not.toContain(name);
    expect(job.report).not.toContain('extraheader');
    expect(job.headerAfter).toBe(job.header);
  });

  it('under "none" the same agent reads the job\'s tokens and writes the runner\'s files', async ({
    expect,
    onTestFinished,
  }) => {
    const job = await hostileJob(onTestFinished, { isolation: 'none' });
    expect(job.run.main.code, job.run.main.stdout).toBe(0);
    expect(job.leaked.length).toBeGreaterThan(0);
    expect(job.run.summary).toContain(
      '> [!WARNING]\n> **Agent isolation:** none: the agent had the job’s whole',
    );
    expect(job.report).toMatch(/^wrote /m);
  });

  it('under "env" the agent\'s own environment is clean, though a process of its user can still be read', async ({
    expect,
    onTestFinished,
  }) => {
    const job = await hostileJob(onTestFinished, { isolation: 'env' });
    expect(job.run.main.code, job.run.main.stdout).toBe(0);
    expect(job.run.summary).toContain('**Agent isolation:** env:');
    expect(job.run.summary).not.toContain('is not available');
    const own = job.w.read('own-env.txt');
    expect(own).toContain('PATH=');
    for (const name of [
      'INPUT_GITHUB-TOKEN',
      'ACTIONS_RUNTIME_TOKEN',
      'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
      'GITHUB_ENV=',
    ])
      expect(own).not.toContain(name);
    // What remains possible under "env" (docs/security.md): the harness's own environment block.
    expect(job.leaked.length).toBeGreaterThan(0);
  });
});
