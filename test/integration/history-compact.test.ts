// The move to the compact history (schema 5) between real processes: `metrics status` migrating a large
// version-4 file is SIGKILLed while the migration writes (its WAL growing); the file left behind passes
// integrity_check, is at version 4 or 5 (never between), and every session reads back the same, through the store
// and through the CLI. No process is left behind.
import { statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { describe, it } from 'vitest';
import { openDatabase } from '../../src/metrics/db.js';
import { deriveRow, type EventRow } from '../../src/metrics/derive.js';
import { factsEvents } from '../../src/metrics/facts.js';
import { migrate } from '../../src/metrics/migrations.js';
import { INSERT_SESSION, sessionParams } from '../../src/metrics/rows.js';
import { MetricsStore } from '../../src/metrics/store.js';
import { sampleFacts } from '../support/metrics-facts.js';
import { alive } from '../support/processes.js';
import { makeWorkdir, runHarness, startHarness, testConfig, waitUntil } from '../support/workdir.js';

const SEED = 500;
const COPIES = 40;

/** A version-4 file of SEED × COPIES sessions: SEED written as version 4 did, the rest copied under new keys. */
function version4(path: string): void {
  const db = openDatabase(path);
  migrate(db, path, 4);
  const insert = db.prepare('INSERT INTO events (ts, session, kind, value, tags) VALUES (?, ?, ?, ?, ?)');
  db.exec('BEGIN');
  for (let i = 0; i < SEED; i++) {
    const facts = sampleFacts(i, { key: `run:run-1:${i + 1}` });
    for (const event of factsEvents(facts))
      insert.run('2026-01-01T00:00:00.000Z', facts.key, event.kind, JSON.stringify(event.value), 'loop');
    const events = db
      .prepare('SELECT id, session, kind, value FROM events WHERE session = ?')
      .all(facts.key) as unknown as EventRow[];
    db.prepare(INSERT_SESSION).run(...sessionParams(deriveRow(facts.key, events)!));
  }
  const span = Number((db.prepare('SELECT max(id) AS n FROM events').get() as { n: number }).n);
  const columns = (
    db.prepare('SELECT name FROM pragma_table_info(?)').all('sessions') as Array<{ name: string }>
  )
    .map((row) => row.name)
    .filter((name) => name !== 'key' && name !== 'seq');
  db.exec(`
    WITH RECURSIVE copy(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM copy WHERE n < ${COPIES - 1})
    INSERT INTO events (id, ts, session, kind, value, tags)
    SELECT e.id + copy.n * ${span}, e.ts, e.session || '#' || copy.n, e.kind, e.value, e.tags
    FROM copy, events e ORDER BY copy.n, e.id;
    WITH RECURSIVE copy(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM copy WHERE n < ${COPIES - 1})
    INSERT INTO sessions (key, seq, ${columns.join(', ')})
    SELECT s.key || '#' || copy.n, s.seq + copy.n * ${span}, ${columns.join(', ')}
    FROM copy, sessions s ORDER BY copy.n, s.seq;`);
  db.exec('COMMIT');
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
}

const raw = <T>(path: string, sql: string): T[] => {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
};

describe('the compact history between processes', () => {
  it('a migration SIGKILLed while it writes leaves a whole file, version 4 or 5, with every session', async ({
    expect,
  }) => {
    const w = makeWorkdir({ config: testConfig() });
    const path = w.path('harness-metrics.db');
    version4(path);
    const before = raw<{ key: string; turns: number; ended_at: string }>(
      path,
      'SELECT key, turns, ended_at FROM sessions ORDER BY ended_at, seq',
    );
    expect(before).toHaveLength(SEED * COPIES);
    const run = startHarness(w, ['metrics', 'status', '--db', path]);
    const wal = `${path}-wal`;
    // Killed once the step has written a good part of the new tables (the WAL past 1 MiB), or it ended first.
    await waitUntil(
      () =>
        run.child.exitCode !== null || (statSync(wal, { throwIfNoEntry: false })?.size ?? 0) > 1024 * 1024,
      'the migration to write',
    );
    run.child.kill('SIGKILL');
    await run.exit;
    expect(alive([run.child.pid!])).toEqual([]);
    expect(raw(path, 'PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    const version = raw<{ user_version: number }>(path, 'PRAGMA user_version')[0]!.user_version;
    // Each step commits with its version: 4 (the kill came during step 5), or 5 or 6 (it came after).
    expect([4, 5, 6]).toContain(version);
    if (version === 4)
      expect(raw(path, 'SELECT key, turns, ended_at FROM sessions ORDER BY ended_at, seq')).toEqual(before);
    const store = MetricsStore.open(path);
    try {
      expect(store.count()).toBe(SEED * COPIES);
      expect(
        store.lastSessions(null).map((row) => ({ key: row.key, turns: row.turns, ended_at: row.ended_at })),
      ).toEqual(before);
    } finally {
      store.close();
    }
    const status = await runHarness(w, ['metrics', 'status', '--db', path]);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain(String(SEED * COPIES));
  });
});
