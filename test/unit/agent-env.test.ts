import { describe, expect, it } from 'vitest';
import { agentEnvironment, forbiddenPassName, passedToAgent, withheldNames } from '../../src/os/agent-env.js';
import { asAgentUser, type AgentUser } from '../../src/os/agent-user.js';
import { validateConfigData } from '../../src/config/validate.js';
import type { Config } from '../../src/config/schema.js';

function parseConfig(data: Record<string, unknown>, source: string): Config {
  const result = validateConfigData(data, source);
  if (!result.config) throw new Error(result.problems.map((p) => JSON.stringify(p)).join('\n'));
  return result.config;
}
import { parseInputs, type InputName } from '../../src/platform/github/inputs.js';
import { withActionIsolation } from '../../src/platform/github/agent-isolation.js';

// What a JavaScript action's process holds (FIELD-NOTES: what a step's process can reach).
const JOB_ENV: NodeJS.ProcessEnv = {
  PATH: '/usr/bin:/bin',
  HOME: '/home/runner',
  LANG: 'C.UTF-8',
  CI: 'true',
  'INPUT_GITHUB-TOKEN': 'ghs_job_token',
  INPUT_PROMPT: 'do it',
  ACTIONS_RUNTIME_TOKEN: 'runtime',
  ACTIONS_RESULTS_URL: 'https://results',
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc',
  ACTIONS_ID_TOKEN_REQUEST_URL: 'https://oidc',
  GITHUB_TOKEN: 'ghs_other',
  GH_TOKEN: 'ghs_gh',
  GITHUB_ENV: '/runner/_temp/set_env',
  GITHUB_PATH: '/runner/_temp/add_path',
  GITHUB_OUTPUT: '/runner/_temp/set_output',
  GITHUB_STATE: '/runner/_temp/save_state',
  GITHUB_STEP_SUMMARY: '/runner/_temp/step_summary',
  AWS_SECRET_ACCESS_KEY: 'aws',
  NODE_OPTIONS: '--require /x.js',
  ANTHROPIC_API_KEY: 'sk-ant',
  CLAUDE_CODE_OAUTH_TOKEN: 'oauth',
  OPENAI_API_KEY: 'sk-openai',
  GEMINI_API_KEY: 'gem',
  GOOGLE_CLOUD_PROJECT: 'proj',
  HTTPS_PROXY: 'http://proxy:3128',
  LC_ALL: 'C',
  CLAUDECODE: '1',
  AGENT_HARNESS_COOKIE: 'c0ffee',
  HARNESS_GLOBAL_ITERATION: '3',
};

