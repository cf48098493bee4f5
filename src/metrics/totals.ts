// Totals over the last n sessions, in SQL: one flat aggregate pass over the window (no GROUP BY sort: outcomes
// and failure kinds the loop writes are counted as conditional sums), plus a GROUP BY over only the rare rows with
// another outcome or failure kind (migrated ones), when there are any. The last n come through the sessions_by_end
// index (ORDER BY ... LIMIT); all of them through a plain table scan. Never loads the rows.
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { FAILURE_KINDS, SESSION_OUTCOMES } from '../state/events/index.js';
import { SUMMED_METRICS } from '../session/index.js';
import { SESSION_STATS, type Stat, type Totals, type Window } from './facts.js';

/** The numeric columns Totals reports as a Stat: every summed metric, and two facts of the session's run. */
const STAT_COLUMNS = [...SUMMED_METRICS, ...SESSION_STATS] as const;
type StatName = (typeof STAT_COLUMNS)[number] | 'tokens';

/** The columns the totals read (the window's). */
const COLUMNS = ['outcome', 'failure_kind', 'committed', 'ended_at', ...STAT_COLUMNS].join(', ');

/** The window as a subquery with one `?` (the limit): the last n by (ended_at, seq). */
export const windowSql = (columns: string): string =>
  `SELECT ${columns} FROM sessions ORDER BY ended_at DESC, seq DESC LIMIT ?`;

/** SQLite's "no limit" is -1. */
export const limitOf = (n: Window): number => (n === null ? -1 : Math.max(0, Math.trunc(n)));

const quoted = (values: readonly string[]): string => values.map((value) => `'${value}'`).join(', ');
const OTHER_OUTCOME = `outcome NOT IN (${quoted(SESSION_OUTCOMES)})`;
const OTHER_FAILURE = `failure_kind NOT IN (${quoted(FAILURE_KINDS)})`;

/**
 * One pass over the window (`FROM WINDOW`). Tokens (input + output, the unknown one as 0) need no expression of
 * their own: their sum is the two sums added, their count the rows that know either. Over all sessions, the first
 * and last ended_at come from the sessions_by_end index instead of the scan.
 */
const flatSql = (
  all: boolean,
): string => `SELECT count(*) AS sessions, coalesce(sum(committed = 1), 0) AS committed,
  count(committed) AS commit_known,
  ${all ? '(SELECT min(ended_at) FROM sessions) AS first_ended_at, (SELECT max(ended_at) FROM sessions) AS last_ended_at' : 'min(ended_at) AS first_ended_at, max(ended_at) AS last_ended_at'},
  count(coalesce(input_tokens, output_tokens)) AS tokens_n,
  sum(CASE WHEN narration_turns IS NOT NULL THEN turns END) AS turns_with_narration,
  sum(CASE WHEN parallel_turns IS NOT NULL THEN turns END) AS turns_with_parallel,
  ${STAT_COLUMNS.map((name) => `count(${name}) AS ${name}_n, sum(${name}) AS ${name}_sum`).join(',\n  ')},
  coalesce(sum(outcome IS NULL), 0) AS "outcome:unknown",
  ${SESSION_OUTCOMES.map((outcome) => `coalesce(sum(outcome = '${outcome}'), 0) AS "outcome:${outcome}"`).join(', ')},
  ${FAILURE_KINDS.map((kind) => `coalesce(sum(failure_kind = '${kind}'), 0) AS "failure:${kind}"`).join(', ')},
  count(failure_kind) AS failure_known
FROM WINDOW`;

/** The rows with an outcome or failure kind the loop does not write, grouped: few or none. */
const OTHERS = `SELECT CASE WHEN ${OTHER_OUTCOME} THEN outcome END AS outcome,
  CASE WHEN ${OTHER_FAILURE} THEN failure_kind END AS failure_kind, count(*) AS sessions
FROM WINDOW WHERE ${OTHER_OUTCOME} OR ${OTHER_FAILURE} GROUP BY 1, 2`;

type SqlRow = Record<string, string | number | null>;

/**
 * How many sessions of the flat row have an outcome or failure kind the conditional sums did not count: none
 * unless some session has one the loop does not write (a migrated `partial`, say). Arithmetic on the row, so the
 * scan evaluates no NOT IN per row. Pure.
 */
