// The job summary's history section: totals across runs and the cost and turns trends over the last 30
// sessions, from a real metrics database (node:sqlite in a temporary directory) read as post reads it. Sessions
// without a cost or turns (a text agent) are gaps, never zeros; no section at all when nothing is recorded; the
// document's byte budget drops the history's charts before its text, and the section before the budget breaks.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SessionFacts } from '../../../src/metrics/facts.js';
import { MetricsStore } from '../../../src/metrics/store.js';
import { readHistory } from '../../../src/platform/github/summary/metrics-history.js';
import { renderSummary, type SummaryInput } from '../../../src/platform/github/summary/index.js';
import {
  HISTORY_TREND_SESSIONS,
  niceTop,
  renderHistory,
  sparkline,
} from '../../../src/platform/github/summary/history.js';
import { type HistoryInput } from '../../../src/platform/github/summary/types.js';
import { sampleFacts } from '../../support/metrics-facts.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ah-history-'));
  dirs.push(dir);
  return dir;
};

/** Session `n`, ended n minutes after midnight on 2026-11-01: cost 0.01 * (n + 1), 10 + n turns, 1,100 tokens. */
const facts = (n: number, over: Partial<SessionFacts> = {}): SessionFacts =>
  sampleFacts(n, {
    ended_at: new Date(Date.UTC(2026, 10, 1, 0, n)).toISOString(),
    global: n,
    run: 'run-a',
    turns: 10 + n,
    input_tokens: 1000,
    output_tokens: 100,
    cost_usd: 0.01 * (n + 1),
    committed: true,
    ...over,
  });

