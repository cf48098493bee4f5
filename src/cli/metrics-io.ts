// What the session-history commands share: their flags (--db, --config, --last), the config (for the database
// path, targets, commit patterns and the minimum output), opening the database, and recording one transcript.
import { existsSync, mkdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/load.js';
import { compilePattern } from '../config/regex.js';
import type { Config } from '../config/schema.js';
import { extractTranscript } from '../metrics/extract.js';
import { ingestFacts } from '../metrics/ingest-facts.js';
import type { IngestResult } from '../metrics/ingest-report.js';
import { MetricsStore, transcriptName } from '../metrics/store.js';
import { sha256File } from '../os/file-hash.js';
import { compressionOf, decompressorFor } from '../state/compress-file.js';
import { targetRules, type TargetRule } from '../metrics/targets.js';
import { UsageError } from './args.js';

export interface HistoryIo {
  cwd: string;
  out: (text: string) => void;
  err: (text: string) => void;
}

export type Values = Record<string, string | boolean | undefined>;
export type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string }>;

/** Flags every history command takes. */
export const COMMON_OPTIONS: OptionSpec = {
  db: { type: 'string' },
  config: { type: 'string', short: 'c' },
  help: { type: 'boolean', short: 'h' },
};

export function parseFlags(
  command: string,
  argv: readonly string[],
  options: OptionSpec,
): { values: Values; positionals: string[] } {
  try {
    const parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: { ...COMMON_OPTIONS, ...options },
    });
    return { values: parsed.values, positionals: parsed.positionals };
  } catch (error) {
    throw new UsageError(`${command}: ${(error as Error).message}\nRun agent-harness ${command} --help.`);
  }
}

export const str = (value: string | boolean | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** `--last N`: a positive integer, or the default. */
export function lastOf(command: string, values: Values, fallback: number): number {
  const text = str(values['last']);
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`${command} --last: expected a positive integer, found ${JSON.stringify(text)}`);
  return n;
}

/** An optional non-negative integer flag (`--from`, `--to`). */
export function intOf(command: string, values: Values, flag: string): number | undefined {
  const text = str(values[flag]);
  if (text === undefined) return undefined;
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n) || n < 0)
    throw new UsageError(`${command} --${flag}: expected a whole number, found ${JSON.stringify(text)}`);
  return n;
}

export interface History {
  config: Config;
  /** The database file, absolute. */
  db: string;
  /** The database path as the user wrote it (for messages). */
  dbShown: string;
  rules: TargetRule[];
}

/** The config (discovered as the loop does, or --config) and the database path (--db over metrics.database). */
export async function history(io: HistoryIo, values: Values): Promise<History> {
  const configPath = str(values['config']);
  const loaded = await loadConfig({ cwd: io.cwd, ...(configPath !== undefined ? { configPath } : {}) });
  const dbShown = str(values['db']) ?? loaded.config.metrics.database;
  return {
    config: loaded.config,
    db: resolve(io.cwd, dbShown),
    dbShown,
    rules: targetRules(loaded.config.metrics.targets),
  };
}

/** The database for reading, or null when there is none yet (no history). */
export function openForRead(h: History): MetricsStore | null {
  return existsSync(h.db) ? MetricsStore.open(h.db, { readonly: true }) : null;
}

/** The database for writing, created (with its directory, as the old tool did for tools/) when missing. */
export function openForWrite(h: History): MetricsStore {
  mkdirSync(dirname(h.db), { recursive: true });
  return MetricsStore.open(h.db);
}

/** Runs `use` with the store and closes it, whatever happens. */
export async function withStore<T>(
  store: MetricsStore,
  use: (store: MetricsStore) => T | Promise<T>,
): Promise<T> {
  try {
    return await use(store);
  } finally {
    store.close();
  }
}

export const noHistory = (h: History): string =>
  `No sessions recorded yet (no metrics database at ${h.dbShown}).`;

/** The extraction settings the loop uses, from the config. */
export function extractOptions(config: Config) {
  return {
    commitPatterns: config.commit_detection.patterns.map((p) => compilePattern(p)),
    minOutputBytes: config.watchdog.min_output_bytes,
    rateLimitPatterns: config.rate_limit.patterns.map((p) => compilePattern(p)),
    nowMs: Date.now(),
  };
}

const reason = (error: unknown): string => {
  const e = error as NodeJS.ErrnoException;
  if (e.code === 'ENOENT') return 'no such file';
  if (e.code === 'EACCES') return 'permission denied';
  if (e.code === 'EISDIR') return 'is a directory';
  return e.message;
};

/** Reads one transcript and records it (idempotent by content). `shown` is how the result names the file. */
export async function ingestOne(
  store: MetricsStore,
  config: Config,
  path: string,
  shown: string,
): Promise<IngestResult> {
  let mtimeMs: number;
  let facts;
  try {
    const info = await stat(path);
    if (info.isDirectory()) return { file: shown, kind: 'error', message: 'is a directory' };
    mtimeMs = info.mtimeMs;
    // A file of a name already recorded (a backfill run again): its content hash alone, about six times faster
    // than a full extraction, tells whether it is the same transcript.
    if (info.size > 0 && store.knowsTranscriptName(transcriptName(path))) {
      const sha256 = await sha256File(path, decompressorFor(path));
      if (store.isRecorded(sha256)) return { file: shown, kind: 'already' };
    }
    facts = await extractTranscript(path, extractOptions(config));
  } catch (error) {
    return { file: shown, kind: 'error', message: reason(error) };
  }
  if (facts.sha256 === null || facts.bytes === 0) return { file: shown, kind: 'skipped' };
  if (store.isRecorded(facts.sha256)) return { file: shown, kind: 'already' };
  const session = ingestFacts({ ...facts, sha256: facts.sha256 }, { path, name: basename(path), mtimeMs });
  const state = compressionOf(path) ?? 'plain';
  const outcome = store.record(session, 'ingest', { path, bytes: facts.bytes, state });
  return outcome === 'already'
    ? { file: shown, kind: 'already' }
    : { file: shown, kind: 'recorded', facts: session };
}
