// A transcript's extracted facts as the session facts `metrics ingest` records: the key is the transcript's name
// and content (`file:<name>:<sha256>`: two files with the same bytes under two names are two sessions), the session
// number comes from the file name, the end time from the file's modification time. A transcript the harness was
// killed during is recorded as cut short (cutShortFacts), keyed by its run and number as the loop keys it.
import type { TranscriptFile } from '../state/index.js';
import type { TranscriptFacts } from './extract.js';
import { CUT_SHORT, type FactsSource, type SessionFacts } from './facts.js';
import { sessionNumberOf } from './ingest-report.js';
import { transcriptCounters } from './rebuild-facts.js';
import { loopKey } from './rekey.js';
import { transcriptName } from './slot.js';

/** The key of an ingested transcript: its name and its content. */
export const ingestKey = (name: string, sha256: string): string => `file:${transcriptName(name)}:${sha256}`;

export function ingestFacts(
  facts: TranscriptFacts & { sha256: string },
  file: { readonly path: string; readonly name: string; readonly mtimeMs: number },
): SessionFacts {
  const ended = new Date(file.mtimeMs);
  const durationSecs = facts.agent_duration_ms === null ? null : facts.agent_duration_ms / 1000;
  return {
    key: ingestKey(file.name, facts.sha256),
    source: 'ingest',
    started_at: durationSecs === null ? null : new Date(ended.getTime() - durationSecs * 1000).toISOString(),
    ended_at: ended.toISOString(),
    transcript: file.path,
    sha256: facts.sha256,
    global: sessionNumberOf(file.name),
    iteration: null,
    run: null,
    ...transcriptCounters(facts),
    outcome: facts.outcome,
    failure_kind: facts.failure_kind,
    failure_reason: facts.failure_reason,
    duration_secs: durationSecs,
    output_bytes: facts.bytes,
    exit_code: null,
    committed: facts.committed,
    commit_evidence: facts.commit_evidence,
    task_id: null,
    plan_id: null,
    phase: null,
  };
}

/**
 * A session the harness started and never saw end (killed with it): what its transcript says, outcome `cut_short`.
 * A commit is known only from a commit pattern in the transcript (the repository was never compared), so without
 * one it is unknown, not "no commit".
 */
export function cutShortFacts(
  facts: TranscriptFacts,
  file: Pick<TranscriptFile, 'path' | 'global' | 'mtimeMs'>,
  context: { run: string; source: FactsSource },
): SessionFacts {
  const ended = new Date(file.mtimeMs);
  const durationSecs = facts.agent_duration_ms === null ? null : facts.agent_duration_ms / 1000;
  return {
    key: loopKey(context.run, file.global),
    source: context.source,
    started_at: durationSecs === null ? null : new Date(ended.getTime() - durationSecs * 1000).toISOString(),
    ended_at: ended.toISOString(),
    transcript: file.path,
    sha256: facts.sha256,
    global: file.global,
    iteration: null,
    run: context.run,
    ...transcriptCounters(facts),
    outcome: CUT_SHORT,
    failure_kind: null,
    failure_reason: null,
    duration_secs: durationSecs,
    output_bytes: facts.bytes,
    exit_code: null,
    committed: facts.committed ? true : null,
    commit_evidence: facts.commit_evidence,
    task_id: null,
    plan_id: null,
    phase: null,
  };
}
