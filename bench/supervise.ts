// What `worker supervise` (issue 27) costs and gains, each figure a ratio to a baseline run side by side in this
// script, the model a scripted Ollama server in this process (test/support/llm-server.ts) answering one write_file.
// (1) Supervisor overhead per task iteration: one task of N iterations, the model answering at once (so the
// worker's own work is the whole iteration and any cost of the supervisor shows), run by `worker run DIR` and by
// `worker supervise DIR`, alternating: wall time per iteration over the whole run and with the start-up taken out
// (from 1-iteration runs made beside them), the CPU time of all the run's processes (/proc/self/stat's cutime and
// cstime around each run) and the supervisor's own (its /proc/<pid>/stat utime+stime, last read before it exits).
// (2) T tasks of a few iterations each, the model answering after a fixed delay, by `worker supervise --parallel
// 4` against `worker run` on each task in turn: one process per task, as the supervisor starts them and as a
// user's loop over the tasks would, so the speed-up is the parallelism's with the supervisor's cost in it.
// Checks: every run exits 0, every task completed its iterations, no process started here is left (a mark in
// PATH, which every process the CLI starts inherits, its reaper's PATH-only environment included).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { systemClock } from '../src/os/system-clock.js';
import { createTask } from '../src/worker/new-task.js';
import { startLlmServer } from '../test/support/llm-server.js';
import { childrenCpuMs, fmt, header, knob, median, report, runHarness, scratchDir, sleep } from './lib.js';

const ITERATIONS = knob('BENCH_SUPERVISE_ITERATIONS', 200, 5);
const REPEATS = knob('BENCH_SUPERVISE_REPEATS', 5, 1);
const TASKS = knob('BENCH_SUPERVISE_TASKS', 100, 4);
const TASK_ITERATIONS = knob('BENCH_SUPERVISE_TASK_ITERATIONS', 3, 2);
const FLEET_REPEATS = knob('BENCH_SUPERVISE_FLEET_REPEATS', 3, 1);
const MODEL_MS = knob('BENCH_SUPERVISE_MODEL_MS', 20);
const PARALLEL = knob('BENCH_SUPERVISE_PARALLEL', 4);

header('supervise: `worker supervise` against the worker alone', [
  `(1) one task, ${ITERATIONS} iterations, model answering at once: worker run vs supervise, ${REPEATS} repeats`,
  `(2) ${TASKS} tasks of ${TASK_ITERATIONS} iterations, model answering after ${MODEL_MS} ms: worker run on each ` +
    `in turn vs supervise --parallel ${PARALLEL}, ${FLEET_REPEATS} repeats`,
]);

const MARK = `ah-bench-mark-${randomBytes(6).toString('hex')}`;
const ENV: NodeJS.ProcessEnv = { PATH: `${process.env.PATH ?? '/usr/bin:/bin'}:/nonexistent/${MARK}` };
const ANSWER = JSON.stringify({ actions: [{ tool: 'write_file', args: { path: 'out.txt', content: 'x' } }] });
let delayMs = 0;
const server = await startLlmServer([], {
  answer: async () => {
    if (delayMs > 0) await sleep(delayMs);
    return { answer: ANSWER };
  },
});

let failed = false;
function check(ok: boolean, what: string, detail = ''): void {
  if (ok) return;
  failed = true;
  process.exitCode = 1;
  console.log(`FAIL ${what}${detail ? `: ${detail}` : ''}`);
}

/** A scratch root with harness.yml and `count` tasks of `iterations` each (one workspace per task). */
async function fleet(count: number, iterations: number): Promise<{ root: string; tasks: string[] }> {
  const root = scratchDir('supervise');
  writeFileSync(
    join(root, 'harness.yml'),
    stringify({ llm: { provider: 'ollama', base_url: server.ollamaUrl, model: 'bench', timeout_secs: 60 } }),
  );
  const tasks: string[] = [];
  for (let n = 0; n < count; n++) {
    const workspace = join(root, 'ws', String(n));
    mkdirSync(workspace, { recursive: true });
    const spec = { prompt: `task-${n}`, max_iterations: iterations, timeout_seconds: 3600 };
    tasks.push(await createTask(join(root, 'tasks'), { ...spec, allowed_paths: [workspace] }, systemClock));
  }
  return { root, tasks };
}

