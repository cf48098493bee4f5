// A transcript's extracted facts as the session facts `metrics ingest` records: the key is the content's hash,
// the session number comes from the file name, the end time from the file's modification time.
import type { TranscriptFacts } from './extract.js';
import type { SessionFacts } from './facts.js';
import { sessionNumberOf } from './ingest-report.js';

export function ingestFacts(
  facts: TranscriptFacts & { sha256: string },
  file: { readonly path: string; readonly name: string; readonly mtimeMs: number },
): SessionFacts {
  const ended = new Date(file.mtimeMs);
  const durationSecs = facts.agent_duration_ms === null ? null : facts.agent_duration_ms / 1000;
  return {
    key: `sha256:${facts.sha256}`,
    source: 'ingest',
    started_at: durationSecs === null ? null : new Date(ended.getTime() - durationSecs * 1000).toISOString(),
    ended_at: ended.toISOString(),
    transcript: file.path,
    sha256: facts.sha256,
    global: sessionNumberOf(file.name),
    iteration: null,
    run: null,
    format: facts.format,
    model: facts.model,
    outcome: facts.outcome,
    failure_kind: facts.failure_kind,
    failure_reason: facts.failure_reason,
    duration_secs: durationSecs,
    output_bytes: facts.bytes,
    exit_code: null,
    turns: facts.turns,
    narration_turns: facts.narration_turns,
    parallel_turns: facts.parallel_turns,
    tool_calls: facts.tool_calls,
    input_tokens: facts.input_tokens,
    output_tokens: facts.output_tokens,
    cache_read_tokens: facts.cache_read_tokens,
    cache_write_tokens: facts.cache_write_tokens,
    cost_usd: facts.cost_usd,
    committed: facts.committed,
    commit_evidence: facts.commit_evidence,
    task_id: null,
    plan_id: null,
    phase: null,
  };
}
