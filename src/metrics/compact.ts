// Schema step 5: a compact history. Up to version 4 a session was twenty rows of `events` (one per kind, each
// repeating the session's ~70-character key, the writer and the time) plus two indexes over them, and a derived
// `sessions` row: about 7.7 KB a session. From version 5 a session is ONE row of `sessions` (its integer `seq`, its
// key once, its facts, when and by whom it was recorded) and `changes` holds only what varies after that: an event
// a re-extraction appended (rebuild) or a kind this code does not know. `events` is a view that reads back, from
// those two tables, the very rows version 4 stored (same ids, times, writers, values), so a reader that queries it
// sees no difference. `transcripts` refers to its session by `seq`, holds its path only when it is not the
// session's `transcript`, and has no rowid (its primary key is its only index).
import type { DatabaseSync } from 'node:sqlite';
import { KINDS, type KindSpec } from './facts.js';
import { FACT_COLUMNS } from './rows.js';

/** The version-5 tables, created under the names given (the step renames the old ones out of the way first). */
export const COMPACT_TABLES = `
CREATE TABLE sessions (
  seq INTEGER PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  source TEXT NOT NULL, started_at TEXT, ended_at TEXT NOT NULL, transcript TEXT, sha256 TEXT, global INTEGER,
  iteration INTEGER, run TEXT, format TEXT, model TEXT, outcome TEXT, failure_kind TEXT, failure_reason TEXT,
  duration_secs REAL, output_bytes INTEGER, exit_code INTEGER,
  turns INTEGER, narration_turns INTEGER, parallel_turns INTEGER, tool_calls INTEGER,
  input_tokens INTEGER, output_tokens INTEGER, cache_read_tokens INTEGER, cache_write_tokens INTEGER,
  cost_usd REAL, committed INTEGER, commit_evidence TEXT, task_id TEXT, plan_id TEXT, phase TEXT,
  recorded_at TEXT NOT NULL, writer TEXT NOT NULL
);
CREATE INDEX sessions_by_end ON sessions(ended_at, seq);
CREATE TABLE changes (
  id INTEGER PRIMARY KEY, session INTEGER NOT NULL REFERENCES sessions(seq) ON DELETE CASCADE,
  ts TEXT NOT NULL, kind TEXT NOT NULL, value TEXT, before TEXT, tags TEXT NOT NULL
);
CREATE INDEX changes_by_session ON changes(session, kind);
CREATE TABLE transcripts (
  sha256 TEXT NOT NULL, name TEXT NOT NULL,
  session INTEGER NOT NULL REFERENCES sessions(seq) ON DELETE CASCADE,
  path TEXT, bytes INTEGER NOT NULL, state TEXT NOT NULL DEFAULT 'plain',
  PRIMARY KEY (sha256, name)
) WITHOUT ROWID;`;

/** One kind's value as JSON text from the row's columns: what JSON.stringify(eventValue(spec, row)) writes. */
export function valueSql(spec: KindSpec, s = 's'): string {
  if ('column' in spec) {
    if (spec.column === 'committed')
      return `(CASE WHEN ${s}.committed IS NULL THEN 'null' WHEN ${s}.committed THEN 'true' ELSE 'false' END)`;
    return `json_quote(${s}.${spec.column})`;
  }
  const object = `json_object(${Object.entries(spec.fields)
    .map(([name, column]) => `'${name}', ${s}.${column}`)
    .join(', ')})`;
  if (spec.kind === 'session.meta') return object;
  const none = Object.values(spec.fields)
    .map((column) => `${s}.${column} IS NULL`)
    .join(' AND ');
  return `(CASE WHEN ${none} THEN 'null' ELSE ${object} END)`;
}

/**
 * The `events` view: per session one row per kind (id `seq` + the kind's place in KINDS, the recording's time and
 * writer, the value it was recorded with: the first change's `before`, else the row's), then every change.
 */
export const EVENTS_VIEW = `CREATE VIEW events (id, ts, session, kind, value, tags) AS
${KINDS.map(
  (spec, i) =>
    `SELECT s.seq + ${i}, s.recorded_at, s.key, '${spec.kind}', coalesce((SELECT c.before FROM changes c WHERE c.session = s.seq AND c.kind = '${spec.kind}' ORDER BY c.id LIMIT 1), ${valueSql(spec)}), s.writer FROM sessions s`,
).join('\nUNION ALL\n')}
UNION ALL
SELECT c.id, c.ts, s.key, c.kind, c.value, c.tags FROM changes c JOIN sessions s ON s.seq = c.session`;

const kindIndex = `(SELECT column1 AS kind, column2 AS i FROM (VALUES ${KINDS.map((spec, i) => `('${spec.kind}', ${i})`).join(', ')}))`;

/**
 * Moves a version-4 database to the compact tables, inside the migration's transaction (a crash leaves version 4
 * whole). Events that the derived row already says (each kind's first event, written with the session's first) are
 * dropped; every other event becomes a change, with the value it replaced. Says what it could not carry over.
 */
export function compactHistory(db: DatabaseSync, file: string): string[] {
  db.exec(`
ALTER TABLE sessions RENAME TO v4_sessions;
ALTER TABLE events RENAME TO v4_events;
ALTER TABLE transcripts RENAME TO v4_transcripts;
${COMPACT_TABLES}
INSERT INTO sessions (seq, key, ${FACT_COLUMNS.join(', ')}, recorded_at, writer)
  SELECT s.seq, s.key, ${FACT_COLUMNS.map((c) => `s.${c}`).join(', ')}, e.ts, e.tags
  FROM v4_sessions s JOIN v4_events e ON e.id = s.seq ORDER BY s.seq;
INSERT INTO changes (id, session, ts, kind, value, before, tags)
  SELECT e.id, s.seq, e.ts, e.kind, e.value,
    coalesce((SELECT p.value FROM v4_events p WHERE p.session = e.session AND p.kind = e.kind AND p.id < e.id
              ORDER BY p.id DESC LIMIT 1), 'null'), e.tags
  FROM v4_events e JOIN sessions s ON s.key = e.session LEFT JOIN ${kindIndex} AS k ON k.kind = e.kind
  WHERE NOT (k.i IS NOT NULL AND e.id = s.seq + k.i AND e.ts = s.recorded_at AND e.tags = s.writer)
  ORDER BY e.id;
INSERT INTO transcripts (sha256, name, session, path, bytes, state)
  SELECT t.sha256, t.name, s.seq, nullif(t.path, s.transcript), t.bytes, t.state
  FROM v4_transcripts t JOIN sessions s ON s.key = t.session ORDER BY t.recorded_at, t.rowid;
`);
  const lost = db
    .prepare(
      `SELECT (SELECT count(DISTINCT session) FROM v4_events WHERE session NOT IN (SELECT key FROM sessions)) AS events,
              (SELECT count(*) FROM v4_transcripts WHERE session NOT IN (SELECT key FROM sessions)) AS transcripts`,
    )
    .get() as { events: number; transcripts: number };
  db.exec(`DROP TABLE v4_sessions; DROP TABLE v4_events; DROP TABLE v4_transcripts;\n${EVENTS_VIEW};`);
  const notes: string[] = [];
  if (lost.events > 0)
    notes.push(
      `${file}: ${lost.events} session${lost.events === 1 ? '' : 's'} whose events never made a row (no ended_at or source) were dropped when the history was compacted`,
    );
  if (lost.transcripts > 0)
    notes.push(
      `${file}: ${lost.transcripts} transcript record${lost.transcripts === 1 ? '' : 's'} of no recorded session were dropped when the history was compacted (their files are untouched)`,
    );
  return notes;
}
