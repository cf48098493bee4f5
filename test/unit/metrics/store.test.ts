// The store on a real file: a session is recorded once (by key or by content), its derived row is what its
// events say, rebuild gives back the same rows (and takes re-extracted facts), the last N are the newest by
// ended_at, totals are exact sums over the window, and query returns one kind's newest value per session.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { deriveRow, type EventRow } from '../../../src/metrics/derive.js';
import { KINDS, type SessionFacts } from '../../../src/metrics/facts.js';
import { MetricsStore, transcriptName } from '../../../src/metrics/store.js';
import { INGEST_QUERIES } from '../../../src/metrics/store-transcripts.js';
import { sampleFacts } from '../../support/metrics-facts.js';

const dir = mkdtempSync(join(tmpdir(), 'metrics-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const open: MetricsStore[] = [];
afterEach(() => {
  for (const store of open.splice(0)) store.close();
});
let files = 0;
function newStore(options?: { now?: () => string }): MetricsStore {
  const store = MetricsStore.open(join(dir, `store-${files++}.db`), options);
  open.push(store);
  return store;
}

/** Raw rows of a table, read with a second connection. */
function rawRows(path: string, sql: string): Array<Record<string, unknown>> {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return db
      .prepare(sql)
      .all()
      .map((row) => ({ ...row }));
  } finally {
    db.close();
  }
}

const withoutSeq = ({ seq: _seq, ...facts }: { seq: number } & SessionFacts): SessionFacts => facts;

describe('record', () => {
  it('writes one event per kind tagged with the writer, the transcript, and the derived row', () => {
    const store = newStore({ now: () => '2026-02-01T00:00:00.000Z' });
    const facts = sampleFacts(0);
    expect(store.record(facts, 'loop')).toBe('recorded');
    const events = rawRows(store.path, 'SELECT ts, session, kind, value, tags FROM events ORDER BY id');
    expect(events.map((event) => event.kind)).toEqual(KINDS.map((spec) => spec.kind));
    expect(
      new Set(events.map((event) => `${String(event.session)} ${String(event.tags)} ${String(event.ts)}`)),
    ).toEqual(new Set([`${facts.key} loop 2026-02-01T00:00:00.000Z`]));
    expect(events.find((event) => event.kind === 'turns.total')?.value).toBe('10');
    expect(events.find((event) => event.kind === 'commit.detected')?.value).toBe('true');
    expect(store.session(facts.key)).toEqual({ ...facts, seq: 1 });
    expect(store.transcripts()).toEqual([
      {
        sha256: facts.sha256,
        name: 'claude-iteration-0.jsonl',
        path: facts.transcript,
        bytes: facts.output_bytes,
        session: facts.key,
        state: 'plain',
        recorded_at: '2026-02-01T00:00:00.000Z',
      },
    ]);
  });

  it('records a session once by its key; the same content under another key is another session', () => {
    const store = newStore();
    const facts = sampleFacts(1);
    expect(store.record(facts, 'ingest')).toBe('recorded');
    const count = (): number => rawRows(store.path, 'SELECT id FROM events').length;
    const before = count();
    expect(store.record(facts, 'ingest')).toBe('already');
    expect(count()).toBe(before);
    // A second session whose transcript has the very same bytes (a scripted agent, a repeated limit message).
    expect(
      store.record(
        { ...facts, key: 'run:r1:9', global: 9, transcript: '/work/sessions/claude-iteration-9.jsonl' },
        'loop',
      ),
    ).toBe('recorded');
    expect(store.count()).toBe(2);
    expect(store.transcripts().map((t) => t.name)).toEqual([
      'claude-iteration-1.jsonl',
      'claude-iteration-9.jsonl',
    ]);
    expect(store.isRecordedAs(facts.sha256!, 'claude-iteration-1.jsonl')).toBe(true);
    expect(store.isRecordedAs(facts.sha256!, 'renamed.jsonl')).toBe(false);
    expect(store.recordedContent(facts.sha256!)).toBe('claude-iteration-1.jsonl');
    expect(store.recordedContent('0'.repeat(64))).toBe(null);
  });

  it('records a 0-byte session by its run key, without a transcripts row', () => {
    const store = newStore();
    const facts = sampleFacts(2, { key: 'run:run-1:3', sha256: null, output_bytes: 0 });
    expect(store.record(facts, 'loop')).toBe('recorded');
    expect(store.record(facts, 'loop')).toBe('already');
    expect(store.transcripts()).toEqual([]);
    expect(store.session('run:run-1:3')).toMatchObject({ sha256: null, output_bytes: 0 });
  });

  it('tags the events with the writer first, then the given tags', async () => {
    const store = newStore();
    store.record(sampleFacts(0), 'ingest', { tags: ['rules=3'] });
    await store.rebuild(async () => ({ turns: 1 }), { tags: ['rules=4'] });
    expect(
      rawRows(store.path, 'SELECT DISTINCT tags FROM events ORDER BY id').map((row) => row.tags),
    ).toEqual(['ingest,rules=3', 'rebuild,rules=4']);
  });

  it('takes the transcript path, size and state when the caller gives them', () => {
    const store = newStore();
    const facts = sampleFacts(3);
    store.record(facts, 'ingest', {
      path: '/old/claude-iteration-3.jsonl.zst',
      bytes: 123456,
      state: 'zstd',
    });
    expect(store.transcripts()[0]).toMatchObject({
      name: 'claude-iteration-3.jsonl',
      path: '/old/claude-iteration-3.jsonl.zst',
      bytes: 123456,
      state: 'zstd',
    });
    expect(transcriptName('/a/b/x.jsonl.gz')).toBe('x.jsonl');
  });

  it('keeps the derived row equal to a derivation of its events', () => {
    const store = newStore();
    for (let i = 0; i < 12; i++) store.record(sampleFacts(i), 'loop');
    const events = rawRows(
      store.path,
      'SELECT id, session, kind, value FROM events',
    ) as unknown as EventRow[];
    for (const row of store.lastSessions(null))
      expect(
        deriveRow(
          row.key,
          events.filter((event) => event.session === row.key),
        ),
      ).toEqual(row);
  });
});

describe('rebuild', () => {
  it('gives back the very rows recorded one by one', async () => {
    const store = newStore();
    for (let i = 0; i < 20; i++) store.record(sampleFacts(i), 'loop');
    const incremental = store.lastSessions(null);
    expect(await store.rebuild()).toEqual({ sessions: 20, reextracted: 0 });
    expect(store.lastSessions(null)).toEqual(incremental);
  });

  it('appends an event (writer rebuild) for each kind a re-extraction changed, and derives the new values', async () => {
    const store = newStore();
    for (let i = 0; i < 4; i++) store.record(sampleFacts(i), 'ingest');
    const before = rawRows(store.path, 'SELECT id FROM events').length;
    const result = await store.rebuild(async (row) =>
      row.global === 2
        ? { turns: 99, narration_turns: 7, failure_kind: 'stall' }
        : row.global === 3
          ? { turns: row.turns }
          : null,
    );
    expect(result).toEqual({ sessions: 4, reextracted: 2 });
    const added = rawRows(
      store.path,
      `SELECT session, kind, value, tags FROM events WHERE id > ${before} ORDER BY id`,
    );
    expect(added).toEqual(
      [
        {
          session: sampleFacts(1).key,
          kind: 'session.failure',
          value: '{"kind":"stall","reason":null}',
          tags: 'rebuild',
        },
        { session: sampleFacts(1).key, kind: 'turns.total', value: '99' },
        { session: sampleFacts(1).key, kind: 'turns.narration_only', value: '7' },
      ].map((event) => ({ tags: 'rebuild', ...event })),
    );
    expect(store.session(sampleFacts(1).key)).toMatchObject({
      turns: 99,
      narration_turns: 7,
      failure_kind: 'stall',
    });
    // Session 3's re-extraction changed nothing: no event, same row.
    expect(withoutSeq(store.session(sampleFacts(2).key)!)).toEqual(sampleFacts(2));
    // A rebuild without re-extraction keeps what the last one derived.
    const rows = store.lastSessions(null);
    await store.rebuild();
    expect(store.lastSessions(null)).toEqual(rows);
  });
});

describe('lastSessions', () => {
  it('returns the newest n by ended_at (then first record), newest last', () => {
    const store = newStore();
    // Recorded out of order; two sessions end at the same moment.
    for (const i of [5, 1, 3, 0, 4, 2]) store.record(sampleFacts(i), 'ingest');
    store.record(sampleFacts(9, { ended_at: sampleFacts(4).ended_at }), 'ingest');
    expect(store.lastSessions(3).map((row) => row.global)).toEqual([5, 10, 6]);
    expect(store.lastSessions(null).map((row) => row.global)).toEqual([1, 2, 3, 4, 5, 10, 6]);
    expect(store.lastSessions(0)).toEqual([]);
    expect(store.lastSessions(100)).toHaveLength(7);
    expect([...store.sessions()].map((row) => row.global)).toEqual([1, 2, 3, 4, 5, 10, 6]);
  });
});

describe('totals', () => {
  /** The same aggregates computed in plain code from the facts. */
  function expected(facts: SessionFacts[]) {
    const known = (f: (x: SessionFacts) => number | null) =>
      facts.map(f).filter((v): v is number => v !== null);
    const stat = (f: (x: SessionFacts) => number | null) => {
      const values = known(f);
      const sum = values.reduce((a, b) => a + b, 0);
      return {
        count: values.length,
        sum: values.length ? sum : null,
        avg: values.length ? sum / values.length : null,
      };
    };
    const countBy = (f: (x: SessionFacts) => string | null) =>
      facts.reduce<Record<string, number>>((acc, x) => {
        const name = f(x);
        if (name !== null) acc[name] = (acc[name] ?? 0) + 1;
        return acc;
      }, {});
    return {
      sessions: facts.length,
      committed: facts.filter((x) => x.committed === true).length,
      commit_known: facts.filter((x) => x.committed !== null).length,
      outcomes: countBy((x) => x.outcome ?? 'unknown'),
      failures: countBy((x) => x.failure_kind),
      first_ended_at: facts.length ? facts[0]!.ended_at : null,
      last_ended_at: facts.length ? facts.at(-1)!.ended_at : null,
      cost_usd: stat((x) => x.cost_usd),
      input_tokens: stat((x) => x.input_tokens),
      output_tokens: stat((x) => x.output_tokens),
      tokens: stat((x) =>
        x.input_tokens === null && x.output_tokens === null
          ? null
          : (x.input_tokens ?? 0) + (x.output_tokens ?? 0),
      ),
      cache_read_tokens: stat((x) => x.cache_read_tokens),
      cache_write_tokens: stat((x) => x.cache_write_tokens),
      turns: stat((x) => x.turns),
      tool_calls: stat((x) => x.tool_calls),
      duration_secs: stat((x) => x.duration_secs),
      output_bytes: stat((x) => x.output_bytes),
      narration_turns: stat((x) => x.narration_turns),
      parallel_turns: stat((x) => x.parallel_turns),
      turns_with_narration: known((x) => (x.narration_turns === null ? null : x.turns)).reduce(
        (a, b) => a + b,
        0,
      ),
      turns_with_parallel: known((x) => (x.parallel_turns === null ? null : x.turns)).reduce(
        (a, b) => a + b,
        0,
      ),
    };
  }

  it('sums, counts and averages the last n sessions exactly, in SQL', () => {
    const store = newStore();
    const facts = Array.from({ length: 14 }, (_, i) =>
      // A codex-like session knows no narration or parallel turns, nor its cost; one has no outcome; a migrated one
      // has an outcome and a failure kind the loop does not write.
      i % 5 === 0
        ? sampleFacts(i, {
            format: 'codex',
            narration_turns: null,
            parallel_turns: null,
            cost_usd: null,
            outcome: i === 10 ? null : i === 5 ? 'partial' : 'empty',
            ...(i === 5 ? { failure_kind: 'stall' } : {}),
          })
        : sampleFacts(i),
    );
    for (const f of facts) store.record(f, 'loop');
    for (const n of [1, 5, 9, 10, 14, null]) {
      const window = n === null ? facts : facts.slice(-n);
      const totals = store.totals(n);
      const want = expected(window);
      // Floating sums may differ in the last bits from a different summation order.
      for (const [name, value] of Object.entries(want)) {
        const got = (totals as unknown as Record<string, unknown>)[name];
        if (value && typeof value === 'object' && 'avg' in value) {
          expect(got).toMatchObject({ count: value.count });
          const g = got as { sum: number | null; avg: number | null };
          if (value.sum === null) expect(g).toMatchObject({ sum: null, avg: null });
          else {
            expect(g.sum).toBeCloseTo(value.sum, 9);
            expect(g.avg).toBeCloseTo(value.avg!, 9);
          }
        } else expect(got, name).toEqual(value);
      }
    }
    // The narrow all-time pass `metrics status` uses agrees with the full totals.
    const all = store.totals(null);
    const narrow = store.allTime();
    expect(narrow).toMatchObject({
      sessions: all.sessions,
      committed: all.committed,
      commit_known: all.commit_known,
    });
    for (const name of ['cost_usd', 'tokens', 'duration_secs'] as const) {
      if (all[name].sum === null) expect(narrow[name].sum).toBeNull();
      else expect(narrow[name].sum).toBeCloseTo(all[name].sum, 9);
    }
  });

  it('is zeros and nulls on an empty database', () => {
    const totals = newStore().totals(null);
    expect(totals).toMatchObject({
      sessions: 0,
      committed: 0,
      commit_known: 0,
      outcomes: {},
      failures: {},
      first_ended_at: null,
      last_ended_at: null,
      turns: { count: 0, sum: null, avg: null },
      turns_with_narration: null,
    });
  });
});

describe('query', () => {
  it("returns a kind's newest value for each of the last n sessions that has it, oldest first", async () => {
    const store = newStore();
    for (let i = 0; i < 6; i++) store.record(sampleFacts(i), 'loop');
    await store.rebuild(async (row) => (row.global === 5 ? { turns: 1000 } : null));
    expect(store.query('turns.total', 3)).toEqual([
      { session: sampleFacts(3).key, global: 4, ended_at: sampleFacts(3).ended_at, value: 13 },
      { session: sampleFacts(4).key, global: 5, ended_at: sampleFacts(4).ended_at, value: 1000 },
      { session: sampleFacts(5).key, global: 6, ended_at: sampleFacts(5).ended_at, value: 10 },
    ]);
    expect(store.query('session.failure', 2).map((entry) => entry.value)).toEqual([
      { kind: 'error', reason: 'exit 1' },
      null,
    ]);
    expect(store.query('no.such.kind', null)).toEqual([]);
    expect(store.query('cost.usd', null)).toHaveLength(6);
  });
});

describe('transcripts', () => {
  it("answers each of an ingest's questions through an index, never by reading every row", () => {
    const store = newStore();
    store.record(sampleFacts(0), 'loop');
    const path = join(dir, `store-${files - 1}.db`);
    for (const [name, sql] of Object.entries(INGEST_QUERIES)) {
      const plan = rawRows(path, `EXPLAIN QUERY PLAN ${sql}`).map((row) => String(row.detail));
      // A full scan reads `SCAN <table>`; an index search reads `SEARCH <table> USING ... INDEX`.
      expect(
        plan.filter((step) => /^SCAN (sessions|transcripts)\b/.test(step)),
        name,
      ).toEqual([]);
      expect(
        plan.some((step) => /^SEARCH \w+ USING .*(INDEX|PRIMARY KEY)/.test(step)),
        `${name}: ${plan.join('; ')}`,
      ).toBe(true);
    }
  });

  it('marks where a transcript went and in which state', () => {
    const store = newStore();
    const facts = sampleFacts(0);
    store.record(facts, 'loop');
    store.markTranscript(
      facts.sha256!,
      'claude-iteration-0.jsonl',
      'zstd',
      '/work/sessions/claude-iteration-0.jsonl.zst',
    );
    expect(store.transcripts()[0]).toMatchObject({
      state: 'zstd',
      path: '/work/sessions/claude-iteration-0.jsonl.zst',
    });
  });
});

describe('open', () => {
  it('creates the directory of a new database', () => {
    const path = join(dir, 'nested', 'deeper', 'harness-metrics.db');
    const store = MetricsStore.open(path);
    open.push(store);
    expect(store.record(sampleFacts(0), 'loop')).toBe('recorded');
  });
});

describe('readers', () => {
  it('read what a writer committed and cannot write', () => {
    const writer = newStore();
    writer.record(sampleFacts(0), 'loop');
    const reader = MetricsStore.open(writer.path, { readonly: true });
    open.push(reader);
    expect(reader.lastSessions(5)).toHaveLength(1);
    writer.record(sampleFacts(1), 'loop');
    expect(reader.totals(null).sessions).toBe(2);
    expect(() => reader.record(sampleFacts(2), 'loop')).toThrow(/readonly/i);
    writer.checkpoint();
    expect(reader.count()).toBe(2);
  });
});
