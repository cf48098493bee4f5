// One history row per session, and every session in the history: the built CLI, the scripted agent, real SQLite
// files. Byte-identical transcripts (a replayed transcript) are as many rows as sessions, in the loop and in
// `metrics ingest`; a database written by today's schema is re-keyed and says what it cannot repair; a session cut
// short by a SIGKILLed harness is recorded by the next start and by `metrics ingest`, marked `cut_short`, and
// retention then acts on its transcript instead of asking for it to be recorded for ever.
import { copyFileSync, readdirSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, type ExpectStatic } from 'vitest';
import { stringify } from 'yaml';
import { openDatabase } from '../../src/metrics/db.js';
import { deriveRow } from '../../src/metrics/derive.js';
import { factsEvents } from '../../src/metrics/facts.js';
import { migrate } from '../../src/metrics/migrations.js';
import { INSERT_SESSION, sessionParams } from '../../src/metrics/rows.js';
import { MetricsStore, type SessionRow } from '../../src/metrics/store.js';
import { sampleFacts } from '../support/metrics-facts.js';
import { reviewProject } from '../support/review-project.js';
import { alive, killRecorded } from '../support/processes.js';
import {
  makeWorkdir,
  ROOT,
  runHarness,
  startHarness,
  testConfig,
  waitUntil,
  type Workdir,
} from '../support/workdir.js';

const REAL = join(ROOT, 'test/fixtures/transcripts/real-claude-success.jsonl');

const rows = (w: Workdir): SessionRow[] => {
  const store = MetricsStore.open(w.path('harness-metrics.db'), { readonly: true });
  try {
    return store.lastSessions(null);
  } finally {
    store.close();
  }
};

const config = (w: Workdir, sections: Record<string, Record<string, unknown>>) =>
  writeFileSync(w.path('harness.yml'), stringify(testConfig(sections)));

/** Starts the harness, waits until the session numbered `global` runs and has written, and SIGKILLs the harness. */
async function killDuring(expect: ExpectStatic, w: Workdir, global: number): Promise<void> {
  const run = startHarness(w);
  await run.waitFor((out) => out.includes(`global=${global} status=session_running`));
  await waitUntil(() => w.read(`claude-iteration-${global}.jsonl`).length > 0, `transcript ${global}`);
  run.child.kill('SIGKILL');
  expect((await run.exit).signal).toBe('SIGKILL');
}

/** The agent a killed harness left running (its own process group), ended as a next start would end it. */
async function endOrphans(w: Workdir): Promise<void> {
  killRecorded(w.agentPids());
  await waitUntil(() => alive(w.agentPids()).length === 0, 'the orphaned agent to end');
}

