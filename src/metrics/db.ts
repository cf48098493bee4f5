// Opening the metrics database (node:sqlite, no native dependency): WAL so a reader never waits for the writer,
// a busy timeout so concurrent writers queue instead of failing, NORMAL sync (durable at checkpoints, never
// corrupt under WAL), foreign keys on. One transaction helper: every write is whole or absent.
import { DatabaseSync } from 'node:sqlite';

/** How long a statement waits for another connection's lock before it fails (ms). */
export const BUSY_TIMEOUT_MS = 5000;

/**
 * A connection to `path` with the per-connection pragmas (busy timeout, foreign keys). It writes nothing: the
 * journal mode, which is stored in the file, is set by `useWal` once the file is known to be ours.
 */
export function openDatabase(path: string, options: { readonly?: boolean } = {}): DatabaseSync {
  const readOnly = options.readonly === true;
  const db = new DatabaseSync(path, {
    readOnly,
    timeout: BUSY_TIMEOUT_MS,
    enableForeignKeyConstraints: true,
  });
  try {
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.exec('PRAGMA foreign_keys = ON');
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** A writer's mode: WAL (readers never wait for the writer, nor see half a transaction) and NORMAL sync. */
export function useWal(db: DatabaseSync): void {
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
}

/**
 * Runs `fn` in one write transaction (BEGIN IMMEDIATE: the write lock is taken up front, so two writers queue on
 * the busy timeout instead of deadlocking on an upgrade), committed when it returns, rolled back when it throws.
 */
export function transaction<T>(db: DatabaseSync, fn: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
