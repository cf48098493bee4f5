// Opening the metrics database (node:sqlite, no native dependency): WAL so a reader never waits for the writer,
// a busy timeout so concurrent writers queue instead of failing, NORMAL sync (durable at checkpoints, never
// corrupt under WAL), foreign keys on. One transaction helper: every write is whole or absent.
//
// node:sqlite is taken at open time (process.getBuiltinModule), never by a static import: the bundle's shared
// code then loads on a Node without it (22.0 to 22.12), where only the history is missing.
import type { DatabaseSync } from 'node:sqlite';
import { EXIT, HarnessError } from '../errors/exit-codes.js';

type Sqlite = typeof import('node:sqlite');

/** node:sqlite, or null on a Node that has none. */
export function sqliteModule(): Sqlite | null {
  return process.getBuiltinModule('node:sqlite') ?? null;
}

/** Thrown when the database is opened on a Node without node:sqlite. */
export class NoSqliteError extends HarnessError {
  override readonly name = 'NoSqliteError';
  constructor() {
    super(
      `this Node (${process.version}) has no node:sqlite: the metrics database needs Node >= 22.13`,
      EXIT.metricsDb,
    );
  }
}

/** How long a statement waits for another connection's lock before it fails (ms). */
export const BUSY_TIMEOUT_MS = 5000;

/**
 * A connection to `path` with the per-connection pragmas (busy timeout, foreign keys). It writes nothing: the
 * journal mode, which is stored in the file, is set by `useWal` once the file is known to be ours.
 */
export function openDatabase(path: string, options: { readonly?: boolean } = {}): DatabaseSync {
  const readOnly = options.readonly === true;
  const sqlite = sqliteModule();
  if (sqlite === null) throw new NoSqliteError();
  const db = new sqlite.DatabaseSync(path, {
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
