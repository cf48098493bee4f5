// Every session into the metrics database as the loop runs, and [storage] retention after it: the built CLI, the
// scripted agent, real SQLite files, the default layout (no ignore file, a bash loop's leftover transcript).
import { copyFileSync, existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { zstdDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MetricsStore } from '../../src/metrics/store.js';
import { makeWorkdir, ROOT, runHarness, testConfig, type Workdir } from '../support/workdir.js';
import { alive } from '../support/processes.js';

const REAL = join(ROOT, 'test/fixtures/transcripts/corpus/real-claude-parallel-narration.jsonl');
const sessions = (w: Workdir) => {
  const store = MetricsStore.open(w.path('harness-metrics.db'), { readonly: true });
  try {
    return store.lastSessions(null);
  } finally {
    store.close();
  }
};

describe('the loop records every session in the metrics database', () => {
  it('records each session as it ends, empty ones included, with what the event log says', async () => {
    const w = makeWorkdir({
      plan: ['ok', 'empty', 'ok', 'ok'],
      config: testConfig({ session: { max_iterations: 3 }, retry: { max_empty_retries: 2 } }),
    });
    const run = await runHarness(w, []);
    expect(run.code).toBe(0);
    const rows = sessions(w);
    const logged = w.events().filter((e) => e.event === 'session_complete');
    expect(rows.map((r) => [r.global, r.outcome])).toEqual(logged.map((e) => [e.global, e.outcome]));
    expect(rows.map((r) => r.outcome)).toEqual(['productive', 'empty', 'productive', 'productive']);
    // Every session is keyed by its run and its number, an empty one (no content) included.
    for (const [i, row] of rows.entries()) {
      expect(row.key).toBe(`run:${row.run}:${i}`);
      if (i === 1) continue;
      expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(row).toMatchObject({ source: 'loop', format: 'claude', cost_usd: 0.01, input_tokens: 10 });
    }
    expect(rows.map((r) => r.committed)).toEqual(logged.map((e) => e.committed));
    expect(alive(w.agentPids())).toEqual([]);
  });

  it('refuses to start with a file that is not a metrics database, leaving it as it was (exit 15)', async () => {
    const w = makeWorkdir({ config: testConfig() });
    writeFileSync(w.path('harness-metrics.db'), 'my notes, not a database\n');
    const run = await runHarness(w, []);
    expect(run.code).toBe(15);
    expect(run.stderr + run.stdout).toContain('harness-metrics.db');
    expect(w.read('harness-metrics.db')).toBe('my notes, not a database\n');
    expect(w.transcripts()).toEqual([]);
  });

  it('writes no database with metrics.enabled = false', async () => {
    const w = makeWorkdir({ config: testConfig({ metrics: { enabled: false } }) });
    expect((await runHarness(w, [])).code).toBe(0);
    expect(w.exists('harness-metrics.db')).toBe(false);
  });
});

describe('[storage] retention', () => {
  it('compresses recorded transcripts past keep_last, never an unrecorded leftover, and deletes only recorded ones', async () => {
    const w = makeWorkdir({
      plan: ['ok'],
      config: testConfig({ session: { max_iterations: 3 }, storage: { keep_last: 1 } }),
    });
    // A bash loop's leftover, never recorded: the loop numbers on after it and retention leaves it alone.
    copyFileSync(REAL, w.path('claude-iteration-0.jsonl'));
    const run = await runHarness(w, []);
    expect(run.code).toBe(0);
    const names = () =>
      readdirSync(w.dir).filter((f) => f.startsWith('claude-iteration-') && !f.endsWith('.md'));
    expect(names().sort()).toEqual([
      'claude-iteration-0.jsonl',
      'claude-iteration-1.jsonl.zst',
      'claude-iteration-2.jsonl.zst',
      'claude-iteration-3.jsonl',
    ]);
    expect(run.stdout + run.stderr).toMatch(/retention=not_recorded/);
    // The compressed copy holds the transcript's bytes: its sha256 is the one recorded.
    const rows = sessions(w);
    const first = rows.find((r) => r.global === 1)!;
    const bytes = zstdDecompressSync(readFileSync(w.path('claude-iteration-1.jsonl.zst')));
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(first.sha256);

    // Old enough to delete: the recorded compressed ones go, the unrecorded leftover stays, the history stays.
    const old = new Date(Date.now() - 40 * 24 * 3600 * 1000);
    for (const name of names()) utimesSync(w.path(name), old, old);
    writeFileSync(
      w.path('harness.yml'),
      JSON.stringify(
        testConfig({ session: { max_iterations: 1 }, storage: { keep_last: 1, delete_after_days: 30 } }),
      ),
    );
    expect((await runHarness(w, [])).code).toBe(0);
    expect(names().sort()).toEqual(['claude-iteration-0.jsonl', 'claude-iteration-4.jsonl']);
    expect(sessions(w).map((r) => r.global)).toEqual([1, 2, 3, 4]);
    expect(existsSync(w.path('claude-iteration-3.jsonl'))).toBe(false);
  });
});
