// A session's facts as the loop records them in the metrics database, for tests that need a database with
// known sessions: session `n` ended n minutes after midnight on 2026-11-01, cost 0.01 * (n + 1), 10 + n turns.
import type { SessionFacts } from '../../src/metrics/facts.js';

export function sessionFacts(n: number, over: Partial<SessionFacts> = {}): SessionFacts {
  return {
    key: `run:test:${n}`,
    source: 'loop',
    started_at: null,
    ended_at: new Date(Date.UTC(2026, 10, 1, 0, n)).toISOString(),
    transcript: null,
    sha256: null,
    global: n,
    iteration: n,
    run: 'run-a',
    format: 'claude',
    model: null,
    outcome: 'productive',
    failure_kind: null,
    failure_reason: null,
    duration_secs: 60,
    output_bytes: 1000,
    exit_code: 0,
    turns: 10 + n,
    narration_turns: null,
    parallel_turns: null,
    tool_calls: 3,
    input_tokens: 1000,
    output_tokens: 100,
    cache_read_tokens: null,
    cache_write_tokens: null,
    cost_usd: 0.01 * (n + 1),
    committed: true,
    commit_evidence: null,
    task_id: null,
    plan_id: null,
    phase: null,
    ...over,
  };
}
