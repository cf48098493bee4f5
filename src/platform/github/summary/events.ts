// Reading the job summary's input from parsed event-log lines: a session row per `session_complete` event and
// the newest `session_failed` event. Tolerant: missing, null or mistyped fields become null.
import type { LastFailure, SessionRow } from './types.js';

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const bool = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * A {@link SessionRow} from one parsed event-log line; null unless it is a `session_complete` event.
 * Missing, null or mistyped fields become null (numbers must be finite).
 */
export function sessionRowFromEvent(event: Record<string, unknown>): SessionRow | null {
  if (typeof event !== 'object' || event === null || Array.isArray(event)) return null;
  if (event.event !== 'session_complete') return null;
  return {
    iteration: num(event.iteration),
    global: num(event.global),
    output_bytes: num(event.output_bytes),
    exit_code: num(event.exit_code),
    duration_secs: num(event.duration_secs),
    committed: bool(event.committed),
    retries: num(event.retries),
    rate_limited: bool(event.rate_limited),
    outcome: str(event.outcome),
    end_reason: str(event.end_reason),
    turns: num(event.turns),
    tool_calls: num(event.tool_calls),
    input_tokens: num(event.input_tokens),
    output_tokens: num(event.output_tokens),
    cost_usd: num(event.cost_usd),
    commit_evidence: str(event.commit_evidence),
    failure_kind: str(event.failure_kind),
    failure_reason: str(event.failure_reason),
    ts: str(event.ts),
  };
}

/** The newest `session_failed` event among `events`, or null. */
export function lastFailureFrom(events: readonly Record<string, unknown>[]): LastFailure | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e?.event !== 'session_failed') continue;
    return {
      global: num(e.global),
      kind: str(e.kind) ?? 'error',
      reason: str(e.reason) ?? 'unknown',
      detail: str(e.detail),
      fix: str(e.fix),
    };
  }
  return null;
}
