// A session row for renderer tests: everything unknown except what a test sets.
import type { SessionView } from '../../../src/metrics/session-view.js';

export function row(global: number, fields: Partial<SessionView> = {}): SessionView {
  return {
    key: `sha256:${String(global).padStart(64, '0')}`,
    ended_at: `2026-11-${String(10 + global).padStart(2, '0')}T12:00:00.000Z`,
    global,
    format: 'claude',
    outcome: 'productive',
    failure_kind: null,
    failure_reason: null,
    duration_secs: null,
    turns: null,
    narration_turns: null,
    parallel_turns: null,
    tool_calls: null,
    input_tokens: null,
    output_tokens: null,
    cost_usd: null,
    committed: null,
    ...fields,
  };
}
