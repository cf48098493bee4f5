// The public face of state/: what the rest of the source may use. Anything else in this directory is its own.
export { sweepStaleTemps, writeFileAtomic, writeFileAtomicSync } from './atomic.js';
export {
  COMPRESSED_SUFFIX,
  compressFile,
  compressionOf,
  decompressorFor,
  zstdAvailable,
} from './compress-file.js';
export type { Compression } from './compress-file.js';
export { readCounter, writeCounter } from './counter.js';
export { FileEventLog, isoSeconds, nullEventSink } from './event-log.js';
export type { EventSink, HarnessEvent } from './event-log.js';
export { excludeLocally, repoPrefix } from './git-exclude.js';
export {
  INIT_LOG,
  PROGRESS_FILE,
  TASK_FILE,
  harnessFiles,
  harnessGitView,
  inFamily,
} from './harness-files.js';
export type { HarnessFiles, HarnessGitView } from './harness-files.js';
export { AlreadyRunningError } from './instance-lock-errors.js';
export { judgeHolderOf, parseHolder } from './instance-lock-holder.js';
export { acquireInstanceLock, takeFreeLock } from './instance-lock.js';
export type { InstanceLock } from './instance-lock.js';
export { highestTranscript, resolvePaths } from './paths.js';
export type { LoopPaths } from './paths.js';
export { counterLine, formatBytes, formatStatus } from './status-display.js';
export { readStatus, writeStatus } from './status.js';
export type { StatusDocument } from './status.js';
export { transcriptFiles } from './transcript-files.js';
export type { TranscriptFile } from './transcript-files.js';
export { workerDenied } from './worker-denied.js';
export type { WorkerDenied } from './worker-denied.js';
export { HarnessFileError, describeCause, fatalWriteKind, namingFile } from './write-error.js';
