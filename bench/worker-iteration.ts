// The structured-action worker's own cost per iteration, the model call excluded: runTask over a task whose model
// is an in-process transport answering instantly with the same answer (one read_file of a 1 KiB file, one
// write_file of 1 KiB), N iterations, wall time / N. Two baselines measured in the same run: an iteration whose
// answer has no actions (the loop's bookkeeping alone), and the bare cost of the files an acting iteration must
// write, written directly (state.json and pending.json through writeFileAtomic, a result line appended to
// pending.json per action, five heartbeats, one actions.jsonl append) with no loop around them. Real files in a
// scratch directory; nothing is mocked but the model. Then linearity: one answer of N read_file calls on a 250 KB
// file at two N (worker-reads.ts, each in a child process of its own for its peak RSS): the time per action must
// stay flat as N grows.
import { execFileSync } from 'node:child_process';
import { appendFile, readFile } from 'node:fs/promises';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configSchema } from '../src/config/schema.js';
import { systemClock } from '../src/os/system-clock.js';
import { writeFileAtomic } from '../src/state/atomic.js';
import type { LlmTransport } from '../src/worker/llm/transport.js';
import { createTask } from '../src/worker/new-task.js';
import { openSandbox } from '../src/worker/tools/sandbox.js';
import { runAction } from '../src/worker/tools/run-action.js';
import { runTask } from '../src/worker/run-task.js';
import { fmt, header, knob, median, MIB, report, scratchDir } from './lib.js';

const ITERATIONS = knob('BENCH_WORKER_ITERATIONS', 500, 20);
const RUNS = knob('BENCH_WORKER_RUNS', 5, 1);
const READS_SMALL = knob('BENCH_WORKER_READS_SMALL', 50, 10);
const READS_LARGE = knob('BENCH_WORKER_READS_LARGE', 200, 40);

header('worker-iteration: harness overhead per worker iteration, the model call excluded', [
  `${ITERATIONS} iterations per run, median of ${RUNS} runs after a warm-up; an in-process model answering instantly`,
]);

const CONTENT = 'x'.repeat(1024);
const ACTING = JSON.stringify({
  reasoning: 'read the input, write the output',
  actions: [
    { tool: 'read_file', args: { path: 'input.txt' } },
    { tool: 'write_file', args: { path: 'out/output.txt', content: CONTENT } },
  ],
});
const IDLE = JSON.stringify({ actions: [] });

function instant(text: string): LlmTransport {
  return {
    provider: 'ollama',
    model: 'bench',
    endpoint: 'in-process',
    call: () =>
      Promise.resolve({
        text,
        usage: { input_tokens: 100, output_tokens: 50 },
        model: 'bench',
        duration_ms: 0,
      }),
  };
}

const config = configSchema.parse({ llm: { model: 'bench' } });
const settings = { llm: config.llm, worker: config.worker };

/** ms per iteration of runTask with `answer`. */
async function loop(answer: string): Promise<number> {
  const root = scratchDir('worker-iteration');
  const workspace = join(root, 'workspace');
  mkdirSync(workspace);
  writeFileSync(join(workspace, 'input.txt'), CONTENT);
  const dir = await createTask(
    join(root, 'tasks'),
    { prompt: 'bench', max_iterations: ITERATIONS, timeout_seconds: 3600, allowed_paths: [workspace] },
    systemClock,
  );
  const start = performance.now();
  const outcome = await runTask(dir, settings, {
    clock: systemClock,
    transport: instant(answer),
    log: () => undefined,
    env: process.env,
  });
  const ms = performance.now() - start;
  if (outcome.iteration !== ITERATIONS || outcome.status !== 'completed')
    throw new Error(
      `bench task ended ${outcome.status} at ${outcome.iteration}: ${JSON.stringify(outcome.error)}`,
    );
  return ms / ITERATIONS;
}

/** ms per iteration of writing the files an acting iteration writes, directly. */
async function bareWrites(): Promise<number> {
  const dir = scratchDir('worker-bare');
  const state = JSON.stringify(
    { status: 'running', iteration: 1, updated_at: new Date().toISOString() },
    null,
    2,
  );
  const line = JSON.stringify({ iteration: 1, llm_response: JSON.parse(ACTING) as unknown, results: [] });
  const result = `${JSON.stringify({ action: 0, result: { tool: 'write_file', ok: true, result: true } })}\n`;
  const heartbeat = JSON.stringify({ iteration: 1, timestamp: new Date().toISOString(), status: 'sleeping' });
  const start = performance.now();
  for (let i = 0; i < ITERATIONS; i++) {
    await readFile(join(dir, '..', 'worker-bare-missing')).catch(() => undefined);
    for (let h = 0; h < 5; h++) await writeFileAtomic(join(dir, 'heartbeat.json'), heartbeat);
    await writeFileAtomic(join(dir, 'pending.json'), line);
    for (let p = 0; p < 2; p++) await appendFile(join(dir, 'pending.json'), result);
    await appendFile(join(dir, 'actions.jsonl'), `${line}\n`);
    await writeFileAtomic(join(dir, 'state.json'), state);
  }
  return (performance.now() - start) / ITERATIONS;
}

