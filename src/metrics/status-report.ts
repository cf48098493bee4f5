// `metrics status [--last N]`: the last N sessions as a fixed-width table, then their averages and totals, then
// the targets.
import { compact, duration, num, usd, when } from './format.js';
import { textTable } from '../os/text-table.js';
import { sessionName, sessionTokens, type SessionView } from './session-view.js';
import { summarize, type Aggregate } from './summary.js';
import { targetLines, type TargetResult } from './targets.js';
import type { AllTime } from './totals.js';

export type { AllTime };

const DASH = '-';

const pct = (part: number | null, whole: number | null): string =>
  part === null || whole === null || whole === 0 ? DASH : `${Math.round((part / whole) * 100)}%`;
const opt = (n: number | null, f: (n: number) => string): string => (n === null ? DASH : f(n));

const committedCell = (c: boolean | null) => (c === null ? DASH : c ? 'yes' : 'no');

export const STATUS_HEADER = [
  'Session',
  'When (UTC)',
  'Outcome',
  'Turns',
  'Narr',
  'Par',
  'Tools',
  'Tokens',
  'Cost',
  'Duration',
  'Commit',
] as const;

export function statusRow(row: SessionView): string[] {
  return [
    sessionName(row),
    when(row.ended_at),
    row.outcome ?? DASH,
    opt(row.turns, String),
    pct(row.narration_turns, row.turns),
    pct(row.parallel_turns, row.turns),
    opt(row.tool_calls, String),
    opt(sessionTokens(row), compact),
    opt(row.cost_usd, usd),
    opt(row.duration_secs, duration),
    committedCell(row.committed),
  ];
}

const avgOf = (a: Aggregate, f: (n: number) => string) => (a.avg === null ? 'n/a' : f(a.avg));
const sumOf = (a: Aggregate, f: (n: number) => string) => (a.count === 0 ? 'n/a' : f(a.sum));

const rate = (part: number, whole: number) => (whole === 0 ? '' : ` (${Math.round((part / whole) * 100)}%)`);

/** The report over the window `rows` (newest last), the whole history's totals, and the targets over the window. */
export function renderStatus(
  rows: readonly SessionView[],
  all: AllTime,
  targets: readonly TargetResult[],
): string {
  if (rows.length === 0) return 'No sessions recorded yet.';
  const s = summarize(rows);
  const total = all.sessions;
  const lines = [
    `Last ${rows.length} of ${total} session${total === 1 ? '' : 's'} (oldest first)`,
    '',
    ...textTable(STATUS_HEADER, rows.map(statusRow), 3),
    '',
    `Averages: turns ${avgOf(s.turns, num)}, tool calls ${avgOf(s.toolCalls, num)}, ` +
      `tokens ${avgOf(s.tokens, (n) => compact(Math.round(n)))}, cost ${avgOf(s.cost, usd)}, ` +
      `duration ${avgOf(s.duration, duration)}`,
    `Totals: ${s.sessions} session${s.sessions === 1 ? '' : 's'}, ` +
      `${s.committed} committed${rate(s.committed, s.committedKnown)}, ` +
      `tokens ${sumOf(s.tokens, compact)}, cost ${sumOf(s.cost, usd)}, duration ${sumOf(s.duration, duration)}`,
    `Outcomes: ${s.outcomes.map(([o, n]) => `${o} ${n}`).join(', ')}`,
  ];
  if (total > rows.length) {
    const sum = (v: number | null, f: (n: number) => string) => (v === null ? 'n/a' : f(v));
    lines.push(
      `All time: ${total} sessions, ${all.committed} committed${rate(all.committed, all.commit_known)}, ` +
        `tokens ${sum(all.tokens.sum, compact)}, cost ${sum(all.cost_usd.sum, usd)}, ` +
        `duration ${sum(all.duration_secs.sum, duration)}`,
    );
  }
  if (targets.length > 0) lines.push('', 'Targets:', ...targetLines(targets).map((l) => `  ${l}`));
  return lines.join('\n');
}
