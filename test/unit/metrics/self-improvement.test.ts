// `metrics migrate --from self-improvement.db`: the bash loop's tool's database in each documented shape, built by
// a fixture script with node:sqlite, imports its sessions as facts (source migrate, key si:<id>) and its
// improvements with their refs; twice adds nothing; the source is opened read-only and left as it was.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MetricsDbError } from '../../../src/metrics/errors.js';
import type { SessionFacts } from '../../../src/metrics/facts.js';
import { isoOf, mapColumns, SESSION_ALIASES } from '../../../src/metrics/self-improvement.js';
import { MetricsStore } from '../../../src/metrics/store.js';

const MAKE_DB = resolve(import.meta.dirname, '../../fixtures/self-improvement/make-db.mjs');
const dir = mkdtempSync(join(tmpdir(), 'metrics-si-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const stores: MetricsStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});
let files = 0;
const NOW = '2026-03-01T00:00:00.000Z';
function newStore(): MetricsStore {
  const store = MetricsStore.open(join(dir, `metrics-${files++}.db`), { now: () => NOW });
  stores.push(store);
  return store;
}
function sourceDb(shape: 'python' | 'python-migrate' | 'rust'): string {
  const path = join(dir, `si-${shape}-${files++}.db`);
  execFileSync(process.execPath, [MAKE_DB, shape, path]);
  return path;
}

const unknown: Omit<SessionFacts, 'key' | 'ended_at'> = {
  source: 'migrate',
  started_at: null,
  transcript: null,
  sha256: null,
  global: null,
  iteration: null,
  run: null,
  format: null,
  model: null,
  outcome: null,
  failure_kind: null,
  failure_reason: null,
  duration_secs: null,
  output_bytes: null,
  exit_code: null,
  turns: null,
  narration_turns: null,
  parallel_turns: null,
  tool_calls: null,
  input_tokens: null,
  output_tokens: null,
  cache_read_tokens: null,
  cache_write_tokens: null,
  cost_usd: null,
  committed: null,
  commit_evidence: null,
  task_id: null,
  plan_id: null,
  phase: null,
};
const facts = (store: MetricsStore): SessionFacts[] =>
  store.lastSessions(null).map(({ seq: _seq, ...rest }) => rest);

describe('importSelfImprovement', () => {
  it('imports the Python V1 shape: sessions as facts, improvements with their refs', () => {
    const store = newStore();
    const source = sourceDb('python');
    const before = readFileSync(source);
    expect(store.importSelfImprovement(source)).toEqual({ sessions: 3, improvements: 2, skipped: 0 });
    expect(facts(store)).toEqual([
      {
        ...unknown,
        key: 'si:1',
        ended_at: '2026-01-10T10:00:00.000Z',
        transcript: 'claude-iteration-1.jsonl',
        global: 1,
        outcome: 'productive',
        turns: 42,
        narration_turns: 3,
        parallel_turns: 5,
        tool_calls: 80,
        cost_usd: 1.5,
        committed: true,
        task_id: 'bd-1',
      },
      {
        ...unknown,
        key: 'si:2',
        ended_at: '2026-01-11T10:00:00.000Z',
        transcript: 'claude-iteration-2.jsonl',
        global: 2,
        outcome: 'failed',
        turns: 30,
        narration_turns: 12,
        parallel_turns: 0,
        tool_calls: 41,
        cost_usd: 0.8,
        committed: false,
      },
      {
        ...unknown,
        key: 'si:3',
        ended_at: '2026-01-12T09:30:00.000Z',
        global: 3,
        outcome: 'empty',
        turns: 0,
        narration_turns: 0,
        parallel_turns: 0,
        tool_calls: 0,
        committed: false,
        task_id: 'bd-3',
      },
    ]);
    expect(store.improvements.list()).toEqual([
      {
        id: 1,
        ref: 'R1',
        created: '2026-01-10T11:00:00Z',
        resolved: null,
        category: 'general',
        severity: 'high',
        status: 'open',
        title: 'Narration-only turns',
        description: 'Too many turns without a tool call',
        recommendation: null,
        impact: null,
        tags: null,
      },
      {
        id: 2,
        ref: 'R2',
        created: '2026-01-11T11:00:00Z',
        resolved: '2026-01-12T11:00:00Z',
        category: 'general',
        severity: 'low',
        status: 'fixed',
        title: 'Run lint once',
        description: null,
        recommendation: null,
        impact: null,
        tags: null,
      },
    ]);
    // Every session event says who wrote it.
    const db = new DatabaseSync(store.path, { readOnly: true });
    expect(
      db
        .prepare('SELECT DISTINCT tags FROM events')
        .all()
        .map((row) => row.tags),
    ).toEqual(['migrate']);
    db.close();
    // Twice: nothing new, everything skipped.
    expect(store.importSelfImprovement(source)).toEqual({ sessions: 0, improvements: 0, skipped: 5 });
    expect(store.count()).toBe(3);
    expect(store.improvements.list()).toHaveLength(2);
    expect(readFileSync(source).equals(before)).toBe(true);
    // The next improvement added continues after the imported refs.
    expect(store.improvements.add({ title: 'next' }).ref).toBe('R3');
  });

  it("imports the columns blacksmith's own migrate reads (num_tool_calls, narration_turns, cache_creation_tokens)", () => {
    const store = newStore();
    expect(store.importSelfImprovement(sourceDb('python-migrate'))).toEqual({
      sessions: 2,
      improvements: 0,
      skipped: 0,
    });
    expect(facts(store)[0]).toEqual({
      ...unknown,
      key: 'si:1',
      ended_at: '2026-01-10T10:00:00.000Z',
      global: 1,
      turns: 42,
      cost_usd: 1.5,
      duration_secs: 120,
      input_tokens: 10000,
      output_tokens: 5000,
      cache_read_tokens: 200,
      cache_write_tokens: 100,
      tool_calls: 80,
      narration_turns: 3,
      parallel_turns: 5,
      output_bytes: 50000,
      exit_code: 0,
    });
    expect(store.totals(null)).toMatchObject({ sessions: 2, cost_usd: { sum: 2.3 }, turns: { sum: 72 } });
  });

  it('imports the Rust shape (a WAL database), and skips an improvement whose ref exists', () => {
    const store = newStore();
    store.improvements.add({ title: 'mine' }); // R1
    const source = sourceDb('rust');
    expect(store.importSelfImprovement(source)).toEqual({ sessions: 2, improvements: 1, skipped: 1 });
    expect(facts(store)).toEqual([
      {
        ...unknown,
        key: 'si:101',
        ended_at: '2026-02-01T08:00:00.000Z',
        transcript: '/runs/101.jsonl',
        global: 101,
        outcome: 'productive',
        turns: 55,
        tool_calls: 70,
        narration_turns: 4,
        parallel_turns: 9,
        duration_secs: 310.5,
        output_bytes: 88000,
        exit_code: 0,
        cost_usd: 2.25,
        input_tokens: 120000,
        output_tokens: 9000,
      },
      {
        ...unknown,
        key: 'si:102',
        ended_at: '2026-02-01T09:00:00.000Z',
        transcript: '/runs/102.jsonl',
        global: 102,
        outcome: 'failed',
        turns: 12,
        tool_calls: 10,
        narration_turns: 6,
        parallel_turns: 0,
        duration_secs: 40,
        output_bytes: 5000,
        exit_code: 1,
      },
    ]);
    expect(store.improvements.list().map(({ id: _id, ...rest }) => rest)).toEqual([
      {
        ref: 'R1',
        created: NOW,
        resolved: null,
        category: 'general',
        severity: 'medium',
        status: 'open',
        title: 'mine',
        description: null,
        recommendation: null,
        impact: null,
        tags: null,
      },
      {
        ref: 'R5',
        created: '2026-02-02T10:00:00Z',
        resolved: '2026-02-03T10:00:00Z',
        category: 'cost',
        severity: 'medium',
        status: 'promoted',
        title: 'Cache the plan',
        description: null,
        recommendation: null,
        impact: null,
        tags: null,
      },
    ]);
    expect(store.importSelfImprovement(source)).toEqual({ sessions: 0, improvements: 0, skipped: 4 });
    expect(store.improvements.add({ title: 'after' }).ref).toBe('R6');
  });

  it('keeps the Rust body and context together as the description', () => {
    const store = newStore();
    store.importSelfImprovement(sourceDb('rust'));
    expect(store.improvements.get('R1')).toMatchObject({
      category: 'workflow',
      description: 'Read files in one turn\n\nContext: seen in 101',
      tags: 'turns,parallel',
    });
  });

  it('refuses a missing file, a file that is not SQLite, and a SQLite file without the tables, naming the file', () => {
    const store = newStore();
    const missing = join(dir, 'nope.db');
    expect(() => store.importSelfImprovement(missing)).toThrow(MetricsDbError);
    expect(() => store.importSelfImprovement(missing)).toThrow(`${missing}: no such file`);
    const text = join(dir, 'text.db');
    writeFileSync(text, 'hello\n'.repeat(100));
    expect(() => store.importSelfImprovement(text)).toThrow(`${text} is not a SQLite database`);
    const other = join(dir, 'other.db');
    const db = new DatabaseSync(other);
    db.exec('CREATE TABLE other (id INTEGER)');
    db.close();
    expect(() => store.importSelfImprovement(other)).toThrow(/without the self-improvement tool's tables/);
    expect(store.count()).toBe(0);
  });
});

describe('column mapping', () => {
  it('takes the first alias present, whatever its case', () => {
    expect(
      mapColumns(SESSION_ALIASES, ['Session_ID', 'turns', 'assistant_turns', 'COST_ESTIMATE']),
    ).toMatchObject({
      id: 'Session_ID',
      turns: 'turns',
      cost_usd: 'COST_ESTIMATE',
    });
  });

  it('reads timestamps as ISO 8601', () => {
    expect(isoOf('2026-01-10 10:00:00')).toBe('2026-01-10T10:00:00.000Z');
    expect(isoOf('2026-01-10T10:00:00+02:00')).toBe('2026-01-10T08:00:00.000Z');
    expect(isoOf('yesterday')).toBe('yesterday');
  });
});
