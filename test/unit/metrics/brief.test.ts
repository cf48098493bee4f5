import { describe, expect, it } from 'vitest';
import { renderBrief, worstSessions } from '../../../src/metrics/brief.js';
import { targetRules } from '../../../src/metrics/targets.js';
import { configSchema } from '../../../src/config/schema.js';
import { row } from './session-fixture.js';

const rules = targetRules(configSchema.parse({}).metrics.targets);
const none = { open: [], improvementsTotal: 0 };

describe('the brief', () => {
  it('is empty when there is no history at all', () => {
    expect(renderBrief({ rows: [], rules, ...none })).toBe('');
  });

  it('all targets met: says so, and has no warning', () => {
    const rows = [
      row(1, { turns: 40, narration_turns: 2, parallel_turns: 8, committed: true }),
      row(2, { turns: 60, narration_turns: 3, parallel_turns: 12, committed: true }),
    ];
    const text = renderBrief({ rows, rules, ...none });
    expect(text).toContain('## PERFORMANCE BRIEF (last 2 sessions, newest #2)');
    expect(text).toContain('  Completion rate: 100% (target >= 85%) OK');
    expect(text).toContain('  Narration-only turns: 5% (target < 20%) OK'); // 5 / 100
    expect(text).toContain('  Parallel tool turns: 20% (target > 10%) OK'); // 20 / 100
    expect(text).toContain('  Turns per session: 50 (target < 80) OK');
    expect(text).toContain('All targets met.');
    expect(text).not.toContain('WARNING');
  });

  it('a missed target is a MISS; three misses in a row escalate to a WARNING', () => {
    const rows = [
      row(1, { turns: 100, committed: true }),
      row(2, { turns: 90, committed: false }),
      row(3, { turns: 95, committed: false }),
      row(4, { turns: 85, committed: false }),
    ];
    const text = renderBrief({ rows, rules, ...none });
    expect(text).toContain('  Completion rate: 25% (target >= 85%) MISS');
    expect(text).toContain('  Turns per session: 92.5 (target < 80) MISS');
    expect(text).toContain('  Narration-only turns: not available (target < 20%) -');
    expect(text).toContain(
      'WARNING: completion rate missed its target (>= 85%) in each of the last 3 sessions.',
    );
    expect(text).toContain(
      'WARNING: turns per session missed its target (< 80) in each of the last 4 sessions.',
    );
    expect(text).not.toContain('All targets met.');
    expect(text.split('\n').length).toBeLessThan(40);
  });

  it('two misses are not a streak', () => {
    const rows = [row(1, { committed: true }), row(2, { committed: false }), row(3, { committed: false })];
    expect(renderBrief({ rows, rules, ...none })).not.toContain('WARNING');
  });

  it('names the worst sessions and why', () => {
    const rows = [
      row(1, { turns: 120, cost_usd: 1.5 }),
      row(2, { outcome: 'rate_limited', failure_kind: 'rate_limit', failure_reason: 'usage limit reached' }),
      row(3, { turns: 30, cost_usd: 4.25, duration_secs: 725 }),
      row(4, { outcome: 'empty' }),
    ];
    expect(worstSessions(rows)).toEqual([
      '#2 rate_limited (rate_limit: usage limit reached)',
      '#4 empty',
      '#1 most turns: 120',
      '#3 most cost: $4.25 in 12m 05s',
    ]);
    expect(renderBrief({ rows, rules, ...none })).toContain('Worst sessions:\n  #2 rate_limited');
  });

  it('lists open improvements, high severity first, even before any session', () => {
    const open = [
      { ref: 'R1', category: 'workflow', severity: 'low', status: 'open', title: 'Batch reads' },
      { ref: 'R3', category: 'cost', severity: 'high', status: 'open', title: 'Skip the full suite' },
    ];
    expect(renderBrief({ rows: [], rules, open, improvementsTotal: 4 })).toBe(
      '## OPEN IMPROVEMENTS (2 of 4)\n\nR3 [cost/high] Skip the full suite\nR1 [workflow/low] Batch reads',
    );
  });

  it('shows trends with a sparkline over the window', () => {
    const rows = [row(1, { turns: 10 }), row(2, { turns: 20 }), row(3, { turns: 80 })];
    expect(renderBrief({ rows, rules, ...none })).toContain('Turns per session  ▁▂█  worse');
  });
});