/** ms per iteration of the two actions alone (runAction, the tools' own cost), no loop around them. */
async function toolsAlone(): Promise<number> {
  const root = scratchDir('worker-tools');
  writeFileSync(join(root, 'input.txt'), CONTENT);
  const sandbox = await openSandbox({ allowed: [root], denied: [] });
  const ctx = { sandbox, limits: config.worker };
  const actions = (JSON.parse(ACTING) as { actions: Array<{ tool: string; args: Record<string, unknown> }> })
    .actions;
  const start = performance.now();
  for (let i = 0; i < ITERATIONS; i++) for (const action of actions) await runAction(action, ctx);
  return (performance.now() - start) / ITERATIONS;
}

await loop(ACTING); // warm-up
const acting: number[] = [];
const idle: number[] = [];
const bare: number[] = [];
const tools: number[] = [];
for (let run = 0; run < RUNS; run++) {
  acting.push(await loop(ACTING));
  idle.push(await loop(IDLE));
  bare.push(await bareWrites());
  tools.push(await toolsAlone());
}
const [a, i, b, t] = [median(acting), median(idle), median(bare), median(tools)];
console.log(
  `acting iteration ${fmt(a, 3)} ms (runs ${acting.map((x) => fmt(x, 2)).join(', ')}); ` +
    `empty answer ${fmt(i, 3)} ms; bare writes ${fmt(b, 3)} ms; the two actions alone ${fmt(t, 3)} ms`,
);

interface ReadsCase {
  actions: number;
  ms: number;
  rssKiB: number;
  logBytes: number;
}

/** One answer of `n` read_file calls on a 250 KB file, in a child process: its time and peak RSS. */
function readsCase(n: number): ReadsCase {
  const script = join(import.meta.dirname, 'worker-reads.ts');
  const out = execFileSync(process.execPath, [...process.execArgv, script, String(n)], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1)!) as ReadsCase;
}

const [small, large] = [readsCase(READS_SMALL), readsCase(READS_LARGE)];
const perAction = (c: ReadsCase) => c.ms / c.actions;
for (const c of [small, large])
  console.log(
    `${c.actions} read_file calls of 250 KB in one answer: ${fmt(c.ms, 0)} ms, ${fmt(perAction(c), 2)} ms per ` +
      `action, peak RSS ${fmt(c.rssKiB / 1024, 0)} MiB, actions.jsonl ${fmt(c.logBytes / MIB, 1)} MiB`,
  );

report(
  'worker-iteration',
  [
    {
      metric: 'iteration with read_file + write_file (ms), vs the bare file writes it needs',
      baseline: fmt(b, 3),
      harness: fmt(a, 3),
      ratio: `${fmt(a / b, 2)}x`,
      goal: '< 5 ms',
    },
    {
      metric: 'iteration with an empty answer (ms), vs the same bare writes',
      baseline: fmt(b, 3),
      harness: fmt(i, 3),
      ratio: `${fmt(i / b, 2)}x`,
      goal: '-',
    },
    {
      metric: 'the two actions alone through runAction (ms), vs the acting iteration',
      baseline: fmt(a, 3),
      harness: fmt(t, 3),
      ratio: `${fmt(t / a, 2)}x`,
      goal: '-',
    },
    {
      metric: `one answer of N read_file calls on a 250 KB file: ms per action, N=${READS_SMALL} vs N=${READS_LARGE}`,
      baseline: fmt(perAction(small), 2),
      harness: fmt(perAction(large), 2),
      ratio: `${fmt(perAction(large) / perAction(small), 2)}x`,
      goal: 'flat (~1x)',
    },
    {
      metric: `the same: peak RSS (MiB), N=${READS_SMALL} vs N=${READS_LARGE}`,
      baseline: fmt(small.rssKiB / 1024, 0),
      harness: fmt(large.rssKiB / 1024, 0),
      ratio: `${fmt(large.rssKiB / small.rssKiB, 2)}x`,
      goal: '-',
    },
  ],
  [
    `median of ${RUNS} runs of ${ITERATIONS} iterations each; the model is an in-process transport answering at once`,
    'bare writes: five heartbeats, pending.json and state.json through writeFileAtomic, two result lines appended to pending.json, one actions.jsonl append',
    "the bare writes are the files an acting iteration wrote before issue 24, kept as the baseline: the worker now writes heartbeat.json about once a second (heartbeat.ts), pending.json's first line in place, takes state.json's mutex without the thread pool and reads state.json once an iteration besides the read under the mutex",
    'TMPDIR=/dev/shm takes the disk out: what is left is the loop and the tools',
    'N read_file calls: one run each, in a child process (worker-reads.ts); every result is logged whole in actions.jsonl, so the log and RSS grow with N × 250 KB',
  ],
);
