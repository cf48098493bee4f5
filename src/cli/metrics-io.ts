// What the session-history commands share: their flags (--db, --config, --last), the config (for the database
// path, targets, commit patterns and the minimum output), opening the database, and recording one transcript.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/index.js';
import type { Config } from '../config/index.js';
import { MetricsStore } from '../metrics/index.js';
import { targetRules, type TargetRule } from '../metrics/index.js';
import { GLOBAL_OPTIONS, UsageError } from './args.js';

export interface HistoryIo {
  cwd: string;
  out: (text: string) => void;
  err: (text: string) => void;
  /** `out` for a long output's pieces, resolved when the reader has taken it (absent: `out`). */
  stream?: (text: string) => Promise<void>;
}

export type Values = Record<string, string | boolean | undefined>;
export type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string }>;

/** Flags every history command takes. */
export const COMMON_OPTIONS: OptionSpec = { db: { type: 'string' }, ...GLOBAL_OPTIONS };

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
  /** Where what opening the database has to say goes (a migration's notes): stderr. */
  notify: (text: string) => void;
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
    notify: io.err,
  };
}

/** The database for reading, or null when there is none yet (no history). */
export function openForRead(h: History): MetricsStore | null {
  return existsSync(h.db) ? noted(h, MetricsStore.open(h.db, { readonly: true })) : null;
}

/** Says what the open migrated and could not repair. */
function noted(h: History, store: MetricsStore): MetricsStore {
  for (const note of store.notes) h.notify(`agent-harness: ${note}`);
  return store;
}

/** The database for writing, created (with its directory, as the old tool did for tools/) when missing. */
export function openForWrite(h: History): MetricsStore {
  mkdirSync(dirname(h.db), { recursive: true });
  return noted(h, MetricsStore.open(h.db));
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

export { extractOptions } from '../metrics/index.js';

export { ingestOne, ingestContext, type IngestContext } from '../metrics/index.js';
