// Opening the history's file: a writer's creates the directory, opens and migrates it to the latest schema
// (migrations.ts); a reader's opens it read-only and, when its schema is older, lets one short writer bring it up
// to date first (each step is a transaction), then reopens it read-only. A missing file for a reader, a file that
// is not SQLite or not ours, or a newer schema: MetricsDbError naming the file and what to do.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { openDatabase } from './db.js';
import { MetricsDbError } from './errors.js';
import { inspect, LATEST_VERSION, migrate } from './migrations.js';

/** The open database, and what opening it migrated and could not repair, for the user (empty when nothing). */
export interface OpenedHistory {
  db: DatabaseSync;
  notes: string[];
}

export function openHistory(path: string, readonly: boolean): OpenedHistory {
  if (readonly) {
    if (!existsSync(path))
      throw new MetricsDbError(
        path,
        `${path}: no metrics database yet (it is written after the first session)`,
      );
    // A reader of an older schema: one short writer brings it up to date first (each step is a transaction).
    let db = open(path, true);
    let version: number;
    try {
      version = inspect(db, path);
    } catch (cause) {
      db.close();
      throw cause;
    }
    const notes: string[] = [];
    if (version < LATEST_VERSION) {
      db.close();
      const writer = open(path, false);
      try {
        migrate(writer, path, LATEST_VERSION, notes);
      } finally {
        writer.close();
      }
      db = open(path, true);
    }
    return { db, notes };
  }
  const db = open(path, false);
  const notes: string[] = [];
  try {
    migrate(db, path, LATEST_VERSION, notes);
  } catch (cause) {
    db.close();
    throw cause instanceof MetricsDbError ? cause : error(path, 'cannot be migrated', cause);
  }
  return { db, notes };
}

const error = (file: string, what: string, cause: unknown): MetricsDbError =>
  new MetricsDbError(
    file,
    `${file}: ${what} (${cause instanceof Error ? cause.message : String(cause)}): check the file, or point [metrics] database at another one`,
    { cause },
  );

function open(path: string, readonly: boolean): DatabaseSync {
  if (!readonly) mkdirSync(dirname(resolve(path)), { recursive: true });
  try {
    return openDatabase(path, { readonly });
  } catch (cause) {
    throw error(path, 'cannot be opened', cause);
  }
}