describe('the agent environment allow-list', () => {
  it("passes the CLIs' own variables and the usual ones, never the job's tokens or file-command paths", () => {
    const env = agentEnvironment(JOB_ENV, { isolation: 'env', pass: [] });
    expect(Object.keys(env).sort()).toEqual(
      [
        'PATH',
        'HOME',
        'LANG',
        'CI',
        'ANTHROPIC_API_KEY',
        'CLAUDE_CODE_OAUTH_TOKEN',
        'OPENAI_API_KEY',
        'GEMINI_API_KEY',
        'GOOGLE_CLOUD_PROJECT',
        'HTTPS_PROXY',
        'LC_ALL',
        'AGENT_HARNESS_COOKIE',
        'HARNESS_GLOBAL_ITERATION',
      ].sort(),
    );
    const values = Object.values(env).join('\n');
    for (const secret of ['ghs_job_token', 'runtime', 'oidc', 'ghs_other', 'ghs_gh', 'aws'])
      expect(values).not.toContain(secret);
    expect(withheldNames(JOB_ENV, env)).toContain('INPUT_GITHUB-TOKEN');
  });

  it('passes what the user names, exactly or by prefix, and what it sets over the filter', () => {
    const env = agentEnvironment(JOB_ENV, {
      isolation: 'env',
      pass: ['AWS_*'],
      set: { MY_FLAG: '1', HOME: '/agent' },
    });
    expect(env.AWS_SECRET_ACCESS_KEY).toBe('aws');
    expect(env.MY_FLAG).toBe('1');
    expect(env.HOME).toBe('/agent');
  });

  it('passes everything but CLAUDECODE under "none"', () => {
    const env = agentEnvironment(JOB_ENV, { isolation: 'none', pass: [] });
    expect(env['INPUT_GITHUB-TOKEN']).toBe('ghs_job_token');
    expect(env.CLAUDECODE).toBeUndefined();
  });

  it('never passes a forbidden name even when asked, and says why', () => {
    expect(passedToAgent('GITHUB_TOKEN', ['GITHUB_TOKEN'])).toBe(false);
    expect(passedToAgent('ACTIONS_RUNTIME_TOKEN', ['ACTIONS_*'])).toBe(false);
    expect(forbiddenPassName('GH_TOKEN')).toMatch(/never passed/);
    expect(forbiddenPassName('INPUT_*')).toMatch(/INPUT_/);
    expect(forbiddenPassName('GITHUB_*')).toMatch(/never passed/);
    expect(forbiddenPassName('A*')).toMatch(/ACTIONS_/);
    expect(forbiddenPassName('AWS_*')).toBeNull();
  });

  it('is refused in the config and the Action inputs when it names a token', () => {
    expect(() => parseConfig({ agent: { pass_env: ['GH_TOKEN'] } }, 'harness.toml')).toThrow(/GH_TOKEN/);
    const read = (values: Partial<Record<InputName, string>>) => (name: InputName) => values[name] ?? '';
    expect(() => parseInputs(read({ 'agent-env': 'AWS_REGION, GITHUB_TOKEN' }))).toThrow(
      /agent-env: GITHUB_TOKEN is never passed/,
    );
    expect(() => parseInputs(read({ 'agent-isolation': 'sandbox' }))).toThrow(/agent-isolation: expected/);
  });

  it('defaults to "auto" in the Action, keeps the config\'s choice, and lets the input win', () => {
    const config = parseConfig({ agent: { pass_env: ['AWS_*'] } }, 'harness.toml');
    expect(config.agent.isolation).toBeUndefined();
    const inputs = parseInputs((name) => (name === 'agent-env' ? 'FOO' : ''));
    expect(withActionIsolation(config, inputs).agent).toMatchObject({
      isolation: 'auto',
      pass_env: ['AWS_*', 'FOO'],
    });
    const own = parseConfig({ agent: { isolation: 'env' } }, 'harness.toml');
    expect(withActionIsolation(own, inputs).agent.isolation).toBe('env');
    const given = parseInputs((name) => (name === 'agent-isolation' ? 'none' : ''));
    expect(withActionIsolation(own, given).agent.isolation).toBe('none');
  });
});

describe('the command that runs the agent as its user', () => {
  const user: AgentUser = {
    name: 'agent-harness-0123abcd',
    uid: 999,
    gid: 998,
    home: '/tmp/agent-harness-0123abcd',
    privilege: 'root',
    owner: { uid: 1001, gid: 1001 },
  };
  const env = { PATH: '/usr/bin', HOME: '/tmp/h', TMPDIR: '/tmp/h/tmp', ANTHROPIC_API_KEY: 'sk-secret' };

  it('switches the user with no new privileges, and never puts a secret on the command line', () => {
    const root = asAgentUser(user, 'claude', ['-p', 'x'], env);
    expect(root.command).toBe('setpriv');
    expect(root.args).toEqual([
      '--reuid=999',
      '--regid=998',
      '--clear-groups',
      '--no-new-privs',
      '--',
      'env',
      'PATH=/usr/bin',
      'HOME=/tmp/h',
      'TMPDIR=/tmp/h/tmp',
      'claude',
      '-p',
      'x',
    ]);
    const sudo = asAgentUser({ ...user, privilege: 'sudo' }, 'claude', [], env);
    expect(sudo.command).toBe('sudo');
    expect(sudo.args.slice(0, 4)).toEqual(['-n', '-E', '--', 'setpriv']);
    expect([sudo.command, ...sudo.args].join(' ')).not.toContain('sk-secret');
  });
});
