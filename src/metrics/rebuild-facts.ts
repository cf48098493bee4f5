// What `metrics rebuild` takes from a transcript extracted again: the counters the extraction rules produce. A
// session the loop recorded keeps the loop's own outcome, duration and commit verdict (the loop saw the process
// and the repository, the transcript alone does not), and so does a cut-short one; an ingested one takes everything
// the transcript says.
import type { TranscriptFacts } from './extract.js';
import { CUT_SHORT, type SessionFacts, type SessionRow } from './facts.js';

/** The counters a transcript's extraction gives, as session facts (ingest, cut-short sessions, rebuild). */
export function transcriptCounters(facts: TranscriptFacts) {
  return {
    format: facts.format,
    model: facts.model,
    turns: facts.turns,
    narration_turns: facts.narration_turns,
    parallel_turns: facts.parallel_turns,
    tool_calls: facts.tool_calls,
    input_tokens: facts.input_tokens,
    output_tokens: facts.output_tokens,
    cache_read_tokens: facts.cache_read_tokens,
    cache_write_tokens: facts.cache_write_tokens,
    cost_usd: facts.cost_usd,
  } satisfies Partial<SessionFacts>;
}

export function rebuildFacts(row: SessionRow, facts: TranscriptFacts): Partial<SessionFacts> | null {
  if (facts.sha256 === null || (row.sha256 !== null && facts.sha256 !== row.sha256)) return null;
  const counters: Partial<SessionFacts> = transcriptCounters(facts);
  // A cut-short session keeps its outcome: the transcript alone would read as an ordinary end.
  if (row.source === 'loop' || row.outcome === CUT_SHORT) return counters;
  return {
    ...counters,
    outcome: facts.outcome,
    failure_kind: facts.failure_kind,
    failure_reason: facts.failure_reason,
    duration_secs: facts.agent_duration_ms === null ? null : facts.agent_duration_ms / 1000,
    output_bytes: facts.bytes,
    committed: facts.committed,
    commit_evidence: facts.commit_evidence,
  };
}
