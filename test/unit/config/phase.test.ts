// Per-phase agent settings: `agent.plan`, `agent.develop` and `agent.review` over `agent`, every key inherited when
// unset and env merged key by key; the interactive planner's arguments; a phase table that switches CLI but keeps
// `agent.args` refused with the key and the fix; the `[review]` section; all of it through the real loader.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeConfig } from '../../../src/config/describe.js';
import { ConfigError, formatProblem } from '../../../src/config/errors.js';
import { configJsonSchema } from '../../../src/config/json-schema.js';
import { loadConfig } from '../../../src/config/load.js';
import { CLI_ARGS } from '../../../src/config/phase-checks.js';
import { interactiveArgs, phaseConfig } from '../../../src/config/phase.js';
import { configReferenceMarkdown } from '../../../src/config/reference.js';
import { DEFAULT_AGENT_ARGS } from '../../../src/config/agent-section.js';
import { configSchema, type ConfigInput } from '../../../src/config/schema.js';
import { validateConfigData } from '../../../src/config/validate.js';

const dirs: string[] = [];
async function project(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'harness-phase-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

const parse = (input: ConfigInput) => configSchema.parse(input);

/** The problems of a config given as data, one line each. */
const problems = (data: Record<string, unknown>): string[] =>
  validateConfigData(data, 'harness.toml').problems.map(formatProblem);

const base = {
  command: 'claude',
  args: ['-p', '{prompt}'],
  prompt_via: 'arg' as const,
  env: { A: 'agent', B: 'agent' },
  format: 'claude' as const,
  pass_env: ['AWS_*'],
};

describe('phaseConfig', () => {
  it('puts every key a phase table sets over agent, merges env key by key (the phase wins), and leaves the rest', () => {
    const config = parse({
      agent: {
        ...base,
        review: {
          command: '/opt/bin/codex',
          args: ['exec', '--json', '{prompt}'],
          prompt_via: 'stdin',
          env: { B: 'review', C: 'review' },
          format: 'codex',
        },
      },
      session: { max_iterations: 3 },
    });
    const review = phaseConfig(config, 'review');
    expect(review.agent).toEqual({
      command: '/opt/bin/codex',
      args: ['exec', '--json', '{prompt}'],
      prompt_via: 'stdin',
      env: { A: 'agent', B: 'review', C: 'review' },
      format: 'codex',
      // The run's isolation is the agent's, whichever phase runs.
      pass_env: ['AWS_*'],
    });
    expect(review.session).toBe(config.session);
    expect(review.watchdog).toBe(config.watchdog);
  });

  it('inherits each key a phase table leaves unset, one at a time', () => {
    const config = parse({
      agent: { ...base, develop: { env: { C: 'develop' } }, plan: { prompt_via: 'file' } },
    });
    expect(phaseConfig(config, 'develop').agent).toEqual({
      ...base,
      env: { A: 'agent', B: 'agent', C: 'develop' },
    });
    expect(phaseConfig(config, 'plan').agent).toEqual({ ...base, prompt_via: 'file' });
    const argsOnly = parse({ agent: { ...base, review: { args: ['--model', 'opus', '-p', '{prompt}'] } } });
    expect(phaseConfig(argsOnly, 'review').agent).toEqual({
      ...base,
      args: ['--model', 'opus', '-p', '{prompt}'],
    });
  });

  it('gives the plain agent for a phase without a table, and never passes the phase tables on', () => {
    const config = parse({ agent: { ...base, review: { format: 'codex', args: ['exec'] } } });
    for (const phase of ['plan', 'develop', 'review'] as const) {
      const agent = phaseConfig(config, phase).agent;
      expect(Object.keys(agent).sort()).toEqual([
        'args',
        'command',
        'env',
        'format',
        'pass_env',
        'prompt_via',
      ]);
    }
    expect(phaseConfig(config, 'develop').agent).toEqual(base);
    expect(phaseConfig(parse({}), 'plan').agent).toEqual(parse({}).agent);
    // the input is left as it was
    expect(config.agent.review).toEqual({ format: 'codex', args: ['exec'] });
  });
});

describe('interactiveArgs', () => {
  it("defaults by the plan phase's effective format", () => {
    expect(interactiveArgs(parse({}))).toEqual(['{prompt}']);
    expect(interactiveArgs(parse({ agent: { format: 'text', args: [] } }))).toEqual(['{prompt}']);
    const gemini = { command: 'gemini', format: 'gemini' as const, args: ['-p', '{prompt}'] };
    expect(interactiveArgs(parse({ agent: gemini }))).toEqual(['-i', '{prompt}']);
    expect(interactiveArgs(parse({ agent: { plan: gemini } }))).toEqual(['-i', '{prompt}']);
    expect(interactiveArgs(parse({ agent: { ...gemini, develop: { format: 'claude', args: [] } } }))).toEqual(
      ['-i', '{prompt}'],
    );
    expect(
      interactiveArgs(parse({ agent: { plan: { command: 'codex', format: 'codex', args: [] } } })),
    ).toEqual(['{prompt}']);
  });

  it('takes agent.plan.interactive_args as set, and only the plan table has them', () => {
    const config = parse({ agent: { plan: { interactive_args: ['--model', 'opus', '{prompt}'] } } });
    expect(interactiveArgs(config)).toEqual(['--model', 'opus', '{prompt}']);
    expect(problems({ agent: { review: { interactive_args: ['{prompt}'] } } })).toEqual([
      'harness.toml: agent.review.interactive_args: unknown key (did you mean "agent.plan.interactive_args"?)',
    ]);
  });
});

describe('validation of the phase tables', () => {
  it('refuses a phase that changes format but inherits agent.args, naming the table, the key and the fix', () => {
    expect(problems({ agent: { review: { format: 'codex' } } })).toEqual([
      `harness.toml: agent.review: sets format = "codex" but inherits agent.args, which are Claude's flags: set agent.review.args (for Codex: ${JSON.stringify(CLI_ARGS.codex)})`,
    ]);
    expect(CLI_ARGS.codex.slice(0, 2)).toEqual(['exec', '--json']);
  });

  it('refuses a phase that runs another CLI by command, and says whose the inherited args are', () => {
    expect(problems({ agent: { plan: { command: '/usr/local/bin/gemini' } } })).toEqual([
      `harness.toml: agent.plan: sets command = "/usr/local/bin/gemini" but inherits agent.args, which are Claude's flags: set agent.plan.args (for Gemini: ${JSON.stringify(CLI_ARGS.gemini)})`,
    ]);
    const codexBase = { command: 'codex', format: 'codex', args: [...CLI_ARGS.codex] };
    expect(problems({ agent: { ...codexBase, develop: { command: 'claude', format: 'claude' } } })).toEqual([
      `harness.toml: agent.develop: sets format = "claude" and command = "claude" but inherits agent.args, which are Codex's flags: set agent.develop.args (for Claude: ${JSON.stringify(DEFAULT_AGENT_ARGS)})`,
    ]);
    expect(
      problems({ agent: { command: 'my-agent', format: 'text', args: [], review: { format: 'claude' } } })[0],
    ).toContain('which are written for "my-agent": set agent.review.args');
  });

  it('accepts a phase that sets its own args, keeps the CLI, or changes only env, prompt_via or a wrapper command', () => {
    expect(
      problems({ agent: { review: { format: 'codex', command: 'codex', args: [...CLI_ARGS.codex] } } }),
    ).toEqual([]);
    expect(problems({ agent: { review: { format: 'claude', command: '/usr/bin/claude' } } })).toEqual([]);
    expect(problems({ agent: { develop: { env: { MODEL: 'x' } }, plan: { prompt_via: 'stdin' } } })).toEqual(
      [],
    );
    expect(problems({ agent: { review: { command: './claude-wrapper.sh' } } })).toEqual([]);
  });

  it('checks the phase tables like any other: strict keys, types and choices', () => {
    expect(problems({ agent: { review: { formt: 'codex' } } })).toEqual([
      'harness.toml: agent.review.formt: unknown key (did you mean "format"?)',
    ]);
    expect(problems({ agent: { develop: { format: 'codx', args: [] } } })).toEqual([
      'harness.toml: agent.develop.format: expected one of "claude", "codex", "gemini", "text", "json-actions", found "codx" (did you mean "codex"?)',
    ]);
    expect(problems({ agent: { plan: { command: '' } } })[0]).toMatch(
      /^harness\.toml: agent\.plan\.command: expected a non-empty string/,
    );
  });
});

describe('the [review] section', () => {
  it('has its defaults, and no cost budget unless set', () => {
    expect(parse({}).review).toEqual({
      max_tries: 2,
      gate_timeout_mins: 30,
      allow_gate_changes: false,
      needs_human_label: 'needs-human',
    });
  });

  it('refuses tries that are not a positive integer, a budget that is not a positive number, an empty label and an overlong timeout', () => {
    expect(
      problems({
        review: { max_tries: 0, max_cost_usd: -1, needs_human_label: '', gate_timeout_mins: 40000 },
      }),
    ).toEqual([
      'harness.toml: review.max_tries: expected an integer > 0, found 0',
      'harness.toml: review.max_cost_usd: expected a number > 0, found -1',
      'harness.toml: review.gate_timeout_mins: expected a number > 0 and <= 35791, found 40000 (the longest a timer can wait: 2^31-1 ms, about 24.8 days)',
      'harness.toml: review.needs_human_label: expected a non-empty string, found ""',
    ]);
    expect(problems({ review: { allow_gate_changes: 'yes' } })).toEqual([
      'harness.toml: review.allow_gate_changes: expected a boolean, found "yes"',
    ]);
    expect(problems({ review: { max_tries: 1.5 } })).toEqual([
      'harness.toml: review.max_tries: expected an integer > 0, found 1.5',
    ]);
  });
});

describe('through the loader, from TOML', () => {
  const toml = [
    '[agent]',
    'env = { SHARED = "1" }',
    '',
    '[agent.plan]',
    'interactive_args = ["--model", "opus", "{prompt}"]',
    '',
    '[agent.review]',
    'command = "codex"',
    'format = "codex"',
    `args = ${JSON.stringify(CLI_ARGS.codex)}`,
    'env = { CODEX_HOME = "/tmp/codex" }',
    '',
    '[review]',
    'max_tries = 3',
    'max_cost_usd = 2.5',
    '',
  ].join('\n');

  it('reads [agent.review] and [review], and records the nested keys as from the file', async () => {
    const loaded = await loadConfig({ cwd: await project({ 'harness.toml': toml }) });
    expect(loaded.config.agent.review).toEqual({
      command: 'codex',
      format: 'codex',
      args: [...CLI_ARGS.codex],
      env: { CODEX_HOME: '/tmp/codex' },
    });
    expect(phaseConfig(loaded.config, 'review').agent).toEqual({
      command: 'codex',
      format: 'codex',
      args: [...CLI_ARGS.codex],
      prompt_via: 'arg',
      env: { SHARED: '1', CODEX_HOME: '/tmp/codex' },
      pass_env: [],
    });
    expect(phaseConfig(loaded.config, 'develop').agent.command).toBe('claude');
    expect(interactiveArgs(loaded.config)).toEqual(['--model', 'opus', '{prompt}']);
    expect(loaded.config.review).toEqual({
      max_tries: 3,
      max_cost_usd: 2.5,
      gate_timeout_mins: 30,
      allow_gate_changes: false,
      needs_human_label: 'needs-human',
    });
    expect(loaded.sources['agent.review.format']).toBe('file');
    expect(loaded.sources['agent.develop.format']).toBe('default');
    expect(loaded.sources['review.max_tries']).toBe('file');
    expect(loaded.sources['review.gate_timeout_mins']).toBe('default');
    const report = describeConfig(loaded);
    expect(report).toMatch(/^agent\.review\.format += "codex" +\(file\)$/m);
    expect(report).toMatch(/^agent\.develop\.command += \(not set\) +\(default\)$/m);
  });

  it('takes a nested key and a [review] key from the flags, and blames the flag for a phase it breaks', async () => {
    const cwd = await project({ 'harness.toml': '[agent.review]\nenv = { X = "1" }\n' });
    const loaded = await loadConfig({
      cwd,
      overrides: { 'agent.review.prompt_via': 'stdin', 'review.max_tries': '4' },
    });
    expect(loaded.config.agent.review).toEqual({ env: { X: '1' }, prompt_via: 'stdin' });
    expect(loaded.config.review.max_tries).toBe(4);
    expect(loaded.sources['agent.review.prompt_via']).toBe('flag');
    const error = await loadConfig({ cwd, overrides: { 'agent.review.format': 'gemini' } }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map(formatProblem)).toEqual([
      `command line: agent.review: sets format = "gemini" but inherits agent.args, which are Claude's flags: set agent.review.args (for Gemini: ${JSON.stringify(CLI_ARGS.gemini)})`,
    ]);
  });

  it('reports a phase table that switches CLI without args from the file, with the file name', async () => {
    const cwd = await project({ 'harness.toml': '[agent.review]\nformat = "codex"\ncommand = "codex"\n' });
    const error = await loadConfig({ cwd }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain(
      'harness.toml: agent.review: sets format = "codex" and command = "codex"',
    );
  });
});

describe('the JSON Schema and the reference', () => {
  it('describe the phase tables and the [review] section', () => {
    const agent = (
      configJsonSchema()['properties'] as Record<string, { properties: Record<string, unknown> }>
    )['agent']!;
    expect(Object.keys(agent.properties)).toEqual(
      expect.arrayContaining(['plan', 'develop', 'review']) as unknown,
    );
    expect(agent.properties['review']).toMatchObject({ type: 'object', additionalProperties: false });
    const md = configReferenceMarkdown();
    expect(md).toMatch(/^## `agent\.review`$/m);
    expect(md).toMatch(/^## `review`$/m);
    expect(md).toContain('| `interactive_args` | list of strings | (not set) |');
    expect(md).toContain('| `max_tries` | integer > 0 | `2` |');
    // the agent table itself lists its own keys, not the nested tables
    const agentTable = md.slice(md.indexOf('## `agent`'), md.indexOf('## `agent.plan`'));
    expect(agentTable).not.toContain('| `review` |');
  });
});
