// Harness overhead per iteration. The same instant agent (bench/agents/instant.mjs, ~200 bytes of stream-json)
// runs N times under the harness (all delays 0, event log on) and N times in a bare shell loop that only
// redirects its output to a file; the difference per iteration is what the harness costs. The harness runs in a
// git repository, as users run it (commit detection compares the refs around every session).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  AGENTS,
  NODE,
  childrenCpuMs,
  fmt,
  harnessDir,
  initGitRepo,
  header,
  knob,
  median,
  printTable,
  readEvents,
  report,
  runHarness,
  scratchDir,
  timeShell,
} from './lib.js';

const ITERATIONS = knob('BENCH_OVERHEAD_ITERATIONS', 50, 5);
const REPEATS = knob('BENCH_OVERHEAD_REPEATS', 3, 1);
const AGENT = join(AGENTS, 'instant.mjs');

header('overhead: harness vs bare shell loop, instant agent', [
  `${ITERATIONS} iterations per run, ${REPEATS} runs each, alternating; medians reported`,
  `agent: ${NODE} ${AGENT}`,
]);

/** The containment the last harness run reported (`loop_start`'s `containment`). */
let containmentSeen = 'unknown';
/** The CPU time the last run's processes used (childrenCpuMs around it): the harness and its agents, or the shell loop. */
let cpuSeen = NaN;

/** Runs `run`, noting in cpuSeen the CPU time its processes used. */
async function measuringCpu<T>(run: () => Promise<T>): Promise<T> {
  const before = childrenCpuMs();
  const result = await run();
  cpuSeen = childrenCpuMs() - before;
  return result;
}

async function harnessRun(env: NodeJS.ProcessEnv = {}): Promise<number> {
  const dir = harnessDir('overhead', {
    session: { max_iterations: ITERATIONS },
    agent: { command: NODE, args: [AGENT] },
    backoff: { initial_delay_secs: 0 },
    retry: { retry_delay_secs: 0 },
    output: { event_log: 'harness-events.jsonl' },
    // The instant agent changes nothing: the no-progress stop would end the run at its third session. The check's
    // cost (the work tree as a git tree before each session and after it) is still paid, and measured here.
    progress: { max_idle_sessions: 0 },
  });
  initGitRepo(dir);
  const run = await measuringCpu(() => runHarness(dir, { args: ['-q'], env }));
  if (run.code !== 0) throw new Error(`harness exited ${run.code}: ${run.stderr || run.stdout}`);
  const events = readEvents(dir);
  const start = events.find((e) => e.event === 'loop_start')?.containment;
  containmentSeen = typeof start === 'string' ? start : 'unknown';
  const sessions = events.filter((e) => e.event === 'session_complete');
  const productive = sessions.filter((e) => e.outcome === 'productive').length;
  if (productive !== ITERATIONS)
    throw new Error(`expected ${ITERATIONS} productive sessions, saw ${productive}`);
  return run.wallMs;
}

async function shellRun(): Promise<number> {
  const dir = scratchDir('overhead-sh');
  const run = await measuringCpu(() =>
    timeShell(`for i in $(seq ${ITERATIONS}); do "${NODE}" "${AGENT}" > out-$i.jsonl 2>&1; done`, {
      cwd: dir,
    }),
  );
  if (run.code !== 0) throw new Error(`shell loop exited ${run.code}: ${run.stderr}`);
  const files = readdirSync(dir).filter((f) => f.endsWith('.jsonl')).length;
  if (files !== ITERATIONS) throw new Error(`shell loop wrote ${files} files`);
  return run.ms;
}

// One start-up of the harness itself (load, config, recovery checks) is in every harness run; measure it with
// a single iteration so the per-iteration figure can be shown with and without it.
async function harnessSingle(env: NodeJS.ProcessEnv = {}): Promise<number> {
  const dir = harnessDir('overhead-1', {
    session: { max_iterations: 1 },
    agent: { command: NODE, args: [AGENT] },
    backoff: { initial_delay_secs: 0 },
    retry: { retry_delay_secs: 0 },
  });
  return (await measuringCpu(() => runHarness(dir, { args: ['-q'], env }))).wallMs;
}

