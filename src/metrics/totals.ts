// Totals over the last n sessions, in SQL: one aggregate pass over the window (the ORDER BY uses the
// sessions_order index; LIMIT bounds it), plus two small GROUP BYs. Never loads the rows.
import type { DatabaseSync } from 'node:sqlite';
import type { Stat, Totals, Window } from './facts.js';

/** The numeric columns Totals reports as a Stat (sessions' column names), and `tokens` as an expression. */
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

/** The window as a subquery: the last n by (ended_at, seq), or every session. */
export const windowSql = (columns: string): string =>
  `SELECT ${columns} FROM sessions ORDER BY ended_at DESC, seq DESC LIMIT ?`;

/** SQLite's "no limit". */
export const limitOf = (n: Window): number => (n === null ? -1 : Math.max(0, Math.trunc(n)));

const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

export function totals(db: DatabaseSync, n: Window): Totals {
  const statSql = Object.entries(STATS)
    .map(
      ([name, expr]) =>
        `count(${expr}) AS ${name}_n, sum(${expr}) AS ${name}_sum, avg(${expr}) AS ${name}_avg`,
    )
    .join(',\n  ');
  const window = windowSql('*');
  const row = db
    .prepare(
      `SELECT count(*) AS sessions, coalesce(sum(committed = 1), 0) AS committed, count(committed) AS commit_known,
  min(ended_at) AS first_ended_at, max(ended_at) AS last_ended_at,
  sum(CASE WHEN narration_turns IS NOT NULL THEN turns END) AS turns_with_narration,
  sum(CASE WHEN parallel_turns IS NOT NULL THEN turns END) AS turns_with_parallel,
  ${statSql}
FROM (${window})`,
    )
    .get(limitOf(n)) as Record<string, unknown>;
  const groups = (column: string, where: string): Record<string, number> =>
    Object.fromEntries(
      (
        db
          .prepare(
            `SELECT coalesce(${column}, 'unknown') AS name, count(*) AS n FROM (${window}) ${where} GROUP BY name ORDER BY name`,
          )
          .all(limitOf(n)) as Array<{ name: string; n: number }>
      ).map((entry) => [entry.name, Number(entry.n)]),
    );
  const stat = (name: string): Stat => ({
    count: Number(row[`${name}_n`]),
    sum: num(row[`${name}_sum`]),
    avg: num(row[`${name}_avg`]),
  });
  return {
    sessions: Number(row.sessions),
    committed: Number(row.committed),
    commit_known: Number(row.commit_known),
    outcomes: groups('outcome', ''),
    failures: groups('failure_kind', 'WHERE failure_kind IS NOT NULL'),
    first_ended_at: (row.first_ended_at as string | null) ?? null,
    last_ended_at: (row.last_ended_at as string | null) ?? null,
    ...(Object.fromEntries(Object.keys(STATS).map((name) => [name, stat(name)])) as Record<
      keyof typeof STATS,
      Stat
    >),
    turns_with_narration: num(row.turns_with_narration),
    turns_with_parallel: num(row.turns_with_parallel),
  };
}
