// `metrics ingest` of one file: a transcript it already has (the same name and the same content) is "already
// recorded"; two files with the same bytes under two names are two sessions, unless the user asks for content
// de-duplication (`--dedupe-content`: any recorded transcript with the same bytes). A transcript of this
// directory's loop that the history lacks is recorded as the loop's next start would (reconcile.ts): from its
// `session_complete` event, or as cut short when the harness was killed during it.
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import type { Config } from '../config/index.js';
import { compressionOf } from '../state/index.js';
import { resolvePaths } from '../state/index.js';
import { extractTranscript } from './extract.js';
import { extractOptions } from './extract-options.js';
import { ingestFacts } from './ingest-facts.js';
import { sessionNumberOf, type IngestResult } from './ingest-report.js';
import { pendingFacts, pendingSessions, type ReconcileInput } from './reconcile.js';
import { transcriptName, transcriptSlot } from './slot.js';
import { transcriptSha256 } from './transcript-bytes.js';
import type { MetricsStore } from './store.js';
import type { Unrecorded } from './unrecorded.js';

export interface IngestContext {
  config: Config;
  /** `--dedupe-content`: a transcript whose bytes are recorded under any name is already recorded. */
  dedupeContent: boolean;
  reconcile: ReconcileInput;
  /** The loop's sessions the history lacks, by slot (read once per command, on the first file). */
  pending: Map<string, Unrecorded> | null;
}

export function ingestContext(config: Config, cwd: string, dedupeContent: boolean): IngestContext {
  const paths = resolvePaths(config, cwd);
  return {
    config,
    dedupeContent,
    reconcile: {
      eventLog: paths.eventLog,
      outputDir: paths.outputDir,
      prefix: paths.outputPrefix,
      format: config.agent.format,
      extract: extractOptions(config),
    },
    pending: null,
  };
}

const reason = (error: unknown): string => {
  const e = error as NodeJS.ErrnoException;
  if (e.code === 'ENOENT') return 'no such file';
  if (e.code === 'EACCES') return 'permission denied';
  if (e.code === 'EISDIR') return 'is a directory';
  return e.message;
};

const slotOf = (entry: Unrecorded): string =>
  entry.kind === 'cut_short'
    ? transcriptSlot(entry.file.global, entry.file.path)
    : transcriptSlot(entry.event.global, entry.event.output_file);

async function pendingFor(store: MetricsStore, context: IngestContext, path: string) {
  const global = sessionNumberOf(basename(path));
  if (global === null) return null;
  context.pending ??= new Map(
    (await pendingSessions(store, context.reconcile)).map((entry) => [slotOf(entry), entry]),
  );
  const slot = transcriptSlot(global, path);
  const entry = context.pending.get(slot) ?? null;
  if (entry !== null) context.pending.delete(slot);
  return entry;
}

/** Reads one transcript and records it. `shown` is how the result names the file. */
export async function ingestOne(
  store: MetricsStore,
  context: IngestContext,
  path: string,
  shown: string,
): Promise<IngestResult> {
  const name = transcriptName(path);
  let mtimeMs: number;
  let facts;
  try {
    // Without the thread pool: an ingest takes files one after another, and a stat through the pool leaves
    // the harness idle for longer than the stat takes.
    const info = statSync(path);
    if (info.isDirectory()) return { file: shown, kind: 'error', message: 'is a directory' };
    mtimeMs = info.mtimeMs;
    // A file of a name already recorded (a backfill run again): its content hash alone, about six times faster
    // than a full extraction, tells whether it is the same transcript.
    if (info.size > 0 && store.knowsTranscriptName(name)) {
      const sha256 = await transcriptSha256(path);
      if (store.isRecordedAs(sha256, name)) return { file: shown, kind: 'already' };
    }
    // A session of this directory's loop that the history lacks: as the loop's next start records it.
    const entry = await pendingFor(store, context, path);
    if (entry !== null) {
      const pending = await pendingFacts(entry, context.reconcile, 'ingest');
      const outcome = store.record(pending.facts, 'ingest', { ...pending.transcript, tags: [entry.kind] });
      return outcome === 'already'
        ? { file: shown, kind: 'already' }
        : { file: shown, kind: 'recorded', facts: pending.facts };
    }
    facts = await extractTranscript(path, context.reconcile.extract);
  } catch (error) {
    return { file: shown, kind: 'error', message: reason(error) };
  }
  if (facts.sha256 === null || facts.bytes === 0) return { file: shown, kind: 'skipped' };
  if (store.isRecordedAs(facts.sha256, name)) return { file: shown, kind: 'already' };
  if (context.dedupeContent) {
    const same = store.recordedContent(facts.sha256);
    if (same !== null) return { file: shown, kind: 'already', sameAs: same };
  }
  const session = ingestFacts({ ...facts, sha256: facts.sha256 }, { path, name: basename(path), mtimeMs });
  const state = compressionOf(path) ?? 'plain';
  const outcome = store.record(session, 'ingest', { path, bytes: facts.bytes, state });
  return outcome === 'already'
    ? { file: shown, kind: 'already' }
    : { file: shown, kind: 'recorded', facts: session };
}
