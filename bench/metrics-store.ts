// The metrics database on 100,000 sessions: how long recording takes, and the latency of what `metrics status`
// reads (lastSessions(n) and totals(n)), whose goal is < 100 ms. Not wired into run.ts; run it alone:
//   node --import tsx bench/metrics-store.ts [sessions] [keep.db]
// With a second argument the database is kept there and, when it exists, reused (no recording).
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { MetricsStore } from '../src/metrics/store.js';
import { sampleFacts } from '../test/support/metrics-facts.js';

const total = Number(process.argv[2] ?? 100_000);
const dir = mkdtempSync(join(tmpdir(), 'metrics-bench-'));
const path = process.argv[3] ?? join(dir, 'harness-metrics.db');
try {
  let start = performance.now();
  if (!existsSync(path)) {
    const writer = MetricsStore.open(path);
    for (let i = 0; i < total; i++) writer.record(sampleFacts(i), 'loop');
    const recordMs = performance.now() - start;
    writer.checkpoint();
    writer.close();
    console.log(
      `recorded ${total} sessions in ${(recordMs / 1000).toFixed(1)} s (${((recordMs * 1000) / total).toFixed(0)} µs each), file ${(statSync(path).size / 2 ** 20).toFixed(0)} MiB`,
    );
  }

  // Wall time and this process's CPU time (user + system): on a busy machine the CPU figure is the steadier one.
  const time = (label: string, fn: () => unknown, runs = 10): void => {
    fn(); // warm the page cache and the statement
    const walls: number[] = [];
    const cpus: number[] = [];
    for (let run = 0; run < runs; run++) {
      const cpu = process.cpuUsage();
      start = performance.now();
      fn();
      walls.push(performance.now() - start);
      const used = process.cpuUsage(cpu);
      cpus.push((used.user + used.system) / 1000);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(runs / 2)]!;
    console.log(
      `${label}: median ${median(walls).toFixed(2)} ms (cpu ${median(cpus).toFixed(2)} ms), min ${Math.min(...walls).toFixed(2)} ms`,
    );
  };
  // What `metrics status` does: open read-only, read, close.
  for (const n of [10, null])
    time(`open+lastSessions(${n ?? 'all'} → 10)+totals(${n ?? 'all'})+close (metrics status)`, () => {
      const reader = MetricsStore.open(path, { readonly: true });
      reader.lastSessions(Math.min(n ?? 10, 10));
      reader.totals(n);
      reader.close();
    });
  const reader = MetricsStore.open(path, { readonly: true });
  for (const n of [10, 100, 1000]) {
    time(`lastSessions(${n})`, () => reader.lastSessions(n));
    time(`totals(${n})`, () => reader.totals(n));
  }
  time('totals(all)', () => reader.totals(null), 5);
  time('query(turns.total, 30)', () => reader.query('turns.total', 30));
  time('count()', () => reader.count());
  reader.close();
  const rebuilder = MetricsStore.open(path);
  start = performance.now();
  await rebuilder.rebuild();
  console.log(`rebuild(): ${((performance.now() - start) / 1000).toFixed(1)} s`);
  rebuilder.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