describe.concurrent('one history row per session', () => {
  it('six sessions with byte-identical transcripts are six rows in `metrics status`', async ({ expect }) => {
    const w = makeWorkdir({
      plan: [`replay:${REAL}`],
      config: testConfig({ session: { max_iterations: 6 } }),
    });
    const run = await runHarness(w);
    expect(run.code, run.stderr).toBe(0);
    const recorded = rows(w);
    expect(recorded.map((r) => r.global)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(new Set(recorded.map((r) => r.sha256)).size).toBe(1);
    for (const row of recorded) expect(row.key).toBe(`run:${row.run}:${row.global}`);
    const status = await runHarness(w, ['metrics', 'status']);
    expect(status.stdout).toContain('Last 6 of 6 sessions');
    expect(status.stdout).toMatch(/Totals: 6 sessions/);
  });

  it('review mode: two tasks developed and reviewed with the same bytes are four rows', async ({
    expect,
    onTestFinished,
  }) => {
    const p = await reviewProject(onTestFinished, { develop: ['commit'], review: ['PASS'] });
    const run = await runHarness(p.w, ['loop', p.planId], { ...p.env, REVIEW_SESSION_ID: 's-same' });
    expect(run.code, run.stderr).toBe(0);
    const recorded = rows(p.w);
    expect(recorded).toHaveLength(4);
    // Each phase's two sessions printed the very same bytes.
    expect(new Set(recorded.map((r) => r.sha256)).size).toBe(2);
    expect(new Set(recorded.map((r) => r.key)).size).toBe(4);
  });

  it('`metrics ingest`: two names with the same bytes are two sessions, one file twice is "already recorded"', async ({
    expect,
  }) => {
    const w = makeWorkdir({ config: testConfig() });
    copyFileSync(REAL, w.path('a-1.jsonl'));
    copyFileSync(REAL, w.path('b-2.jsonl'));
    copyFileSync(REAL, w.path('c-3.jsonl'));
    const first = await runHarness(w, ['metrics', 'ingest', 'a-1.jsonl', 'b-2.jsonl']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^recorded a-1\.jsonl: session 1,/m);
    expect(first.stdout).toMatch(/^recorded b-2\.jsonl: session 2,/m);
    expect(first.stdout).toContain('2 files: 2 recorded, 0 already recorded');
    const again = await runHarness(w, ['metrics', 'ingest', 'a-1.jsonl']);
    expect(again.stdout.trim()).toBe('already recorded a-1.jsonl');
    const deduped = await runHarness(w, ['metrics', 'ingest', '--dedupe-content', 'c-3.jsonl']);
    expect(deduped.stdout.trim()).toBe('already recorded c-3.jsonl (the same content as a-1.jsonl)');
    expect(rows(w).map((r) => [r.global, r.key.split(':')[0]])).toEqual([
      [1, 'file'],
      [2, 'file'],
    ]);
  });

  it("a database written by today's schema: the CLI says what the migration re-keyed and what it cannot repair", async ({
    expect,
  }) => {
    const w = makeWorkdir({ config: testConfig() });
    // Written as version 3 wrote it: a loop session keyed by its transcript's content.
    const path = w.path('harness-metrics.db');
    const db = openDatabase(path);
    migrate(db, path, 3);
    const facts = sampleFacts(0);
    const insert = db.prepare('INSERT INTO events (ts, session, kind, value, tags) VALUES (?, ?, ?, ?, ?)');
    for (const event of factsEvents(facts))
      insert.run('2026-01-01T00:00:00Z', facts.key, event.kind, JSON.stringify(event.value), 'loop');
    const events = db.prepare('SELECT id, session, kind, value FROM events').all();
    db.prepare(INSERT_SESSION).run(...sessionParams(deriveRow(facts.key, events as never)!));
    db.close();
    const status = await runHarness(w, ['metrics', 'status']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stderr).toContain('1 session the loop recorded re-keyed');
    expect(status.stderr).toMatch(/byte-identical to an earlier one were merged .* cannot be restored/);
    const again = await runHarness(w, ['metrics', 'status']);
    expect(again.stderr).toBe('');
  });
});

describe.concurrent('a session cut short by a SIGKILLed harness', () => {
  it('is recorded by the next start as cut_short, from its transcript and the status file', async ({
    expect,
  }) => {
    const w = makeWorkdir({
      plan: ['ok', 'hang', 'ok'],
      config: testConfig({ session: { max_iterations: 2 } }),
    });
    await killDuring(expect, w, 1);
    const cookie = w.status().cookie as string;
    expect(rows(w).map((r) => r.global)).toEqual([0]);
    config(w, { session: { max_iterations: 1 } });
    const next = await runHarness(w);
    expect(next.code, next.stderr).toBe(0);
    expect(next.stdout).toMatch(/metrics=recorded_later from_event_log=0 cut_short=1/);
    const recorded = rows(w);
    expect(recorded.map((r) => [r.global, r.outcome])).toEqual([
      [0, 'productive'],
      [1, 'cut_short'],
      [2, 'productive'],
    ]);
    expect(recorded[1]).toMatchObject({
      key: `run:${cookie}:1`,
      source: 'loop',
      committed: null,
      format: 'claude',
    });
    const status = await runHarness(w, ['metrics', 'status']);
    expect(status.stdout).toMatch(/^#1 .* cut_short /m);
    expect(status.stdout).toMatch(/Outcomes: .*cut_short 1/);
    expect(alive(w.agentPids())).toEqual([]);
  });

  it('is recorded by `metrics ingest` as cut_short, and the next start does not record it again', async ({
    expect,
  }) => {
    const w = makeWorkdir({
      plan: ['ok', 'hang', 'ok'],
      config: testConfig({ session: { max_iterations: 2 } }),
    });
    await killDuring(expect, w, 1);
    await endOrphans(w);
    const ingest = await runHarness(w, [
      'metrics',
      'ingest',
      'claude-iteration-0.jsonl',
      'claude-iteration-1.jsonl',
    ]);
    expect(ingest.code, ingest.stderr).toBe(0);
    expect(ingest.stdout).toContain('already recorded claude-iteration-0.jsonl');
    expect(ingest.stdout).toMatch(/^recorded claude-iteration-1\.jsonl: session 1, claude, cut_short,/m);
    config(w, { session: { max_iterations: 1 } });
    const next = await runHarness(w);
    expect(next.code, next.stderr).toBe(0);
    expect(next.stdout).not.toContain('metrics=recorded_later');
    expect(rows(w).map((r) => [r.global, r.outcome, r.source])).toEqual([
      [0, 'productive', 'loop'],
      [1, 'cut_short', 'ingest'],
      [2, 'productive', 'loop'],
    ]);
  });

  it('retention acts on killed sessions once recorded, and never asks again for an empty one', async ({
    expect,
  }) => {
    const w = makeWorkdir({
      plan: ['ok', 'hang', 'hang', 'ok'],
      config: testConfig({ session: { max_iterations: 2 }, storage: { keep_last: 1 } }),
    });
    await killDuring(expect, w, 1);
    // The second kill comes before the agent wrote anything: an empty transcript (as a kill at spawn leaves it).
    config(w, { session: { max_iterations: 1 }, storage: { keep_last: 1 } });
    await killDuring(expect, w, 2);
    truncateSync(w.path('claude-iteration-2.jsonl'), 0);
    config(w, { session: { max_iterations: 2 }, storage: { keep_last: 1 } });
    const next = await runHarness(w);
    expect(next.code, next.stderr).toBe(0);
    expect(next.stdout + next.stderr).not.toContain('retention=not_recorded');
    expect(rows(w).map((r) => [r.global, r.outcome])).toEqual([
      [0, 'productive'],
      [1, 'cut_short'],
      [2, 'cut_short'],
      [3, 'productive'],
      [4, 'productive'],
    ]);
    const names = readdirSync(w.dir)
      .filter((f) => /^claude-iteration-\d+\.jsonl/.test(f))
      .sort();
    expect(names).toEqual([
      'claude-iteration-0.jsonl.zst',
      'claude-iteration-1.jsonl.zst',
      'claude-iteration-2.jsonl',
      'claude-iteration-3.jsonl.zst',
      'claude-iteration-4.jsonl',
    ]);
    // Once more: nothing is asked for, nothing loops.
    config(w, { session: { max_iterations: 1 }, storage: { keep_last: 1 } });
    const last = await runHarness(w);
    expect(last.stdout + last.stderr).not.toContain('not_recorded');
    expect(alive(w.agentPids())).toEqual([]);
  });
});
