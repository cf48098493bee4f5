// The job summary's sessions table: one Markdown row per session, a totals row over every session of the run
// (shown or not), and the note that stands for the oldest rows when the byte budget folds them away.
import { counted, formatBytes, formatCost, formatCount, formatDuration } from './format.js';
import { OUTCOME_ORDER, outcomeLabel } from './labels.js';
import type { SessionRow } from './types.js';

export interface Totals {
  sessions: number;
  byOutcome: Map<string, number>;
  durationSecs: number | null;
  outputBytes: number | null;
  turns: number | null;
  toolCalls: number | null;
  costUsd: number | null;
  costPartial: boolean;
  committed: number;
}

const add = (sum: number | null, value: number | null): number | null =>
  value === null ? sum : (sum ?? 0) + value;

/** Sums over `rows`; a sum stays null while every value is unknown, and a cost with gaps is `costPartial`. */
export function totalsOf(rows: readonly SessionRow[]): Totals {
  const totals: Totals = {
    sessions: rows.length,
    byOutcome: new Map(),
    durationSecs: null,
    outputBytes: null,
    turns: null,
    toolCalls: null,
    costUsd: null,
    costPartial: false,
    committed: 0,
  };
  for (const row of rows) {
    const key = row.outcome ?? 'unknown';
    totals.byOutcome.set(key, (totals.byOutcome.get(key) ?? 0) + 1);
    totals.durationSecs = add(totals.durationSecs, row.duration_secs);
    totals.outputBytes = add(totals.outputBytes, row.output_bytes);
    totals.turns = add(totals.turns, row.turns);
    totals.toolCalls = add(totals.toolCalls, row.tool_calls);
    totals.costUsd = add(totals.costUsd, row.cost_usd);
    if (row.cost_usd === null) totals.costPartial = true;
    if (row.committed === true) totals.committed++;
  }
  if (totals.costUsd === null) totals.costPartial = false;
  return totals;
}

function outcomeBreakdown(byOutcome: Map<string, number>): string {
  const keys = [...byOutcome.keys()].sort((a, b) => {
    const ia = OUTCOME_ORDER.indexOf(a);
    const ib = OUTCOME_ORDER.indexOf(b);
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a.localeCompare(b);
  });
  const parts = keys
    .slice(0, 6)
    .map((k) => `${formatCount(byOutcome.get(k) ?? 0)} ${outcomeLabel({ outcome: k, end_reason: null })}`);
  if (keys.length > 6) parts.push('...');
  return parts.join(', ') || '-';
}

export const TABLE_HEADER = [
  '| Session | Outcome | Duration | Output | Turns | Tool calls | Cost | Committed |',
  '| ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |',
].join('\n');

const intCell = (n: number | null): string => (n === null ? '-' : formatCount(n));

export function sessionRowMarkdown(row: SessionRow): string {
  const committed = row.committed === null ? '-' : row.committed ? 'yes' : 'no';
  return `| ${row.global === null ? '-' : formatCount(row.global)} | ${outcomeLabel(row)} | ${formatDuration(
    row.duration_secs,
  )} | ${formatBytes(row.output_bytes)} | ${intCell(row.turns)} | ${intCell(row.tool_calls)} | ${formatCost(
    row.cost_usd,
  )} | ${committed} |`;
}

export function totalsRowMarkdown(t: Totals): string {
  const cost = t.costUsd === null ? '-' : `${formatCost(t.costUsd)}${t.costPartial ? ' (partial)' : ''}`;
  return `| **Total** (${formatCount(t.sessions)}) | ${outcomeBreakdown(t.byOutcome)} | ${formatDuration(
    t.durationSecs,
  )} | ${formatBytes(t.outputBytes)} | ${intCell(t.turns)} | ${intCell(t.toolCalls)} | ${cost} | ${formatCount(
    t.committed,
  )} of ${formatCount(t.sessions)} |`;
}

/** Stands for the `hidden` oldest rows. */
export function foldNote(hidden: number, withArtifact: boolean): string {
  const where = withArtifact ? 'see the event log artifact' : 'see the event log';
  return `_… ${counted(hidden, 'earlier session')} not shown (${where})._`;
}