export function othersIn(flat: SqlRow): number {
  const summed = (prefix: string): number =>
    Object.entries(flat)
      .filter(([column]) => column.startsWith(prefix))
      .reduce((total, [, value]) => total + Number(value), 0);
  return Number(flat.sessions) - summed('outcome:') + (Number(flat.failure_known) - summed('failure:'));
}

const num = (value: string | number | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

/** The flat row and the rare groups as Totals. Pure. */
export function totalsOf(flat: SqlRow, others: readonly SqlRow[]): Totals {
  const outcomes: Record<string, number> = {};
  const failures: Record<string, number> = {};
  const add = (into: Record<string, number>, name: string, count: number): void => {
    if (count > 0) into[name] = (into[name] ?? 0) + count;
  };
  for (const [column, value] of Object.entries(flat)) {
    if (column.startsWith('outcome:')) add(outcomes, column.slice('outcome:'.length), Number(value));
    if (column.startsWith('failure:')) add(failures, column.slice('failure:'.length), Number(value));
  }
  for (const group of others) {
    if (group.outcome !== null) add(outcomes, String(group.outcome), Number(group.sessions));
    if (group.failure_kind !== null) add(failures, String(group.failure_kind), Number(group.sessions));
  }
  const sorted = (counts: Record<string, number>) =>
    Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const addNullable = (a: number | null, b: number | null): number | null =>
    a === null ? b : b === null ? a : a + b;
  const stat = (name: StatName): Stat => {
    const count = Number(flat[`${name}_n`]);
    const sum =
      name === 'tokens'
        ? addNullable(num(flat.input_tokens_sum), num(flat.output_tokens_sum))
        : num(flat[`${name}_sum`]);
    return { count, sum, avg: count === 0 || sum === null ? null : sum / count };
  };
  return {
    sessions: Number(flat.sessions),
    committed: Number(flat.committed),
    commit_known: Number(flat.commit_known),
    outcomes: sorted(outcomes),
    failures: sorted(failures),
    first_ended_at: (flat.first_ended_at as string | null) ?? null,
    last_ended_at: (flat.last_ended_at as string | null) ?? null,
    ...(Object.fromEntries([...STAT_COLUMNS, 'tokens' as const].map((name) => [name, stat(name)])) as Record<
      StatName,
      Stat
    >),
    turns_with_narration: num(flat.turns_with_narration),
    turns_with_parallel: num(flat.turns_with_parallel),
  };
}

export function totals(db: DatabaseSync, n: Window): Totals {
  const from = n === null ? 'sessions' : `(${windowSql(COLUMNS)})`;
  const params: SQLInputValue[] = n === null ? [] : [limitOf(n)];
  const flat = db.prepare(flatSql(n === null).replace('WINDOW', from)).get(...params) as SqlRow;
  const others =
    othersIn(flat) > 0 ? (db.prepare(OTHERS.replaceAll('WINDOW', from)).all(...params) as SqlRow[]) : [];
  return totalsOf(flat, others);
}

/** What `metrics status` shows of the whole history (see status-report.ts). */
export interface AllTime {
  sessions: number;
  committed: number;
  commit_known: number;
  cost_usd: { sum: number | null };
  tokens: { sum: number | null };
  duration_secs: { sum: number | null };
}

const ALL_TIME = `SELECT count(*) AS sessions, coalesce(sum(committed = 1), 0) AS committed,
  count(committed) AS commit_known, sum(cost_usd) AS cost, sum(input_tokens) AS input,
  sum(output_tokens) AS output, sum(duration_secs) AS duration FROM sessions`;

/** The all-time sums in one pass of seven aggregates; a sum over no known value is null. */
export function allTime(db: DatabaseSync): AllTime {
  const row = db.prepare(ALL_TIME).get() as SqlRow;
  const input = num(row.input);
  const output = num(row.output);
  return {
    sessions: Number(row.sessions),
    committed: Number(row.committed),
    commit_known: Number(row.commit_known),
    cost_usd: { sum: num(row.cost) },
    tokens: { sum: input === null ? output : output === null ? input : input + output },
    duration_secs: { sum: num(row.duration) },
  };
}