function verify(tasks: string[], iterations: number, what: string): void {
  const short = tasks.filter((dir) => {
    const state = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')) as Record<string, unknown>;
    return state.status !== 'completed' || state.iteration !== iterations;
  });
  check(short.length === 0, `${what}: every task completed`, `${short.length} short of ${iterations}`);
}

/** utime + stime of a live process in ms (10 ms ticks), or null once it is gone. */
function ownCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[14 - 3]) + Number(fields[15 - 3])) * 10;
  } catch {
    return null;
  }
}

interface Measured {
  wallMs: number;
  /** CPU of every process of the run (the CLI and whatever it started and waited for). */
  cpuMs: number;
  /** The CLI process's own CPU, last read before it exited (read every 20 ms); NaN when not asked. */
  ownMs: number;
}

async function measure(root: string, args: string[], own: boolean): Promise<Measured> {
  const cpuBefore = childrenCpuMs();
  let ownMs = NaN;
  let timer: NodeJS.Timeout | undefined;
  const run = await runHarness(root, {
    args,
    env: ENV,
    onStart: (child) => {
      if (own)
        timer = setInterval(() => {
          const ms = child.pid === undefined ? null : ownCpuMs(child.pid);
          if (ms !== null) ownMs = ms;
        }, 20);
    },
  });
  clearInterval(timer);
  const cpuMs = childrenCpuMs() - cpuBefore;
  check(run.code === 0, `${args.slice(0, 2).join(' ')} exit ${run.code}`, run.stderr.trim().slice(-500));
  return { wallMs: run.wallMs, cpuMs, ownMs };
}

type Arm = 'run' | 'supervise';
/** One task of `iterations`, run by `worker run` or `worker supervise`. */
async function single(arm: Arm, iterations: number): Promise<Measured> {
  const { root, tasks } = await fleet(1, iterations);
  const measured = await measure(root, ['worker', arm, tasks[0]!], arm === 'supervise');
  verify(tasks, iterations, `worker ${arm}, 1 task`);
  return measured;
}

// (1) Overhead per iteration. A warm-up of each first (page cache, the compile cache).
await single('run', 1);
await single('supervise', 1);
const runs: Record<Arm, { full: Measured[]; one: Measured[] }> = {
  run: { full: [], one: [] },
  supervise: { full: [], one: [] },
};
/** Per repeat, start-up excluded: (wall of N - wall of 1) / (N - 1) of each arm, from runs made beside each other. */
const perIteration: Record<Arm, number[]> = { run: [], supervise: [] };
for (let r = 0; r < REPEATS && !failed; r++) {
  const order: Arm[] = r % 2 === 0 ? ['run', 'supervise'] : ['supervise', 'run'];
  for (const arm of order) runs[arm].full.push(await single(arm, ITERATIONS));
  for (const arm of [...order].reverse()) runs[arm].one.push(await single(arm, 1));
  for (const arm of order)
    perIteration[arm].push((runs[arm].full[r]!.wallMs - runs[arm].one[r]!.wallMs) / (ITERATIONS - 1));
}
const med = (arm: Arm, kind: 'full' | 'one', key: keyof Measured) =>
  median(runs[arm][kind].map((m) => m[key]));
