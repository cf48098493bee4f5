// A `session_complete` event as the loop writes one: every field the schema requires, each overridable. Shared by
// the event-log tests and bench/event-log-read.ts so they all build the same, valid event.
import type { EventOf } from '../../src/state/events/index.js';

export function sessionComplete(
  global: number,
  over: Partial<EventOf<'session_complete'>> = {},
): EventOf<'session_complete'> {
  return {
    event: 'session_complete',
    iteration: global,
    global,
    output_bytes: 10,
    exit_code: 0,
    duration_secs: 2,
    committed: false,
    retries: 0,
    rate_limited: false,
    outcome: 'productive',
    decided_by: 'result',
    failure_kind: null,
    failure_reason: null,
    failure_source: null,
    failure_detail: null,
    model_output: true,
    end_reason: 'exited',
    output_file: `claude-iteration-${global}.jsonl`,
    result_error: false,
    rate_limit_source: null,
    rate_limit_resets_at: null,
    turns: 1,
    tool_calls: 0,
    input_tokens: 1,
    output_tokens: 1,
    cost_usd: 0.5,
    agent_duration_ms: 1000,
    ...over,
  };
}
