// The typed event log costs a schema check per line on every read: the numbering's resume reads the log's last
// MiB at every start, the Action's post step reads the whole run. This times parseEventLog (JSON.parse + the zod
// schema of each event) against JSON.parse alone over the same lines, side by side in one process: a realistic
// log of session_complete events with the odd loop_start/loop_end, 1 MiB (the resume's tail) and a whole-run size.
// Pure in-process CPU work.
import { eventLine } from '../src/state/event-log.js';
import { parseEventLog, type HarnessEvent } from '../src/state/events/index.js';
import { sessionComplete } from '../test/support/event-samples.js';
import { fmt, header, knob, median, MIB, report } from './lib.js';

const RUNS = knob('BENCH_EVENT_LOG_RUNS', 21, 3);
const BIG_MIB = knob('BENCH_EVENT_LOG_MIB', 16, 2);

function session(global: number): HarnessEvent {
  return sessionComplete(global, {
    iteration: global % 25,
    output_bytes: 48_000 + (global % 997),
    duration_secs: 250.5,
    committed: global % 3 !== 0,
    turns: 30,
    tool_calls: 55,
    input_tokens: 120_000,
    output_tokens: 9_000,
    cost_usd: 0.41,
    agent_duration_ms: 249_000,
    commit_evidence: 'head',
    commit_pattern: null,
    commit_text: null,
    commit_branches: [],
    head_before: 'a'.repeat(40),
    head_after: 'b'.repeat(40),
  });
}

function logOf(bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let global = 0; size < bytes; global++) {
    const line = JSON.stringify(eventLine(session(global), 1_700_000_000_000 + global * 250_000));
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join('\n')}\n`;
}

function time(fn: () => unknown): number {
  for (let i = 0; i < 3; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  return median(times);
}

const plain = (text: string) =>
  text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as unknown);

header('event-log-read: parseEventLog (JSON.parse + zod schema per event) vs JSON.parse alone', [
  `median of ${RUNS} runs after 3 warm-ups; a 1 MiB log (the resume reads this much at every start) and ${BIG_MIB} MiB`,
]);

const rows = [1, BIG_MIB].map((mib) => {
  const text = logOf(mib * MIB);
  const lines = text.split('\n').length - 1;
  const check = parseEventLog(text);
  if (check.events.length !== lines || check.invalid !== 0)
    throw new Error(`${check.invalid} lines did not validate`);
  const baseline = time(() => plain(text));
  const typed = time(() => parseEventLog(text));
  console.log(
    `${mib} MiB, ${lines} events: JSON.parse ${fmt(baseline, 2)} ms, parseEventLog ${fmt(typed, 2)} ms`,
  );
  return {
    metric: `read ${mib} MiB (${lines} events) (ms)`,
    baseline: fmt(baseline, 2),
    harness: fmt(typed, 2),
    ratio: `${fmt(typed / baseline, 2)}x`,
    goal: mib === 1 ? '< 50 ms' : '-',
  };
});

report('event-log-read', rows, [
  'baseline: JSON.parse of every line, no schema; both read the same generated lines, and every line validates',
]);
