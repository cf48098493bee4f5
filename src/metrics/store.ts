// The metrics database: one `sessions` row per session (its facts as first recorded, kept equal to what its events
// say), `changes` (the events appended after that: a re-extraction's), the `events` view that reads both back as
// the event log (compact.ts), improvements, and the transcripts recorded (idempotency and retention). Every write
// is one transaction; readers open read-only and, under WAL, never wait for the writer nor see half a session.
// This class is the history's one face; its parts are store-open (opening and migrating), store-queries (the
// reads), store-writes (recording and rebuilding), store-transcripts (the transcripts recorded) and totals.
import type { DatabaseSync, SQLOutputValue } from 'node:sqlite';
import type {
  KindValue,
  SessionFacts,
  SessionRow,
  Totals,
  TranscriptRecord,
  TranscriptState,
  Window,
  Writer,
} from './facts.js';
import { improvementsApi, type ImprovementsApi } from './improvements.js';
import { importSelfImprovement, type SelfImprovementImport } from './self-improvement.js';
import { statementCache, type Sql } from './statements.js';
import { openHistory } from './store-open.js';
import {
  allEvents,
  allSessions,
  hasSession,
  kindValues,
  lastSessions,
  sessionByKey,
  sessionCount,
  sessionValues,
  type HistoryEvent,
} from './store-queries.js';
import {
  isRecordedAs,
  knowsTranscriptName,
  markTranscript,
  recordedContent,
  sessionTranscripts,
  transcriptRecords,
} from './store-transcripts.js';
import { rebuildSessions, recordSession, type HistoryWriter, type RecordOptions } from './store-writes.js';
import { allTime, totals, type AllTime } from './totals.js';

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

export class MetricsStore {
  readonly improvements: ImprovementsApi;
  /** Prepared statements by SQL text (statements.ts). */
  private readonly sql: Sql;
  private readonly writer: HistoryWriter;

  private constructor(
    /** The database file. */
    readonly path: string,
    private readonly db: DatabaseSync,
    private readonly now: () => string,
    /** What opening it migrated and could not repair, for the user (migrations.ts); empty when nothing. */
    readonly notes: readonly string[] = [],
  ) {
    this.improvements = improvementsApi(db, now);
    this.sql = statementCache(db);
    this.writer = { db, sql: this.sql, now };
  }

  /**
   * Opens (and creates and migrates, unless `readonly`) the database at `path`. A missing file read-only, a file
   * that is not SQLite or not ours, or a newer schema: MetricsDbError naming the file and what to do.
   */
  static open(path: string, options: OpenOptions = {}): MetricsStore {
    const now = options.now ?? (() => new Date().toISOString());
    const { db, notes } = openHistory(path, options.readonly === true);
    return new MetricsStore(path, db, now, notes);
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }

  /** Moves the WAL into the main file and truncates it: before the Action caches the file. */
  checkpoint(): void {
    this.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  }

  /**
   * A compacted copy at `path` (which must not exist): one consistent snapshot, write-ahead log included, with no
   * free pages (VACUUM INTO). What the Action saves as state.
   */
  compactInto(path: string): void {
    this.db.prepare('VACUUM INTO ?').run(path);
  }

  /** Whether a session with this key has any event. */
  hasSession(key: string): boolean {
    return hasSession(this.sql, key);
  }

  /** The name of a recorded transcript with this content (any name), or null: `metrics ingest --dedupe-content`. */
  recordedContent(sha256: string): string | null {
    return recordedContent(this.sql, sha256);
  }

  /** Whether a transcript of this name (without .gz/.zst) and this content is recorded (`metrics ingest`). */
  isRecordedAs(sha256: string, name: string): boolean {
    return isRecordedAs(this.sql, sha256, name);
  }

  /** Every recorded session's number and transcript, as `<global> <path>` (reconcile.ts). */
  sessionTranscripts(): Set<string> {
    return sessionTranscripts(this.sql);
  }

  /** Records one session in one transaction; a key already recorded: `'already'`, and nothing is written. */
  record(facts: SessionFacts, writer: Writer, transcript: RecordOptions = {}): 'recorded' | 'already' {
    return recordSession(this.writer, facts, writer, transcript);
  }

  /** One session's row. */
  session(key: string): SessionRow | null {
    return sessionByKey(this.sql, key);
  }

  /** How many sessions are recorded. */
  count(): number {
    return sessionCount(this.sql);
  }

  /** The last `n` sessions (all when `null`) by (ended_at, seq), newest last. */
  lastSessions(n: Window): SessionRow[] {
    return lastSessions(this.sql, n);
  }

  /** Every session, oldest first, one at a time (export). */
  sessions(): Generator<SessionRow> {
    return allSessions(this.db);
  }

  /** Every session's values in SESSION_COLUMNS order, oldest first, one at a time (`metrics export`). */
  sessionValues(): Generator<SQLOutputValue[]> {
    return sessionValues(this.db);
  }

  /** Every event, in id order, one at a time (export). */
  events(): Generator<HistoryEvent> {
    return allEvents(this.db);
  }

  /** Aggregates over the last `n` sessions (all when `null`), in SQL. */
  totals(n: Window): Totals {
    return totals(this.db, n);
  }

  /** The few all-time sums `metrics status` shows, in one narrow pass (cheaper than `totals(null)`). */
  allTime(): AllTime {
    return allTime(this.db);
  }

  /** The value of one event kind for each of the last `n` sessions that has it, oldest first. */
  query(kind: string, n: Window): KindValue[] {
    return kindValues(this.sql, kind, n);
  }

  /** Whether a transcript of this name (without .gz/.zst) has been recorded, whatever its content. */
  knowsTranscriptName(name: string): boolean {
    return knowsTranscriptName(this.sql, name);
  }

  /** Every recorded transcript, oldest first (retention). */
  transcripts(): TranscriptRecord[] {
    return transcriptRecords(this.sql);
  }

  /** Where a transcript is now and in which state (after compressing or deleting it). */
  markTranscript(sha256: string, name: string, state: TranscriptState, path: string): void {
    markTranscript(this.db, this.sql, { sha256, name, state, path });
  }

  /** A re-extraction's changes, in one transaction (store-writes.ts); without `reextract` nothing changes. */
  rebuild(
    reextract?: (row: SessionRow) => Promise<Partial<SessionFacts> | null>,
    options: { tags?: readonly string[] } = {},
  ): Promise<{ sessions: number; reextracted: number }> {
    return rebuildSessions(this.writer, reextract, options);
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
