// The Action's main and post steps run by GitHub's own debugging tool, @github/local-action: it imports each
// step's module from src/ (the actions/typescript-action shape: `run()` exported, no side effect at import), stubs
// the toolkit (@actions/core's state and outputs, @actions/cache and @actions/artifact on the local disk), and calls
// main's run() then post's in one process. Main runs the quickstart's stand-in agent (no network but the loopback
// GitHub API); post then works from main's handed-over state: the summary, the cache entry, the artifact, the
// final commit status. A second job in a fresh workspace resumes from the cached state.
import { execFileSync, spawn } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupAlive } from '../../src/os/process-group.js';
import { hostileScript, survivors } from '../support/hostile-agent.js';
import { baseEnv, inputEnv } from '../support/action-runner.js';
import {
  basicHeader,
  HEADER_KEY,
  persistLikeCheckoutV6,
  tokenForms,
} from '../support/checkout-credentials.js';
import { startGitHubApi, type GitHubApi } from '../support/github-api.js';
import { markedProcesses } from '../support/processes.js';
import { ROOT } from '../support/workdir.js';

const LOCAL_ACTION = join(ROOT, 'node_modules', '@github', 'local-action', 'bin', 'local-action.js');
const QUICKSTART = join(ROOT, 'examples', 'quickstart');
const SHA = 'b'.repeat(40);
const MARK = `local-action-${randomBytes(6).toString('hex')}`;

let api: GitHubApi;
let scratch: string;

