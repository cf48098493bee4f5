// Watchdog precision: how long after the stale timeout a hung agent is detected and gone. The agent
// (bench/agents/hang.mjs) prints one line holding its PID and the epoch ms it wrote it, then hangs. The harness
// runs it with watchdog.stale_timeout_mins = T and kill_grace_secs = 0; this script watches the PID from
// outside (every 2 ms) to see when it is really gone. Baseline: coreutils `timeout -s KILL T` on the same
// agent, the floor for killing a process at a deadline on this machine.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXIT } from '../src/errors/exit-codes.js';
import {
  AGENTS,
  NODE,
  QUICK,
  fmt,
  harnessDir,
  header,
  knob,
  median,
  printTable,
  readEvents,
  report,
  runHarness,
  scratchDir,
  sleep,
} from './lib.js';

// The quick run shares the machine with the test suite: its one timeout (3 s) leaves a Node agent time to start
// and print before either side's deadline, however loaded the machine.
const TIMEOUTS = (process.env.BENCH_WATCHDOG_TIMEOUTS ?? (QUICK ? '0.05' : '0.02,0.05,0.1'))
  .split(',')
  .map(Number);
const REPEATS = knob('BENCH_WATCHDOG_REPEATS', 3, 1);
const KILL_GRACE = knob('BENCH_WATCHDOG_KILL_GRACE', 0);
const AGENT = join(AGENTS, 'hang.mjs');

header('watchdog precision: hung agent, overshoot past the stale timeout', [
  `stale_timeout_mins ${TIMEOUTS.join(', ')}; ${REPEATS} runs each; kill_grace_secs ${KILL_GRACE}`,
  'detected = watchdog_kill.after_ms - T (stale time as the harness measured it)',
  'gone     = moment the agent PID is dead or a zombie (polled every 2 ms) - moment it last wrote - T',
  'session  = session_complete.duration_secs - T (from spawn, so it includes the agent start-up)',
  'baseline = `timeout -s KILL T node hang.mjs`: moment gone - moment spawned - T',
]);

function deadOrZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] === 'Z';
  } catch {
    return true;
  }
}

interface FirstLine {
  pid: number;
  wrote_at: number;
}

/** Polls a transcript until its first line is complete, then the PID in it until the process is gone. */
async function watch(path: string, stop: () => boolean): Promise<{ line: FirstLine; goneAt: number } | null> {
  let line: FirstLine | null = null;
  while (line === null) {
    if (stop()) return null;
    if (existsSync(path)) {
      const text = readFileSync(path, 'utf8');
      if (text.includes('\n')) line = JSON.parse(text.slice(0, text.indexOf('\n'))) as FirstLine;
    }
    if (line === null) await sleep(2);
  }
  while (!deadOrZombie(line.pid)) await sleep(2);
  return { line, goneAt: Date.now() };
}

async function harnessRun(mins: number) {
  const dir = harnessDir('watchdog', {
    session: { max_iterations: 1 },
    agent: { command: NODE, args: [AGENT] },
    watchdog: {
      stale_timeout_mins: mins,
      kill_grace_secs: KILL_GRACE,
      check_interval_secs: 0,
      min_output_bytes: 1,
    },
    // A hung agent's session is a failure (transient, stalled): one is enough to end the run, with exit code 10.
    retry: { max_empty_retries: 0, retry_delay_secs: 0, max_consecutive_failures: 1 },
    backoff: { initial_delay_secs: 0 },
  });
  let finished = false;
  const watching = watch(join(dir, 'claude-iteration-0.jsonl'), () => finished);
  const run = await runHarness(dir, { args: ['-q'] });
  finished = true;
  const seen = await watching;
  if (run.code !== EXIT.failuresExhausted || seen === null)
    throw new Error(`harness exited ${run.code}, not ${EXIT.failuresExhausted}: ${run.stderr || run.stdout}`);
  const events = readEvents(dir);
  const kill = events.find((e) => e.event === 'watchdog_kill');
  const session = events.find((e) => e.event === 'session_complete');
  if (!kill || session?.end_reason !== 'watchdog' || session.failure_reason !== 'stalled')
    throw new Error(`no stalled session ended by the watchdog recorded: ${JSON.stringify(events)}`);
  const timeoutMs = mins * 60_000;
  return {
    detected: Number(kill.after_ms) - timeoutMs,
    gone: seen.goneAt - seen.line.wrote_at - timeoutMs,
    session: Number(session.duration_secs) * 1000 - timeoutMs,
  };
}

async function baselineRun(mins: number) {
  const dir = scratchDir('watchdog-timeout');
  const path = join(dir, 'out.jsonl');
  const fd = openSync(path, 'w');
  const seconds = (mins * 60).toFixed(3);
  const spawnedAt = Date.now();
  const child = spawn('timeout', ['-s', 'KILL', seconds, NODE, AGENT], { stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let finished = false;
  exited.then(
    () => (finished = true),
    () => (finished = true),
  );
  const seen = await watch(path, () => finished);
  await exited;
  if (seen === null) throw new Error('baseline agent printed nothing');
  return { gone: seen.goneAt - spawnedAt - mins * 60_000 };
}

const rows: Array<Array<string | number>> = [];
const results: Array<{ mins: number; detected: number; gone: number; session: number; baseline: number }> =
  [];
for (const mins of TIMEOUTS) {
  const detected: number[] = [];
  const gone: number[] = [];
  const session: number[] = [];
  const baseline: number[] = [];
  for (let r = 0; r < REPEATS; r++) {
    baseline.push((await baselineRun(mins)).gone);
    const h = await harnessRun(mins);
    detected.push(h.detected);
    gone.push(h.gone);
    session.push(h.session);
    console.log(
      `T=${mins} min (${fmt(mins * 60, 1)} s) run ${r + 1}: detected +${fmt(h.detected, 0)} ms, ` +
        `gone +${fmt(h.gone, 0)} ms, session +${fmt(h.session, 0)} ms; baseline gone +${fmt(baseline.at(-1)!, 0)} ms`,
    );
  }
  const result = {
    mins,
    detected: median(detected),
    gone: median(gone),
    session: median(session),
    baseline: median(baseline),
  };
  results.push(result);
  rows.push([
    `${mins} (${fmt(mins * 60, 1)} s)`,
    fmt(result.baseline, 0),
    fmt(result.detected, 0),
    fmt(result.gone, 0),
    fmt(result.session, 0),
  ]);
}
console.log('');
printTable(['stale_timeout_mins', 'baseline gone +ms', 'detected +ms', 'gone +ms', 'session +ms'], rows);

report(
  'watchdog-precision',
  results.flatMap((r) => [
    {
      metric: `T=${r.mins} min: detected after T (ms)`,
      baseline: '',
      harness: fmt(r.detected, 0),
      ratio: '',
      goal: '< 1000 ms',
    },
    {
      metric: `T=${r.mins} min: process gone after T (ms)`,
      baseline: fmt(r.baseline, 0),
      harness: fmt(r.gone, 0),
      ratio: r.baseline > 0 ? `${fmt(r.gone / r.baseline, 1)}x` : '',
      goal: '< 1000 ms',
    },
  ]),
  [
    `kill_grace_secs ${KILL_GRACE}; the baseline is timeout(1) with SIGKILL, timed from spawn`,
    'harness "gone" is timed from the agent\'s last write, so it includes the watchdog\'s poll latency',
  ],
);
