// Between SQL rows and the store's shapes: `committed` is an INTEGER in the table and a boolean in a SessionRow.
import type { SQLInputValue, SQLOutputValue } from 'node:sqlite';
import { FACT_FIELDS, type SessionRow } from './facts.js';

/** The `sessions` columns in table order. */
export const SESSION_COLUMNS: readonly string[] = ['key', 'seq', ...FACT_FIELDS];

/** `INSERT INTO sessions (…) VALUES (?, …)` for a whole row. */
export const INSERT_SESSION = `INSERT INTO sessions (${SESSION_COLUMNS.join(', ')}) VALUES (${SESSION_COLUMNS.map(() => '?').join(', ')})`;

/** A row's values in SESSION_COLUMNS order, as SQL parameters. */
export function sessionParams(row: SessionRow): SQLInputValue[] {
  return SESSION_COLUMNS.map((column) => {
    const value = row[column as keyof SessionRow];
    if (typeof value === 'boolean') return value ? 1 : 0;
    return value;
  });
}

/** A `SELECT * FROM sessions` row as a SessionRow. */
export function sessionFromSql(row: Record<string, SQLOutputValue>): SessionRow {
  const committed = row.committed;
  return {
    ...(row as unknown as SessionRow),
    committed: committed === null || committed === undefined ? null : Number(committed) !== 0,
  };
}
