// Classifying a finished transcript must cost the same whatever its size: the runner reads only the last
// 256 KiB (readTail) and hands that to the adapter. This builds transcripts of real stream-json lines (not sparse
// files: bench/agents/firehose.mjs writes ~200-byte assistant lines and a final `result` line) at several sizes
// and times readTail + claudeAdapter.classify against the obvious shell answer,
// `grep '"type":"result"' file | tail -1`, which reads the whole file. Both run with the file in the page cache.
// Each size is timed twice: ending in a successful result (the fast path), and ending in ~4 KiB of stderr lines and
// an error result in wording no built-in phrasing knows, so that every limit and failure phrasing (limit-text.ts,
// failure-text.ts) is tried against the result and the stderr window and none matches: the worst case.
import { execFileSync } from 'node:child_process';
import { appendFileSync, closeSync, openSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { claudeAdapter } from '../src/agents/claude.js';
import { readTail } from '../src/agents/tail.js';
import {
  AGENTS,
  MIB,
  NODE,
  QUICK,
  fmt,
  header,
  knob,
  median,
  printTable,
  report,
  scratchDir,
  timeShell,
} from './lib.js';

const SIZES_MIB = (process.env.BENCH_CLASSIFY_SIZES_MIB ?? (QUICK ? '1,8' : '1,64,1024'))
  .split(',')
  .map(Number);
const TAIL_RUNS = knob('BENCH_CLASSIFY_RUNS', 30, 5);
const GREP_RUNS = knob('BENCH_CLASSIFY_GREP_RUNS', 3, 1);
const TAIL_BYTES = 256 * 1024; // what src/loop/session-findings.ts reads

header('classify: readTail(256 KiB) + claudeAdapter.classify vs grep | tail -1', [
  `sizes ${SIZES_MIB.join(', ')} MiB of real JSONL lines ending with a result line`,
  `harness path: median of ${TAIL_RUNS} runs after 3 warm-ups; grep: median of ${GREP_RUNS} runs after 1 warm-up`,
]);

const dir = scratchDir('classify');

function build(mib: number): string {
  const path = join(dir, `transcript-${mib}.jsonl`);
  const fd = openSync(path, 'w');
  try {
    execFileSync(NODE, [join(AGENTS, 'firehose.mjs')], {
      env: { ...process.env, FIREHOSE_BYTES: String(mib * MIB) },
      stdio: ['ignore', fd, 'inherit'],
    });
  } finally {
    closeSync(fd);
  }
  return path;
}

async function classifyOnce(path: string) {
  const tail = await readTail(path, TAIL_BYTES);
  return claudeAdapter.classify(tail.text, tail.complete, {
    patterns: [],
    now_ms: Date.now(),
    exit: { code: 1, signal: null },
  });
}

// Stderr noise and an error result no phrasing recognises: every phrasing is tried, none matches.
const ERROR_TAIL = Array.from(
  { length: 40 },
  (_, i) => `warning ${i}: plugin cache at /tmp/cache-${i} is stale, rebuilding index`,
)
  .join('\n')
  .concat(
    '\n',
    JSON.stringify({
      type: 'result',
      subtype: 'success',
      is_error: true,
      api_error_status: null,
      result: 'The agent stopped: something unexpected happened while it worked.',
      num_turns: 1,
    }),
    '\n',
  );

async function timeClassify(path: string): Promise<number[]> {
  for (let i = 0; i < 2; i++) await classifyOnce(path);
  const times: number[] = [];
  for (let i = 0; i < TAIL_RUNS; i++) {
    const start = performance.now();
    await classifyOnce(path);
    times.push(performance.now() - start);
  }
  return times;
}

const results: Array<{ mib: number; ms: number; errorMs: number; grepMs: number }> = [];
for (const mib of SIZES_MIB) {
  const path = build(mib);
  try {
    const verdict = await classifyOnce(path);
    if (!verdict.final || verdict.is_error !== false)
      throw new Error(`unexpected verdict at ${mib} MiB: ${JSON.stringify(verdict)}`);
    const times = await timeClassify(path);
    const grepCommand = `grep '"type":"result"' "${path}" | tail -1`;
    const check = await timeShell(grepCommand); // warm-up, and a check that grep finds the same line
    if (!check.stdout.includes('"subtype":"success"'))
      throw new Error(`grep found: ${check.stdout.slice(0, 200)}`);
    const greps: number[] = [];
    for (let i = 0; i < GREP_RUNS; i++) greps.push((await timeShell(grepCommand)).ms);
    appendFileSync(path, ERROR_TAIL);
    const failed = await classifyOnce(path);
    if (failed.failure?.reason !== 'error_result' || failed.rate_limit !== null)
      throw new Error(`unexpected error verdict at ${mib} MiB: ${JSON.stringify(failed)}`);
    const errorTimes = await timeClassify(path);
    const row = { mib, ms: median(times), errorMs: median(errorTimes), grepMs: median(greps) };
    results.push(row);
    console.log(
      `${mib} MiB (${statSync(path).size} bytes): readTail+classify ${fmt(row.ms, 2)} ms ` +
        `(min ${fmt(Math.min(...times), 2)}, max ${fmt(Math.max(...times), 2)}), ` +
        `error ending ${fmt(row.errorMs, 2)} ms, grep ${fmt(row.grepMs, 1)} ms`,
    );
  } finally {
    rmSync(path, { force: true });
  }
}

console.log('');
printTable(
  [
    'size',
    'grep | tail -1 (ms)',
    'readTail+classify (ms)',
    'error ending, all phrasings (ms)',
    'harness/grep',
  ],
  results.map((r) => [
    `${r.mib} MiB`,
    fmt(r.grepMs, 1),
    fmt(r.ms, 2),
    fmt(r.errorMs, 2),
    `${fmt(Math.max(r.ms, r.errorMs) / r.grepMs, 4)}x`,
  ]),
);

report(
  'classify',
  results.flatMap((r) => [
    {
      metric: `classify a ${r.mib} MiB transcript (ms)`,
      baseline: fmt(r.grepMs, 1),
      harness: fmt(r.ms, 2),
      ratio: `${fmt(r.ms / r.grepMs, 4)}x`,
      goal: '< 10 ms, flat',
    },
    {
      metric: `classify a ${r.mib} MiB transcript ending in an unknown error (ms)`,
      baseline: fmt(r.grepMs, 1),
      harness: fmt(r.errorMs, 2),
      ratio: `${fmt(r.errorMs / r.grepMs, 4)}x`,
      goal: '< 10 ms, flat',
    },
  ]),
  [
    'transcripts are real JSONL lines (no sparse files); baseline is grep \'"type":"result"\' | tail -1 via sh -c',
    'the grep figure includes one sh + grep + tail start-up (a few ms)',
    'the error ending tries every built-in limit and failure phrasing against the result and the stderr window',
  ],
);