const shell: number[] = [];
const harness: number[] = [];
const single: number[] = [];
const singleShell: number[] = [];
// The same runs without a cgroup: moving into a session's cgroup can wait for an RCU grace period in the kernel once
// per session (milliseconds, the kernel's and the machine's), and the cgroup is what lets the end of a session skip
// the look at every process; without one, that look is made.
const OFF = { AGENT_HARNESS_CGROUP: 'off' };
const harnessOff: number[] = [];
const singleOff: number[] = [];
/**
 * The start-up-excluded overhead of one repeat, from runs made next to each other: the N-iteration run less the
 * 1-iteration run (the start-up and one iteration) less N-1 iterations of the shell loop, per iteration. The agent
 * alone takes 30-40 ms an iteration and the overhead is a few, so a load that changes between two runs a minute
 * apart moves a difference of medians taken over different repeats by as much as the overhead itself; each repeat
 * is its own estimate instead, and the median of those is reported (with their spread).
 */
const steadyOf = (run: number, one: number, sh: number) =>
  (run - one - (sh / ITERATIONS) * (ITERATIONS - 1)) / (ITERATIONS - 1);
const steadyOn: number[] = [];
const steadyOffRuns: number[] = [];
// The same estimates on CPU time (childrenCpuMs): what the harness's own process, the reaper and anything else the
// harness runs beside the agents cost in CPU. Load from other processes stretches wall time far more than CPU
// time; a wait (the kernel's, a disk's) costs no CPU and is not in them.
const cpu = { shell: [] as number[], harness: [] as number[], single: [] as number[] };
const cpuOff = { harness: [] as number[], single: [] as number[] };
const cpuOn: number[] = [];
const cpuOffRuns: number[] = [];
let containment = 'unknown';
await shellRun(); // warm the page cache and node's compile cache for both
await harnessRun();
for (let r = 0; r < REPEATS; r++) {
  // Every other repeat in the reverse order (ABBA), so that a load rising or falling through a repeat weighs on
  // the harness and the shell loop alike.
  const steps: Array<() => Promise<void>> = [
    async () => {
      shell.push(await shellRun());
      cpu.shell.push(cpuSeen);
    },
    async () => {
      harness.push(await harnessRun());
      cpu.harness.push(cpuSeen);
      containment = containmentSeen;
    },
    async () => {
      single.push(await harnessSingle());
      cpu.single.push(cpuSeen);
    },
    async () => void singleShell.push((await timeShell(`"${NODE}" "${AGENT}" > /dev/null`)).ms),
    async () => {
      harnessOff.push(await harnessRun(OFF));
      cpuOff.harness.push(cpuSeen);
    },
    async () => {
      singleOff.push(await harnessSingle(OFF));
      cpuOff.single.push(cpuSeen);
    },
  ];
  for (const step of r % 2 === 0 ? steps : steps.reverse()) await step();
  steadyOn.push(steadyOf(harness[r]!, single[r]!, shell[r]!));
  steadyOffRuns.push(steadyOf(harnessOff[r]!, singleOff[r]!, shell[r]!));
  cpuOn.push(steadyOf(cpu.harness[r]!, cpu.single[r]!, cpu.shell[r]!));
  cpuOffRuns.push(steadyOf(cpuOff.harness[r]!, cpuOff.single[r]!, cpu.shell[r]!));
  console.log(
    `run ${r + 1}: shell ${fmt(shell[r]! / ITERATIONS)} ms/it, harness ${fmt(harness[r]! / ITERATIONS)} ms/it ` +
      `(${containment}), without a cgroup ${fmt(harnessOff[r]! / ITERATIONS)} ms/it; ` +
      `overhead start-up excluded ${fmt(steadyOn[r]!)} / ${fmt(steadyOffRuns[r]!)} ms ` +
      `(CPU ${fmt(cpuOn[r]!)} / ${fmt(cpuOffRuns[r]!)} ms)`,
  );
}

