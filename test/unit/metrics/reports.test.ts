import { describe, expect, it } from 'vitest';
import { renderAnalyze } from '../../../src/metrics/analyze.js';
import { csvField, exportCsv, exportJson, SESSION_COLUMNS } from '../../../src/metrics/export.js';
import { renderQuery } from '../../../src/metrics/query-report.js';
import { renderStatus } from '../../../src/metrics/status-report.js';
import { evaluateTargets, targetRules } from '../../../src/metrics/targets.js';
import { configSchema } from '../../../src/config/schema.js';
import { row } from './session-fixture.js';

const rules = targetRules(configSchema.parse({}).metrics.targets);

const rows = [
  row(1, {
    turns: 40,
    narration_turns: 4,
    parallel_turns: 6,
    tool_calls: 50,
    input_tokens: 10_000,
    output_tokens: 2_500,
    cost_usd: 1.25,
    duration_secs: 600,
    committed: true,
  }),
  row(2, {
    outcome: 'failed',
    turns: 60,
    narration_turns: 18,
    parallel_turns: 3,
    tool_calls: 70,
    input_tokens: 20_000,
    output_tokens: 7_500,
    cost_usd: 2.75,
    duration_secs: 1200,
    committed: false,
  }),
];
const allTime = (sessions: number) => ({
  sessions,
  committed: 5,
  commit_known: 8,
  cost_usd: { sum: 20 },
  tokens: { sum: 1_500_000 },
  duration_secs: { sum: 7200 },
});

describe('metrics status', () => {
  it('a fixed-width table, averages, totals and targets', () => {
    expect(renderStatus(rows, allTime(2), evaluateTargets(rules, rows)).split('\n')).toEqual([
      'Last 2 of 2 sessions (oldest first)',
      '',
      'Session  When (UTC)        Outcome     Turns  Narr  Par  Tools  Tokens   Cost  Duration  Commit',
      '#1       2026-11-11 12:00  productive     40   10%  15%     50   12.5k  $1.25   10m 00s     yes',
      '#2       2026-11-12 12:00  failed         60   30%   5%     70   27.5k  $2.75   20m 00s      no',
      '',
      'Averages: turns 50, tool calls 60, tokens 20.0k, cost $2.00, duration 15m 00s',
      'Totals: 2 sessions, 1 committed (50%), tokens 40.0k, cost $4.00, duration 30m 00s',
      'Outcomes: failed 1, productive 1',
      '',
      'Targets:',
      '  Completion rate       50%  (target >= 85%)     MISS',
      '  Narration-only turns  22%  (target < 20%)      MISS', // (4 + 18) / (40 + 60)
      '  Parallel tool turns    9%  (target > 10%)      MISS', // (6 + 3) / 100
      '  Turns per session      50  (target < 80)       ok',
    ]);
  });

  it('adds the whole history when the window is part of it; says when there is none', () => {
    expect(renderStatus(rows, allTime(9), [])).toContain(
      'All time: 9 sessions, 5 committed (63%), tokens 1.5M, cost $20.00, duration 2h 00m',
    );
    expect(renderStatus([], allTime(0), [])).toBe('No sessions recorded yet.');
  });
});

describe('analyze', () => {
  it('the last N against the N before, with change and verdict', () => {
    const text = renderAnalyze(
      [...rows, row(3, { turns: 30, committed: true }), row(4, { turns: 50, committed: true })],
      2,
      rules,
    );
    const lines = text.split('\n');
    expect(lines[0]).toBe('Last 2 sessions against the 2 before them');
    // completion 50% -> 100%: +50% (+100%) better; turns 50 -> 40: -10 (-20%) better.
    expect(lines.slice(2, 7)).toEqual([
      'Metric                  Previous  Recent        Change  Verdict',
      'Completion rate              50%    100%  +50% (+100%)   better',
      'Narration-only turns         22%     n/a                    n/a',
      'Parallel tool turns           9%     n/a                    n/a',
      'Turns per session             50      40    -10 (-20%)   better',
    ]);
    expect(text).toContain('Targets (last 2):');
  });

  it('with no earlier sessions there is nothing to compare', () => {
    expect(renderAnalyze(rows, 10, rules).split('\n')[0]).toBe(
      'Last 2 sessions (no earlier sessions to compare with)',
    );
  });
});

describe('export', () => {
  it('CSV fields are quoted per RFC 4180', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
    expect(csvField(null)).toBe('');
    expect(csvField(false)).toBe('false');
    expect(csvField(1.5)).toBe('1.5');
  });

  it('CSV: a header, one CRLF-ended line per session; JSON: every column', () => {
    const csv = exportCsv([{ key: 'k', failure_reason: 'x, "y"', turns: 3 }]);
    const [header, line, end] = csv.split('\r\n');
    expect(header).toBe(SESSION_COLUMNS.join(','));
    expect(line!.split(',').length).toBe(SESSION_COLUMNS.length + 1); // the quoted comma
    expect(line).toContain(',"x, ""y""",');
    expect(end).toBe('');
    const json = JSON.parse(exportJson([{ key: 'k', turns: 3 }])) as Array<Record<string, unknown>>;
    expect(Object.keys(json[0]!)).toEqual([...SESSION_COLUMNS]);
    expect(json[0]!['cost_usd']).toBeNull();
  });
});

describe('query', () => {
  const points = [
    { session: 'sha256:aa', global: 1, ended_at: '2026-11-01T10:00:00Z', value: 10 },
    { session: 'sha256:bb', global: 2, ended_at: '2026-11-02T10:00:00Z', value: null },
    { session: 'sha256:cc', global: 3, ended_at: '2026-11-03T10:00:00Z', value: 40 },
  ];
  it('values, their average and their trend', () => {
    expect(renderQuery('turns.total', points).split('\n')).toEqual([
      'Session  When (UTC)        Value',
      '#1       2026-11-01 10:00     10',
      '#2       2026-11-02 10:00      -',
      '#3       2026-11-03 10:00     40',
    ]);
    expect(renderQuery('turns.total', points, 'avg')).toBe('turns.total: avg 25 over 2 of 3 sessions');
    expect(renderQuery('turns.total', points, 'trend')).toBe(
      'turns.total: ▁ █  10 -> 40 (min 10, max 40, 3 sessions)',
    );
    expect(renderQuery('turns.total', [])).toBe('No values of turns.total recorded.');
  });
});
