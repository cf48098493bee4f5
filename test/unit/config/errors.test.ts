import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  formatKeyPath,
  formatProblem,
  formatValue,
  mismatchProblem,
  unknownKeyProblem,
} from '../../../src/config/errors.js';
import { compilePattern, patternError } from '../../../src/config/regex.js';
import { closestMatch, editDistance } from '../../../src/config/suggest.js';

describe('suggestions', () => {
  it('counts an adjacent transposition as one edit', () => {
    expect(editDistance('stale_timeout_mins', 'stale_timoeut_mins')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('suggests only close matches', () => {
    const keys = ['check_interval_secs', 'stale_timeout_mins', 'min_output_bytes'];
    expect(closestMatch('stale_timout_mins', keys)).toBe('stale_timeout_mins');
    expect(closestMatch('Stale-Timeout-Mins', keys)).toBe('stale_timeout_mins');
    expect(closestMatch('stale_timeout', keys)).toBe('stale_timeout_mins');
    expect(closestMatch('colour', keys)).toBeUndefined();
    expect(closestMatch('pipe', ['arg', 'stdin', 'file'])).toBeUndefined();
  });
});

describe('problem formatting', () => {
  it('formats key paths with indices and quoted odd keys', () => {
    expect(formatKeyPath(['commit_detection', 'patterns', 1])).toBe('commit_detection.patterns[1]');
    expect(formatKeyPath(['agent', 'env', 'MY.VAR'])).toBe('agent.env["MY.VAR"]');
    expect(formatKeyPath([])).toBe('');
  });

  it('shows values as JSON and truncates long ones', () => {
    expect(formatValue('ten')).toBe('"ten"');
    expect(formatValue(Number.POSITIVE_INFINITY)).toBe('Infinity');
    const long = formatValue('x'.repeat(500));
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith('…')).toBe(true);
  });

  it('formats one problem per line with file, position and key path', () => {
    expect(
      formatProblem(mismatchProblem('harness.toml', 'backoff.max_delay_secs', 'a number >= 0', 'ten')),
    ).toBe('harness.toml: backoff.max_delay_secs: expected a number >= 0, found "ten"');
    expect(
      formatProblem(unknownKeyProblem('harness.yml', 'watchdog.stale_timout_mins', [], 'stale_timeout_mins')),
    ).toBe('harness.yml: watchdog.stale_timout_mins: unknown key (did you mean "stale_timeout_mins"?)');
    expect(formatProblem({ source: 'h.yml', line: 3, column: 7, message: 'bad\n  thing' })).toBe(
      'h.yml:3:7: bad thing',
    );
  });

  it('ConfigError joins all problems and exits with 2', () => {
    const error = new ConfigError([
      { source: 'a.yml', path: 'x', message: 'one' },
      { source: 'a.yml', message: 'two' },
    ]);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ConfigError');
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe('a.yml: x: one\na.yml: two');
    expect(error.problems).toHaveLength(2);
  });
});

describe('patterns', () => {
  it('turns a leading (?i) into the i flag', () => {
    const re = compilePattern('(?i)git commit');
    expect(re.flags).toBe('i');
    expect(re.test('Git Commit -m x')).toBe(true);
    expect(compilePattern('bd-finish').flags).toBe('');
    expect(compilePattern('bd-finish').test('BD-FINISH')).toBe(false);
  });

  it('reports why a pattern is invalid, without the engine prefix', () => {
    expect(patternError('(?i)\\bcommitted\\b')).toBeUndefined();
    expect(patternError('(unclosed')).toBe('Unterminated group');
  });
});
