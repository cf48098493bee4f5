// One case of worker-iteration's "one answer of N read_file calls on a 250 KB file", run in a child process of
// its own so its peak RSS is its own: runTask over a one-iteration task whose in-process model answers once with
// N read_file actions of the same 250 KB text file. Prints one JSON line: {actions, ms, rssKiB, logBytes}.
// Usage: node --import tsx bench/worker-reads.ts N
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configSchema } from '../src/config/schema.js';
import { systemClock } from '../src/os/system-clock.js';
import type { LlmTransport } from '../src/worker/llm/transport.js';
import { createTask } from '../src/worker/new-task.js';
import { runTask } from '../src/worker/run-task.js';
import { scratchDir } from './lib.js';

export const READ_BYTES = 250 * 1000;

const n = Number(process.argv[2]);
if (!Number.isSafeInteger(n) || n < 1) throw new Error('usage: worker-reads.ts N (a positive integer)');

// Source-like text: short lines, quotes and tabs, so the results are escaped in JSON as real files are.
const LINE = '\tconst value = "some text"; // a comment\n';
const text = LINE.repeat(Math.ceil(READ_BYTES / LINE.length)).slice(0, READ_BYTES);
const answer = JSON.stringify({
  actions: Array.from({ length: n }, () => ({ tool: 'read_file', args: { path: 'big.txt' } })),
});
const transport: LlmTransport = {
  provider: 'ollama',
  model: 'bench',
  endpoint: 'in-process',
  call: () =>
    Promise.resolve({
      text: answer,
      usage: { input_tokens: 1, output_tokens: 1 },
      model: 'bench',
      duration_ms: 0,
    }),
};

const root = scratchDir('worker-reads');
const workspace = join(root, 'workspace');
mkdirSync(workspace);
writeFileSync(join(workspace, 'big.txt'), text);
const config = configSchema.parse({ llm: { model: 'bench', max_answer_bytes: 16 * 1024 * 1024 } });
const dir = await createTask(
  join(root, 'tasks'),
  { prompt: 'bench', max_iterations: 1, timeout_seconds: 3600, allowed_paths: [workspace] },
  systemClock,
);
const start = performance.now();
const outcome = await runTask(
  dir,
  { llm: config.llm, worker: config.worker },
  { clock: systemClock, transport, log: () => undefined, env: process.env },
);
const ms = performance.now() - start;
if (outcome.status !== 'completed' || outcome.actions !== n)
  throw new Error(
    `bench task ended ${outcome.status} after ${outcome.actions} actions: ${JSON.stringify(outcome.error)}`,
  );
const logBytes = statSync(join(dir, 'actions.jsonl')).size;
console.log(JSON.stringify({ actions: n, ms, rssKiB: process.resourceUsage().maxRSS, logBytes }));
