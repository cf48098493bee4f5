import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/config/errors.js';
import { loadConfig } from '../../../src/config/load.js';
import { DEFAULT_AGENT_ARGS } from '../../../src/config/agent-section.js';
import { configSchema } from '../../../src/config/schema.js';

const dirs: string[] = [];
async function project(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'harness-config-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function configError(promise: Promise<unknown>): Promise<ConfigError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
}

const defaults = configSchema.parse({});

describe('loadConfig', () => {
  it('gives the schema defaults, all sourced "default", when there is no file', async () => {
    const loaded = await loadConfig({ cwd: await project({}) });
    expect(loaded.file).toBeNull();
    expect(loaded.config).toEqual(defaults);
    expect(loaded.config.session.max_iterations).toBe(25);
    expect(new Set(Object.values(loaded.sources))).toEqual(new Set(['default']));
    expect(Object.keys(loaded.sources)).toContain('watchdog.stale_timeout_mins');
    expect(Object.keys(loaded.sources)).toContain('prompt.file');
  });

  it('applies defaults < file < flags and records where each key came from', async () => {
    const cwd = await project({
      'harness.yml':
        'session:\n  max_iterations: 10\n  prompt_file: TASK.md\nwatchdog:\n  stale_timeout_mins: 7\n',
    });
    const loaded = await loadConfig({
      cwd,
      overrides: {
        'session.max_iterations': 3,
        'retry.max_empty_retries': 0,
        'session.output_dir': undefined,
      },
    });
    expect(loaded.file).toBe(join(cwd, 'harness.yml'));
    expect(loaded.config.session.max_iterations).toBe(3);
    expect(loaded.config.session.prompt_file).toBe('TASK.md');
    expect(loaded.config.watchdog.stale_timeout_mins).toBe(7);
    expect(loaded.config.retry.max_empty_retries).toBe(0);
    expect(loaded.config.session.output_dir).toBe('.');
    expect(loaded.sources['session.max_iterations']).toBe('flag');
    expect(loaded.sources['retry.max_empty_retries']).toBe('flag');
    expect(loaded.sources['session.prompt_file']).toBe('file');
    expect(loaded.sources['watchdog.stale_timeout_mins']).toBe('file');
    expect(loaded.sources['session.output_dir']).toBe('default');
    expect(loaded.sources['backoff.max_delay_secs']).toBe('default');
  });

  it('reads YAML and TOML spellings of the same settings to the same config', async () => {
    const yaml = await project({
      'harness.yaml': [
        'agent:',
        '  command: codex',
        '  args: [exec, "{prompt}"]',
        '  format: codex',
        '  env: { FOO: bar }',
        'hooks:',
        '  pre_session: ["make lint"]',
        'rate_limit:',
        "  patterns: ['(?i)quota exceeded']",
        '',
      ].join('\n'),
    });
    const toml = await project({
      'harness.toml': [
        '[agent]',
        'command = "codex"',
        'args = ["exec", "{prompt}"]',
        'format = "codex"',
        'env = { FOO = "bar" }',
        '[hooks]',
        'pre_session = ["make lint"]',
        '[rate_limit]',
        "patterns = ['(?i)quota exceeded']",
        '',
      ].join('\n'),
    });
    const a = await loadConfig({ cwd: yaml });
    const b = await loadConfig({ cwd: toml });
    expect(a.config).toEqual(b.config);
    expect(a.sources).toEqual(b.sources);
    expect(a.config.agent.env).toEqual({ FOO: 'bar' });
    expect(a.config).not.toEqual(defaults);
  });

  it.each([
    ['harness.yml', ''],
    ['harness.yml', '# nothing configured yet\n# session:\n'],
    ['harness.yml', 'null\n'],
    ['harness.yml', '---\n'],
    ['harness.toml', ''],
    ['harness.toml', '# only a comment\n'],
  ])('accepts an empty %s (%j)', async (name, text) => {
    const loaded = await loadConfig({ cwd: await project({ [name]: text }) });
    expect(loaded.config).toEqual(defaults);
    expect(loaded.file).not.toBeNull();
  });

  it('treats a YAML section whose keys are all commented out as empty', async () => {
    const cwd = await project({ 'harness.yml': 'watchdog:\n  # stale_timeout_mins: 5\n' });
    expect((await loadConfig({ cwd })).config.watchdog).toEqual(defaults.watchdog);
  });

  it('accepts fractional durations from the file and from flag strings', async () => {
    const cwd = await project({
      'harness.toml': '[watchdog]\nstale_timeout_mins = 0.05\ncheck_interval_secs = 0.5\n',
    });
    const loaded = await loadConfig({ cwd, overrides: { 'backoff.initial_delay_secs': '0.25' } });
    expect(loaded.config.watchdog.stale_timeout_mins).toBe(0.05);
    expect(loaded.config.watchdog.check_interval_secs).toBe(0.5);
    expect(loaded.config.backoff.initial_delay_secs).toBe(0.25);
  });

  it('returns a deeply frozen result', async () => {
    const loaded = await loadConfig({ cwd: await project({ 'harness.yml': 'agent:\n  env: { A: b }\n' }) });
    expect(Object.isFrozen(loaded)).toBe(true);
    expect(Object.isFrozen(loaded.config.session)).toBe(true);
    expect(Object.isFrozen(loaded.config.agent.args)).toBe(true);
    expect(Object.isFrozen(loaded.sources)).toBe(true);
    expect(() => {
      loaded.config.agent.env['A'] = 'c';
    }).toThrow(TypeError);
    // Freezing must not reach shared constants the defaults were copied from.
    expect(Object.isFrozen(DEFAULT_AGENT_ARGS)).toBe(false);
  });

  it('rejects an unknown override path with a suggestion', async () => {
    const error = await configError(
      loadConfig({ cwd: await project({}), overrides: { 'session.max_iteration': 3, 'nope.nothing': 1 } }),
    );
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain(
      'command line: session.max_iteration: unknown key (did you mean "session.max_iterations"?)',
    );
    expect(error.message).toContain('command line: nope.nothing: unknown key');
    expect(error.problems).toHaveLength(2);
  });

  it('validates flag values and blames the command line', async () => {
    const error = await configError(
      loadConfig({ cwd: await project({}), overrides: { 'watchdog.stale_timeout_mins': 'soon' } }),
    );
    expect(error.message).toBe(
      'command line: watchdog.stale_timeout_mins: expected a number > 0 and <= 35791, found "soon"',
    );
  });

  it('reports file problems and flag problems together, even where a flag overrides the bad value', async () => {
    const cwd = await project({
      'harness.toml': '[session]\nmax_iterations = 0\n[retry]\nretry_delay_secs = -1\n',
    });
    const error = await configError(
      loadConfig({ cwd, overrides: { 'session.max_iterations': 5, 'hooks.timeout_secs': 0 } }),
    );
    expect(error.message.split('\n')).toEqual([
      'harness.toml: session.max_iterations: expected an integer > 0, found 0',
      'harness.toml: retry.retry_delay_secs: expected a number >= 0 and <= 2147483, found -1',
      'command line: hooks.timeout_secs: expected a number > 0 and <= 2147483, found 0',
    ]);
  });

  it('accepts (?i) patterns and rejects patterns JavaScript cannot compile', async () => {
    const ok = await project({
      'harness.yml': "commit_detection:\n  patterns: ['(?i)\\bshipped\\b', 'done']\n",
    });
    expect((await loadConfig({ cwd: ok })).config.commit_detection.patterns).toEqual([
      '(?i)\\bshipped\\b',
      'done',
    ]);
    const bad = await project({ 'harness.yml': "rate_limit:\n  patterns: ['ok', 'a(?i)b']\n" });
    const error = await configError(loadConfig({ cwd: bad }));
    expect(error.message).toMatch(
      /^harness\.yml: rate_limit\.patterns\[1\]: invalid regular expression "a\(\?i\)b": /,
    );
  });

  it('rejects a flag pattern that does not compile', async () => {
    const error = await configError(
      loadConfig({ cwd: await project({}), overrides: { 'commit_detection.patterns': ['[oops'] } }),
    );
    expect(error.message).toContain('command line: commit_detection.patterns[0]: invalid regular expression');
  });

  it('names a config file given with --config relative to cwd', async () => {
    const cwd = await project({ 'custom.toml': '[session]\nmax_iterations = 0\n' });
    const error = await configError(loadConfig({ cwd, configPath: 'custom.toml' }));
    expect(error.message).toBe('custom.toml: session.max_iterations: expected an integer > 0, found 0');
  });
});
