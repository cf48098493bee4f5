// The metrics database: one `sessions` row per session (its facts as first recorded, kept equal to what its events
// say), `changes` (the events appended after that: a re-extraction's), the `events` view that reads both back as
// the event log (compact.ts), improvements, and the transcripts recorded (idempotency and retention). Every write
// is one transaction; readers open read-only and, under WAL, never wait for the writer nor see half a session.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { DatabaseSync, SQLOutputValue, StatementSync } from 'node:sqlite';
import { openDatabase, transaction } from './db.js';
import { MetricsDbError } from './errors.js';
import {
  eventColumns,
  eventValue,
  KINDS,
  kindSpec,
  columnsOf,
  type KindValue,
  type SessionFacts,
  type SessionRow,
  type Totals,
  type TranscriptRecord,
  type TranscriptState,
  type Window,
  type Writer,
} from './facts.js';
import { improvementsApi, type ImprovementsApi } from './improvements.js';
import { inspect, LATEST_VERSION, migrate } from './migrations.js';
import { valueSql } from './compact.js';
import { INSERT_COMPACT, SESSION_SELECT, sessionFromSql, sessionParams, sqlValue } from './rows.js';
import { transcriptName, transcriptSlot } from './slot.js';
import { importSelfImprovement, type SelfImprovementImport } from './self-improvement.js';
import { allTime, limitOf, totals, windowSql, type AllTime } from './totals.js';

export { transcriptName, transcriptSlot } from './slot.js';
export type { ImprovementsApi } from './improvements.js';
export type { SelfImprovementImport } from './self-improvement.js';
export { MetricsDbError, UnknownImprovementError } from './errors.js';
export type {
  Improvement,
  KindValue,
  NewImprovement,
  SessionFacts,
  SessionRow,
  Stat,
  Totals,
  TranscriptRecord,
  TranscriptState,
  Window,
  Writer,
} from './facts.js';

export interface OpenOptions {
  /** Never write: for readers (`metrics status`, `brief`). An older schema is migrated first by a short writer. */
  readonly?: boolean;
  /** The clock for `ts`, `recorded_at`, `created`, `resolved` (tests). */
  now?: () => string;
}

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

/** The first item of `tags` is the writer. */
export const tagsOf = (writer: Writer, extra: readonly string[] = []): string => [writer, ...extra].join(',');

const error = (file: string, what: string, cause: unknown): MetricsDbError =>
  new MetricsDbError(
    file,
    `${file}: ${what} (${cause instanceof Error ? cause.message : String(cause)}): check the file, or point [metrics] database at another one`,
    { cause },
  );

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

export class MetricsStore {
  readonly improvements: ImprovementsApi;
  /** Prepared statements by SQL text: preparing costs more than running for the small statements here. */
  private readonly statements = new Map<string, StatementSync>();

  private constructor(
    /** The database file. */
    readonly path: string,
    private readonly db: DatabaseSync,
    private readonly now: () => string,
    /** What opening it migrated and could not repair, for the user (migrations.ts); empty when nothing. */
    readonly notes: readonly string[] = [],
  ) {
    this.improvements = improvementsApi(db, now);
  }

  /**
   * Opens (and creates and migrates, unless `readonly`) the database at `path`. A missing file read-only, a file
   * that is not SQLite or not ours, or a newer schema: MetricsDbError naming the file and what to do.
   */
  static open(path: string, options: OpenOptions = {}): MetricsStore {
    const now = options.now ?? (() => new Date().toISOString());
    if (options.readonly === true) {
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
      return new MetricsStore(path, db, now, notes);
    }
    const db = open(path, false);
    const notes: string[] = [];
    try {
      migrate(db, path, LATEST_VERSION, notes);
    } catch (cause) {
      db.close();
      throw cause instanceof MetricsDbError ? cause : error(path, 'cannot be migrated', cause);
    }
    return new MetricsStore(path, db, now, notes);
  }

  /** The prepared statement for `text` (not for iterate(): two live iterators must not share one). */
  private sql(text: string): StatementSync {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }

  /** Moves the WAL into the main file and truncates it: before the Action caches the file. */
  checkpoint(): void {
    this.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  }

  /** Whether a session with this key has any event. */
  hasSession(key: string): boolean {
    return this.sql('SELECT 1 FROM sessions WHERE key = ?').get(key) !== undefined;
  }

  /**
   * The name of a recorded transcript with this content (any name), or null: `metrics ingest --dedupe-content`.
   */
  recordedContent(sha256: string): string | null {
    const row = this.sql(INGEST_QUERIES.contentName).get(sha256) as { name: string } | undefined;
    if (row) return row.name;
    // Recorded before the transcripts table (schema 3): the session's own columns.
    const session = this.sql(`${INGEST_QUERIES.sessionsWithContent} LIMIT 1`).get(sha256) as
      { transcript: string | null } | undefined;
    return session === undefined ? null : transcriptName(session.transcript ?? '') || '(unnamed)';
  }

