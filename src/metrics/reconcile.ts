// Every session into the history, after the fact: reads the event log and lists the transcripts, asks the store
// which sessions it has, and records the rest (unrecorded.ts decides which): a logged session as the loop would have
// recorded it, a session the harness was killed during as cut short, from its transcript. Run by the loop's
// recorder when it opens the database (and after a session it could not record), and by `metrics ingest` for the
// files it is given. A file that cannot be read is reported and left for the next time.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { TranscriptFormat } from '../agents/index.js';
import { compressionOf } from '../state/index.js';
import { transcriptFiles, type TranscriptFile } from '../state/index.js';
import { extractTranscript, type ExtractOptions } from './extract.js';
import type { SessionFacts, TranscriptState, Writer } from './facts.js';
import { cutShortFacts } from './ingest-facts.js';
import { transcriptSha256 } from './transcript-bytes.js';
import { loopFacts } from './loop-facts.js';
import type { RecordOptions } from './store-writes.js';
import { findUnrecorded, logView, type LogView, type RunningHint, type Unrecorded } from './unrecorded.js';

/** What reconciling needs of the database. */
export interface ReconcileStore {
  sessionTranscripts(): Set<string>;
  record(facts: SessionFacts, writer: Writer, transcript?: RecordOptions): 'recorded' | 'already';
}

export interface ReconcileInput {
  eventLog: string | null;
  outputDir: string;
  prefix: string;
  /** The format the loop records sessions in (`agent.format`). */
  format: TranscriptFormat;
  extract: Omit<ExtractOptions, 'format'>;
  /** The session the previous harness's status file says it was running. */
  hint?: RunningHint | null;
}

/** The event log's runs and sessions, streamed line by line (a missing or unreadable log is an empty one). */
export async function readLogView(path: string | null): Promise<LogView> {
  const view = logView();
  if (path === null) return view.view;
  try {
    if (!(await stat(path)).isFile()) return view.view;
    const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
    for await (const line of lines) view.add(line);
  } catch {
    // Unreadable: what was read so far.
  }
  return view.view;
}

/** The sessions the history lacks. */
export async function pendingSessions(store: ReconcileStore, input: ReconcileInput): Promise<Unrecorded[]> {
  const [log, files] = await Promise.all([
    readLogView(input.eventLog),
    transcriptFiles(input.outputDir, input.prefix),
  ]);
  return findUnrecorded({ log, files, known: store.sessionTranscripts(), hint: input.hint ?? null });
}

const stateOf = (file: TranscriptFile | null): TranscriptState =>
  file === null ? 'plain' : (compressionOf(file.path) ?? 'plain');

/** The facts to record for one unrecorded session, and its transcript (path, bytes, state). */
export async function pendingFacts(
  entry: Unrecorded,
  input: ReconcileInput,
  source: 'loop' | 'ingest',
): Promise<{ facts: SessionFacts; transcript: RecordOptions }> {
  if (entry.kind === 'cut_short') {
    const extracted = await extractTranscript(entry.file.path, input.extract);
    return {
      facts: cutShortFacts(extracted, entry.file, { run: entry.run, source }),
      transcript: { path: entry.file.path, bytes: extracted.bytes, state: stateOf(entry.file) },
    };
  }
  const { event, file } = entry;
  const sha256 = file !== null && event.output_bytes > 0 ? await transcriptSha256(file.path) : null;
  const facts = loopFacts(event, {
    sha256,
    run: entry.run,
    format: input.format,
    endedAtMs: Date.parse(entry.ts),
  });
  return {
    facts,
    transcript: { path: file?.path ?? event.output_file, bytes: event.output_bytes, state: stateOf(file) },
  };
}

export interface ReconcileReport {
  /** Logged sessions recorded from the event log. */
  completed: number;
  /** Sessions recorded as cut short. */
  cutShort: number;
  /** Transcripts that could not be read: left for the next time. */
  problems: Array<{ path: string; why: string }>;
}

/** Records every session the history lacks (writer `loop`, tag `recovered`). */
export async function recordPending(store: ReconcileStore, input: ReconcileInput): Promise<ReconcileReport> {
  const report: ReconcileReport = { completed: 0, cutShort: 0, problems: [] };
  for (const entry of await pendingSessions(store, input)) {
    let pending;
    try {
      pending = await pendingFacts(entry, input, 'loop');
    } catch (error) {
      const path =
        entry.kind === 'cut_short' ? entry.file.path : (entry.file?.path ?? entry.event.output_file);
      report.problems.push({ path, why: error instanceof Error ? error.message : String(error) });
      continue;
    }
    const tags = ['recovered', entry.kind === 'cut_short' ? 'cut_short' : 'event_log'];
    if (store.record(pending.facts, 'loop', { ...pending.transcript, tags }) === 'recorded') {
      if (entry.kind === 'cut_short') report.cutShort++;
      else report.completed++;
    }
  }
  return report;
}
