// Every file the loop touches, resolved once against the working directory. A file the harness writes must also
// be listed in src/state/harness-files.ts, so the task protocol's git operations leave it alone.
import { readdir } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import type { Config } from '../config/index.js';
import { lockPathFor } from './instance-lock.js';
import { transcriptPattern } from './transcript-files.js';

export interface LoopPaths {
  cwd: string;
  outputDir: string;
  /** Transcripts are `<outputPrefix>-<n>.jsonl`. */
  outputPrefix: string;
  counter: string;
  status: string;
  /** The instance lock beside the status file: one harness per directory (instance-lock.ts). */
  lock: string;
  stopFile: string;
  eventLog: string | null;
  /** The metrics database (metrics.md); null when `metrics.enabled` is false. */
  metricsDb: string | null;
  promptFile: string;
  transcript(global: number): string;
  promptCopy(global: number): string;
}

export function resolvePaths(config: Config, cwd: string): LoopPaths {
  const at = (path: string) => (isAbsolute(path) ? path : resolve(cwd, path));
  const outputDir = at(config.session.output_dir);
  const prefix = config.session.output_prefix;
  return {
    cwd,
    outputDir,
    outputPrefix: prefix,
    counter: at(config.session.counter_file),
    status: at(config.session.status_file),
    lock: lockPathFor(at(config.session.status_file)),
    stopFile: at(config.shutdown.stop_file),
    eventLog: config.output.event_log === '' ? null : at(config.output.event_log),
    metricsDb: config.metrics.enabled ? at(config.metrics.database) : null,
    promptFile: at(config.prompt.file ?? config.session.prompt_file),
    transcript: (global) => join(outputDir, `${prefix}-${global}.jsonl`),
    promptCopy: (global) => join(outputDir, `${prefix}-${global}.prompt.md`),
  };
}

/**
 * The highest global number among existing transcripts, compressed ones (`.jsonl.gz`, `.jsonl.zst`) included so a
 * number is never used twice (null when there is none: `-0` is a real one).
 */
export async function highestTranscript(outputDir: string, prefix: string): Promise<number | null> {
  let names: string[];
  try {
    names = await readdir(outputDir);
  } catch {
    return null;
  }
  const pattern = transcriptPattern(prefix);
  let highest: number | null = null;
  for (const name of names) {
    const match = pattern.exec(name);
    if (match) highest = Math.max(highest ?? 0, Number(match[1]));
  }
  return highest;
}
