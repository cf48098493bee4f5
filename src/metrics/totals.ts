// Totals over the last n sessions, in SQL: one pass over the window grouped by (outcome, failure_kind), whose few
// groups are folded here into the totals. The last n come through the sessions_order index (ORDER BY ... LIMIT);
// all of them through a plain table scan. Never loads the rows.
import type { DatabaseSync } from 'node:sqlite';
import type { Stat, Totals, Window } from './facts.js';

/** The numeric columns Totals reports as a Stat, each as its SQL expression over a sessions row. */
const STATS = {
  cost_usd: 'cost_usd',
  input_tokens: 'input_tokens',
  output_tokens: 'output_tokens',
  tokens:
    'CASE WHEN input_tokens IS NULL AND output_tokens IS NULL THEN NULL ELSE coalesce(input_tokens, 0) + coalesce(output_tokens, 0) END',
  cache_read_tokens: 'cache_read_tokens',
  cache_write_tokens: 'cache_write_tokens',
  turns: 'turns',
  tool_calls: 'tool_calls',
  duration_secs: 'duration_secs',
  output_bytes: 'output_bytes',
  narration_turns: 'narration_turns',
  parallel_turns: 'parallel_turns',
} as const satisfies Partial<Record<keyof Totals, string>>;
type StatName = keyof typeof STATS;

/** The columns the totals read. */
const COLUMNS = [
  'outcome',
  'failure_kind',
  'committed',
  'ended_at',
  'cost_usd',
  'input_tokens',
  'output_tokens',
  'cache_read_tokens',
  'cache_write_tokens',
  'turns',
  'tool_calls',
  'duration_secs',
  'output_bytes',
  'narration_turns',
  'parallel_turns',
].join(', ');

/** The window as a subquery with one `?` (the limit): the last n by (ended_at, seq); `all` = every session. */
export const windowSql = (columns: string): string =>
  `SELECT ${columns} FROM sessions ORDER BY ended_at DESC, seq DESC LIMIT ?`;

/** SQLite's "no limit" is -1. */
export const limitOf = (n: Window): number => (n === null ? -1 : Math.max(0, Math.trunc(n)));

const GROUPED = `SELECT outcome, failure_kind, count(*) AS sessions, coalesce(sum(committed = 1), 0) AS committed,
  count(committed) AS commit_known, min(ended_at) AS first_ended_at, max(ended_at) AS last_ended_at,
  sum(CASE WHEN narration_turns IS NOT NULL THEN turns END) AS turns_with_narration,
  sum(CASE WHEN parallel_turns IS NOT NULL THEN turns END) AS turns_with_parallel,
  ${Object.entries(STATS)
    .map(([name, expr]) => `count(${expr}) AS ${name}_n, sum(${expr}) AS ${name}_sum`)
    .join(', ')}
FROM WINDOW GROUP BY outcome, failure_kind`;

/** One group's row of GROUPED. */
type GroupRow = Record<string, string | number | null>;

const num = (value: string | number | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);
const addNullable = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : a + b;

/** Folds the (outcome, failure_kind) groups into the totals. Pure. */
export function foldGroups(groups: readonly GroupRow[]): Totals {
  const stats = Object.fromEntries(
    Object.keys(STATS).map((name) => [name, { count: 0, sum: null as number | null }]),
  ) as Record<StatName, { count: number; sum: number | null }>;
  const totals: Totals = {
    sessions: 0,
    committed: 0,
    commit_known: 0,
    outcomes: {},
    failures: {},
    first_ended_at: null,
    last_ended_at: null,
    turns_with_narration: null,
    turns_with_parallel: null,
    ...(Object.fromEntries(Object.keys(STATS).map((name) => [name, null])) as unknown as Record<
      StatName,
      Stat
    >),
  };
  for (const group of groups) {
    const sessions = Number(group.sessions);
    totals.sessions += sessions;
    totals.committed += Number(group.committed);
    totals.commit_known += Number(group.commit_known);
    const outcome = group.outcome === null ? 'unknown' : String(group.outcome);
    totals.outcomes[outcome] = (totals.outcomes[outcome] ?? 0) + sessions;
    if (group.failure_kind !== null) {
      const kind = String(group.failure_kind);
      totals.failures[kind] = (totals.failures[kind] ?? 0) + sessions;
    }
    const first = group.first_ended_at as string | null;
    const last = group.last_ended_at as string | null;
    if (first !== null && (totals.first_ended_at === null || first < totals.first_ended_at))
      totals.first_ended_at = first;
    if (last !== null && (totals.last_ended_at === null || last > totals.last_ended_at))
      totals.last_ended_at = last;
    totals.turns_with_narration = addNullable(totals.turns_with_narration, num(group.turns_with_narration));
    totals.turns_with_parallel = addNullable(totals.turns_with_parallel, num(group.turns_with_parallel));
    for (const name of Object.keys(STATS) as StatName[]) {
      stats[name].count += Number(group[`${name}_n`]);
      stats[name].sum = addNullable(stats[name].sum, num(group[`${name}_sum`]));
    }
  }
  for (const name of Object.keys(STATS) as StatName[]) {
    const { count, sum } = stats[name];
    totals[name] = { count, sum, avg: count === 0 || sum === null ? null : sum / count };
  }
  // Sorted names: the same totals print the same way.
  totals.outcomes = Object.fromEntries(
    Object.entries(totals.outcomes).sort(([a], [b]) => a.localeCompare(b)),
  );
  totals.failures = Object.fromEntries(
    Object.entries(totals.failures).sort(([a], [b]) => a.localeCompare(b)),
  );
  return totals;
}

export function totals(db: DatabaseSync, n: Window): Totals {
  const groups =
    n === null
      ? db.prepare(GROUPED.replace('WINDOW', 'sessions')).all()
      : db.prepare(GROUPED.replace('WINDOW', `(${windowSql(COLUMNS)})`)).all(limitOf(n));
  return foldGroups(groups as GroupRow[]);
}
