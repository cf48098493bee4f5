// Reading the job summary's input from the event log as its reader validated it (state/events): a session row
// per `session_complete` event, and the newest `session_failed` event.
import { asNumber, asString } from '../../../agents/index.js';
import type { LoggedSession } from '../logged-sessions.js';
import { ROW_FIELDS, type LastFailure, type SessionRow } from './types.js';

/** The summary's row of a session: its event's fields, as the log's reader validated them; null where absent. */
export function sessionRow(event: LoggedSession): SessionRow {
  return Object.fromEntries(ROW_FIELDS.map((field) => [field, event[field] ?? null])) as SessionRow;
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
