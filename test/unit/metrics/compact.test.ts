// The compact history (schema 5): a session is one row, so the file holds at most 1 KB a session after the writes
// a run makes; a version-4 file is carried over whole (its event log reads back the same through the `events`
// view, its rows, transcripts and query answers unchanged); and a step that fails midway leaves version 4 as it was.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/metrics/db.js';
import { deriveRow, type EventRow } from '../../../src/metrics/derive.js';
import { factsEvents, type SessionFacts, type SessionRow } from '../../../src/metrics/facts.js';
import { LATEST_VERSION, migrate } from '../../../src/metrics/migrations.js';
import { INSERT_SESSION, sessionParams } from '../../../src/metrics/rows.js';
import { MetricsDbError, MetricsStore } from '../../../src/metrics/store.js';
import { sampleFacts } from '../../support/metrics-facts.js';

const dir = mkdtempSync(join(tmpdir(), 'metrics-compact-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const file = (): string => join(dir, `db-${files++}.db`);

/** A session as an ingest writes it: the longest keys the harness makes, a runner's paths, a dated model name. */
const longFacts = (i: number): SessionFacts => {
  const facts = sampleFacts(i);
  const name = `claude-iteration-${i}.jsonl`;
  return {
    ...facts,
    key: `file:${name}:${facts.sha256!}`,
    transcript: `/home/runner/work/agent-harness/agent-harness/.harness/sessions/${name}`,
    model: 'claude-sonnet-4-5-20250929',
    run: '2026-01-01T00-00-00Z-a1b2c3',
  };
};

const rawRows = (path: string, sql: string): Array<Record<string, unknown>> => {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return db
      .prepare(sql)
      .all()
      .map((row) => ({ ...row }));
  } finally {
    db.close();
  }
};

const versionOf = (path: string): number => Number(rawRows(path, 'PRAGMA user_version')[0]!.user_version);

/**
 * A version-4 file as that version wrote it: `n` sessions (an event per kind, the derived row, the transcript), a
 * later re-extraction of two kinds of session 1, and an event of a kind this code does not know on session 2.
 */
function version4(n: number): string {
  const path = file();
  const db = openDatabase(path);
  migrate(db, path, 4);
  const insert = db.prepare('INSERT INTO events (ts, session, kind, value, tags) VALUES (?, ?, ?, ?, ?)');
  const transcript = db.prepare(
    "INSERT INTO transcripts (sha256, name, path, bytes, session, state, recorded_at) VALUES (?, ?, ?, ?, ?, 'plain', ?)",
  );
  const derive = (key: string): void => {
    db.prepare('DELETE FROM sessions WHERE key = ?').run(key);
    const events = db
      .prepare('SELECT id, session, kind, value FROM events WHERE session = ? ORDER BY id')
      .all(key) as unknown as EventRow[];
    db.prepare(INSERT_SESSION).run(...sessionParams(deriveRow(key, events)!));
  };
  db.exec('BEGIN');
  for (let i = 0; i < n; i++) {
    const facts = longFacts(i);
    const ts = `2026-01-01T00:${String(i % 60).padStart(2, '0')}:00.000Z`;
    for (const event of factsEvents(facts))
      insert.run(
        ts,
        facts.key,
        event.kind,
        JSON.stringify(event.value),
        i % 2 === 0 ? 'loop' : 'ingest,rules=3',
      );
    transcript.run(facts.sha256, `claude-iteration-${i}.jsonl`, facts.transcript, 1000 + i, facts.key, ts);
    derive(facts.key);
  }
  const one = longFacts(1).key;
  insert.run('2026-02-01T00:00:00.000Z', one, 'turns.total', '99', 'rebuild');
  insert.run('2026-02-01T00:00:00.000Z', one, 'session.failure', '{"kind":"stall","reason":null}', 'rebuild');
  insert.run('2026-03-01T00:00:00.000Z', one, 'turns.total', '100', 'rebuild,rules=4');
  insert.run('2026-02-01T00:00:00.000Z', longFacts(2).key, 'custom.kind', '{"a":1}', 'rebuild');
  derive(one);
  db.exec('COMMIT');
  db.close();
  return path;
}

const EVENTS = 'SELECT id, ts, session, kind, value, tags FROM events ORDER BY id';
const SESSIONS = 'SELECT * FROM sessions ORDER BY ended_at, seq';

describe('the compact history', () => {
  it('holds at most 1 KB a session after 2,000 sessions recorded one transaction each, as a run records them', () => {
    const path = file();
    const store = MetricsStore.open(path);
    for (let i = 0; i < 2000; i++)
      expect(store.record(longFacts(i), i % 2 === 0 ? 'loop' : 'ingest')).toBe('recorded');
    store.checkpoint();
    store.close();
    const perSession = statSync(path).size / 2000;
    expect(perSession).toBeLessThanOrEqual(1024);
  });

  it('carries a version-4 file over whole: the same event log, rows, transcripts and answers', async () => {
    const path = version4(300);
    const events = rawRows(path, EVENTS);
    const sessions = rawRows(path, SESSIONS).map(
      (row) =>
        ({ ...row, committed: row.committed === null ? null : row.committed !== 0 }) as unknown as SessionRow,
    );
    const transcripts = rawRows(
      path,
      'SELECT sha256, name, path, bytes, session, state, recorded_at FROM transcripts ORDER BY recorded_at, rowid',
    );
    const before = statSync(path).size;
    const store = MetricsStore.open(path);
    try {
      expect(versionOf(path)).toBe(LATEST_VERSION);
      expect(store.notes).toEqual([]);
      expect(store.lastSessions(null)).toEqual(sessions);
      expect(store.session(longFacts(1).key)).toMatchObject({ turns: 100, failure_kind: 'stall' });
      expect(store.transcripts()).toEqual(transcripts);
      expect(store.query('custom.kind', null)).toEqual([
        { session: longFacts(2).key, global: 3, ended_at: longFacts(2).ended_at, value: { a: 1 } },
      ]);
      expect(store.query('turns.total', 3).map((point) => point.value)).toEqual(
        sessions.slice(-3).map((row) => row.turns),
      );
      // The event log reads back as version 4 stored it, but for the values SQLite writes its own way (1.0).
      const normal = (rows: Array<Record<string, unknown>>) =>
        rows.map((row) => ({ ...row, value: row.value === null ? null : JSON.parse(row.value as string) }));
      expect(normal(rawRows(path, EVENTS))).toEqual(normal(events));
      // Every session again from its events: the same rows.
      expect(await store.rebuild()).toEqual({ sessions: 300, reextracted: 0 });
      expect(store.lastSessions(null)).toEqual(sessions);
      // A new session and a re-extraction take ids after every old one.
      expect(store.record(longFacts(1000), 'loop')).toBe('recorded');
      await store.rebuild(async (row) => (row.key === longFacts(1000).key ? { turns: 7 } : null));
      expect(store.session(longFacts(1000).key)).toMatchObject({ turns: 7 });
      const ids = rawRows(path, 'SELECT id FROM events ORDER BY id').map((row) => Number(row.id));
      expect(new Set(ids).size).toBe(ids.length);
      store.checkpoint();
    } finally {
      store.close();
    }
    expect(statSync(path).size).toBeLessThan(before / 3);
  });

  it('leaves a version-4 file as it was when the step fails midway, and migrates it once the cause is gone', () => {
    const path = version4(50);
    const events = rawRows(path, EVENTS);
    const sessions = rawRows(path, SESSIONS);
    // The fault: a table in the step's way, met after it has renamed the old tables and created the first new one.
    const raw = new DatabaseSync(path);
    raw.exec('CREATE TABLE changes (x)');
    raw.close();
    expect(() => MetricsStore.open(path)).toThrow(MetricsDbError);
    expect(versionOf(path)).toBe(4);
    expect(rawRows(path, 'PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    expect(rawRows(path, EVENTS)).toEqual(events);
    expect(rawRows(path, SESSIONS)).toEqual(sessions);
    const fix = new DatabaseSync(path);
    fix.exec('DROP TABLE changes');
    fix.close();
    const store = MetricsStore.open(path);
    try {
      expect(store.count()).toBe(50);
    } finally {
      store.close();
    }
  });
});
