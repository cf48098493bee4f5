// The job summary's wording for the run's vocabularies: a session's outcome label ("empty (watchdog)") and
// the headline for a `loop_end` reason ("Stopped: STOP label"). Unknown values are shown escaped, never dropped.
import { escapeMarkdown, formatCount, plural } from './format.js';
import type { SessionEndReason, SessionOutcome, SessionRow } from './types.js';

/** Outcomes in the order the totals list them and the chart draws their series. */
export const OUTCOME_ORDER: readonly string[] = [
  'productive',
  'empty',
  'rate_limited',
  'cancelled',
  'failed',
];

const OUTCOME_LABELS: Record<SessionOutcome, string> = {
  productive: 'productive',
  empty: 'empty',
  rate_limited: 'rate limited',
  failed: 'failed',
  cancelled: 'cancelled',
};
const END_REASON_LABELS: Record<SessionEndReason, string> = {
  exited: 'exited',
  watchdog: 'watchdog',
  result_grace: 'result grace',
  forced: 'forced',
  spawn_error: 'not started',
};

const isKnown = <K extends string>(table: Record<K, string>, key: string): key is K =>
  Object.prototype.hasOwnProperty.call(table, key);

/**
 * The short, emoji-free outcome label of a row: "productive", "empty (watchdog)", "rate limited",
 * "failed transient: overloaded".
 */
export function outcomeLabel(row: {
  /** A session's outcome; the history may hold one this version does not know (a migrated session's). */
  outcome: SessionRow['outcome'] | (string & {});
  end_reason: SessionRow['end_reason'] | (string & {});
  failure_kind?: SessionRow['failure_kind'] | (string & {});
  failure_reason?: SessionRow['failure_reason'] | (string & {});
}): string {
  const outcome = row.outcome;
  let base =
    outcome === null ? 'unknown' : isKnown(OUTCOME_LABELS, outcome) ? OUTCOME_LABELS[outcome] : outcome;
  if (outcome === 'failed' && row.failure_kind)
    base += ` ${row.failure_kind}${row.failure_reason ? `: ${row.failure_reason.replace(/_/g, ' ')}` : ''}`;
  const end = row.end_reason;
  if (end === null || end === 'exited') return escapeMarkdown(base, 40);
  const endLabel = isKnown(END_REASON_LABELS, end) ? END_REASON_LABELS[end] : end;
  return escapeMarkdown(`${base} (${endLabel})`, 60);
}

/** The headline for a `loop_end` reason, e.g. "Stopped: STOP label", "Completed 5/5 iterations". */
export function stopHeadline(reason: string, iterations: number, maxIterations: number): string {
  switch (reason) {
    case 'completed':
      return `Completed ${formatCount(iterations)}/${formatCount(maxIterations)} ${plural(maxIterations, 'iteration')}`;
    case 'stop_file':
      return 'Stopped: STOP file';
    case 'stop_label':
      return 'Stopped: STOP label';
    case 'sigint':
      return 'Stopped: interrupted (SIGINT)';
    case 'sigterm':
      return 'Stopped: terminated (SIGTERM)';
    case 'sighup':
      return 'Stopped: hung up (SIGHUP)';
    case 'time_budget':
      return 'Stopped: time budget used up';
    case 'rate_limits_exhausted':
      return 'Rate limits exhausted';
    case 'pre_hook_failures':
      return 'Stopped: pre-session hooks kept failing';
    case 'agent_fatal':
      return 'Stopped: the agent failed in a way no retry fixes';
    case 'failures_exhausted':
      return 'Stopped: too many failed sessions in a row';
    case 'rate_limited':
      return 'Waiting for a limit to reset';
    case 'no_progress':
      return 'Stopped: no progress (sessions in a row changed nothing)';
    case 'cancelled':
      return 'Cancelled';
    case 'forced':
      return 'Cancelled (forced stop)';
    default:
      return `Stopped: ${escapeMarkdown(reason.replace(/_/g, ' ') || 'unknown reason', 80)}`;
  }
}
