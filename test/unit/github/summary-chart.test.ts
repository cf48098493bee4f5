// The chart's bars as mermaid draws them: a session's bar only in its outcome's series, never a 0 that mermaid
// would paint as a strip at the foot of the plot, and no series without a bar.
import { describe, expect, it } from 'vitest';
import { chartLegend, renderChart } from '../../../src/platform/github/summary/chart.js';
import { type SessionRow } from '../../../src/platform/github/summary/types.js';

function row(global: number, outcome: SessionRow['outcome'], duration_secs: number | null): SessionRow {
  return {
    iteration: global,
    global,
    output_bytes: 1_000,
    exit_code: 0,
    duration_secs,
    committed: outcome === 'productive',
    retries: 0,
    rate_limited: outcome === 'rate_limited',
    outcome,
    end_reason: 'exited',
    turns: 1,
    tool_calls: 1,
    input_tokens: null,
    output_tokens: null,
    cost_usd: null,
    commit_evidence: null,
    failure_kind: null,
    failure_reason: null,
    ts: null,
  };
}

interface Chart {
  top: number;
  palette: string[];
  bars: number[][];
}

function parse(chart: string): Chart {
  const lines = chart.split('\n');
  const palette = /"plotColorPalette": "([^"]*)"/.exec(chart)?.[1]?.split(', ') ?? [];
  const top = Number(/^ {2}y-axis "[^"]*" 0 --> (\d+)$/m.exec(chart)?.[1]);
  const bars = lines
    .filter((l) => l.startsWith('  bar ['))
    .map((l) => l.slice('  bar ['.length, -1).split(', ').map(Number));
  return { top, palette, bars };
}

describe('renderChart', () => {
  it('draws one series per outcome that has a bar, each session in its own series only', () => {
    const rows = [row(1, 'productive', 30), row(2, 'cancelled', 12), row(3, 'productive', 45)];
    const { top, palette, bars } = parse(renderChart(rows));
    expect(top).toBe(50);
    expect(palette).toEqual(['#1a7f37', '#6e7781']);
    expect(bars).toEqual([
      [30, -50, 45],
      [-50, 12, -50],
    ]);
    expect(chartLegend(rows)).toBe('green = productive, grey = cancelled');
  });

  it('never writes 0, which mermaid draws as a strip: "no bar" is below the axis, by its whole height', () => {
    const outcomes: SessionRow['outcome'][] = [
      'productive',
      'empty',
      'rate_limited',
      'cancelled',
      'failed',
      null,
    ];
    const rows = Array.from({ length: 40 }, (_, i) =>
      row(i + 1, outcomes[i % outcomes.length] ?? null, i % 5 === 0 ? 0 : i * 17),
    );
    const { top, bars } = parse(renderChart(rows));
    expect(bars.length).toBeGreaterThan(0);
    for (const series of bars) {
      expect(series).toHaveLength(rows.length);
      for (const value of series) expect(value > 0 || value === -top).toBe(true);
      // A series is only there when it has a bar.
      expect(series.some((v) => v > 0)).toBe(true);
    }
    // Every session with a duration has exactly one bar; a session of zero length has none.
    rows.forEach((r, i) => {
      const drawn = bars.filter((series) => (series[i] ?? 0) > 0).length;
      expect(drawn).toBe((r.duration_secs ?? 0) > 0 ? 1 : 0);
    });
  });

  it('leaves out a series whose sessions all took no time', () => {
    const rows = [row(1, 'productive', 30), row(2, 'empty', 0), row(3, 'rate_limited', null)];
    const { palette, bars } = parse(renderChart(rows));
    expect(palette).toEqual(['#1a7f37']);
    expect(bars).toEqual([[30, -33, -33]]);
    expect(chartLegend(rows)).toBe('green = productive');
  });

  it('still has one series, with no bar, when no session took any time (mermaid needs a plot)', () => {
    const rows = [row(1, 'failed', 0), row(2, 'failed', 0.01)];
    const { top, bars } = parse(renderChart(rows));
    expect(top).toBe(1);
    expect(bars).toEqual([[-1, -1]]);
    expect(chartLegend(rows)).toBe('brown = failed');
  });

  it('says "session" for one session in its title', () => {
    expect(renderChart([row(7, 'productive', 3)])).toContain('title "Session durations, last 1 session"');
    expect(renderChart([row(7, 'productive', 3), row(8, 'empty', 4)])).toContain(
      'title "Session durations, last 2 sessions"',
    );
  });
});
