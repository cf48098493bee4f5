// Session facts for tests and benchmarks of the metrics database: a whole, varied record per index, so sums and
// counts over n of them are known in advance.
import { createHash } from 'node:crypto';
import type { SessionFacts } from '../../src/metrics/facts.js';

const OUTCOMES = ['productive', 'productive', 'productive', 'empty', 'failed', 'rate_limited'] as const;

/** The facts of session `i` (0-based): content key, ended one minute after the previous one. */
export function sampleFacts(i: number, overrides: Partial<SessionFacts> = {}): SessionFacts {
  const sha256 = createHash('sha256').update(`transcript ${i}`).digest('hex');
  const outcome = OUTCOMES[i % OUTCOMES.length]!;
  return {
    key: `sha256:${sha256}`,
    source: 'loop',
    started_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000 - 30_000).toISOString(),
    ended_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    transcript: `/work/sessions/claude-iteration-${i}.jsonl`,
    sha256,
    global: i + 1,
    iteration: i + 1,
    run: 'run-1',
    format: 'claude',
    model: 'claude-sonnet',
    outcome,
    failure_kind: outcome === 'failed' ? 'error' : null,
    failure_reason: outcome === 'failed' ? `exit ${i % 3}` : null,
    duration_secs: 30 + (i % 10),
    output_bytes: 1000 + i,
    exit_code: outcome === 'failed' ? 1 : 0,
    turns: 10 + (i % 5),
    narration_turns: i % 3,
    parallel_turns: i % 2,
    tool_calls: 20 + (i % 7),
    input_tokens: 1000 + (i % 100),
    output_tokens: 200 + (i % 50),
    cache_read_tokens: 5000,
    cache_write_tokens: 100,
    cost_usd: 0.25 + (i % 4) * 0.25,
    committed: outcome === 'productive',
    commit_evidence: outcome === 'productive' ? 'pattern' : null,
    task_id: i % 2 === 0 ? `task-${i}` : null,
    plan_id: null,
    phase: null,
    ...overrides,
  };
}
