// The history's writes, each one transaction: a session recorded (its `sessions` row, what the `events` view reads
// as one event per kind, and its `transcripts` row), and a re-extraction's changes (one `changes` row per kind whose
// value changed, and the session's columns set to it, so a row always says what its events say). Event ids only
// grow: a new session takes as many as there are kinds, a change one.
import type { DatabaseSync } from 'node:sqlite';
import { transaction } from './db.js';
import {
  columnsOf,
  eventColumns,
  eventValue,
  KINDS,
  type SessionFacts,
  type SessionRow,
  type TranscriptState,
  type Writer,
} from './facts.js';
import { INSERT_COMPACT, sessionParams, sqlValue } from './rows.js';
import { transcriptName } from './slot.js';
import type { Sql } from './statements.js';
import { hasSession, lastSessions, sessionCount } from './store-queries.js';

/** The transcript a recorded session came from, when it differs from what the facts say. */
export interface RecordTranscript {
  /** Where the file is now (default: `facts.transcript`). */
  path?: string;
  /** Decompressed size (default: `facts.output_bytes`, else 0). */
  bytes?: number;
  state?: TranscriptState;
}

/** What record() takes besides the facts: the transcript's file, and tags after the writer (`rules=<n>`). */
export interface RecordOptions extends RecordTranscript {
  tags?: readonly string[];
}

/** The database a write goes to, its statements, and the clock for `ts`. */
export interface HistoryWriter {
  db: DatabaseSync;
  sql: Sql;
  now: () => string;
}

/** The first item of `tags` is the writer. */
export const tagsOf = (writer: Writer, extra: readonly string[] = []): string => [writer, ...extra].join(',');

/**
 * Records one session in one transaction: its sessions row (what the `events` view reads as one event per kind)
 * and the transcripts row (when the facts name a transcript with a sha256). A key already recorded: `'already'`,
 * and nothing is written. Content is no identity: two sessions with byte-identical transcripts are two rows.
 */
export function recordSession(
  to: HistoryWriter,
  facts: SessionFacts,
  writer: Writer,
  transcript: RecordOptions = {},
): 'recorded' | 'already' {
  const { db, sql } = to;
  return transaction(db, () => {
    if (hasSession(sql, facts.key)) return 'already';
    const ts = to.now();
    const seq = nextId(sql);
    sql(INSERT_COMPACT).run(...sessionParams({ ...facts, seq }), ts, tagsOf(writer, transcript.tags));
    const path = transcript.path ?? facts.transcript;
    if (facts.sha256 !== null && path !== null)
      sql(
        'INSERT OR IGNORE INTO transcripts (sha256, name, session, path, bytes, state) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(
        facts.sha256,
        transcriptName(path),
        seq,
        path === facts.transcript ? null : path,
        transcript.bytes ?? facts.output_bytes ?? 0,
        transcript.state ?? 'plain',
      );
    return 'recorded';
  });
}

/**
 * With `reextract`, asks it for each session's new facts (null: unchanged) and, in one transaction, appends a
 * change (writer `rebuild`) for each kind whose value changed and sets the row's columns to it. A row always says
 * what its events say (it is written with them), so without `reextract` nothing changes. Returns the count.
 */
export async function rebuildSessions(
  to: HistoryWriter,
  reextract?: (row: SessionRow) => Promise<Partial<SessionFacts> | null>,
  options: { tags?: readonly string[] } = {},
): Promise<{ sessions: number; reextracted: number }> {
  const { db, sql } = to;
  const changes: Array<{ row: SessionRow; facts: Partial<SessionFacts> }> = [];
  if (reextract)
    for (const row of lastSessions(sql, null)) {
      const facts = await reextract(row);
      if (facts) changes.push({ row, facts });
    }
  return transaction(db, () => {
    const ts = to.now();
    const tags = tagsOf('rebuild', options.tags);
    const insert = sql(
      'INSERT INTO changes (id, session, ts, kind, value, before, tags) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    for (const { row, facts } of changes) {
      const merged: SessionRow = { ...row, ...facts, key: row.key, seq: row.seq };
      for (const spec of KINDS) {
        if (!columnsOf(spec).some((field) => field in facts)) continue;
        const before = JSON.stringify(eventValue(spec, row));
        const after = JSON.stringify(eventValue(spec, merged));
        if (after === before) continue;
        insert.run(nextId(sql), row.seq, ts, spec.kind, after, before, tags);
        // The row says what its events say: the newest value of each kind, read back as the column's type.
        const columns = Object.entries(eventColumns(spec, JSON.parse(after)));
        sql(`UPDATE sessions SET ${columns.map(([c]) => `${c} = ?`).join(', ')} WHERE seq = ?`).run(
          ...columns.map(([, value]) => sqlValue(value)),
          row.seq,
        );
      }
    }
    return { sessions: sessionCount(sql), reextracted: changes.length };
  });
}

/**
 * The next id of the event log the `events` view shows: a new session takes as many as there are kinds (its
 * `seq` is the first), a change one; ids only grow.
 */
function nextId(sql: Sql): number {
  const row = sql(
    `SELECT max(coalesce((SELECT max(seq) FROM sessions) + ${KINDS.length}, 1),
                coalesce((SELECT max(id) FROM changes) + 1, 1)) AS id`,
  ).get() as { id: number };
  return Number(row.id);
}