  /**
   * Whether a transcript of this name (without .gz/.zst) and this content is recorded: how `metrics ingest` knows
   * a file it already has. Two sessions may have byte-identical transcripts; they never share a name.
   */
  isRecordedAs(sha256: string, name: string): boolean {
    if (this.sql(INGEST_QUERIES.recordedAs).get(sha256, name)) return true;
    return this.sql(INGEST_QUERIES.sessionsWithContent)
      .all(sha256)
      .some((row) => typeof row.transcript === 'string' && transcriptName(row.transcript) === name);
  }

  /**
   * Every recorded session's number and transcript (the path without .gz/.zst), as `<global> <path>`: what the
   * loop's unrecorded sessions are told apart by (reconcile.ts).
   */
  sessionTranscripts(): Set<string> {
    const known = new Set<string>();
    for (const row of this.sql(
      'SELECT global, transcript FROM sessions WHERE global IS NOT NULL AND transcript IS NOT NULL',
    ).all())
      known.add(transcriptSlot(Number(row.global), String(row.transcript)));
    return known;
  }

  /**
   * Records one session in one transaction: its sessions row (what the `events` view reads as one event per kind)
   * and the transcripts row (when the facts name a transcript with a sha256). A key already recorded: `'already'`,
   * and nothing is written. Content is no identity: two sessions with byte-identical transcripts are two rows.
   */
  record(facts: SessionFacts, writer: Writer, transcript: RecordOptions = {}): 'recorded' | 'already' {
    return transaction(this.db, () => {
      if (this.hasSession(facts.key)) return 'already';
      const ts = this.now();
      const seq = this.nextId();
      this.sql(INSERT_COMPACT).run(...sessionParams({ ...facts, seq }), ts, tagsOf(writer, transcript.tags));
      const path = transcript.path ?? facts.transcript;
      if (facts.sha256 !== null && path !== null)
        this.sql(
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
   * The next id of the event log the `events` view shows: a new session takes as many as there are kinds (its
   * `seq` is the first), a change one; ids only grow.
   */
  private nextId(): number {
    const row = this.sql(
      `SELECT max(coalesce((SELECT max(seq) FROM sessions) + ${KINDS.length}, 1),
                  coalesce((SELECT max(id) FROM changes) + 1, 1)) AS id`,
    ).get() as { id: number };
    return Number(row.id);
  }

  /** One session's row. */
  session(key: string): SessionRow | null {
    const row = this.sql(`SELECT ${SESSION_SELECT} FROM sessions WHERE key = ?`).get(key);
    return row ? sessionFromSql(row) : null;
  }

  /** How many sessions are recorded. */
  count(): number {
    return Number((this.sql('SELECT count(*) AS n FROM sessions').get() as { n: number }).n);
  }

  /** The last `n` sessions (all when `null`) by (ended_at, seq), newest last. */
  lastSessions(n: Window): SessionRow[] {
    return this.sql(`SELECT * FROM (${windowSql(SESSION_SELECT)}) ORDER BY ended_at, seq`)
      .all(limitOf(n))
      .map(sessionFromSql);
  }

  /** Every session, oldest first, one at a time (export). */
  *sessions(): Generator<SessionRow> {
    for (const row of this.db
      .prepare(`SELECT ${SESSION_SELECT} FROM sessions ORDER BY ended_at, seq`)
      .iterate())
      yield sessionFromSql(row);
  }

  /**
   * Every session's values in SESSION_COLUMNS order, oldest first, one at a time (`metrics export`: no object
   * per row; `committed` as SQLite has it, 0 or 1).
   */
  *sessionValues(): Generator<SQLOutputValue[]> {
    const statement = this.db.prepare(`SELECT ${SESSION_SELECT} FROM sessions ORDER BY ended_at, seq`);
    statement.setReturnArrays(true);
    yield* statement.iterate() as unknown as Iterable<SQLOutputValue[]>;
  }

  /** Every event, in id order, one at a time (export). */
  *events(): Generator<{
    id: number;
    ts: string;
    session: string;
    kind: string;
    value: unknown;
    tags: string;
  }> {
    for (const row of this.db
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

  /** Aggregates over the last `n` sessions (all when `null`), in SQL. */
  totals(n: Window): Totals {
    return totals(this.db, n);
  }

  /** The few all-time sums `metrics status` shows, in one narrow pass (cheaper than `totals(null)`). */
  allTime(): AllTime {
    return allTime(this.db);
  }

  /**
   * The value of one event kind for each of the last `n` sessions that has it (the newest such event per
   * session), oldest first.
   */
  query(kind: string, n: Window): KindValue[] {
    // A kind this code writes: every session has it, and its newest value is the row's. Another kind (an older
    // file's): the newest change of that kind, for the sessions that have one.
    const spec = kindSpec(kind);
    const newest = spec
      ? `${valueSql(spec, 'w')} AS value, ? AS kind`
      : `(SELECT coalesce(c.value, 'null') FROM changes c WHERE c.kind = ? AND c.session = w.seq
          ORDER BY c.id DESC LIMIT 1) AS value`;
    const columns = ['key', 'global', 'ended_at', 'seq', ...(spec ? columnsOf(spec) : [])].join(', ');
    const rows = this.sql(
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

  /** Whether a transcript of this name (without .gz/.zst) has been recorded, whatever its content. */
  knowsTranscriptName(name: string): boolean {
    return this.sql(INGEST_QUERIES.knowsName).get(name) !== undefined;
  }

  /** Every recorded transcript, oldest first (retention). */
  transcripts(): TranscriptRecord[] {
    return this.sql(
      `SELECT t.sha256, t.name, coalesce(t.path, s.transcript) AS path, t.bytes, s.key AS session, t.state,
         s.recorded_at FROM transcripts t JOIN sessions s ON s.seq = t.session ORDER BY s.recorded_at, s.seq`,
    )
      .all()
      .map((row) => ({ ...row }) as unknown as TranscriptRecord);
  }

  /** Where a transcript is now and in which state (after compressing or deleting it). */
  markTranscript(sha256: string, name: string, state: TranscriptState, path: string): void {
    transaction(this.db, () => {
      this.sql('UPDATE transcripts SET state = ?, path = ? WHERE sha256 = ? AND name = ?').run(
        state,
        path,
        sha256,
        name,
      );
    });
  }

  /**
   * With `reextract`, asks it for each session's new facts (null: unchanged) and, in one transaction, appends a
   * change (writer `rebuild`) for each kind whose value changed and sets the row's columns to it. A row always says
   * what its events say (it is written with them), so without `reextract` nothing changes. Returns the count.
   */
  async rebuild(
    reextract?: (row: SessionRow) => Promise<Partial<SessionFacts> | null>,
    options: { tags?: readonly string[] } = {},
  ): Promise<{ sessions: number; reextracted: number }> {
    const changes: Array<{ row: SessionRow; facts: Partial<SessionFacts> }> = [];
    if (reextract)
      for (const row of this.lastSessions(null)) {
        const facts = await reextract(row);
        if (facts) changes.push({ row, facts });
      }
    return transaction(this.db, () => {
      const ts = this.now();
      const tags = tagsOf('rebuild', options.tags);
      const insert = this.sql(
        'INSERT INTO changes (id, session, ts, kind, value, before, tags) VALUES (?, ?, ?, ?, ?, ?, ?)',
      );
      for (const { row, facts } of changes) {
        const merged: SessionRow = { ...row, ...facts, key: row.key, seq: row.seq };
        for (const spec of KINDS) {
          if (!columnsOf(spec).some((field) => field in facts)) continue;
          const before = JSON.stringify(eventValue(spec, row));
          const after = JSON.stringify(eventValue(spec, merged));
          if (after === before) continue;
          insert.run(this.nextId(), row.seq, ts, spec.kind, after, before, tags);
          // The row says what its events say: the newest value of each kind, read back as the column's type.
          const columns = Object.entries(eventColumns(spec, JSON.parse(after)));
          this.sql(`UPDATE sessions SET ${columns.map(([c]) => `${c} = ?`).join(', ')} WHERE seq = ?`).run(
            ...columns.map(([, value]) => sqlValue(value)),
            row.seq,
          );
        }
      }
      return { sessions: this.count(), reextracted: changes.length };
    });
  }

  /**
   * Imports the bash loop's tool's database (self-improvement.db, either documented shape): sessions as facts
   * (source `migrate`, key `si:<id>`), improvements with their refs. Importing twice adds nothing.
   */
  importSelfImprovement(path: string): SelfImprovementImport {
    return importSelfImprovement(path, {
      db: this.db,
      record: (facts) => this.record(facts, 'migrate'),
      now: this.now,
    });
  }
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

function open(path: string, readonly: boolean): DatabaseSync {
  if (!readonly) mkdirSync(dirname(resolve(path)), { recursive: true });
  try {
    return openDatabase(path, { readonly });
  } catch (cause) {
    throw error(path, 'cannot be opened', cause);
  }
}
