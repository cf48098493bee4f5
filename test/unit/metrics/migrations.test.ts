// Schema versions: a database at every earlier version (built by applying the first k steps, with data valid for
// that version) opens with its data intact and the very schema a new database has; a newer database, a file that
// is not SQLite, and a SQLite file of something else are refused, naming the file, and left untouched.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/metrics/db.js';
import { deriveRow } from '../../../src/metrics/derive.js';
import { MetricsDbError } from '../../../src/metrics/errors.js';
import { factsEvents } from '../../../src/metrics/facts.js';
import { LATEST_VERSION, migrate, MIGRATIONS } from '../../../src/metrics/migrations.js';
import { INSERT_SESSION, sessionParams } from '../../../src/metrics/rows.js';
import { MetricsStore } from '../../../src/metrics/store.js';
import { sampleFacts } from '../../support/metrics-facts.js';

const dir = mkdtempSync(join(tmpdir(), 'metrics-migrations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const file = (): string => join(dir, `db-${files++}.db`);

/** The schema as SQLite keeps it: every table and index with its SQL (whitespace as written). */
function schemaOf(path: string): Array<Record<string, unknown>> {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return db
      .prepare(
        "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all()
      .map((row) => ({ ...row }));
  } finally {
    db.close();
  }
}

const versionOf = (path: string): number => {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
  } finally {
    db.close();
  }
};

/** A database at version k holding what that version can hold: two sessions (v1+), an improvement (v2+). */
function databaseAt(k: number): string {
  const path = file();
  const db = openDatabase(path);
  // From version 5 on, `events` is a view: what version 4 held, brought up to k by the steps themselves.
  migrate(db, path, Math.min(k, 4));
  if (k >= 1)
    for (const i of [0, 1]) {
      const facts = sampleFacts(i);
      const insert = db.prepare('INSERT INTO events (ts, session, kind, value, tags) VALUES (?, ?, ?, ?, ?)');
      for (const event of factsEvents(facts))
        insert.run('2026-01-01T00:00:00.000Z', facts.key, event.kind, JSON.stringify(event.value), 'loop');
      const events = db
        .prepare('SELECT id, session, kind, value FROM events WHERE session = ?')
        .all(facts.key) as never;
      db.prepare(INSERT_SESSION).run(...sessionParams(deriveRow(facts.key, events)!));
    }
  if (k >= 2)
    db.prepare(
      "INSERT INTO improvements (ref, created, title) VALUES ('R1', '2026-01-02T00:00:00Z', 'old one')",
    ).run();
  if (k > 4) migrate(db, path, k);
  db.close();
  return path;
}

describe('migrations', () => {
  it('are numbered 1..n in order', () => {
    expect(MIGRATIONS.map((step) => step.version)).toEqual(MIGRATIONS.map((_, index) => index + 1));
    expect(LATEST_VERSION).toBe(6);
  });

  const fresh = file();
  MetricsStore.open(fresh).close();

  it('a new database is at the latest version', () => {
    expect(versionOf(fresh)).toBe(LATEST_VERSION);
    expect(schemaOf(fresh).map((entry) => entry.name)).toEqual([
      'changes',
      'changes_by_session',
      'events',
      'improvements',
      'sessions',
      'sessions_by_end',
      'sessions_by_sha256',
      'transcripts',
      'transcripts_by_name',
    ]);
  });

  it.each(Array.from({ length: LATEST_VERSION }, (_, k) => k))(
    'from version %i: data kept, schema equal to a new database',
    (k) => {
      const path = databaseAt(k);
      expect(versionOf(path)).toBe(k);
      const store = MetricsStore.open(path);
      try {
        expect(versionOf(path)).toBe(LATEST_VERSION);
        // Loop sessions keyed by content before version 4 are keyed by their run and number after it (a file at
        // version 4 holds what it was given).
        const expected =
          k >= 1
            ? [0, 1].map((i) => ({
                ...sampleFacts(i),
                key: k < 4 ? `run:run-1:${sampleFacts(i).global}` : sampleFacts(i).key,
              }))
            : [];
        expect(store.lastSessions(null).map(({ seq: _seq, ...facts }) => facts)).toEqual(expected);
        expect(store.improvements.list().map((entry) => entry.title)).toEqual(k >= 2 ? ['old one'] : []);
        // The store works on the migrated file: a new improvement takes the next ref, a new session is recorded.
        expect(store.improvements.add({ title: 'new' }).ref).toBe(k >= 2 ? 'R2' : 'R1');
        expect(store.record(sampleFacts(5), 'loop')).toBe('recorded');
        expect(store.transcripts().map((t) => t.session)).toEqual([sampleFacts(5).key]);
        expect(store.notes.length > 0).toBe(k >= 1 && k < 4);
      } finally {
        store.close();
      }
      expect(schemaOf(path)).toEqual(schemaOf(fresh));
    },
  );

  it("from today's schema (3): loop sessions re-keyed everywhere, ingested ones kept, and the notes say what cannot be repaired", () => {
    const path = databaseAt(3);
    const db = openDatabase(path);
    // What version 3 wrote: transcripts rows for both loop sessions, and an ingested session keyed by content.
    const insertTranscript = db.prepare(
      "INSERT INTO transcripts (sha256, name, path, bytes, session, state, recorded_at) VALUES (?, ?, ?, ?, ?, 'plain', '2026-01-01T00:00:00Z')",
    );
    for (const i of [0, 1]) {
      const facts = sampleFacts(i);
      insertTranscript.run(
        facts.sha256,
        `claude-iteration-${i}.jsonl`,
        facts.transcript,
        1000 + i,
        facts.key,
      );
    }
    const ingested = sampleFacts(2, { source: 'ingest', run: null, iteration: null });
    const insert = db.prepare('INSERT INTO events (ts, session, kind, value, tags) VALUES (?, ?, ?, ?, ?)');
    for (const event of factsEvents(ingested))
      insert.run('2026-01-01T00:00:00.000Z', ingested.key, event.kind, JSON.stringify(event.value), 'ingest');
    const events = db
      .prepare('SELECT id, session, kind, value FROM events WHERE session = ?')
      .all(ingested.key);
    db.prepare(INSERT_SESSION).run(...sessionParams(deriveRow(ingested.key, events as never)!));
    db.close();

    const store = MetricsStore.open(path);
    try {
      expect(store.lastSessions(null).map((row) => row.key)).toEqual([
        'run:run-1:1',
        'run:run-1:2',
        ingested.key,
      ]);
      expect(store.transcripts().map((t) => t.session)).toEqual(['run:run-1:1', 'run:run-1:2']);
      const raw = new DatabaseSync(path, { readOnly: true });
      try {
        expect(
          raw.prepare("SELECT count(*) AS n FROM events WHERE session LIKE 'run:run-1:%'").get(),
        ).toEqual({
          n: 2 * factsEvents(ingested).length,
        });
      } finally {
        raw.close();
      }
      expect(store.notes).toHaveLength(2);
      expect(store.notes[0]).toContain('2 sessions the loop recorded re-keyed');
      expect(store.notes[1]).toMatch(/byte-identical .* cannot be restored/);
      // A session whose transcript has the same bytes as a recorded one is a row of its own now.
      expect(store.record({ ...sampleFacts(0), key: 'run:run-2:7', run: 'run-2', global: 7 }, 'loop')).toBe(
        'recorded',
      );
      expect(store.count()).toBe(4);
    } finally {
      store.close();
    }
    // Opened again: nothing more to say.
    const again = MetricsStore.open(path);
    expect(again.notes).toEqual([]);
    again.close();
  });

  it('a reader of an older database brings it up to date first', () => {
    const path = databaseAt(1);
    const reader = MetricsStore.open(path, { readonly: true });
    try {
      expect(reader.lastSessions(null)).toHaveLength(2);
      expect(reader.improvements.list()).toEqual([]);
    } finally {
      reader.close();
    }
    expect(versionOf(path)).toBe(LATEST_VERSION);
  });

  it('a failing step leaves the database at its version (each step is one transaction)', () => {
    const path = databaseAt(1);
    const db = openDatabase(path);
    // Version 1 with a table the next step creates: step 2 fails half-way through nothing.
    db.exec('CREATE TABLE improvements (x INTEGER)');
    db.close();
    expect(() => MetricsStore.open(path)).toThrow(MetricsDbError);
    expect(versionOf(path)).toBe(1);
    expect(schemaOf(path).some((entry) => entry.name === 'transcripts')).toBe(false);
  });
});

describe('refusals', () => {
  const refused = (path: string, options?: { readonly?: boolean }): MetricsDbError => {
    try {
      MetricsStore.open(path, options).close();
    } catch (error) {
      expect(error).toBeInstanceOf(MetricsDbError);
      expect((error as MetricsDbError).file).toBe(path);
      expect((error as MetricsDbError).message).toContain(path);
      expect((error as MetricsDbError).exitCode).toBe(15);
      return error as MetricsDbError;
    }
    throw new Error(`${path} was opened`);
  };

  it('refuses a database written by a newer agent-harness, for writers and readers, and leaves it alone', () => {
    const path = file();
    const db = new DatabaseSync(path);
    db.exec(`CREATE TABLE future (x); PRAGMA user_version = ${LATEST_VERSION + 1}`);
    db.close();
    const before = readFileSync(path);
    expect(refused(path).message).toMatch(
      new RegExp(`newer agent-harness.*version ${LATEST_VERSION + 1}.*upgrade agent-harness`),
    );
    expect(refused(path, { readonly: true }).message).toMatch(/newer agent-harness/);
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('refuses a file that is not SQLite and leaves it alone', () => {
    const path = file();
    writeFileSync(path, 'not a database at all\n'.repeat(200));
    const before = readFileSync(path);
    expect(refused(path).message).toMatch(/not a metrics database/);
    expect(refused(path, { readonly: true }).message).toMatch(/not a metrics database/);
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('refuses a SQLite file holding other tables', () => {
    const path = file();
    const db = new DatabaseSync(path);
    db.exec('CREATE TABLE sessions (session_id INTEGER PRIMARY KEY); CREATE TABLE improvements (ref TEXT)');
    db.close();
    const error = refused(path);
    expect(error.message).toMatch(
      /SQLite database but not a metrics database \(it holds improvements, sessions\)/,
    );
    expect(error.message).toContain('metrics migrate --from');
    expect(versionOf(path)).toBe(0);
  });

  it('refuses to read a database that does not exist (and does not create it)', () => {
    const path = join(dir, 'missing.db');
    expect(refused(path, { readonly: true }).message).toMatch(/no metrics database yet/);
    expect(() => readFileSync(path)).toThrow();
  });

  it('takes an empty file as a new database', () => {
    const path = file();
    writeFileSync(path, '');
    MetricsStore.open(path).close();
    expect(versionOf(path)).toBe(LATEST_VERSION);
  });
});
