// The metrics database's schema, as versioned steps (`PRAGMA user_version` = the number of steps applied). A step
// is never edited once released: a change is a new step. Each runs in its own transaction with the version bump,
// so a database is always at exactly one version. A database newer than this code, a file that is not SQLite, or
// a SQLite file that holds other tables is refused with a MetricsDbError naming the file and what to do.
import type { DatabaseSync } from 'node:sqlite';
import { transaction, useWal } from './db.js';
import { MetricsDbError } from './errors.js';
import { compactHistory } from './compact.js';
import { rekeyLoopSessions } from './rekey.js';
import { isSpaceError } from './room.js';

export interface Migration {
  readonly version: number;
  /** The step's SQL; or `apply`, which runs it and returns what the user should know (empty: nothing). */
  readonly sql?: string;
  readonly apply?: (db: DatabaseSync, file: string) => string[];
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `
CREATE TABLE events (
  id      INTEGER PRIMARY KEY AUTOINCREMENT,
  ts      TEXT NOT NULL,
  session TEXT NOT NULL,
  kind    TEXT NOT NULL,
  value   TEXT,
  tags    TEXT NOT NULL DEFAULT ''
);
CREATE INDEX events_session ON events(session);
CREATE INDEX events_kind ON events(kind, session);
CREATE TABLE sessions (
  key TEXT PRIMARY KEY, seq INTEGER NOT NULL,
  started_at TEXT, ended_at TEXT NOT NULL,
  source TEXT NOT NULL, transcript TEXT, sha256 TEXT, global INTEGER, iteration INTEGER, run TEXT,
  format TEXT, model TEXT, outcome TEXT, failure_kind TEXT, failure_reason TEXT,
  duration_secs REAL, output_bytes INTEGER, exit_code INTEGER,
  turns INTEGER, narration_turns INTEGER, parallel_turns INTEGER, tool_calls INTEGER,
  input_tokens INTEGER, output_tokens INTEGER, cache_read_tokens INTEGER, cache_write_tokens INTEGER,
  cost_usd REAL, committed INTEGER, commit_evidence TEXT, task_id TEXT, plan_id TEXT, phase TEXT
);
CREATE INDEX sessions_order ON sessions(ended_at, seq);`,
  },
  {
    version: 2,
    sql: `
CREATE TABLE improvements (
  id INTEGER PRIMARY KEY AUTOINCREMENT, ref TEXT UNIQUE NOT NULL,
  created TEXT NOT NULL, resolved TEXT, category TEXT NOT NULL DEFAULT 'general',
  severity TEXT NOT NULL DEFAULT 'medium', status TEXT NOT NULL DEFAULT 'open',
  title TEXT NOT NULL, description TEXT, recommendation TEXT, impact TEXT, tags TEXT
);`,
  },
  {
    version: 3,
    sql: `
CREATE TABLE transcripts (
  sha256 TEXT NOT NULL, name TEXT NOT NULL,
  path TEXT NOT NULL,
  bytes INTEGER NOT NULL, session TEXT NOT NULL, state TEXT NOT NULL DEFAULT 'plain',
  recorded_at TEXT NOT NULL, PRIMARY KEY (sha256, name)
);`,
  },
  {
    // One row per session: the loop's sessions were keyed by their transcript's content, so byte-identical
    // transcripts (a repeated limit message, a scripted agent) became one row. Their key is now the run and the
    // global number, as the loop records them from this version on (rekey.ts).
    version: 4,
    apply: rekeyLoopSessions,
  },
  {
    // A compact history: a session is one row, `changes` holds what varies after it, `events` is a view (compact.ts).
    version: 5,
    apply: compactHistory,
  },
  {
    // What `metrics ingest` asks of each file, answered by an index rather than a scan of every row: whether a
    // transcript of this name is recorded (its hash is then worth taking first), and which sessions recorded
    // these bytes (those from before version 3 have no `transcripts` row). Without them an ingest into a history
    // of N sessions read 2N rows a file. About 180 bytes a session.
    version: 6,
    sql: `
CREATE INDEX transcripts_by_name ON transcripts(name);
CREATE INDEX sessions_by_sha256 ON sessions(sha256) WHERE sha256 IS NOT NULL;`,
  },
];

