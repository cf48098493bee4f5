// The transcript corpus end to end: each case's transcript, captured from a real CLI or taken from a public issue
// report, is replayed by the scripted agent (`replay:<file>:<exit>`) under the built CLI, and the loop's verdict in
// `session_complete` must be the one the case expects: outcome, failure kind and reason, reset time, metrics. One
// session per case: limits and failures end the loop at once (limits in a row 1, failures in a row 1, no wait).
import { describe, it } from 'vitest';
import { makeWorkdir, runHarness, testConfig } from '../support/workdir.js';
import { alive } from '../support/processes.js';
import { corpusCases, SHAPE_KEYS } from '../unit/agents/corpus-cases.js';

const cases = corpusCases();

// The cases run side by side (each in a directory of its own): a case's harness spends much of its time waiting on
// the agent it started, and the cases share nothing.
describe.concurrent('transcript corpus through the built CLI', () => {
  it.for(cases.map((c) => [c.name, c] as const))('%s', async ([_name, c], { expect }) => {
    const w = makeWorkdir({
      plan: [`replay:${c.transcriptPath}:${c.exit_code}`],
      config: testConfig({
        agent: { format: c.format },
        backoff: { initial_delay_secs: 0, max_consecutive_rate_limits: 1 },
        retry: { max_consecutive_failures: 1 },
        rate_limit: { max_wait_secs: 0 },
      }),
    });
    const run = await runHarness(w, ['1']);
    const sessions = w.events().filter((e) => e.event === 'session_complete');
    expect(sessions.length, `${run.stdout}\n${run.stderr}`).toBeGreaterThanOrEqual(1);
    const first = sessions[0]!;
    expect(first.outcome, JSON.stringify(first)).toBe(c.expect.outcome);
    expect(first.output_bytes).toBe(Buffer.byteLength(c.transcript));
    if (c.expect.outcome === 'failed') {
      expect(first.failure_kind).toBe(c.expect.failure_kind);
      expect(first.failure_reason).toBe(c.expect.failure_reason);
      expect(String(first.decided_by)).toMatch(/^failure:/);
      if (c.expect.failure_kind === 'fatal') expect(run.code).toBe(9);
    } else {
      expect(first.failure_kind ?? null).toBeNull();
    }
    if (c.expect.outcome === 'rate_limited') {
      expect(first.rate_limited).toBe(true);
      if (c.expect.has_reset === true) expect(first.rate_limit_resets_at).toEqual(expect.any(String));
      if (c.expect.has_reset === false) expect(first.rate_limit_resets_at ?? null).toBeNull();
      if (c.expect.resets_at !== undefined) expect(first.rate_limit_resets_at).toBe(c.expect.resets_at);
    }
    if (c.expect.outcome === 'productive') expect(run.code).toBe(0);
    if (c.expect.tool_calls !== undefined) expect(first.tool_calls).toBe(c.expect.tool_calls);
    if (c.expect.turns !== undefined) expect(first.turns).toBe(c.expect.turns);
    if (c.expect.input_tokens !== undefined) expect(first.input_tokens).toBe(c.expect.input_tokens);
    if (c.expect.output_tokens !== undefined) expect(first.output_tokens).toBe(c.expect.output_tokens);
    // session_complete carries the turn shape, cache use and model (issue 11).
    for (const key of SHAPE_KEYS)
      if (c.expect[key] !== undefined) expect(first[key] ?? null, key).toBe(c.expect[key]);
    expect(alive(w.agentPids())).toEqual([]);
  });
});
