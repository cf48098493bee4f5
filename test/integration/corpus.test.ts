// The transcript corpus end to end: each case's transcript, captured from a real CLI or taken from a public issue
// report, is replayed by the scripted agent (`replay:<file>:<exit>`) under the built CLI, and the loop's verdict in
// `session_complete` must be the one the case expects: outcome, failure kind and reason, reset time, metrics.
//
// The cases of one format run as sessions of a few harness runs (one start per case made the corpus the suite's
// costliest file as it grew): each session replays the next case (the scripted agent takes its plan's entries in
// order), the loop goes on after every verdict (no wait, no limit on limits or failures in a row), and a last
// session touches STOP. A fatal failure ends its run, so a batch holds at most one, last. A case whose session
// never came (an earlier case of its batch ended the run) fails with that run's output.
import { beforeAll, describe, it } from 'vitest';
import { makeWorkdir, runHarness, testConfig } from '../support/workdir.js';
import { alive } from '../support/processes.js';
import { corpusCases, SHAPE_KEYS, type CorpusCase } from '../unit/agents/corpus-cases.js';

const cases = corpusCases();

/** Cases a run replays one after another; sized so the batches still run side by side on the suite's workers. */
const BATCH = 12;

type Session = ReturnType<ReturnType<typeof makeWorkdir>['events']>[number];

interface BatchRun {
  code: number | null;
  output: string;
  sessions: Session[];
  leftovers: number[];
}

/** The cases in batches: one format each, at most BATCH long, a fatal case only last. */
function batches(all: readonly CorpusCase[]): CorpusCase[][] {
  const out: CorpusCase[][] = [];
  const formats = [...new Set(all.map((c) => c.format))];
  for (const format of formats) {
    const mine = all.filter((c) => c.format === format);
    const fatal = mine.filter((c) => c.expect.failure_kind === 'fatal');
    const rest = mine.filter((c) => c.expect.failure_kind !== 'fatal');
    const groups: CorpusCase[][] = [];
    for (let i = 0; i < rest.length; i += BATCH - 1) groups.push(rest.slice(i, i + BATCH - 1));
    for (const [i, c] of fatal.entries()) {
      const group = groups[i];
      if (group) group.push(c);
      else groups.push([c]);
    }
    out.push(...groups);
  }
  return out;
}

async function runBatch(batch: CorpusCase[]): Promise<BatchRun> {
  const w = makeWorkdir({
    plan: [...batch.map((c) => `replay:${c.transcriptPath}:${c.exit_code}`), 'stop'],
    config: testConfig({
      session: { max_iterations: 10_000 },
      agent: { format: batch[0]!.format },
      backoff: { initial_delay_secs: 0, max_delay_secs: 0, max_consecutive_rate_limits: 10_000 },
      retry: { retry_delay_secs: 0, max_consecutive_failures: 10_000, max_empty_retries: 10_000 },
      rate_limit: { max_wait_secs: 0 },
    }),
  });
  const run = await runHarness(w);
  const sessions: Session[] = w.events().filter((e) => e.event === 'session_complete');
  return {
    code: run.code,
    output: `${run.stdout}\n${run.stderr}`,
    sessions,
    leftovers: alive(w.agentPids()),
  };
}

const planned = batches(cases);
const results = new Map<string, { run: BatchRun; index: number; fatalLast: boolean }>();

beforeAll(async () => {
  const runs = await Promise.all(planned.map(runBatch));
  for (const [b, batch] of planned.entries())
    for (const [index, c] of batch.entries())
      results.set(c.name, {
        run: runs[b]!,
        index,
        fatalLast: batch.at(-1)!.expect.failure_kind === 'fatal',
      });
}, 600_000);

describe.concurrent('transcript corpus through the built CLI', () => {
  it('every case is in one batch, and a batch holds one format and at most one fatal case, last', ({
    expect,
  }) => {
    expect(
      planned
        .flat()
        .map((c) => c.name)
        .sort(),
    ).toEqual(cases.map((c) => c.name).sort());
    for (const batch of planned) {
      expect(new Set(batch.map((c) => c.format)).size).toBe(1);
      const fatal = batch.findIndex((c) => c.expect.failure_kind === 'fatal');
      expect(fatal === -1 || fatal === batch.length - 1).toBe(true);
    }
  });

  it.for(cases.map((c) => [c.name, c] as const))('%s', ([_name, c], { expect }) => {
    const { run, index, fatalLast } = results.get(c.name)!;
    const first = run.sessions[index];
    expect(first, `no session for this case: its batch's run ended first\n${run.output}`).toBeDefined();
    if (first === undefined) return;
    expect(first.outcome, JSON.stringify(first)).toBe(c.expect.outcome);
    expect(first.output_bytes).toBe(Buffer.byteLength(c.transcript));
    if (c.expect.outcome === 'failed') {
      expect(first.failure_kind).toBe(c.expect.failure_kind);
      expect(first.failure_reason).toBe(c.expect.failure_reason);
      expect(String(first.decided_by)).toMatch(/^failure:/);
      if (c.expect.failure_kind === 'fatal') expect(run.code, run.output).toBe(9);
      if (c.expect.fix !== undefined) expect(run.output).toContain(c.expect.fix);
    } else {
      expect(first.failure_kind ?? null).toBeNull();
    }
    if (c.expect.outcome === 'rate_limited') {
      expect(first.rate_limited).toBe(true);
      if (c.expect.has_reset === true) expect(first.rate_limit_resets_at).toEqual(expect.any(String));
      if (c.expect.has_reset === false) expect(first.rate_limit_resets_at ?? null).toBeNull();
      if (c.expect.resets_at !== undefined) expect(first.rate_limit_resets_at).toBe(c.expect.resets_at);
    }
    // The run went on past this case, to the STOP session (exit 0) or to the fatal case that ends its batch (9).
    expect(run.code, run.output).toBe(fatalLast ? 9 : 0);
    if (c.expect.tool_calls !== undefined) expect(first.tool_calls).toBe(c.expect.tool_calls);
    if (c.expect.turns !== undefined) expect(first.turns).toBe(c.expect.turns);
    if (c.expect.input_tokens !== undefined) expect(first.input_tokens).toBe(c.expect.input_tokens);
    if (c.expect.output_tokens !== undefined) expect(first.output_tokens).toBe(c.expect.output_tokens);
    // session_complete carries the turn shape, cache use and model (issue 11).
    for (const key of SHAPE_KEYS)
      if (c.expect[key] !== undefined) expect(first[key] ?? null, key).toBe(c.expect[key]);
    expect(run.leftovers).toEqual([]);
  });
});
