import { describe, expect, it } from 'vitest';
import {
  evaluateTargets,
  formatRule,
  metricValue,
  missStreak,
  parseTarget,
  targetLines,
  targetRules,
} from '../../../src/metrics/targets.js';
import { configSchema } from '../../../src/config/schema.js';
import { row } from './session-fixture.js';

const defaults = configSchema.parse({}).metrics.targets;

describe('targets', () => {
  it('parses comparisons and "off"', () => {
    expect(parseTarget('turns_per_session', ' <= 80.5 ')).toEqual({
      metric: 'turns_per_session',
      op: '<=',
      threshold: 80.5,
    });
    expect(parseTarget('cost_per_session', 'off')).toBeNull();
    expect(() => parseTarget('cost_per_session', '== 3')).toThrow(/cost_per_session/);
  });

  it("the defaults are the bash loop tool's four targets, in order", () => {
    expect(targetRules(defaults).map(formatRule)).toEqual(['>= 85%', '< 20%', '> 10%', '< 80']);
    expect(targetRules({ ...defaults, cost_per_session: '< 2' }).at(-1)).toEqual({
      metric: 'cost_per_session',
      op: '<',
      threshold: 2,
    });
  });

  it('computes window metrics from sums, not averages of ratios', () => {
    const rows = [
      row(1, { turns: 10, narration_turns: 5, parallel_turns: 0, committed: true }),
      row(2, { turns: 90, narration_turns: 5, parallel_turns: 18, committed: false }),
      row(3, { turns: 20, committed: true }),
    ];
    // narration: (5 + 5) / (10 + 90) = 10%; session 3 has no narration count, so its turns do not count.
    expect(metricValue('narration_only_pct', rows)).toBe(10);
    expect(metricValue('parallel_turns_pct', rows)).toBe(18);
    expect(metricValue('turns_per_session', rows)).toBe(40);
    expect(metricValue('completion_rate', rows)).toBeCloseTo(66.667, 2);
    expect(metricValue('cost_per_session', rows)).toBeNull();
    expect(
      metricValue('tokens_per_session', [row(1, { input_tokens: 100 }), row(2, { output_tokens: 50 })]),
    ).toBe(75);
  });

  it('pass, miss, and not available (never a pass or a miss)', () => {
    const rows = [row(1, { turns: 100, committed: true }), row(2, { turns: 50, committed: true })];
    const results = evaluateTargets(targetRules(defaults), rows);
    expect(results.map((r) => [r.rule.metric, r.value, r.status])).toEqual([
      ['completion_rate', 100, 'pass'],
      ['narration_only_pct', null, 'not available'],
      ['parallel_turns_pct', null, 'not available'],
      ['turns_per_session', 75, 'pass'],
    ]);
    expect(evaluateTargets(targetRules(defaults), [row(1, { turns: 80 })])[3]!.status).toBe('miss');
    expect(targetLines(results)).toEqual([
      'Completion rate       100%  (target >= 85%)     ok',
      'Narration-only turns     -  (target < 20%)      not available',
      'Parallel tool turns      -  (target > 10%)      not available',
      'Turns per session       75  (target < 80)       ok',
    ]);
  });

  it('a miss streak counts the newest sessions that miss on their own', () => {
    const [completion] = targetRules(defaults);
    const rows = [
      row(1, { committed: false }),
      row(2, { committed: true }),
      row(3, { committed: false }),
      row(4, { committed: false }),
    ];
    expect(missStreak(completion!, rows)).toBe(2);
    expect(missStreak(completion!, [...rows, row(5)])).toBe(0);
  });
});
