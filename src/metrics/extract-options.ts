// The extraction settings the loop uses, from the config: its commit patterns, its minimum output, its rate-limit
// patterns. `metrics ingest`, `metrics rebuild` and the recorder's catch-up read transcripts the way the loop did.
import { compilePattern } from '../config/index.js';
import type { Config } from '../config/index.js';
import type { ExtractOptions } from './extract.js';

export function extractOptions(config: Config, nowMs: number = Date.now()): Omit<ExtractOptions, 'format'> {
  return {
    commitPatterns: config.commit_detection.patterns.map((p) => compilePattern(p)),
    minOutputBytes: config.watchdog.min_output_bytes,
    rateLimitPatterns: config.rate_limit.patterns.map((p) => compilePattern(p)),
    nowMs,
  };
}
