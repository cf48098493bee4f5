// The CLI's start-up, against a bare `node -e 0` (spawn to exit) in the same run: `agent-harness --version`
// (spawn to exit), and a loop run in a git repository from the CLI's spawn to the first instruction of its agent.
// The agent is a shell that first writes one byte to a FIFO the benchmark holds open, so the time is read on the
// benchmark's own clock at the instant the agent starts (no clock of the agent's, no polling), then prints one
// result line and exits. Alternating runs; medians reported.
import { execFileSync, spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import {
  CLI,
  NODE,
  fmt,
  harnessDir,
  initGitRepo,
  header,
  knob,
  median,
  printTable,
  report,
  scratchDir,
} from './lib.js';

const RUNS = knob('BENCH_STARTUP_RUNS', 20, 3);

header('startup: the CLI from spawn to --version and to its agent, against node -e 0', [
  `${RUNS} alternating runs of each; medians reported`,
  `the CLI: ${NODE} ${CLI} (as users start it; set AGENT_HARNESS_NO_RELAUNCH=1 to see it without a relaunch)`,
]);

const RESULT = JSON.stringify({
  type: 'result',
  subtype: 'success',
  is_error: false,
  result: 'Done: this line is long enough to count as real output for the harness, not an empty session.',
});

/** Milliseconds from spawn to exit (and to `mark`, the first byte on the FIFO, when given). */
function timed(
  args: string[],
  cwd: string | undefined,
  fifo?: string,
): Promise<{ markMs: number; exitMs: number }> {
  return new Promise((resolve, reject) => {
    let markMs = NaN;
    const reader = fifo === undefined ? undefined : createReadStream(fifo);
    const started = performance.now();
    reader?.once('data', () => (markMs = performance.now() - started));
    const child = spawn(NODE, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('close', (code) => {
      const exitMs = performance.now() - started;
      if (code !== 0) return reject(new Error(`${args.join(' ')} exited ${code}: ${stderr}`));
      if (reader === undefined) return resolve({ markMs, exitMs });
      // The agent has written and exited: the reader has its byte (or end of file) on the way.
      if (!Number.isNaN(markMs)) return (reader.destroy(), resolve({ markMs, exitMs }));
      reader.once('data', () => (reader.destroy(), resolve({ markMs, exitMs })));
      reader.once('end', () => reject(new Error('the agent never wrote its mark')));
    });
  });
}

function loopDir(): { dir: string; fifo: string } {
  const fifo = join(scratchDir('startup-fifo'), 'mark');
  execFileSync('mkfifo', [fifo]);
  const dir = harnessDir('startup', {
    session: { max_iterations: 1 },
    agent: { command: '/bin/sh', args: ['-c', `printf x > '${fifo}'; printf '%s\\n' '${RESULT}'`] },
    backoff: { initial_delay_secs: 0 },
    retry: { retry_delay_secs: 0 },
  });
  initGitRepo(dir);
  return { dir, fifo };
}

const bare: number[] = [];
const version: number[] = [];
const toAgent: number[] = [];
const whole: number[] = [];
await timed(['-e', '0'], undefined); // warm the page cache (and the compile cache, where the CLI keeps one)
await timed([CLI, '--version'], undefined);
for (let i = 0; i < RUNS + 1; i++) {
  const { dir, fifo } = loopDir();
  const run = await timed([CLI, '-q'], dir, fifo);
  if (i === 0) continue; // the first run of a fresh directory layout warms the rest
  toAgent.push(run.markMs);
  whole.push(run.exitMs);
  bare.push((await timed(['-e', '0'], undefined)).exitMs);
  version.push((await timed([CLI, '--version'], undefined)).exitMs);
}

const base = median(bare);
printTable(
  ['', 'ms', 'x node -e 0'],
  [
    ['node -e 0 (spawn to exit)', fmt(base), '1.00'],
    ['agent-harness --version (spawn to exit)', fmt(median(version)), fmt(median(version) / base, 2)],
    [
      "agent-harness, spawn to the agent's first instruction",
      fmt(median(toAgent)),
      fmt(median(toAgent) / base, 2),
    ],
    ['agent-harness, 1-iteration run, spawn to exit', fmt(median(whole)), fmt(median(whole) / base, 2)],
  ],
);

report(
  'startup',
  [
    {
      metric: '`--version`, spawn to exit, ms',
      baseline: fmt(base),
      harness: fmt(median(version)),
      ratio: `${fmt(median(version) / base, 2)}x`,
      goal: '',
    },
    {
      metric: "spawn to the agent's first instruction (git repo), ms",
      baseline: fmt(base),
      harness: fmt(median(toAgent)),
      ratio: `${fmt(median(toAgent) / base, 2)}x`,
      goal: '<= 2x node -e 0',
    },
    {
      metric: '1-iteration run, spawn to exit, ms',
      baseline: fmt(base),
      harness: fmt(median(whole)),
      ratio: `${fmt(median(whole) / base, 2)}x`,
      goal: '',
    },
  ],
  [`baseline: \`node -e 0\`, spawn to exit; medians of ${RUNS} alternating runs`],
);
