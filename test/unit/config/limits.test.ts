// Values the loop cannot honour are refused when the config is read: durations a timer cannot hold (Node turns
// a wait past 2^31-1 ms into 1 ms) and YAML whose aliases would expand without end.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/config/errors.js';
import { loadConfig } from '../../../src/config/load.js';
import { parseConfigText } from '../../../src/config/parse.js';
import { MAX_TIMER_MINS, MAX_TIMER_SECS, TIMER_LIMIT_MS } from '../../../src/config/value-kinds.js';
import { validateConfigData } from '../../../src/config/validate.js';
import { InputError, parseInputs, type InputName } from '../../../src/platform/github/inputs.js';
import { ALIAS_BOMB } from '../../support/config-texts.js';

/** Every duration in the schema, by unit: each ends up in a timer (or is compared with one). */
const DURATIONS = {
  secs: [
    'watchdog.check_interval_secs',
    'watchdog.result_grace_secs',
    'watchdog.kill_grace_secs',
    'retry.retry_delay_secs',
    'backoff.initial_delay_secs',
    'backoff.max_delay_secs',
    'shutdown.force_window_secs',
    'hooks.timeout_secs',
    'rate_limit.max_wait_secs',
  ],
  mins: ['watchdog.stale_timeout_mins', 'session.time_budget_mins'],
};

const one = (key: string, value: unknown) => {
  const [section, name] = key.split('.') as [string, string];
  return { [section]: { [name]: value } };
};

describe('durations a timer cannot hold', () => {
  it('the limits are the longest wait a timer holds, in whole units', () => {
    expect(MAX_TIMER_SECS * 1000).toBeLessThanOrEqual(TIMER_LIMIT_MS);
    expect((MAX_TIMER_SECS + 1) * 1000).toBeGreaterThan(TIMER_LIMIT_MS);
    expect(MAX_TIMER_MINS * 60_000).toBeLessThanOrEqual(TIMER_LIMIT_MS);
    expect((MAX_TIMER_MINS + 1) * 60_000).toBeGreaterThan(TIMER_LIMIT_MS);
  });

  it.each([
    ...DURATIONS.secs.map((key) => [key, MAX_TIMER_SECS] as const),
    ...DURATIONS.mins.map((key) => [key, MAX_TIMER_MINS] as const),
  ])('%s: 1e10 is refused naming the limit; the limit itself is accepted', (key, limit) => {
    const refused = validateConfigData(one(key, 1e10), 'harness.yml');
    expect(refused.config).toBeUndefined();
    expect(refused.problems).toHaveLength(1);
    const message = new ConfigError(refused.problems).message;
    expect(message).toBe(
      `harness.yml: ${key}: expected a number ${key.endsWith('_mins') || key === 'hooks.timeout_secs' ? '> 0' : '>= 0'}` +
        ` and <= ${limit}, found 10000000000 (the longest a timer can wait: 2^31-1 ms, about 24.8 days)`,
    );
    expect(validateConfigData(one(key, limit), 'harness.yml').problems).toEqual([]);
    expect(validateConfigData(one(key, limit + 1), 'harness.yml').problems).toHaveLength(1);
  });

  it('a flag is held to the same limit as the file', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'harness-limits-'));
    try {
      const error = await loadConfig({ cwd, overrides: { 'backoff.initial_delay_secs': 1e10 } }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toContain(
        'backoff.initial_delay_secs: expected a number >= 0 and <= 2147483, found 10000000000',
      );
    } finally {
      await rm(cwd, { recursive: true, force: true });
    }
  });

  it("the Action's duration inputs are held to the same limits", () => {
    const read = (values: Partial<Record<InputName, string>>) => (name: InputName) => values[name] ?? '';
    expect(() =>
      parseInputs(read({ 'time-budget-minutes': '1e10', 'stop-label-poll-secs': '1e10' })),
    ).toThrow(
      new InputError(
        `input stop-label-poll-secs: expected a number >= 1 and <= ${MAX_TIMER_SECS}, found "1e10" ` +
          '(the longest a timer can wait: 2^31-1 ms, about 24.8 days)\n' +
          `input time-budget-minutes: expected a number >= 1 and <= ${MAX_TIMER_MINS}, found "1e10" ` +
          '(the longest a timer can wait: 2^31-1 ms, about 24.8 days)',
      ),
    );
    const ok = parseInputs(
      read({ 'time-budget-minutes': String(MAX_TIMER_MINS), 'stop-label-poll-secs': String(MAX_TIMER_SECS) }),
    );
    expect(ok.timeBudgetMinutes).toBe(MAX_TIMER_MINS);
    expect(ok.stopLabelPollSecs).toBe(MAX_TIMER_SECS);
  });
});

describe('YAML aliases', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  });

  it('an alias bomb is a config error naming the file, not a crash', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'harness-bomb-'));
    dirs.push(cwd);
    await writeFile(join(cwd, 'harness.yml'), `${ALIAS_BOMB}\n`);
    const error = await loadConfig({ cwd }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).exitCode).toBe(2);
    expect((error as ConfigError).message).toMatch(
      /^harness\.yml: invalid YAML: its aliases \(\*name\) expand to more than 100 copies .*write the values out instead$/,
    );
  });

  it('a few aliases, as real files use them, are fine', () => {
    const text = 'hooks:\n  pre_session: &pre ["make lint"]\n  post_session: *pre\n';
    expect(parseConfigText(text, 'yaml', 'harness.yml')).toEqual({
      hooks: { pre_session: ['make lint'], post_session: ['make lint'] },
    });
  });
});
