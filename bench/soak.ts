// Soak: one harness run of BENCH_SOAK_ITERATIONS iterations (default 1000) over a mix of agent behaviours
// (the scripted test agent: ok, commit in a real git repository, hang -> watchdog and a stalled failure, empty ->
// retry, ratelimit ->
// backoff, linger -> result grace). Samples the harness's RSS every 200 ms and compares the peak over the
// first 100 iterations with the peak over the last 100 (flat = 1.0), then checks the bookkeeping: counter,
// transcripts, one session_complete per transcript, productive counts, each session classified as its agent
// behaved, and no agent process left. Prints PASS/FAIL lines; exits 1 if a check fails.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import {
  NODE,
  SCRIPTED_AGENT,
  fmt,
  header,
  knob,
  readEvents,
  report,
  runHarness,
  scratchDir,
  type MemSample,
} from './lib.js';

const ITERATIONS = knob('BENCH_SOAK_ITERATIONS', 1000, 8);
const WINDOW = Math.min(knob('BENCH_SOAK_WINDOW', 100, 4), Math.floor(ITERATIONS / 2) || 1);
// 0.6 s of silence ends a hung agent in the full run (0.3 s ended one agent in 1,500 before it printed, on a quiet
// shared machine: its Node start-up took longer); the quick run shares the machine with the test suite, where
// starting a Node agent alone can take seconds, so it allows 3 s.
const STALE_MINS = knob('BENCH_SOAK_STALE_MINS', 0.01, 0.05);
const RESULT_GRACE = knob('BENCH_SOAK_RESULT_GRACE_SECS', 0.2);

// One cycle: 12 agent runs, 8 of them complete an iteration (ok, commit, linger); hang is a stalled session
// (failed, transient: the watchdog ends it and the iteration is tried again after a backoff), empty is an empty
// session that is retried; ratelimit backs off. No two limits in a row, at most one empty in a row.
const CYCLE = [
  'ok',
  'commit',
  'hang',
  'ok',
  'empty',
  'ok',
  'ratelimit',
  'linger',
  'ok',
  'commit',
  'ok',
  'ratelimit',
];
const PER_CYCLE = CYCLE.filter((m) => ['ok', 'commit', 'linger'].includes(m)).length;

header('soak: one long harness run over a mix of agents', [
  `${ITERATIONS} iterations; cycle of agent runs: ${CYCLE.join(' ')}`,
  `stale_timeout_mins ${STALE_MINS}, result_grace_secs ${RESULT_GRACE}, RSS sampled every 200 ms`,
]);

const dir = scratchDir('soak');
const planPath = join(dir, '.agent-plan.json');
const plan: string[] = [];
while (plan.filter((m) => ['ok', 'commit', 'linger'].includes(m)).length < ITERATIONS) plan.push(...CYCLE);
plan.push('ok'); // the scripted agent repeats the last entry once the plan runs out
writeFileSync(planPath, JSON.stringify(plan));
writeFileSync(join(dir, 'PROMPT.md'), 'Do the next thing.\n');
writeFileSync(
  join(dir, 'harness.yml'),
  stringify({
    session: { max_iterations: ITERATIONS },
    agent: { command: NODE, args: [SCRIPTED_AGENT, '-p', '{prompt}'] },
    watchdog: {
      stale_timeout_mins: STALE_MINS,
      result_grace_secs: RESULT_GRACE,
      kill_grace_secs: 0.2,
      check_interval_secs: 0,
    },
    retry: { max_empty_retries: 3, retry_delay_secs: 0 },
    backoff: { initial_delay_secs: 0.001, max_delay_secs: 0.05, max_consecutive_rate_limits: 1000 },
    // Most of the plan's sessions change nothing: the no-progress stop would end the soak early.
    progress: { max_idle_sessions: 0 },
  }),
);
const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
git('init', '-q');
git('config', 'user.name', 'Bench');
git('config', 'user.email', 'bench@example.invalid');
writeFileSync(
  join(dir, '.gitignore'),
  '.agent-plan.json*\nharness.status\n.harness.status.*\nharness-events.jsonl\n.iteration_counter\n*.jsonl\n',
);
git('add', '-A');
git('commit', '-q', '-m', 'initial');