const shellPer = median(shell) / ITERATIONS;
const harnessPer = median(harness) / ITERATIONS;
const startup = median(single) - median(singleShell); // harness start-up + one iteration's overhead
const overhead = harnessPer - shellPer;
const steadyOverhead = median(steadyOn);
const steadyOff = median(steadyOffRuns);
const spread = (values: number[]) => `${fmt(Math.min(...values))} to ${fmt(Math.max(...values))}`;
// Load from other processes only ever slows a run down: the fastest of each kind is the nearest to a quiet machine.
const best = (values: number[]) => Math.min(...values);
const bestOn = steadyOf(best(harness), best(single), best(shell));
const bestOff = steadyOf(best(harnessOff), best(singleOff), best(shell));
console.log('');
printTable(
  ['', 'ms/iteration'],
  [
    ['bare shell loop (baseline)', fmt(shellPer)],
    ['harness', fmt(harnessPer)],
    ['overhead (harness - shell)', fmt(overhead)],
    ['overhead without harness start-up', fmt(steadyOverhead)],
    ['the same without a cgroup (AGENT_HARNESS_CGROUP=off)', fmt(steadyOff)],
    ['harness start-up + 1 iteration, minus one agent run', fmt(startup)],
  ],
);
console.log(
  `\nThe bash loop in the spec polls the running agent every 60 s and sleeps 2 s between iterations, so it ` +
    `needs >= 62000 ms per iteration; the harness needs ${fmt(harnessPer)} ms ` +
    `(${fmt(62000 / harnessPer, 0)}x less turnaround for an instant agent).`,
);

report(
  'overhead',
  [
    {
      metric: `ms per iteration (instant agent, N=${ITERATIONS})`,
      baseline: fmt(shellPer),
      harness: fmt(harnessPer),
      ratio: `${fmt(harnessPer / shellPer, 2)}x`,
      goal: '',
    },
    {
      metric: 'overhead ms per iteration (harness - baseline)',
      baseline: '0',
      harness: fmt(overhead),
      ratio: '',
      goal: '',
      signed: true,
    },
    {
      metric: `overhead ms per iteration, start-up excluded (containment ${containment})`,
      baseline: '0',
      harness: fmt(steadyOverhead),
      ratio: '',
      goal: '<= 10 ms',
      signed: true,
    },
    {
      metric: 'overhead ms per iteration, start-up excluded, AGENT_HARNESS_CGROUP=off',
      baseline: '0',
      harness: fmt(steadyOff),
      ratio: '',
      goal: '<= 10 ms',
      signed: true,
    },
    {
      metric: `CPU overhead ms per iteration, start-up excluded (containment ${containment})`,
      baseline: '0',
      harness: fmt(median(cpuOn)),
      ratio: '',
      goal: '',
      signed: true,
    },
    {
      metric: 'CPU overhead ms per iteration, start-up excluded, AGENT_HARNESS_CGROUP=off',
      baseline: '0',
      harness: fmt(median(cpuOffRuns)),
      ratio: '',
      goal: '',
      signed: true,
    },
    {
      metric: 'vs the spec bash loop (>= 62 s per iteration)',
      baseline: '>= 62000',
      harness: fmt(harnessPer),
      ratio: `${fmt(harnessPer / 62000, 5)}x`,
      goal: '',
    },
  ],
  [
    `each figure is the median of ${REPEATS} runs of ${ITERATIONS} iterations; the start-up-excluded rows are ` +
      `medians of per-repeat estimates (spread ${spread(steadyOn)} ms with the containment, ` +
      `${spread(steadyOffRuns)} ms without a cgroup)`,
    `from the fastest run of each kind instead (load only slows): ${fmt(bestOn)} ms with the containment, ` +
      `${fmt(bestOff)} ms without a cgroup`,
  ],
);
