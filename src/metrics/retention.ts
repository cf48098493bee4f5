// Which transcripts `[storage]` compresses or deletes: a pure decision over the files in the output directory,
// what the metrics database has recorded, and which transcript a session is writing. Never touched: a
// transcript not yet recorded (its metrics would be lost with it; `metrics ingest` records it), one a session
// is writing, the newest `keep_last` and those younger than `keep_days`. Compression is off while both keep
// settings are 0; deletion is off while `delete_after_days` is 0.
import type { Config } from '../config/index.js';
import type { Compression } from '../state/index.js';
import type { TranscriptFile } from '../state/index.js';

export type { TranscriptFile };

export type RetentionAction =
  | { kind: 'compress'; file: TranscriptFile; sha256: string; compression: Compression }
  | { kind: 'delete'; file: TranscriptFile; sha256: string };

export interface RetentionPlan {
  actions: RetentionAction[];
  /** Transcripts retention would act on but that are not recorded yet: left as they are. */
  unrecorded: TranscriptFile[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The sha256 of no bytes. */
export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export function retentionPlan(input: {
  files: readonly TranscriptFile[];
  storage: Config['storage'];
  nowMs: number;
  /** The recorded content's sha256 of a plain or compressed transcript, or null when it is not recorded. */
  recorded: (file: TranscriptFile) => string | null;
  /** Paths of transcripts a session is writing (without a compression suffix). */
  running: ReadonlySet<string>;
  /** The compression to use (the config's, or gzip on a Node without zstd). */
  compression: Compression;
}): RetentionPlan {
  const { storage, nowMs } = input;
  const compressing = storage.keep_last > 0 || storage.keep_days > 0;
  const deleting = storage.delete_after_days > 0;
  const plan: RetentionPlan = { actions: [], unrecorded: [] };
  if (!compressing && !deleting) return plan;
  const newestFirst = [...input.files].sort((a, b) => b.global - a.global);
  newestFirst.forEach((file, index) => {
    if (input.running.has(file.path)) return;
    const ageMs = nowMs - file.mtimeMs;
    // A file stays as it is while either keep setting keeps it.
    const kept =
      (storage.keep_last > 0 && index < storage.keep_last) ||
      (storage.keep_days > 0 && ageMs < storage.keep_days * DAY_MS);
    if (kept) return;
    const wantsDelete = deleting && ageMs >= storage.delete_after_days * DAY_MS;
    const wantsCompress = compressing && file.compression === null;
    if (!wantsDelete && !wantsCompress) return;
    // An empty transcript holds nothing to record (`metrics ingest` skips it) nor to compress: past
    // delete_after_days it goes, otherwise it stays, and it is never reported as waiting to be recorded (a
    // session killed before its agent wrote anything leaves one; reporting it would ask for ever).
    if (file.bytes === 0 && file.compression === null) {
      if (wantsDelete) plan.actions.push({ kind: 'delete', file, sha256: EMPTY_SHA256 });
      return;
    }
    const sha256 = input.recorded(file);
    if (sha256 === null) {
      plan.unrecorded.push(file);
      return;
    }
    if (wantsDelete) plan.actions.push({ kind: 'delete', file, sha256 });
    else plan.actions.push({ kind: 'compress', file, sha256, compression: input.compression });
  });
  return plan;
}
