// Reading the job summary's input from parsed event-log lines: a session row per `session_complete` event and
// the newest `session_failed` event. Tolerant: missing, null or mistyped fields become null.
import { asNumber, asString } from '../../../agents/json-lines.js';
import type { LastFailure, SessionRow } from './types.js';

const bool = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);

/**
 * A {@link SessionRow} from one parsed event-log line; null unless it is a `session_complete` event.
 * Missing, null or mistyped fields become null (numbers must be finite).
 */
export function sessionRowFromEvent(event: Record<string, unknown>): SessionRow | null {
  if (typeof event !== 'object' || event === null || Array.isArray(event)) return null;
  if (event.event !== 'session_complete') return null;
  return {
    iteration: asNumber(event.iteration),
    global: asNumber(event.global),
    output_bytes: asNumber(event.output_bytes),
    exit_code: asNumber(event.exit_code),
    duration_secs: asNumber(event.duration_secs),
    committed: bool(event.committed),
    retries: asNumber(event.retries),
    rate_limited: bool(event.rate_limited),
    outcome: asString(event.outcome),
    end_reason: asString(event.end_reason),
    turns: asNumber(event.turns),
    tool_calls: asNumber(event.tool_calls),
    input_tokens: asNumber(event.input_tokens),
    output_tokens: asNumber(event.output_tokens),
    cost_usd: asNumber(event.cost_usd),
    commit_evidence: asString(event.commit_evidence),
    failure_kind: asString(event.failure_kind),
    failure_reason: asString(event.failure_reason),
    ts: asString(event.ts),
  };
}

/** The newest `session_failed` event among `events`, or null. */
export function lastFailureFrom(events: readonly Record<string, unknown>[]): LastFailure | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e?.event !== 'session_failed') continue;
    return {
      global: asNumber(e.global),
      kind: asString(e.kind) ?? 'error',
      reason: asString(e.reason) ?? 'unknown',
      detail: asString(e.detail),
      fix: asString(e.fix),
    };
  }
  return null;
}