interface Sample extends MemSample {
  iteration: number;
}
const samples: Sample[] = [];
let lastIteration = 0;
let nextReport = Math.ceil(ITERATIONS / 10);
const onSample = (s: MemSample) => {
  try {
    lastIteration = (JSON.parse(readFileSync(join(dir, 'harness.status'), 'utf8')) as { iteration: number })
      .iteration;
  } catch {
    // not written yet, or replaced between open and read
  }
  samples.push({ ...s, iteration: lastIteration });
  if (lastIteration >= nextReport) {
    console.log(
      `  ${fmt(s.at / 1000, 0)} s: iteration ${lastIteration}/${ITERATIONS}, RSS ${fmt(s.rssKiB / 1024, 1)} MiB`,
    );
    nextReport += Math.ceil(ITERATIONS / 10);
  }
};

const run = await runHarness(dir, { args: ['-q'], env: { AGENT_PLAN: planPath }, sampleMs: 200, onSample });
writeFileSync(join(dir, 'harness-stdout.log'), run.stdout); // kept with BENCH_KEEP=1
console.log(`harness exited ${run.code} after ${fmt(run.wallMs / 1000, 1)} s; ${samples.length} RSS samples`);

// --- memory ---
const peakIn = (from: number, to: number) =>
  Math.max(0, ...samples.filter((s) => s.iteration >= from && s.iteration < to).map((s) => s.rssKiB));
const first = peakIn(0, WINDOW);
const last = peakIn(ITERATIONS - WINDOW, ITERATIONS + 1);
const deciles = Array.from({ length: 10 }, (_, i) =>
  fmt(peakIn((i * ITERATIONS) / 10, ((i + 1) * ITERATIONS) / 10) / 1024, 0),
);
console.log(`peak RSS per tenth of the run (MiB): ${deciles.join(' ')}`);
console.log(
  `peak RSS first ${WINDOW} iterations ${fmt(first / 1024, 1)} MiB, last ${WINDOW} ${fmt(last / 1024, 1)} MiB, ` +
    `ratio ${fmt(last / first, 3)}; VmHWM ${fmt(run.peakKiB / 1024, 1)} MiB`,
);