const wallRun = med('run', 'full', 'wallMs') / ITERATIONS;
const wallSup = med('supervise', 'full', 'wallMs') / ITERATIONS;
const cpuRun = med('run', 'full', 'cpuMs') / ITERATIONS;
const cpuSup = med('supervise', 'full', 'cpuMs') / ITERATIONS;
const [ownOne, ownSup] = [med('supervise', 'one', 'ownMs'), med('supervise', 'full', 'ownMs')];
const overheads = perIteration.run.map((run, i) => (perIteration.supervise[i]! / run - 1) * 100);
const [exRun, exSup] = [median(perIteration.run), median(perIteration.supervise)];
const overhead = median(overheads);
// Load from other processes only slows a run: the fastest of each kind is the nearest to a quiet machine.
const fastest = (arm: Arm) =>
  (Math.min(...runs[arm].full.map((m) => m.wallMs)) - Math.min(...runs[arm].one.map((m) => m.wallMs))) /
  (ITERATIONS - 1);
const fastestOverhead = (fastest('supervise') / fastest('run') - 1) * 100;
console.log(
  `one task of ${ITERATIONS}: worker run ${fmt(wallRun, 2)} ms/iteration, supervise ${fmt(wallSup, 2)}; ` +
    `start-up excluded ${fmt(exRun, 2)} vs ${fmt(exSup, 2)} (overhead per repeat ` +
    `${overheads.map((o) => `${fmt(o, 1)}%`).join(', ')}); supervisor's own CPU ${fmt(ownSup, 0)} ms a run`,
);

// (2) T tasks, --parallel N against one after another.
delayMs = MODEL_MS;
const walls: Record<'sequential' | 'parallel', number[]> = { sequential: [], parallel: [] };
const used: Record<'sequential' | 'parallel', number[]> = { sequential: [], parallel: [] };
for (let r = 0; r < FLEET_REPEATS && !failed; r++) {
  const order = r % 2 === 0 ? (['sequential', 'parallel'] as const) : (['parallel', 'sequential'] as const);
  for (const arm of order) {
    const { root, tasks } = await fleet(TASKS, TASK_ITERATIONS);
    const cpuBefore = childrenCpuMs();
    const started = performance.now();
    if (arm === 'parallel')
      await measure(root, ['worker', 'supervise', 'tasks', '--parallel', String(PARALLEL)], false);
    else for (const task of tasks) await measure(root, ['worker', 'run', task], false);
    walls[arm].push(performance.now() - started);
    used[arm].push(childrenCpuMs() - cpuBefore);
    verify(tasks, TASK_ITERATIONS, arm === 'parallel' ? 'supervise --parallel' : 'worker run in turn');
  }
}
const [seq, par] = [median(walls.sequential), median(walls.parallel)];
const [seqCpu, parCpu] = [median(used.sequential), median(used.parallel)];
console.log(
  `${TASKS} tasks: one after another ${fmt(seq / 1000, 2)} s (${walls.sequential.map((w) => fmt(w / 1000, 2)).join(', ')}), ` +
    `--parallel ${PARALLEL} ${fmt(par / 1000, 2)} s (${walls.parallel.map((w) => fmt(w / 1000, 2)).join(', ')})`,
);

await server.close();
/** Live processes carrying the mark (a zombie has ended: it only waits for its parent). */
function marked(): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      if (readFileSync(`/proc/${entry}/environ`, 'latin1').includes(MARK)) found.push(Number(entry));
    } catch {
      // gone, or not ours to read
    }
  }
  return found;
}
// A reaper told `done` leaves at once; give a slow machine a moment before calling anything left.
let left = marked();
for (let waited = 0; left.length > 0 && waited < 3000; waited += 100) {
  await sleep(100);
  left = marked();
}
check(left.length === 0, 'no process started by the benchmark is left', `pids ${left.join(' ')}`);