/** A database holding `sessions`, read back as post reads it. */
function history(sessions: SessionFacts[]): { input: HistoryInput | null; path: string } {
  const path = join(tempDir(), 'harness-metrics.db');
  const store = MetricsStore.open(path);
  for (const session of sessions) store.record(session, 'loop');
  store.close();
  const warnings: string[] = [];
  const input = readHistory(path, (m) => warnings.push(m));
  expect(warnings).toEqual([]);
  return { input, path };
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

/** The lines of the mermaid block whose title starts with `title`. */
function chart(md: string, title: string): string[] | null {
  const blocks = md.split('```mermaid\n').slice(1);
  const block = blocks.find((b) => b.includes(`title "${title}`));
  return block ? block.slice(0, block.indexOf('```')).trimEnd().split('\n') : null;
}
const series = (lines: string[], name: 'line' | 'x-axis'): string[] => {
  const line = lines.find((l) => l.trimStart().startsWith(name)) ?? '';
  return (/\[(.*)\]/.exec(line)?.[1] ?? '').split(', ');
};

const summaryInput = (over: Partial<SummaryInput> = {}): SummaryInput => ({
  sessions: [],
  stopReason: 'completed',
  exitCode: 0,
  globalCounter: 40,
  productiveThisRun: 0,
  maxIterations: 1,
  ...over,
});

describe('the history section', () => {
  it('totals every run: sessions and runs, first and last session, commit rate, cost, tokens, turns', () => {
    const sessions = [
      ...range(0, 3).map((n) => facts(n)),
      ...range(3, 5).map((n) => facts(n, { run: 'run-b', committed: n === 3 ? false : null })),
    ];
    const md = renderHistory(history(sessions).input!);
    expect(md).toContain('### History across runs');
    expect(md).toContain('| Sessions | 5 in 2 runs |');
    expect(md).toContain('| First session | 2026-11-01 00:00 UTC |');
    expect(md).toContain('| Last session | 2026-11-01 00:04 UTC |');
    // Committed is known for 4 sessions, 3 of them committed.
    expect(md).toContain('| Commit rate | 75% (3 of 4 sessions committed) |');
    expect(md).toContain('| Cost | $0.1500 in all, $0.0300 per session |');
    expect(md).toContain('| Tokens (input + output) | 5,500 in all, 1,100 per session |');
    expect(md).toContain('| Turns | 60 in all, 12 per session |');
  });

  it('no section at all when nothing is recorded, and none without a database', () => {
    const empty = history([]);
    expect(empty.input).not.toBeNull();
    expect(renderHistory(empty.input!)).toBe('');
    const md = renderSummary(summaryInput({ history: empty.input }));
    expect(md).not.toContain('History');
    expect(readHistory(join(tempDir(), 'absent.db'), () => {})).toBeNull();
    expect(readHistory(null, () => {})).toBeNull();
  });

  it('an unreadable database is a warning and no section', () => {
    const path = join(tempDir(), 'harness-metrics.db');
    writeFileSync(
      path,
      'not a database, just text that is long enough to look like a header page'.repeat(20),
    );
    const warnings: string[] = [];
    expect(readHistory(path, (m) => warnings.push(m))).toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(path);
  });

  it('fewer than 30 sessions: the trends show all of them, charts and text', () => {
    const md = renderHistory(history(range(0, 5).map((n) => facts(n, { global: 100 + n }))).input!);
    expect(md).toContain('#### Cost per session, last 5 sessions');
    expect(md).toContain('#### Turns per session, last 5 sessions');
    const cost = chart(md, 'Cost per session')!;
    expect(series(cost, 'x-axis')).toEqual(['"100"', '"101"', '"102"', '"103"', '"104"']);
    expect(series(cost, 'line')).toEqual(['0.01', '0.02', '0.03', '0.04', '0.05']);
    expect(cost).toContain('  y-axis "Cost (USD)" 0 --> 0.055');
    const turns = chart(md, 'Turns per session')!;
    expect(series(turns, 'line')).toEqual(['10', '11', '12', '13', '14']);
    expect(turns).toContain('  y-axis "Turns" 0 --> 16'); // a whole number above the highest, with room
    expect(md).toMatch(/`▁▃[▄▅]▆█` min \$0\.0100 · avg \$0\.0300 · max \$0\.0500/); // 0.03 is halfway, give or take a float
    expect(md).toContain('`▁▃▅▆█` min 10 · avg 12 · max 14');
    expect(md).not.toContain('report no');
  });

  it('more than 30 sessions: the trends show the newest 30, the totals count every one', () => {
    const md = renderHistory(history(range(0, 45).map((n) => facts(n))).input!);
    expect(md).toContain('| Sessions | 45 in 1 run |');
    expect(md).toContain(`#### Cost per session, last ${HISTORY_TREND_SESSIONS} sessions`);
    const xs = series(chart(md, 'Turns per session')!, 'x-axis');
    expect(xs).toHaveLength(30);
    expect(xs[0]).toBe('"15"');
    expect(xs.at(-1)).toBe('"44"');
  });

  it('a session without a cost or turns is a gap, never a zero', () => {
    const sessions = range(0, 6).map((n) =>
      n === 2 || n === 4 ? facts(n, { format: 'text', cost_usd: null, turns: null }) : facts(n),
    );
    const md = renderHistory(history(sessions).input!);
    const cost = chart(md, 'Cost per session')!;
    // The chart leaves the gaps out: no 0 point, and the x-axis names only the sessions that report a cost.
    expect(series(cost, 'x-axis')).toEqual(['"0"', '"1"', '"3"', '"5"']);
    expect(series(cost, 'line')).toEqual(['0.01', '0.02', '0.04', '0.06']);
    // The sparkline shows them as gaps, and min/avg/max count only the sessions that report one.
    expect(md).toMatch(
      /`..·.·.` min \$0\.0100 · avg \$0\.0325 · max \$0\.0600 · 2 of 6 sessions report no cost/,
    );
    expect(md).toContain('min 10 · avg 12.3 · max 15 · 2 of 6 sessions report no turn count');
    expect(md).toContain('| Cost | $0.1300 in all, $0.0325 per session (4 of 6 report it) |');
  });

  it('a text agent only: no charts, a line that says no session reports them', () => {
    const sessions = range(0, 3).map((n) =>
      facts(n, { format: 'text', cost_usd: null, turns: null, input_tokens: null, output_tokens: null }),
    );
    const md = renderHistory(history(sessions).input!);
    expect(md).not.toContain('```mermaid');
    expect(md).toContain('No session among them reports a cost.');
    expect(md).toContain('No session among them reports a turn count.');
    expect(md).toContain('| Cost | not reported |');
    expect(md).toContain('| Tokens (input + output) | not reported |');
  });

  it('a single session: its numbers as text, no line of one point', () => {
    const md = renderHistory(history([facts(7)]).input!);
    expect(md).toContain('#### Cost per session, last 1 session');
    expect(md).not.toContain('```mermaid');
    expect(md).toContain('`▄` min $0.0800 · avg $0.0800 · max $0.0800');
  });

  it('runs are unknown when a session does not name its run (an ingested one)', () => {
    const md = renderHistory(history([facts(0), facts(1, { run: null, source: 'ingest' })]).input!);
    expect(md).toContain('| Sessions | 2 |');
  });

  it("the document's byte budget drops the history's charts first, then the section", () => {
    const input = history(range(0, 30).map((n) => facts(n))).input!;
    const full = renderSummary(summaryInput({ history: input }));
    expect(full).toContain('### History across runs');
    expect(chart(full, 'Cost per session')).not.toBeNull();
    const textOnly = renderSummary(summaryInput({ history: input, limitBytes: Buffer.byteLength(full) - 1 }));
    expect(textOnly).toContain('### History across runs');
    expect(textOnly).not.toContain('```mermaid');
    expect(textOnly).toContain('min $0.0100 · avg $0.1550 · max $0.3000');
    const none = renderSummary(summaryInput({ history: input, limitBytes: 700 }));
    expect(Buffer.byteLength(none)).toBeLessThanOrEqual(700);
    expect(none).not.toContain('History');
  });
});

describe('the trend helpers', () => {
  it('sparkline: scaled between min and max, a flat line in the middle, gaps as ·', () => {
    expect(sparkline([0, 7, 14])).toBe('▁▅█');
    expect(sparkline([3, 3])).toBe('▄▄');
    expect(sparkline([1, null, 2])).toBe('▁·█');
  });

  it('niceTop: the next round number of two significant digits', () => {
    expect(niceTop(0.0123)).toBe(0.013);
    expect(niceTop(44)).toBe(44);
    expect(niceTop(44.1)).toBe(45);
    expect(niceTop(1234)).toBe(1300);
    expect(niceTop(0)).toBe(1);
  });
});
