// The history's reads of sessions and events: one session by key, the count, the last n sessions, every session
// or event one at a time (export), and one event kind's values over the last n sessions. A kind this code writes
// is read from the session's row; another kind (an older file's) from `changes` (compact.ts).
import type { DatabaseSync, SQLOutputValue } from 'node:sqlite';
import { valueSql } from './compact.js';
import { columnsOf, kindSpec, type KindValue, type SessionRow, type Window } from './facts.js';
import { SESSION_SELECT, sessionFromSql } from './rows.js';
import type { Sql } from './statements.js';
import { limitOf, windowSql } from './totals.js';

/** One event of the log the `events` view shows, its value parsed. */
export interface HistoryEvent {
  id: number;
  ts: string;
  session: string;
  kind: string;
  value: unknown;
  tags: string;
}

/** Whether a session with this key has any event. */
export function hasSession(sql: Sql, key: string): boolean {
  return sql('SELECT 1 FROM sessions WHERE key = ?').get(key) !== undefined;
}

/** One session's row. */
export function sessionByKey(sql: Sql, key: string): SessionRow | null {
  const row = sql(`SELECT ${SESSION_SELECT} FROM sessions WHERE key = ?`).get(key);
  return row ? sessionFromSql(row) : null;
}

/** How many sessions are recorded. */
export function sessionCount(sql: Sql): number {
  return Number((sql('SELECT count(*) AS n FROM sessions').get() as { n: number }).n);
}

/** The last `n` sessions (all when `null`) by (ended_at, seq), newest last. */
export function lastSessions(sql: Sql, n: Window): SessionRow[] {
  return sql(`SELECT * FROM (${windowSql(SESSION_SELECT)}) ORDER BY ended_at, seq`)
    .all(limitOf(n))
    .map(sessionFromSql);
}

/** Every session, oldest first, one at a time (export). */
export function* allSessions(db: DatabaseSync): Generator<SessionRow> {
  for (const row of db.prepare(`SELECT ${SESSION_SELECT} FROM sessions ORDER BY ended_at, seq`).iterate())
    yield sessionFromSql(row);
}

/**
 * Every session's values in SESSION_COLUMNS order, oldest first, one at a time (`metrics export`: no object
 * per row; `committed` as SQLite has it, 0 or 1).
 */
export function* sessionValues(db: DatabaseSync): Generator<SQLOutputValue[]> {
  const statement = db.prepare(`SELECT ${SESSION_SELECT} FROM sessions ORDER BY ended_at, seq`);
  statement.setReturnArrays(true);
  yield* statement.iterate() as unknown as Iterable<SQLOutputValue[]>;
}

/** Every event, in id order, one at a time (export). */
export function* allEvents(db: DatabaseSync): Generator<HistoryEvent> {
  for (const row of db
    .prepare('SELECT id, ts, session, kind, value, tags FROM events ORDER BY id')
    .iterate()) {
    const r = row as {
      id: number;
      ts: string;
      session: string;
      kind: string;
      value: string | null;
      tags: string;
    };
    yield { ...r, value: parseValue(r.value) };
  }
}

/**
 * The value of one event kind for each of the last `n` sessions that has it (the newest such event per
 * session), oldest first.
 */
export function kindValues(sql: Sql, kind: string, n: Window): KindValue[] {
  // A kind this code writes: every session has it, and its newest value is the row's. Another kind (an older
  // file's): the newest change of that kind, for the sessions that have one.
  const spec = kindSpec(kind);
  const newest = spec
    ? `${valueSql(spec, 'w')} AS value, ? AS kind`
    : `(SELECT coalesce(c.value, 'null') FROM changes c WHERE c.kind = ? AND c.session = w.seq
        ORDER BY c.id DESC LIMIT 1) AS value`;
  const columns = ['key', 'global', 'ended_at', 'seq', ...(spec ? columnsOf(spec) : [])].join(', ');
  const rows = sql(
    `SELECT * FROM (
         SELECT w.key AS session, w.global AS global, w.ended_at AS ended_at, w.seq AS seq, ${newest}
         FROM (${windowSql(columns)}) w
       ) WHERE value IS NOT NULL ORDER BY ended_at, seq`,
  ).all(kind, limitOf(n));
  return rows.map((row) => ({
    session: row.session as string,
    global: row.global === null ? null : Number(row.global),
    ended_at: row.ended_at as string,
    value: parseValue(row.value as string),
  }));
}

/** An event's JSON value; SQL NULL or text that does not parse reads as `null` (not known). */
function parseValue(value: string | null): unknown {
  if (value === null) return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
}
