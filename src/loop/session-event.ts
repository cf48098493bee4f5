// The `session_complete` event: the seed's fields, the outcome, and the adapter's metrics.
import type { EventOf } from '../state/events/index.js';
import type { SessionRecord } from './session-record.js';
import { round } from './round.js';

type SessionComplete = EventOf<'session_complete'>;
/** What the loop adds once it knows whether the session committed. */
export type SessionCommitFields = Pick<
  SessionComplete,
  | 'committed'
  | 'commit_evidence'
  | 'commit_pattern'
  | 'commit_text'
  | 'commit_branches'
  | 'head_before'
  | 'head_after'
  | 'changed'
>;

export function sessionEvent(input: {
  iteration: number;
  record: SessionRecord;
  retries: number;
  /** The iteration's work (a task id). */
  fields?: Pick<SessionComplete, 'task_id' | 'plan_id' | 'phase'>;
  extra: SessionCommitFields;
}): EventOf<'session_complete'> {
  const { result, verdict, outcome } = input.record;
  const { committed, ...commit } = input.extra;
  return {
    event: 'session_complete',
    iteration: input.iteration,
    global: input.record.global,
    output_bytes: result.outputBytes,
    exit_code: result.reportedExitCode,
    duration_secs: round(result.durationMs / 1000, 3),
    committed,
    retries: input.retries,
    rate_limited: outcome === 'rate_limited',
    outcome,
    decided_by: input.record.decidedBy,
    failure_kind: input.record.failure?.kind ?? null,
    failure_reason: input.record.failure?.reason ?? null,
    failure_source: input.record.failure?.source ?? null,
    failure_detail: input.record.failure?.detail ?? null,
    model_output: verdict.model_output,
    end_reason: result.endReason,
    output_file: input.record.transcript,
    result_error: verdict.is_error,
    rate_limit_source: verdict.rate_limit?.source ?? null,
    rate_limit_resets_at: verdict.rate_limit?.resets_at_ms
      ? new Date(verdict.rate_limit.resets_at_ms).toISOString()
      : null,
    ...verdict.metrics,
    ...input.fields,
    ...commit,
  };
}