// --- bookkeeping ---
const checks: Array<[string, boolean, string]> = [];
const check = (name: string, ok: boolean, detail: string) => {
  checks.push([name, ok, detail]);
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name}: ${detail}`);
};
const numbers = readdirSync(dir)
  .map((f) => /^claude-iteration-(\d+)\.jsonl$/.exec(f))
  .filter((m): m is RegExpExecArray => m !== null)
  .map((m) => Number(m[1]))
  .sort((a, b) => a - b);
const counter = Number(readFileSync(join(dir, '.iteration_counter'), 'utf8').trim());
const events = readEvents(dir);
const sessions = events.filter((e) => e.event === 'session_complete');
const loopEnd = events.find((e) => e.event === 'loop_end');
const status = JSON.parse(readFileSync(join(dir, 'harness.status'), 'utf8')) as Record<string, unknown>;
const summary = /Loop completed: (\d+) productive iterations/.exec(run.stdout);
const runs = readFileSync(`${planPath}.runs`, 'utf8').split('\n').filter(Boolean).length;

check(
  'exit code 0',
  run.code === 0,
  `code ${run.code}${run.code === 0 ? '' : `; stderr: ${run.stderr.slice(-300)}`}`,
);
check(
  'counter file = number of transcripts',
  counter === numbers.length,
  `counter ${counter}, transcripts ${numbers.length}`,
);
// The bash loop's numbering: transcripts 0..N-1, the counter N (the next number).
const gaps = numbers.filter((n, i) => n !== i);
check(
  'transcripts numbered 0..N-1, each once',
  gaps.length === 0 && numbers.length === counter,
  gaps.length === 0 ? `0..${numbers.length - 1}` : `first out of place: ${gaps.slice(0, 5).join(', ')}`,
);
const perGlobal = new Map<number, number>();
for (const s of sessions) perGlobal.set(Number(s.global), (perGlobal.get(Number(s.global)) ?? 0) + 1);
const badGlobals = numbers.filter((n) => perGlobal.get(n) !== 1);
const strayGlobals = [...perGlobal.keys()].filter((g) => !numbers.includes(g));
check(
  'one session_complete per transcript',
  sessions.length === numbers.length && badGlobals.length === 0 && strayGlobals.length === 0,
  `${sessions.length} session_complete events for ${numbers.length} transcripts` +
    (badGlobals.length ? `; wrong count for globals ${badGlobals.slice(0, 5).join(', ')}` : '') +
    (strayGlobals.length ? `; events without transcript ${strayGlobals.slice(0, 5).join(', ')}` : ''),
);
check(
  'one agent run per transcript',
  runs === numbers.length,
  `${runs} agent runs, ${numbers.length} transcripts`,
);
const productive = sessions.filter((e) => e.outcome === 'productive').length;
const skipped = events.filter((e) => e.event === 'iteration_skipped').length;
check(
  'productive count matches',
  productive === Number(summary?.[1]) &&
    productive === Number(loopEnd?.productive) &&
    productive === Number(status.productive) &&
    productive + skipped === ITERATIONS,
  `events ${productive}, summary line ${summary?.[1]}, loop_end ${String(loopEnd?.productive)}, ` +
    `status ${String(status.productive)}, skipped ${skipped}, iterations ${ITERATIONS}`,
);
// Agent run k (counted from 1) wrote transcript k-1, so the plan says what every session should have been.
const expected = (mode: string, s: Record<string, unknown>): boolean => {
  switch (mode) {
    case 'ok':
      return s.outcome === 'productive' && s.end_reason === 'exited' && s.committed === false;
    case 'commit':
      return s.outcome === 'productive' && s.committed === true;
    case 'hang':
      return s.outcome === 'failed' && s.failure_reason === 'stalled' && s.end_reason === 'watchdog';
    case 'empty':
      return s.outcome === 'empty';
    case 'ratelimit':
      return s.outcome === 'rate_limited';
    case 'linger':
      return s.outcome === 'productive' && s.end_reason === 'result_grace';
    default:
      return false;
  }
};
const mismatches = sessions.filter((s) => !expected(plan[Math.min(Number(s.global), plan.length - 1)]!, s));
check(
  'every session classified as its agent behaved',
  mismatches.length === 0,
  mismatches.length === 0
    ? `${sessions.length} sessions`
    : `${mismatches.length} differ, e.g. ` +
        mismatches
          .slice(0, 3)
          .map(
            (s) =>
              `global ${String(s.global)} (${plan[Math.min(Number(s.global), plan.length - 1)]}): ${String(s.outcome)}/` +
              `${String(s.end_reason)}/committed=${String(s.committed)}`,
          )
          .join('; '),
);
// `pid start` lines: the scripted agent records each PID with its start time, so a process that took a PID over
// since (the machine goes through them quickly) is not taken for the agent.
const pids = readFileSync(`${planPath}.pids`, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => line.split(' '));
const alive = pids.filter(([pid, start]) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[0] !== 'Z' && (!start || fields[19] === start);
  } catch {
    return false;
  }
});
check('no agent process left', alive.length === 0, `${pids.length} agent PIDs, ${alive.length} alive`);
const kinds = (key: string) =>
  Object.entries(
    sessions.reduce<Record<string, number>>(
      (acc, s) => ((acc[String(s[key])] = (acc[String(s[key])] ?? 0) + 1), acc),
      {},
    ),
  )
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
console.log(`outcomes: ${kinds('outcome')}; end reasons: ${kinds('end_reason')}`);
const failed = checks.filter(([, ok]) => !ok).length;

report(
  'soak',
  [
    {
      metric: `peak RSS MiB, first ${WINDOW} vs last ${WINDOW} of ${ITERATIONS} iterations`,
      baseline: fmt(first / 1024, 1),
      harness: fmt(last / 1024, 1),
      ratio: fmt(last / first, 3),
      goal: '~1.0 (flat)',
    },
    {
      metric: 'wall time per iteration (ms, mixed agents)',
      baseline: '',
      harness: fmt(run.wallMs / ITERATIONS, 0),
      ratio: '',
      goal: '',
    },
    {
      metric: 'bookkeeping checks passed',
      baseline: '',
      harness: `${checks.length - failed}/${checks.length}`,
      ratio: '',
      goal: `${checks.length}/${checks.length}`,
    },
  ],
  [
    `${numbers.length} transcripts (${PER_CYCLE} iterations per ${CYCLE.length} agent runs); outcomes: ${kinds('outcome')}`,
    `peak RSS per tenth of the run (MiB): ${deciles.join(' ')}; VmHWM ${fmt(run.peakKiB / 1024, 1)} MiB`,
    ...checks.filter(([, ok]) => !ok).map(([name, , detail]) => `FAIL ${name}: ${detail}`),
  ],
);
if (failed > 0) process.exitCode = 1;