/** The first version of the compact schema: a migration across it frees most of the file (VACUUM after). */
export const COMPACT_VERSION = 5;

/** The schema version this code writes. */
export const LATEST_VERSION = MIGRATIONS.length;

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The file's `user_version`; a file that is not SQLite (or is corrupt) is a MetricsDbError. */
export function schemaVersion(db: DatabaseSync, file: string): number {
  try {
    const row = db.prepare('PRAGMA user_version').get() as { user_version: number };
    // Reading the header alone succeeds on some damaged files; touching the schema proves it is a database.
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    return row.user_version;
  } catch (error) {
    // A full disk (SQLite cannot make its -shm) is no sign of a foreign file: do not ask for it to be moved away.
    if (isSpaceError(error))
      throw new MetricsDbError(
        file,
        `${file} cannot be read (${message(error)}): is its disk full? Free some space and try again`,
        { cause: error },
      );
    throw new MetricsDbError(
      file,
      `${file} is not a metrics database (${message(error)}): point [metrics] database at another file, or move this one away and the harness starts a new one`,
      { cause: error },
    );
  }
}

/** What `version` says about this code: too new, foreign, or fine. Pure: the caller reads the facts. */
export function checkVersion(file: string, version: number, foreignTables: readonly string[]): void {
  if (version > LATEST_VERSION)
    throw new MetricsDbError(
      file,
      `${file} was written by a newer agent-harness (schema version ${version}, this one knows up to ${LATEST_VERSION}): upgrade agent-harness, or point [metrics] database at another file`,
    );
  if (version === 0 && foreignTables.length > 0)
    throw new MetricsDbError(
      file,
      `${file} is a SQLite database but not a metrics database (it holds ${foreignTables.join(', ')}): point [metrics] database at another file${foreignTables.includes('improvements') ? ', or import it with `agent-harness metrics migrate --from ' + file + '`' : ''}`,
    );
}

function tablesOf(db: DatabaseSync): string[] {
  return (
    db.prepare("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name").all() as Array<{
      name: string;
    }>
  ).map((row) => row.name);
}

/** Reads the file's version and refuses what is not ours or too new, writing nothing. Returns the version. */
export function inspect(db: DatabaseSync, file: string): number {
  const version = schemaVersion(db, file);
  checkVersion(file, version, version === 0 ? tablesOf(db) : []);
  return version;
}

/**
 * Checks the file (inspect), switches it to WAL, and brings it to `upTo` (default: the latest), one step per
 * transaction. Returns the version; what a step has to tell the user (what it repaired, what it could not) is
 * pushed to `notes`.
 */
export function migrate(
  db: DatabaseSync,
  file: string,
  upTo: number = LATEST_VERSION,
  notes: string[] = [],
): number {
  const from = inspect(db, file);
  useWal(db);
  for (const step of MIGRATIONS) {
    if (step.version > upTo) break;
    transaction(db, () => {
      // Another process may have migrated while this one waited for the lock: read the version again inside.
      const current = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
      if (current >= step.version) return;
      if (current !== step.version - 1)
        throw new MetricsDbError(file, `${file}: schema version ${current} cannot take step ${step.version}`);
      if (step.sql !== undefined) db.exec(step.sql);
      if (step.apply !== undefined) notes.push(...step.apply(db, file));
      db.exec(`PRAGMA user_version = ${step.version}`);
    });
  }
  const version = schemaVersion(db, file);
  if (from > 0 && from < COMPACT_VERSION && version >= COMPACT_VERSION) shrink(db);
  return version;
}

/**
 * Gives back the pages the old tables held, once the compacting step has committed. Best effort: VACUUM needs as
 * much free space again as the file, and a database it cannot shrink is still whole (its free pages are reused).
 */
function shrink(db: DatabaseSync): void {
  try {
    db.exec('VACUUM');
  } catch {
    // Left as it is: the free pages are reused by the next writes.
  }
}
