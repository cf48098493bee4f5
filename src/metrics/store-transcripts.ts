// The transcripts the history has recorded: how `metrics ingest` knows a file it already has (by name, by content,
// by both; each answered through an index), which of the loop's sessions are recorded (reconcile.ts), and the
// list retention works through, with where each file is now and in which state.
import type { DatabaseSync } from 'node:sqlite';
import { transaction } from './db.js';
import type { TranscriptRecord, TranscriptState } from './facts.js';
import { transcriptName, transcriptSlot } from './slot.js';
import type { Sql } from './statements.js';

/**
 * What `metrics ingest` asks of the history for every file: each is answered through an index (schema 6), never
 * by reading every row (test/unit/metrics/store.test.ts checks their query plans).
 */
export const INGEST_QUERIES = {
  knowsName: 'SELECT 1 FROM transcripts WHERE name = ? LIMIT 1',
  recordedAs: 'SELECT 1 FROM transcripts WHERE sha256 = ? AND name = ? LIMIT 1',
  contentName: 'SELECT name FROM transcripts WHERE sha256 = ? ORDER BY session LIMIT 1',
  sessionsWithContent: 'SELECT transcript FROM sessions WHERE sha256 = ?',
} as const;

/** The name of a recorded transcript with this content (any name), or null: `metrics ingest --dedupe-content`. */
export function recordedContent(sql: Sql, sha256: string): string | null {
  const row = sql(INGEST_QUERIES.contentName).get(sha256) as { name: string } | undefined;
  if (row) return row.name;
  // Recorded before the transcripts table (schema 3): the session's own columns.
  const session = sql(`${INGEST_QUERIES.sessionsWithContent} LIMIT 1`).get(sha256) as
    { transcript: string | null } | undefined;
  return session === undefined ? null : transcriptName(session.transcript ?? '') || '(unnamed)';
}

/**
 * Whether a transcript of this name (without .gz/.zst) and this content is recorded: how `metrics ingest` knows
 * a file it already has. Two sessions may have byte-identical transcripts; they never share a name.
 */
export function isRecordedAs(sql: Sql, sha256: string, name: string): boolean {
  if (sql(INGEST_QUERIES.recordedAs).get(sha256, name)) return true;
  return sql(INGEST_QUERIES.sessionsWithContent)
    .all(sha256)
    .some((row) => typeof row.transcript === 'string' && transcriptName(row.transcript) === name);
}

/** Whether a transcript of this name (without .gz/.zst) has been recorded, whatever its content. */
export function knowsTranscriptName(sql: Sql, name: string): boolean {
  return sql(INGEST_QUERIES.knowsName).get(name) !== undefined;
}

/**
 * Every recorded session's number and transcript (the path without .gz/.zst), as `<global> <path>`: what the
 * loop's unrecorded sessions are told apart by (reconcile.ts).
 */
export function sessionTranscripts(sql: Sql): Set<string> {
  const known = new Set<string>();
  for (const row of sql(
    'SELECT global, transcript FROM sessions WHERE global IS NOT NULL AND transcript IS NOT NULL',
  ).all())
    known.add(transcriptSlot(Number(row.global), String(row.transcript)));
  return known;
}

/** Every recorded transcript, oldest first (retention). */
export function transcriptRecords(sql: Sql): TranscriptRecord[] {
  return sql(
    `SELECT t.sha256, t.name, coalesce(t.path, s.transcript) AS path, t.bytes, s.key AS session, t.state,
       s.recorded_at FROM transcripts t JOIN sessions s ON s.seq = t.session ORDER BY s.recorded_at, s.seq`,
  )
    .all()
    .map((row) => ({ ...row }) as unknown as TranscriptRecord);
}

/** Where a transcript is now and in which state (after compressing or deleting it). */
export function markTranscript(
  db: DatabaseSync,
  sql: Sql,
  at: { sha256: string; name: string; state: TranscriptState; path: string },
): void {
  transaction(db, () => {
    sql('UPDATE transcripts SET state = ?, path = ? WHERE sha256 = ? AND name = ?').run(
      at.state,
      at.path,
      at.sha256,
      at.name,
    );
  });
}
