// The metrics database: an append-only `events` table (the truth) and a `sessions` table derived from it (one row
// per session, rebuildable), improvements, and the transcripts recorded (idempotency and retention). Every write
// is one transaction; readers open read-only and, under WAL, never wait for the writer nor see half a session.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { openDatabase, transaction } from './db.js';
import { deriveAll, deriveRow, type EventRow } from './derive.js';
import { MetricsDbError } from './errors.js';
import {
  eventValue,
  factsEvents,
  KINDS,
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
import { INSERT_SESSION, sessionFromSql, sessionParams } from './rows.js';
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
    return this.sql('SELECT 1 FROM events WHERE session = ? LIMIT 1').get(key) !== undefined;
  }

  /**
   * The name of a recorded transcript with this content (any name), or null: `metrics ingest --dedupe-content`.
   */
  recordedContent(sha256: string): string | null {
    const row = this.sql('SELECT name FROM transcripts WHERE sha256 = ? ORDER BY rowid LIMIT 1').get(
      sha256,
    ) as { name: string } | undefined;
    if (row) return row.name;
    // Recorded before the transcripts table (schema 3): the session's own columns.
    const session = this.sql('SELECT transcript FROM sessions WHERE sha256 = ? LIMIT 1').get(sha256) as
      { transcript: string | null } | undefined;
    return session === undefined ? null : transcriptName(session.transcript ?? '') || '(unnamed)';
  }

  /**
   * Whether a transcript of this name (without .gz/.zst) and this content is recorded: how `metrics ingest` knows
   * a file it already has. Two sessions may have byte-identical transcripts; they never share a name.
   */
  isRecordedAs(sha256: string, name: string): boolean {
    if (this.sql('SELECT 1 FROM transcripts WHERE sha256 = ? AND name = ? LIMIT 1').get(sha256, name))
      return true;
    return this.sql('SELECT transcript FROM sessions WHERE sha256 = ?')
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
   * Records one session in one transaction: an event per kind (KINDS), the transcripts row (when the facts name a
   * transcript with a sha256), and the derived sessions row. A key already recorded: `'already'`, and nothing is
   * written. Content is no identity: two sessions with byte-identical transcripts are two rows.
   */
  record(facts: SessionFacts, writer: Writer, transcript: RecordOptions = {}): 'recorded' | 'already' {
    return transaction(this.db, () => {
      if (this.hasSession(facts.key)) return 'already';
      const ts = this.now();
      const tags = tagsOf(writer, transcript.tags);
      const insert = this.sql('INSERT INTO events (ts, session, kind, value, tags) VALUES (?, ?, ?, ?, ?)');
      for (const event of factsEvents(facts))
        insert.run(ts, facts.key, event.kind, JSON.stringify(event.value), tags);
      const path = transcript.path ?? facts.transcript;
      if (facts.sha256 !== null && path !== null)
        this.sql(
          'INSERT OR IGNORE INTO transcripts (sha256, name, path, bytes, session, state, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        ).run(
          facts.sha256,
          transcriptName(path),
          path,
          transcript.bytes ?? facts.output_bytes ?? 0,
          facts.key,
          transcript.state ?? 'plain',
          ts,
        );
      this.rederive(facts.key);
      return 'recorded';
    });
  }

  /** Replaces one session's derived row by what its events say (inside the caller's transaction). */
  private rederive(key: string): void {
    this.sql('DELETE FROM sessions WHERE key = ?').run(key);
    const events = this.sql('SELECT id, session, kind, value FROM events WHERE session = ? ORDER BY id').all(
      key,
    ) as unknown as EventRow[];
    const row = deriveRow(key, events);
    if (row) this.sql(INSERT_SESSION).run(...sessionParams(row));
  }

  /** One session's derived row. */
  session(key: string): SessionRow | null {
    const row = this.sql('SELECT * FROM sessions WHERE key = ?').get(key);
    return row ? sessionFromSql(row) : null;
  }

  /** How many sessions are recorded. */
  count(): number {
    return Number((this.sql('SELECT count(*) AS n FROM sessions').get() as { n: number }).n);
  }

  /** The last `n` sessions (all when `null`) by (ended_at, seq), newest last. */
  lastSessions(n: Window): SessionRow[] {
    return this.sql(`SELECT * FROM (${windowSql('*')}) ORDER BY ended_at, seq`)
      .all(limitOf(n))
      .map(sessionFromSql);
  }

  /** Every session, oldest first, one at a time (export). */
  *sessions(): Generator<SessionRow> {
    for (const row of this.db.prepare('SELECT * FROM sessions ORDER BY ended_at, seq').iterate())
      yield sessionFromSql(row);
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
    const rows = this.sql(
      `SELECT * FROM (
           SELECT w.key AS session, w.global AS global, w.ended_at AS ended_at, w.seq AS seq,
             (SELECT coalesce(e.value, 'null') FROM events e WHERE e.kind = ? AND e.session = w.key
              ORDER BY e.id DESC LIMIT 1) AS value
           FROM (${windowSql('key, global, ended_at, seq')}) w
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
    return this.db.prepare('SELECT 1 FROM transcripts WHERE name = ? LIMIT 1').get(name) !== undefined;
  }

  /** Every recorded transcript, oldest first (retention). */
  transcripts(): TranscriptRecord[] {
    return this.sql(
      'SELECT sha256, name, path, bytes, session, state, recorded_at FROM transcripts ORDER BY recorded_at, rowid',
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
   * Re-derives every session from the events. With `reextract`, first asks it for each session's new facts (null:
   * unchanged) and appends an event (writer `rebuild`) for each kind whose value changed; then, in one
   * transaction, empties `sessions` and derives every row again.
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
      const insert = this.sql('INSERT INTO events (ts, session, kind, value, tags) VALUES (?, ?, ?, ?, ?)');
      for (const { row, facts } of changes) {
        const merged: SessionRow = { ...row, ...facts, key: row.key, seq: row.seq };
        for (const spec of KINDS) {
          if (!columnsOf(spec).some((field) => field in facts)) continue;
          const before = JSON.stringify(eventValue(spec, row));
          const after = JSON.stringify(eventValue(spec, merged));
          if (after !== before) insert.run(ts, row.key, spec.kind, after, tags);
        }
      }
      this.db.exec('DELETE FROM sessions');
      const write = this.sql(INSERT_SESSION);
      let sessions = 0;
      const events = this.db
        .prepare('SELECT id, session, kind, value FROM events ORDER BY session, id')
        .iterate() as unknown as Iterable<EventRow>;
      for (const row of deriveAll(events)) {
        write.run(...sessionParams(row));
        sessions++;
      }
      return { sessions, reextracted: changes.length };
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
