// Between SQL rows and the store's shapes: `committed` is an INTEGER in the table and a boolean in a SessionRow.
import type { SQLInputValue, SQLOutputValue } from 'node:sqlite';
import { FACT_FIELDS, type SessionRow } from './facts.js';

/** The columns of a session row (SessionRow) in table order. */
export const SESSION_COLUMNS: readonly string[] = ['key', 'seq', ...FACT_FIELDS];

/** The fact columns (all but `key` and `seq`). */
export const FACT_COLUMNS: readonly string[] = FACT_FIELDS;

/** What a query selects to read a SessionRow (the table has `recorded_at` and `writer` besides). */
export const SESSION_SELECT = SESSION_COLUMNS.join(', ');

/** `INSERT INTO sessions (…) VALUES (?, …)` for a whole row, in the version 1 to 4 table (tests build old files). */
export const INSERT_SESSION = `INSERT INTO sessions (${SESSION_COLUMNS.join(', ')}) VALUES (${SESSION_COLUMNS.map(() => '?').join(', ')})`;

/** The compact table's insert (version 5): the row, when and by whom it was recorded. */
export const INSERT_COMPACT = `INSERT INTO sessions (${SESSION_COLUMNS.join(', ')}, recorded_at, writer) VALUES (${SESSION_COLUMNS.map(() => '?').join(', ')}, ?, ?)`;

/** A row's values in SESSION_COLUMNS order, as SQL parameters. */
export function sessionParams(row: SessionRow): SQLInputValue[] {
  return SESSION_COLUMNS.map((column) => sqlValue(row[column as keyof SessionRow]));
}

/** A fact as a SQL parameter (a boolean as 0 or 1). */
export const sqlValue = (value: unknown): SQLInputValue =>
  typeof value === 'boolean' ? (value ? 1 : 0) : (value as SQLInputValue);

/** A `SELECT SESSION_SELECT FROM sessions` row as a SessionRow. */
export function sessionFromSql(row: Record<string, SQLOutputValue>): SessionRow {
  const committed = row.committed;
  return {
    ...(row as unknown as SessionRow),
    committed: committed === null || committed === undefined ? null : Number(committed) !== 0,
  };
}
