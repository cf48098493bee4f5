// Carrying out `[storage]`'s retention after a session is recorded: list the transcripts, decide (retention.ts),
// compress or delete, and note each file's new state in the database. A file whose bytes are no longer the
// recorded ones is left as it is and named; a failure leaves the file and is reported, never thrown: retention
// must not stop the loop.
import { unlink } from 'node:fs/promises';
import type { Config } from '../config/index.js';
import { compressFile, zstdAvailable, type Compression } from '../state/index.js';
import { transcriptFiles, type TranscriptFile } from '../state/index.js';
import type { TranscriptRecord } from './facts.js';
import { retentionPlan } from './retention.js';

/** What retention needs of the database. */
export interface RetentionStore {
  transcripts(): TranscriptRecord[];
  markTranscript(sha256: string, name: string, state: TranscriptRecord['state'], path: string): void;
}

export interface RetentionReport {
  compressed: string[];
  deleted: string[];
  /** Transcripts left as they are because they are not recorded yet (`metrics ingest` records them). */
  unrecorded: string[];
  /** Files that changed since they were recorded, or could not be compressed or deleted: path and why. */
  problems: Array<{ path: string; why: string }>;
}

export const retentionEnabled = (storage: Config['storage']): boolean =>
  storage.keep_last > 0 || storage.keep_days > 0 || storage.delete_after_days > 0;

/** The recorded sha256 of a transcript file: by its current path, else (plain) by its name and size. */
export function recordedLookup(
  records: readonly TranscriptRecord[],
): (file: TranscriptFile) => string | null {
  const byPath = new Map<string, TranscriptRecord>();
  const byName = new Map<string, TranscriptRecord[]>();
  for (const record of records) {
    if (record.state === 'deleted') continue;
    byPath.set(record.path, record);
    byName.set(record.name, [...(byName.get(record.name) ?? []), record]);
  }
  return (file) => {
    const exact = byPath.get(file.path);
    if (exact) return exact.sha256;
    if (file.compression !== null) return null;
    const named = byName.get(file.name)?.find((r) => r.bytes === file.bytes && r.state === 'plain');
    return named?.sha256 ?? null;
  };
}

export async function applyRetention(input: {
  store: RetentionStore;
  storage: Config['storage'];
  outputDir: string;
  prefix: string;
  nowMs: number;
  /** Transcripts a session is writing. */
  running?: readonly string[];
}): Promise<RetentionReport> {
  const report: RetentionReport = { compressed: [], deleted: [], unrecorded: [], problems: [] };
  if (!retentionEnabled(input.storage)) return report;
  const files = await transcriptFiles(input.outputDir, input.prefix);
  const compression: Compression =
    input.storage.compression === 'zstd' && !zstdAvailable() ? 'gzip' : input.storage.compression;
  const plan = retentionPlan({
    files,
    storage: input.storage,
    nowMs: input.nowMs,
    recorded: recordedLookup(input.store.transcripts()),
    running: new Set(input.running ?? []),
    compression,
  });
  report.unrecorded = plan.unrecorded.map((f) => f.path);
  for (const action of plan.actions) {
    const { file, sha256 } = action;
    try {
      if (action.kind === 'delete') {
        await unlink(file.path);
        input.store.markTranscript(sha256, file.name, 'deleted', file.path);
        report.deleted.push(file.path);
        continue;
      }
      const result = await compressFile(file.path, action.compression, sha256);
      if (result.kind === 'changed') {
        report.problems.push({
          path: file.path,
          why: 'its bytes changed since it was recorded: left as it is',
        });
        continue;
      }
      input.store.markTranscript(sha256, file.name, action.compression, result.path);
      report.compressed.push(result.path);
    } catch (error) {
      report.problems.push({ path: file.path, why: error instanceof Error ? error.message : String(error) });
    }
  }
  return report;
}
