// A live session's facts, from its `session_complete` event: what the loop decided and the adapter measured.
// Pure; the recorder (harness/session-recorder.ts) adds the transcript's sha256 and the clock. The key is the run
// and the global number, which two sessions never share (a content hash is shared by identical transcripts).
import type { EventOf } from '../state/events/index.js';
import type { SessionFacts } from './facts.js';
import { loopKey } from './rekey.js';

type SessionComplete = EventOf<'session_complete'>;

export function loopFacts(
  event: SessionComplete,
  context: {
    /** sha256 of the transcript's bytes; null when it is empty (or gone). */
    sha256: string | null;
    /** The run's id (its containment cookie; for a session recovered from the event log, `pid<pid>@<start>`). */
    run: string;
    format: string;
    endedAtMs: number;
  },
): SessionFacts {
  const ended = context.endedAtMs;
  return {
    key: loopKey(context.run, event.global),
    source: 'loop',
    started_at: new Date(ended - event.duration_secs * 1000).toISOString(),
    ended_at: new Date(ended).toISOString(),
    transcript: event.output_file,
    sha256: context.sha256,
    global: event.global,
    iteration: event.iteration,
    run: context.run,
    format: context.format,
    model: event.model ?? null,
    outcome: event.outcome,
    failure_kind: event.failure_kind,
    failure_reason: event.failure_reason,
    duration_secs: event.duration_secs,
    output_bytes: event.output_bytes,
    exit_code: event.exit_code,
    turns: event.turns,
    narration_turns: event.narration_turns ?? null,
    parallel_turns: event.parallel_turns ?? null,
    tool_calls: event.tool_calls,
    input_tokens: event.input_tokens,
    output_tokens: event.output_tokens,
    cache_read_tokens: event.cache_read_tokens ?? null,
    cache_write_tokens: event.cache_write_tokens ?? null,
    cost_usd: event.cost_usd,
    committed: event.committed,
    commit_evidence: event.commit_evidence ?? null,
    task_id: event.task_id ?? null,
    plan_id: event.plan_id ?? null,
    phase: event.phase ?? null,
  };
}
