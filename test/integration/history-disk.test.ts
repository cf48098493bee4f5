// The history gives way before the transcripts and the state on a full disk: real tmpfs file systems (root mounts
// them; elsewhere these tests are skipped), the built CLI, the scripted agent. A session the history had no room
// for stays in the event log and is recorded by the first start with room; the run itself never fails for it.
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, type ExpectStatic } from 'vitest';
import { MetricsStore } from '../../src/metrics/store.js';
import { alive } from '../support/processes.js';
import { canMount, tinyFs } from '../support/tiny-fs.js';
import { makeWorkdir, runHarness, testConfig } from '../support/workdir.js';

const freeBytes = (dir: string): number => {
  const fs = statfsSync(dir);
  return fs.bfree * fs.bsize;
};

/** Fills `dir`'s file system with a ballast file until only about `leaveBytes` are free. */
function fillTo(expect: ExpectStatic, dir: string, leaveBytes: number): string {
  const ballast = join(dir, 'ballast');
  const chunk = Buffer.alloc(4096, 'x');
  while (freeBytes(dir) > leaveBytes + chunk.length) appendFileSync(ballast, chunk);
  expect(freeBytes(dir)).toBeLessThanOrEqual(leaveBytes + chunk.length);
  return ballast;
}

/** Every file the loop writes on `dir`: the transcripts, the state, the event log and the history. */
const allOn = (dir: string, iterations: number) =>
  testConfig({
    session: {
      max_iterations: iterations,
      output_dir: dir,
      status_file: join(dir, 'harness.status'),
      counter_file: join(dir, '.iteration_counter'),
    },
    output: { event_log: join(dir, 'harness-events.jsonl') },
    metrics: { database: join(dir, 'harness-metrics.db') },
  });

const globals = (database: string): number[] => {
  const store = MetricsStore.open(database, { readonly: true });
  try {
    // The sessions recorded, by number (one recorded later from the event log may list before an earlier one).
    return store
      .lastSessions(null)
      .map((row) => row.global!)
      .sort((a, b) => a - b);
  } finally {
    store.close();
  }
};

const read = (dir: string, name: string): string => readFileSync(join(dir, name), 'utf8');

const events = (dir: string): Array<Record<string, unknown>> =>
  read(dir, 'harness-events.jsonl')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe.skipIf(!canMount)(
  'a full disk and the history (a real tmpfs; needs root)',
  { concurrent: true },
  () => {
    it('on the disk of the transcripts and the state, the history gives way: sessions run, it records them once there is room', async (context) => {
      const { expect } = context;
      const dir = tinyFs(context, 512);
      // About 140 KiB left: a new database with its -wal and -shm takes ~110 KiB of it, the status file then fails.
      const ballast = fillTo(expect, dir, 140 * 1024);
      const w = makeWorkdir({ plan: ['ok'], config: allOn(dir, 2) });
      const run = await runHarness(w);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/metrics=deferred .*which holds the transcripts or the state/);
      expect(existsSync(join(dir, 'harness-metrics.db'))).toBe(false);
      const completed = events(dir).filter((e) => e.event === 'session_complete');
      expect(completed.map((e) => e.global)).toEqual([0, 1]);
      expect(JSON.parse(read(dir, 'harness.status'))).toMatchObject({ state: 'stopped' });
      // The next start on the same full disk: no exit 1 or 15, the run goes on.
      const again = await runHarness(w);
      expect(again.code, again.stderr).toBe(0);
      // Room again (the disk grown past the history's reserve): the first start records every session logged.
      rmSync(ballast);
      execFileSync('mount', ['-o', 'remount,size=32m', dir]);
      const roomy = await runHarness(w);
      expect(roomy.code, roomy.stderr).toBe(0);
      expect(roomy.stdout).toMatch(/metrics=recorded_later from_event_log=4 cut_short=0/);
      expect(globals(join(dir, 'harness-metrics.db'))).toEqual([0, 1, 2, 3, 4, 5]);
      expect(alive(w.agentPids())).toEqual([]);
    });

    it('on a disk of its own that fills up, the run goes on without it (not exit 15) and it catches up later', async (context) => {
      const { expect } = context;
      const dir = tinyFs(context, 1024);
      const database = join(dir, 'harness-metrics.db');
      const w = makeWorkdir({
        plan: ['ok'],
        config: testConfig({ session: { max_iterations: 1 }, metrics: { database } }),
      });
      expect((await runHarness(w)).code).toBe(0);
      expect(globals(database)).toEqual([0]);
      const ballast = fillTo(expect, dir, 16 * 1024);
      const full = await runHarness(w);
      expect(full.code, full.stderr).toBe(0);
      expect(full.stderr).not.toContain('not a metrics database');
      expect(full.stdout).toMatch(/metrics=deferred/);
      expect(w.status()).toMatchObject({ state: 'stopped' });
      rmSync(ballast);
      const roomy = await runHarness(w);
      expect(roomy.code, roomy.stderr).toBe(0);
      expect(globals(database)).toEqual([0, 1, 2]);
      expect(alive(w.agentPids())).toEqual([]);
    });
  },
);
