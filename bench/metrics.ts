// The session history at scale (issue 11):
//   1. `metrics ingest` of 1,000 transcripts totalling 1 GiB through the built CLI, against `wc -l` over the
//      same files in the same run (both read every byte; the files are in the page cache for both), and the
//      same ingest again (every file already recorded: still a full read, for the content hash).
//   2. `metrics status` on 100,000 sessions: in process (open read-only, the last 10 rows, the all-time totals,
//      the targets, the rendered table, close; goal < 100 ms) and through the CLI against the CLI's own
//      start-up (`--version`).
//   3. The history's size: the file's bytes per session after 1,000 sessions recorded one transaction each (what
//      a run writes), checkpointed.
//   4. `metrics export` of the 100,000 sessions (JSON, to a file) against `sqlite3 -json` selecting the same
//      columns in the same order (when sqlite3 is installed; else an in-process SELECT of them), and its peak RSS
//      at 1,000 sessions and at 100,000 (flat: the rows are written as they are read).
// The database for 2 is grown from 1,000 recorded sessions by copying their rows under new keys in SQL.
import { copyFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { configSchema } from '../src/config/schema.js';
import { KINDS } from '../src/metrics/facts.js';
import { FACT_COLUMNS, SESSION_SELECT } from '../src/metrics/rows.js';
import { MetricsStore } from '../src/metrics/store.js';
import { renderStatus } from '../src/metrics/status-report.js';
import { evaluateTargets, targetRules } from '../src/metrics/targets.js';
import { sampleFacts } from '../test/support/metrics-facts.js';
import {
  CLI,
  fmt,
  header,
  knob,
  median,
  MIB,
  report,
  runHarness,
  scratchDir,
  timeShell,
  type ResultRow,
} from './lib.js';

const FILES = knob('BENCH_METRICS_FILES', 1000, 20);
const TOTAL_MIB = knob('BENCH_METRICS_MIB', 1024, 4);
const INGEST_REPEATS = knob('BENCH_METRICS_INGEST_REPEATS', 3, 1);
const SESSIONS = knob('BENCH_METRICS_SESSIONS', 100_000, 1_000);
const RUNS = knob('BENCH_METRICS_RUNS', 11, 2);

header('metrics: ingest throughput against wc -l; metrics status latency on a large history', [
  `${FILES} Claude stream-json transcripts, ${TOTAL_MIB} MiB in all; ${SESSIONS} sessions for status`,
]);

// --- 1. ingest ---------------------------------------------------------------------------------------------

/**
 * One transcript of about `bytes` in Claude Code's own stream-json shape (test/fixtures/transcripts/corpus/
 * claude-real-success.jsonl): an init event, then per API message one `assistant` event per content block, all
 * with the message's id, type, role, model and usage, in the CLI's key order; tool results as `user` events;
 * narration-only messages, parallel tool calls, bulky tool output, a final result.
 */
function transcript(n: number, bytes: number): string {
  const id = `bench-${n}-${Math.random().toString(36).slice(2)}`;
  const lines = [
    JSON.stringify({
      type: 'system',
      subtype: 'init',
      cwd: '/tmp/repo',
      session_id: id,
      tools: ['Bash', 'Edit', 'Read', 'Write'],
      model: 'claude-sonnet-4-5',
    }),
  ];
  let size = lines[0]!.length;
  const push = (event: unknown): void => {
    const line = JSON.stringify(event);
    lines.push(line);
    size += line.length + 1;
  };
  const output = 'x'.repeat(1800);
  for (let turn = 0; size < bytes; turn++) {
    const tools = turn % 5 === 0 ? 2 : turn % 7 === 0 ? 0 : 1;
    const blocks: unknown[] = [{ type: 'text', text: `Step ${turn}: looking at the next file.` }];
    for (let t = 0; t < tools; t++)
      blocks.push({
        type: 'tool_use',
        id: `toolu_${turn}_${t}`,
        name: 'Bash',
        input: { command: `cat src/f${t}.ts` },
      });
    for (const block of blocks)
      push({
        type: 'assistant',
        message: {
          id: `msg_${id}_${turn}`,
          type: 'message',
          role: 'assistant',
          model: 'claude-sonnet-4-5',
          content: [block],
          stop_reason: null,
          stop_sequence: null,
          usage: {
            input_tokens: 3760 + turn,
            output_tokens: 1,
            cache_creation_input_tokens: 0,
            cache_read_input_tokens: 0,
          },
        },
        parent_tool_use_id: null,
        session_id: id,
        uuid: `${id}-${turn}-${lines.length}`,
      });
    for (let t = 0; t < tools; t++)
      push({
        type: 'user',
        message: {
          role: 'user',
          content: [{ tool_use_id: `toolu_${turn}_${t}`, type: 'tool_result', content: output }],
        },
        parent_tool_use_id: null,
        session_id: id,
      });
  }
  push({
    type: 'result',
    subtype: 'success',
    is_error: false,
    num_turns: lines.length,
    result: 'Done; committed the change.',
    session_id: id,
    total_cost_usd: 0.42,
    usage: { input_tokens: 120_000, output_tokens: 9000, cache_read_input_tokens: 50_000 },
  });
  return `${lines.join('\n')}\n`;
}

const dir = scratchDir('metrics');
const files: string[] = [];
const perFile = Math.floor((TOTAL_MIB * MIB) / FILES);
for (let n = 0; n < FILES; n++) {
  const path = join(dir, `claude-iteration-${n}.jsonl`);
  writeFileSync(path, transcript(n, perFile));
  files.push(path);
}
const bytes = files.reduce((sum, f) => sum + statSync(f).size, 0);
const mib = bytes / MIB;
console.log(`wrote ${FILES} transcripts, ${fmt(mib, 0)} MiB`);

const names = files.map((f) => f.slice(dir.length + 1)).join(' ');
await timeShell(`wc -l ${names} > /dev/null`, { cwd: dir }); // into the page cache
const wc = await timeShell(`wc -l ${names} > /dev/null`, { cwd: dir });
const db = join(dir, 'ingest.db');
/** One ingest of every file into a new database (the last one is kept for the second ingest). */
async function ingestAll() {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${db}${suffix}`, { force: true });
  const run = await runHarness(dir, { args: ['metrics', 'ingest', '--db', db, ...files], sampleMs: 50 });
  if (run.code !== 0) throw new Error(`ingest failed (${run.code}): ${run.stderr.slice(-500)}`);
  return run;
}
// Several ingests, the median taken: one run of a few seconds on a shared machine moves by a quarter.
const firsts = [];
for (let r = 0; r < INGEST_REPEATS; r++) firsts.push(await ingestAll());
const first = {
  wallMs: median(firsts.map((run) => run.wallMs)),
  peakKiB: Math.max(...firsts.map((run) => run.peakKiB)),
};
const again = await runHarness(dir, { args: ['metrics', 'ingest', '--db', db, ...files] });
if (again.code !== 0 || !again.stdout.includes(`${FILES} already recorded`))
  throw new Error(`second ingest did not find every file recorded: ${again.stdout.slice(-300)}`);
const check = MetricsStore.open(db, { readonly: true });
const recorded = check.count();
check.close();
if (recorded !== FILES) throw new Error(`${recorded} sessions recorded, expected ${FILES}`);
console.log(
  `wc -l ${fmt(wc.ms, 0)} ms; ingest ${firsts.map((run) => fmt(run.wallMs, 0)).join(', ')} ms (peak RSS ${fmt(first.peakKiB / 1024, 0)} MiB); again ${fmt(again.wallMs, 0)} ms`,
);
const rate = (ms: number) => mib / (ms / 1000);

// --- 2. status -----------------------------------------------------------------------------------------------

const statusDb = join(dir, 'status.db');
const seedCount = Math.min(1000, SESSIONS);
const seeded = MetricsStore.open(statusDb);
for (let i = 0; i < seedCount; i++) {
  // As an ingest keys and places them: the longest keys the harness writes, a runner's paths.
  const facts = sampleFacts(i);
  const name = `claude-iteration-${i}.jsonl`;
  seeded.record(
    {
      ...facts,
      key: `file:${name}:${facts.sha256!}`,
      transcript: `/home/runner/work/agent-harness/agent-harness/.harness/sessions/${name}`,
      model: 'claude-sonnet-4-5-20250929',
    },
    'loop',
  );
}
seeded.checkpoint();
seeded.close();
const seedDb = join(dir, 'seed.db');
copyFileSync(statusDb, seedDb);
const bytesPerSession = statSync(statusDb).size / seedCount;
const growStart = performance.now();
{
  // Copies of the seed sessions' rows under new keys, until there are SESSIONS sessions.
  const raw = new DatabaseSync(statusDb);
  const copies = Math.ceil(SESSIONS / seedCount) - 1;
  const columns = [...FACT_COLUMNS, 'recorded_at', 'writer'].join(', ');
  raw.exec('BEGIN');
  if (copies > 0)
    raw.exec(`
    WITH RECURSIVE copy(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM copy WHERE n < ${copies})
    INSERT INTO sessions (seq, key, ${columns})
    SELECT s.seq + copy.n * ${seedCount * KINDS.length}, s.key || '#' || copy.n, ${columns}
    FROM copy, sessions s ORDER BY copy.n, s.seq`);
  raw.exec('COMMIT');
  raw.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  raw.close();
}
const growMs = performance.now() - growStart;
const grown = MetricsStore.open(statusDb, { readonly: true });
const rebuilt = { sessions: grown.count() };
grown.close();
console.log(
  `status database: ${rebuilt.sessions} sessions, ${fmt(statSync(statusDb).size / MIB, 0)} MiB (${fmt(bytesPerSession, 0)} bytes a session as recorded)`,
);

const rules = targetRules(configSchema.parse({}).metrics.targets);
const statusInProcess = (): string => {
  const store = MetricsStore.open(statusDb, { readonly: true });
  try {
    const rows = store.lastSessions(10);
    return renderStatus(rows, store.allTime(), evaluateTargets(rules, rows));
  } finally {
    store.close();
  }
};
const timed = (fn: () => unknown): number => {
  fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  return median(times);
};
const inProcess = timed(statusInProcess);
const lastTen = timed(() => {
  const store = MetricsStore.open(statusDb, { readonly: true });
  store.lastSessions(10);
  store.close();
});
const cliTimes: number[] = [];
const versionTimes: number[] = [];
for (let i = 0; i < RUNS; i++) {
  versionTimes.push((await runHarness(dir, { args: ['--version'] })).wallMs);
  const run = await runHarness(dir, { args: ['metrics', 'status', '--db', statusDb] });
  if (run.code !== 0) throw new Error(`metrics status failed: ${run.stderr}`);
  cliTimes.push(run.wallMs);
}
const cli = median(cliTimes);
const version = median(versionTimes);

// --- 3, 4. size and export -------------------------------------------------------------------------------------

const exportSql = `SELECT ${SESSION_SELECT} FROM sessions ORDER BY ended_at, seq`;
const hasSqlite3 = spawnSync('sqlite3', ['-version']).status === 0;
const exportTimes: number[] = [];
const baselineTimes: number[] = [];
for (let i = 0; i < Math.max(1, Math.floor(RUNS / 2)); i++) {
  const run = await timeShell(`"${process.execPath}" "${CLI}" metrics export --db status.db > export.json`, {
    cwd: dir,
  });
  if (run.code !== 0) throw new Error(`metrics export failed: ${run.stderr}`);
  exportTimes.push(run.ms);
  if (hasSqlite3)
    baselineTimes.push(
      (await timeShell(`sqlite3 -json status.db "${exportSql}" > sqlite3.json`, { cwd: dir })).ms,
    );
  else {
    const start = performance.now();
    const raw = new DatabaseSync(statusDb, { readOnly: true });
    const statement = raw.prepare(exportSql);
    statement.setReturnArrays(true);
    for (const row of statement.iterate()) void row;
    raw.close();
    baselineTimes.push(performance.now() - start);
  }
}
const exported = median(exportTimes);
const exportBaseline = median(baselineTimes);
const peakOf = async (file: string): Promise<number> => {
  const run = await runHarness(dir, {
    args: ['metrics', 'export', '--db', file, '--format', 'csv'],
    sampleMs: 20,
  });
  if (run.code !== 0) throw new Error(`metrics export failed: ${run.stderr}`);
  return run.peakKiB / 1024;
};
const peakSmall = await peakOf(seedDb);
const peakLarge = await peakOf(statusDb);

const rows: ResultRow[] = [
  {
    metric: `ingest MiB/s (${FILES} files, ${fmt(mib, 0)} MiB; baseline wc -l)`,
    baseline: fmt(rate(wc.ms), 0),
    harness: fmt(rate(first.wallMs), 0),
    ratio: fmt(rate(first.wallMs) / rate(wc.ms), 3),
    goal: '>= 300 MiB/s',
  },
  {
    metric: 'ingest again, all already recorded (MiB/s)',
    baseline: fmt(rate(wc.ms), 0),
    harness: fmt(rate(again.wallMs), 0),
    ratio: fmt(rate(again.wallMs) / rate(wc.ms), 3),
    goal: '-',
  },
  {
    metric: 'ingest peak RSS (MiB)',
    baseline: '-',
    harness: fmt(first.peakKiB / 1024, 0),
    ratio: '-',
    goal: 'flat',
  },
  {
    metric: `metrics status in process, ${rebuilt.sessions} sessions (ms; baseline: open + last 10 rows)`,
    baseline: fmt(lastTen, 1),
    harness: fmt(inProcess, 1),
    ratio: fmt(inProcess / lastTen, 1),
    goal: '< 100 ms',
  },
  {
    metric: `metrics status through the CLI (ms; baseline: --version)`,
    baseline: fmt(version, 0),
    harness: fmt(cli, 0),
    ratio: fmt(cli / version, 2),
    goal: '-',
  },
  {
    metric: `history bytes per session (${seedCount} recorded one transaction each; baseline: 1 KB)`,
    baseline: '1024',
    harness: fmt(bytesPerSession, 0),
    ratio: fmt(bytesPerSession / 1024, 2),
    goal: '<= 1 KB',
  },
  {
    metric: `metrics export, ${rebuilt.sessions} sessions, JSON (ms; baseline: ${hasSqlite3 ? 'sqlite3 -json' : 'an in-process SELECT (no sqlite3)'})`,
    baseline: fmt(exportBaseline, 0),
    harness: fmt(exported, 0),
    ratio: fmt(exported / exportBaseline, 2),
    goal: '<= 2x',
  },
  {
    metric: `metrics export peak RSS, ${rebuilt.sessions} sessions (MiB; baseline: ${seedCount} sessions)`,
    baseline: fmt(peakSmall, 0),
    harness: fmt(peakLarge, 0),
    ratio: fmt(peakLarge / peakSmall, 2),
    goal: 'flat',
  },
];
report('metrics', rows, [
  `ingest: the built CLI, one process for all files (content hash, turn counts, classification, one transaction each); median of ${INGEST_REPEATS} ingests into a new database, peak RSS the largest`,
  `status: median of ${RUNS}; the all-time totals scan every session row, the table reads 10`,
  `status database grown by copying 1,000 recorded sessions' rows under new keys in SQL (${fmt(growMs / 1000, 1)} s)`,
  `export: median of ${exportTimes.length}, the built CLI writing to a file; peak RSS sampled every 20 ms (CSV)`,
]);