beforeAll(async () => {
  api = await startGitHubApi({ collaborators: { octocat: 'admin' } });
  scratch = mkdtempSync(join(tmpdir(), 'ah-local-action-'));
  for (const dir of ['cache', 'artifacts']) mkdirSync(join(scratch, dir));
}, 60_000);
afterAll(async () => {
  await api?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** The quickstart in a scratch git repository, as a checked-out workspace. */
function quickstartWorkspace(name: string): string {
  const dir = join(scratch, name);
  mkdirSync(dir);
  for (const file of ['agent.mjs', 'harness.yml', 'PROMPT.md'])
    copyFileSync(join(QUICKSTART, file), join(dir, file));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
  git('init', '-q');
  git('config', 'user.name', 'Quickstart');
  git('config', 'user.email', 'quickstart@example.invalid');
  git('add', '-A');
  git('commit', '-q', '-m', 'chore: quickstart');
  return dir;
}

/** local-action reads the job's variables and the inputs from a dotenv file, as a runner would set them. */
function dotenv(
  workspace: string,
  runId: string,
  inputs: Record<string, string> = {},
): { file: string; summary: string } {
  const job = join(scratch, `job-${runId}`);
  mkdirSync(join(job, 'temp'), { recursive: true });
  const summary = join(job, 'summary.md');
  const event = join(job, 'event.json');
  writeFileSync(summary, '');
  writeFileSync(event, '{}');
  const vars: Record<string, string> = {
    ...api.env(),
    ...inputEnv(
      { 'github-token': api.state.token, 'state-key': 'local-action', ...inputs },
      { 'github.job': 'agent', 'strategy.job-index': '0' },
    ),
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: workspace,
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_EVENT_PATH: event,
    GITHUB_EVENT_NAME: 'schedule',
    GITHUB_RUN_ID: runId,
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_JOB: 'agent',
    GITHUB_SHA: SHA,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_WORKFLOW: 'nightly agent',
    GITHUB_REF_NAME: 'main',
    GITHUB_ACTOR: 'octocat',
    RUNNER_TEMP: join(job, 'temp'),
    // Where local-action's @actions/cache and @actions/artifact stubs keep their entries.
    LOCAL_ACTION_WORKSPACE: workspace,
    LOCAL_ACTION_CACHE_PATH: join(scratch, 'cache'),
    LOCAL_ACTION_ARTIFACT_PATH: join(scratch, 'artifacts'),
  };
  const file = join(job, '.env');
  writeFileSync(
    file,
    Object.entries(vars)
      .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
      .join('\n') + '\n',
  );
  return { file, summary };
}

/** `local-action run <action dir> <main> <dotenv> --post <post>`, from the checkout, in a process group of its own. */
async function localAction(envFile: string): Promise<{ code: number | null; stdout: string; pid: number }> {
  const env: NodeJS.ProcessEnv = {
    ...baseEnv(),
    // Its `npm exec tsx` and the agent find this Node first.
    PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
    AH_E2E_MARK: MARK,
  };
  // local-action stubs the toolkit by the paths `npm ls` names; where node_modules is a symlink (a worktree
  // sharing another checkout's), Node would load the toolkit by its real path and miss the stubs.
  if (realpathSync(join(ROOT, 'node_modules')) !== join(ROOT, 'node_modules'))
    env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} --preserve-symlinks`.trim();
  const child = spawn(
    process.execPath,
    [
      LOCAL_ACTION,
      'run',
      ROOT,
      'src/platform/github/main/step.ts',
      envFile,
      '--post',
      'src/platform/github/post/step.ts',
    ],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 120_000);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  clearTimeout(timer);
  return { code, stdout: out, pid: child.pid! };
}

/** The "Action Outputs" table local-action prints at the end: `│ 0 │ 'name' │ 'value' │`. */
function outputsTable(stdout: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const table = stdout.slice(stdout.lastIndexOf('Action Outputs'));
  for (const match of table.matchAll(/│\s*\d+\s*│\s*'([\w-]+)'\s*│\s*'([^']*)'\s*│/g))
    outputs[match[1]!] = match[2]!;
  return outputs;
}

const transcripts = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.startsWith('claude-iteration-'))
    .sort();

describe('the Action under @github/local-action', () => {
  it(
    'runs main (the loop) and then post from main’s handed-over state, leaving no process',
    { timeout: 300_000 },
    async () => {
      const workspace = quickstartWorkspace('first');
      const { file, summary } = dotenv(workspace, '77');
      const run = await localAction(file);
      expect(run.code, run.stdout).toBe(0);

      // Main: the loop ran the quickstart's three sessions, and set its outputs.
      expect(run.stdout).toContain(
        'Loop completed: 3 productive iterations, 0 trailing rate limits (global counter: 3)',
      );
      expect(transcripts(workspace)).toEqual([
        'claude-iteration-0.jsonl',
        'claude-iteration-1.jsonl',
        'claude-iteration-2.jsonl',
      ]);
      const outputs = outputsTable(run.stdout);
      expect(outputs).toMatchObject({
        iterations: '3',
        'global-iteration': '3',
        'stop-reason': 'completed',
        committed: 'true',
        'rate-limited': 'false',
      });
      expect(run.stdout).not.toContain('::error::');

      // Post ran after main, from main's state: the summary, the artifact it uploaded, the final cache save.
      expect(run.stdout.indexOf('Running Post Step')).toBeGreaterThan(run.stdout.indexOf('Loop completed'));
      expect(run.stdout).not.toContain('the main step did not start the loop');
      expect(outputs['artifact-id']).toMatch(/^\d+$/);
      expect(readFileSync(summary, 'utf8')).toContain('Completed 3/3 iterations');
      expect(readdirSync(join(scratch, 'artifacts'))).toEqual(['agent-harness-77-1-agent-0.zip']);
      const cached = readdirSync(join(scratch, 'cache'));
      expect(cached.some((name) => name.startsWith('local-action-77-1-3-post-'))).toBe(true);
      const statuses = api.state.statuses.get(SHA) ?? [];
      expect(statuses.at(0)).toMatchObject({ state: 'pending', description: 'iteration 0/3' });
      expect(statuses.at(-1)).toMatchObject({ state: 'success' });

      expect(groupAlive(run.pid)).toBe(false);
      expect(markedProcesses(MARK)).toEqual([]);
    },
  );

  it(
    'a second job in a fresh workspace resumes from the state main and post saved',
    { timeout: 300_000 },
    async () => {
      // The cache service restores the newest entry under a key prefix; local-action's stub takes the first file
      // it lists, so only the newest (post's save of the first job) is kept, as the service would choose it.
      const cacheDir = join(scratch, 'cache');
      const entries = readdirSync(cacheDir);
      expect(entries.some((name) => name.startsWith('local-action-77-1-3-post-'))).toBe(true);
      for (const name of entries)
        if (!name.startsWith('local-action-77-1-3-post-')) rmSync(join(cacheDir, name));
      const workspace = quickstartWorkspace('second');
      const { file } = dotenv(workspace, '78');
      const run = await localAction(file);
      expect(run.code, run.stdout).toBe(0);
      expect(run.stdout).toContain('Restored state from the Actions cache, key ');
      expect(transcripts(workspace)).toEqual([
        'claude-iteration-3.jsonl',
        'claude-iteration-4.jsonl',
        'claude-iteration-5.jsonl',
      ]);
      expect(outputsTable(run.stdout)).toMatchObject({ iterations: '3', 'global-iteration': '6' });
      expect(groupAlive(run.pid)).toBe(false);
      expect(markedProcesses(MARK)).toEqual([]);
    },
  );

  it(
    'keeps a hostile agent from the job by default (agent-isolation: auto, as root), its git credentials put aside and back: main and post',
    { timeout: 300_000 },
    async () => {
      const workspace = quickstartWorkspace('hostile');
      const { file, summary } = dotenv(workspace, '80', { 'agent-isolation': '' });
      const included = persistLikeCheckoutV6(workspace, join(scratch, 'job-80', 'temp'), api.state.token);
      const configBefore = readFileSync(join(workspace, '.git', 'config'), 'utf8');
      const marker = `hostile-daemon-${MARK}`;
      const event = join(scratch, 'job-80', 'event.json');
      writeFileSync(
        join(workspace, 'hostile.sh'),
        `cat '${included}' > included.txt 2>&1\n${hostileScript([summary, event], marker)}`,
      );
      writeFileSync(
        join(workspace, 'harness.yml'),
        [
          'session:',
          '  max_iterations: 1',
          'agent:',
          '  command: sh',
          '  args: [hostile.sh]',
          '  prompt_via: stdin',
          '  format: text',
          '',
        ].join('\n'),
      );
      const run = await localAction(file);
      const left = survivors(marker);
      for (const pid of left) process.kill(pid, 'SIGKILL');
      expect(run.code, run.stdout).toBe(0);
      const user = /agent_user=(agent-harness-[0-9a-f]{8})/.exec(run.stdout)?.[1];
      expect(user, run.stdout).toBeDefined();
      const report = readFileSync(join(workspace, 'report.txt'), 'utf8');
      expect(report).toMatch(/^uid=(?!0\n)\d+$/m);
      const seenIncluded = readFileSync(join(workspace, 'included.txt'), 'utf8');
      expect(report).toContain('core.repositoryformatversion'); // the agent's git read the config
      for (const form of tokenForms(api.state.token)) {
        expect(report).not.toContain(form);
        expect(seenIncluded).not.toContain(form);
      }
      expect(report).toContain('sudo=no');
      expect(report).not.toMatch(/^wrote /m);
      expect(report).not.toMatch(/^log via /m);
      expect(report).toContain('committed');
      expect(outputsTable(run.stdout)['pwned']).toBeUndefined();
      expect(readFileSync(summary, 'utf8')).toContain('**Agent isolation:** user');
      expect(readFileSync(summary, 'utf8')).not.toContain('evil.js');
      expect(left).toEqual([]);
      // The workspace is root's again, with no ACL; the run's user is gone.
      expect(execFileSync('find', [workspace, '!', '-user', 'root'], { encoding: 'utf8' })).toBe('');
      expect(execFileSync('getfacl', ['-R', '-s', '-p', workspace], { encoding: 'utf8' })).toBe('');
      expect(readFileSync('/etc/passwd', 'utf8'), run.stdout).not.toMatch(new RegExp(`^${user}:`, 'm'));
      // The credentials are back where checkout left them when main ended; post found nothing left to do.
      expect(readFileSync(join(workspace, '.git', 'config'), 'utf8')).toBe(configBefore);
      expect(
        execFileSync('git', ['config', '--get', HEADER_KEY], { cwd: workspace, encoding: 'utf8' }).trim(),
      ).toBe(basicHeader(api.state.token));
      expect(run.stdout).toContain("put the job's git credentials aside while the agent runs");
      expect(run.stdout).toContain("restored the job's git credentials");
      expect(groupAlive(run.pid)).toBe(false);
      expect(markedProcesses(MARK)).toEqual([]);
    },
  );
});
