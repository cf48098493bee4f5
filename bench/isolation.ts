// What `agent.isolation` costs. The same instant agent (bench/agents/instant.mjs) runs N iterations under each
// setting, alternating, in a working tree of F files: `none` (the baseline: the agent as the harness's user, with
// its environment), `env` (the allow-list, and the repository's configuration put back after each session) and
// `user` (a user made for the run: useradd, ACLs on every file of the tree, setpriv per session, every process of
// the user ended and its files handed back after each session, ACLs revoked and the user removed at the end).
// Reported: ms per iteration and a 1-iteration run (start-up and teardown included), each as a ratio to `none`.
// `user` needs root or passwordless sudo and the acl package: without them its rows say so and show `env`'s.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AGENTS,
  NODE,
  fmt,
  harnessDir,
  header,
  knob,
  median,
  printTable,
  readEvents,
  report,
  runHarness,
} from './lib.js';

const ITERATIONS = knob('BENCH_ISOLATION_ITERATIONS', 20, 2);
const REPEATS = knob('BENCH_ISOLATION_REPEATS', 3, 1);
const FILES = knob('BENCH_ISOLATION_FILES', 5000, 50);
const AGENT = join(AGENTS, 'instant.mjs');
const MODES = ['none', 'env', 'user'] as const;
type Mode = (typeof MODES)[number];

header('isolation: none vs env vs user, instant agent', [
  `${ITERATIONS} iterations per run and 1-iteration runs, ${REPEATS} runs each, alternating; medians reported`,
  `a git working tree of ${FILES} files in ${Math.ceil(FILES / 100)} directories`,
]);

function tree(label: string, iterations: number, mode: Mode): string {
  const dir = harnessDir(label, {
    session: { max_iterations: iterations },
    agent: { command: NODE, args: [AGENT], isolation: mode },
    backoff: { initial_delay_secs: 0 },
    retry: { retry_delay_secs: 0 },
    output: { event_log: 'harness-events.jsonl' },
  });
  for (let d = 0; d < Math.ceil(FILES / 100); d++) {
    mkdirSync(join(dir, 'src', `d${d}`), { recursive: true });
    for (let f = 0; f < 100 && d * 100 + f < FILES; f++)
      writeFileSync(join(dir, 'src', `d${d}`, `f${f}.txt`), `file ${d}/${f}\n`);
  }
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
  git('init', '-q');
  git('-c', 'user.name=b', '-c', 'user.email=b@example.invalid', 'add', '-A');
  git('-c', 'user.name=b', '-c', 'user.email=b@example.invalid', 'commit', '-qm', 'tree');
  return dir;
}

async function timed(mode: Mode, iterations: number): Promise<number> {
  const dir = tree(`isolation-${mode}`, iterations, mode);
  const run = await runHarness(dir, { args: ['-q'], env: { AGENT_HARNESS_CGROUP: 'off' } });
  if (run.code !== 0) throw new Error(`harness (${mode}) exited ${run.code}: ${run.stderr || run.stdout}`);
  const events = readEvents(dir);
  const productive = events.filter(
    (e) => e.event === 'session_complete' && e.outcome === 'productive',
  ).length;
  if (productive !== iterations)
    throw new Error(`${mode}: expected ${iterations} productive, saw ${productive}`);
  const start = events.find((e) => e.event === 'loop_start');
  if (start?.isolation !== mode)
    throw new Error(`${mode}: the run says its isolation was ${String(start?.isolation)}`);
  return run.wallMs;
}

const many: Record<Mode, number[]> = { none: [], env: [], user: [] };
const one: Record<Mode, number[]> = { none: [], env: [], user: [] };
let userHad = true;
// `user` without its means is an error (exit 2): the first `user` run finds out whether it can be had here.
for (let r = 0; r < REPEATS; r++) {
  for (const mode of MODES) {
    if (mode === 'user' && !userHad) continue;
    try {
      many[mode].push(await timed(mode, ITERATIONS));
    } catch (error) {
      const message = (error as Error).message;
      if (mode !== 'user' || r > 0 || !/cannot be had/.test(message)) throw error;
      userHad = false;
      console.log(`user isolation is not available here: ${message.split('\n')[0]}`);
      continue;
    }
    one[mode].push(await timed(mode, 1));
  }
  const ran = MODES.filter((m) => many[m].length > r);
  console.log(
    `run ${r + 1}: ${ran.map((m) => `${m} ${fmt(many[m].at(-1)! / ITERATIONS)} ms/it`).join(', ')}`,
  );
}
const modes = MODES.filter((m) => m !== 'user' || userHad);

const per = (mode: Mode) => median(many[mode]) / ITERATIONS;
const single = (mode: Mode) => median(one[mode]);
console.log('');
printTable(
  ['', 'ms/iteration', '1-iteration run (ms)'],
  modes.map((m) => [m, fmt(per(m)), fmt(single(m), 0)]),
);

const rows = modes
  .filter((m) => m !== 'none')
  .flatMap((m) => [
    {
      metric: `${m}: ms per iteration (instant agent, N=${ITERATIONS}, ${FILES} files)`,
      baseline: fmt(per('none')),
      harness: fmt(per(m)),
      ratio: `${fmt(per(m) / per('none'), 2)}x`,
      goal: '',
    },
    {
      metric: `${m}: a 1-iteration run, start-up and teardown included`,
      baseline: fmt(single('none'), 0),
      harness: fmt(single(m), 0),
      ratio: `${fmt(single(m) / single('none'), 2)}x`,
      goal: '',
    },
  ]);
report('isolation', rows, [
  `baseline: agent.isolation = "none"; each figure the median of ${REPEATS} runs`,
  ...(userHad ? [] : ['user isolation could not be had here (needs root or passwordless sudo, and acl)']),
]);
