// The `session_complete` event: the seed's fields, the outcome, and the adapter's metrics.
import type { HarnessEvent } from '../state/event-log.js';
import type { SessionRecord } from './dispatch.js';
import { round } from './dispatch.js';

export function sessionEvent(input: {
  iteration: number;
  record: SessionRecord;
  retries: number;
  /** The iteration's work (a task id). */
  fields?: Record<string, unknown>;
  extra: Record<string, unknown>;
}): HarnessEvent {
  const { result, verdict, outcome } = input.record;
  return {
    event: 'session_complete',
    iteration: input.iteration,
    global: input.record.global,
    output_bytes: result.outputBytes,
    exit_code: result.reportedExitCode,
    duration_secs: round((result.endedAt - result.startedAt) / 1000, 3),
    committed: false,
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
    ...input.extra,
  };
}
