// The Action's own costs: how long dist/main.js takes to print its first line (a cold start, against bare
// `node -e 0` in the same run), how long until it has loaded everything and done its first work, the bundle
// sizes, and the per-session state save against a real Azurite behind the Twirp control plane.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cache from '@actions/cache';
import { CacheStateStore } from '../src/platform/github/state/store.js';
import { startActionsServices } from '../test/support/actions-services.js';
import { DIST, MIB, NODE, fmt, header, knob, median, report, scratchDir } from './lib.js';

const RUNS = knob('BENCH_ACTION_RUNS', 15, 2);
const SAVES = knob('BENCH_ACTION_SAVES', 10, 2);
const EVENTS = knob('BENCH_ACTION_EVENTS', 5000, 200);

/** Milliseconds from spawn to the first byte on stdout, and to exit. */
function timeFirstLine(args: string[], env: NodeJS.ProcessEnv): Promise<{ firstMs: number; exitMs: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    let firstMs = NaN;
    const child = spawn(NODE, args, { env, stdio: ['ignore', 'pipe', 'ignore'] });
    child.stdout.once('data', () => (firstMs = performance.now() - started));
    child.once('close', () =>
      resolve({
        firstMs: Number.isNaN(firstMs) ? performance.now() - started : firstMs,
        exitMs: performance.now() - started,
      }),
    );
  });
}

header('action: cold start of dist/main.js, bundle sizes, per-session state save', [
  `${RUNS} alternating runs each of \`node -e 0\`, \`node -e "console.log(1)"\` and dist/main.js (which fails fast`,
  'on a missing GITHUB_REPOSITORY after loading everything, so "exit" is the full load)',
  `${SAVES} state saves of counter + status + an event log of ${EVENTS} sessions to Azurite`,
]);

const bare: number[] = [];
const hello: number[] = [];
const first: number[] = [];
const loaded: number[] = [];
const env = { PATH: process.env.PATH, HOME: process.env.HOME };
for (let i = 0; i < RUNS; i++) {
  bare.push((await timeFirstLine(['-e', '0'], env)).exitMs);
  hello.push((await timeFirstLine(['-e', 'console.log(1)'], env)).firstMs);
  const main = await timeFirstLine([join(DIST, 'main.js')], env);
  first.push(main.firstMs);
  loaded.push(main.exitMs);
}
console.log(
  `node -e 0: ${fmt(median(bare))} ms; first line of node -e "console.log(1)": ${fmt(median(hello))} ms`,
);
console.log(
  `dist/main.js first line: ${fmt(median(first))} ms; fully loaded and exited: ${fmt(median(loaded))} ms`,
);

const size = (path: string) => statSync(path).size;
const chunkBytes = readdirSync(join(DIST, 'chunks')).reduce(
  (sum, f) => sum + size(join(DIST, 'chunks', f)),
  0,
);
const sizes = {
  cli: size(join(DIST, 'cli.js')),
  main: size(join(DIST, 'main.js')),
  post: size(join(DIST, 'post.js')),
  chunks: chunkBytes,
};
console.log(
  `bundle sizes: cli.js ${fmt(sizes.cli / MIB, 2)} MiB, main.js ${sizes.main} B, post.js ${sizes.post} B, chunks ${fmt(chunkBytes / MIB, 2)} MiB`,
);

const services = await startActionsServices();
const saves: number[] = [];
try {
  Object.assign(process.env, services.env);
  const workspace = scratchDir('action-state');
  process.env.GITHUB_WORKSPACE = workspace;
  process.chdir(workspace);
  const state = join(workspace, 'state');
  mkdirSync(state);
  writeFileSync(join(state, '.iteration_counter'), '5000\n');
  writeFileSync(
    join(state, 'harness.status'),
    JSON.stringify({ pid: 1, state: 'idle', iteration: 3 }, null, 2),
  );
  const line = JSON.stringify({
    ts: '2026-11-22T00:00:00Z',
    event: 'session_complete',
    iteration: 1,
    global: 1,
    output_bytes: 123456,
    exit_code: 0,
    duration_secs: 321.5,
    committed: true,
    outcome: 'productive',
    turns: 12,
    tool_calls: 30,
    cost_usd: 0.42,
  });
  writeFileSync(join(state, 'harness-events.jsonl'), `${line}\n`.repeat(EVENTS));
  const store = new CacheStateStore(
    cache,
    [
      { name: 'counter', path: join(state, '.iteration_counter') },
      { name: 'status', path: join(state, 'harness.status') },
      { name: 'events', path: join(state, 'harness-events.jsonl') },
    ],
    workspace,
    `bench-${Date.now()}`,
    { id: '1', attempt: '1' },
    (message) => console.log(`warning: ${message}`),
  );
  for (let i = 1; i <= SAVES; i++) {
    const t = performance.now();
    const ok = await store.save(i);
    saves.push(performance.now() - t);
    if (!ok) console.log(`save ${i} failed`);
  }
  console.log(
    `state save: median ${fmt(median(saves))} ms (min ${fmt(Math.min(...saves))}, max ${fmt(Math.max(...saves))})`,
  );
} finally {
  await services.close();
}

report(
  'action',
  [
    {
      metric: 'cold start to first log line (ms)',
      baseline: fmt(median(bare)),
      harness: fmt(median(first)),
      ratio: `${fmt(median(first) / median(bare), 2)}x`,
      goal: '<= 3x',
    },
    {
      metric: 'first log line vs `node -e "console.log(1)"` (ms)',
      baseline: fmt(median(hello)),
      harness: fmt(median(first)),
      ratio: `${fmt(median(first) / median(hello), 2)}x`,
      goal: '-',
    },
    {
      metric: 'cold start to fully loaded (ms)',
      baseline: fmt(median(bare)),
      harness: fmt(median(loaded)),
      ratio: `${fmt(median(loaded) / median(bare), 2)}x`,
      goal: '-',
    },
    {
      metric: 'bundle: dist/main.js + dist/post.js (bytes)',
      baseline: '-',
      harness: `${sizes.main} + ${sizes.post}`,
      ratio: '-',
      goal: '-',
    },
    {
      metric: 'bundle: shared chunks (MiB)',
      baseline: '-',
      harness: fmt(sizes.chunks / MIB, 2),
      ratio: '-',
      goal: '-',
    },
    {
      metric: 'bundle: dist/cli.js (MiB)',
      baseline: '-',
      harness: fmt(sizes.cli / MIB, 2),
      ratio: '-',
      goal: '-',
    },
    {
      metric: `per-session state save, ${EVENTS}-session event log (ms)`,
      baseline: '-',
      harness: fmt(median(saves)),
      ratio: '-',
      goal: '< 1000 ms',
    },
  ],
  [
    'the cold start baseline is `node -e 0` (spawn to exit) run alternately in the same loop',
    'state saves go through the real @actions/cache client (tar + zstd + Azure Blob SDK) to Azurite on loopback',
  ],
);
process.exit(0);