report(
  'supervise',
  [
    {
      metric: `one task, ${ITERATIONS} iterations, instant model: ms per iteration, worker run vs supervise`,
      baseline: fmt(wallRun, 2),
      harness: fmt(wallSup, 2),
      ratio: `${fmt(wallSup / wallRun, 2)}x`,
      goal: '-',
    },
    {
      metric: 'the same, start-up excluded (from 1-iteration runs beside them)',
      baseline: fmt(exRun, 2),
      harness: fmt(exSup, 2),
      ratio: `${fmt(1 + overhead / 100, 3)}x`,
      goal: '<= 1.05x',
      // Differences of two walls: on a loaded machine (a quick run beside the suite) one can come out below zero.
      signed: true,
    },
    {
      metric: 'supervisor overhead per task iteration, start-up excluded (%): measured',
      baseline: '0',
      harness: fmt(overhead, 1),
      ratio: '-',
      goal: '< 5%',
      signed: true,
    },
    {
      metric: '1-iteration task, whole run (ms): the start-up, worker run vs supervise',
      baseline: fmt(med('run', 'one', 'wallMs'), 0),
      harness: fmt(med('supervise', 'one', 'wallMs'), 0),
      ratio: `${fmt(med('supervise', 'one', 'wallMs') / med('run', 'one', 'wallMs'), 2)}x`,
      goal: '-',
    },
    {
      metric: `CPU ms per iteration, all processes, ${ITERATIONS} iterations: worker run vs supervise`,
      baseline: fmt(cpuRun, 2),
      harness: fmt(cpuSup, 2),
      ratio: `${fmt(cpuSup / cpuRun, 2)}x`,
      goal: '-',
    },
    {
      metric: `the supervisor's own CPU (ms) over a whole run: 1 iteration vs ${ITERATIONS}`,
      baseline: fmt(ownOne, 0),
      harness: fmt(ownSup, 0),
      ratio: `${fmt(ownSup / ownOne, 2)}x`,
      goal: '-',
    },
    {
      metric: `${TASKS} tasks × ${TASK_ITERATIONS} iterations, model ${MODEL_MS} ms: wall (s), worker run in turn vs supervise --parallel ${PARALLEL}`,
      baseline: fmt(seq / 1000, 2),
      harness: fmt(par / 1000, 2),
      ratio: `${fmt(par / seq, 2)}x`,
      goal: '-',
    },
    {
      metric: 'the same: speed-up (one after another / --parallel)',
      baseline: '1',
      harness: `${fmt(seq / par, 2)}x`,
      ratio: '-',
      goal: '-',
    },
    {
      metric: 'the same: CPU s of all processes',
      baseline: fmt(seqCpu / 1000, 2),
      harness: fmt(parCpu / 1000, 2),
      ratio: `${fmt(parCpu / seqCpu, 2)}x`,
      goal: '-',
    },
  ],
  [
    `(1) medians of ${REPEATS} repeats, worker run and supervise alternating (every other repeat in the reverse order); the model is a scripted Ollama server in the benchmark's process answering one write_file at once`,
    `start-up excluded: per repeat, (wall of N iterations - wall of 1) / (N - 1) of each, from runs made beside each other; its ratio and the overhead row are the median of the per-repeat ratios (${overheads.map((o) => `${fmt(o, 1)}%`).join(', ')}), the ms the medians of the per-repeat figures; from the fastest run of each kind instead: ${fmt(fastest('run'), 2)} vs ${fmt(fastest('supervise'), 2)} ms, ${fmt(fastestOverhead, 1)}%`,
    `the supervisor's own CPU: its /proc/<pid>/stat utime+stime, read every 20 ms, the last reading before it exited (10 ms ticks: flat means its polls cost under 10 ms over the N iterations); CPU of all processes: /proc/self/stat's cutime+cstime around each run, 10 ms ticks`,
    `(2) the baseline is \`worker run TASK\` on each task in turn, one process per task as the supervisor starts them (and as a user's loop would): the speed-up is the parallelism's, the supervisor's cost in it; medians of ${FLEET_REPEATS} repeats, the two arms alternating`,
    `(2) each task's \`worker run\` start-up is CPU-bound, so on ${cpus().length} cores no order of the tasks ends in less than their CPU over the cores: ${fmt(parCpu / 1000 / cpus().length, 1)} s here`,
    failed
      ? 'a check failed (FAIL above): the figures may not be what they say'
      : 'every run exited 0 and every task completed its iterations; no process the benchmark started was left',
  ],
);
