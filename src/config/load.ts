// Resolving the effective configuration: defaults, then the file, then CLI flags. Every problem in the file
// and the flags is collected before failing, so one run shows the user everything to fix.
import { InputFileError, readInputText } from '../os/input-file.js';
import { discoverConfigFile, displayPath } from './discover.js';
import { ConfigError, unknownKeyProblem, type ConfigProblem } from './errors.js';
import { formatOf, parseConfigText } from './parse.js';
import type { Config } from './schema.js';
import { leafKeyPaths, schemaAt, sectionNames } from './schema-info.js';
import { closestMatch } from './suggest.js';
import { isMapping, validateConfigData } from './validate.js';

export type ConfigSource = 'default' | 'file' | 'flag';

export interface LoadedConfig {
  /** Deep-frozen: the loop must not change its settings under the user's feet. */
  config: Config;
  /** Absolute path of the file used, or null when only defaults (and flags) apply. */
  file: string | null;
  /** Where each `section.key` came from, for --dry-run. */
  sources: Record<string, ConfigSource>;
}

export interface LoadConfigOptions {
  cwd: string;
  /** `--config PATH`; relative to cwd. */
  configPath?: string;
  /** Dotted `section.key` → value from CLI flags. Undefined values are ignored (flag not given). */
  overrides?: Record<string, unknown>;
}

/** Label for problems caused by flag values. */
export const FLAG_SOURCE = 'command line';

// Flags arrive as text; accept "0.5" for a number key so the CLI need not know each key's type, while
// anything non-numeric still reaches the validator and is reported as found.
function coerceFlag(path: string, value: unknown): unknown {
  const type = schemaAt(path.split('.'))?.['type'];
  if ((type === 'number' || type === 'integer') && typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    if (!Number.isNaN(n)) return n;
  }
  return value;
}

// `session:` with every key commented out parses as null in YAML; that means "no settings", not an error.
// The section names come from the JSON Schema, which takes zod a while to render: only asked for when a
// section is empty.
function dropEmptySections(data: Record<string, unknown>): Record<string, unknown> {
  if (!Object.values(data).includes(null)) return data;
  const known = new Set(sectionNames());
  return Object.fromEntries(Object.entries(data).filter(([k, v]) => !(v === null && known.has(k))));
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

async function readConfigData(file: string, source: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readInputText(file, { what: 'config file' });
  } catch (error) {
    if (error instanceof InputFileError) throw error;
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ConfigError([{ source, message: `cannot read config file (${reason})` }]);
  }
  // discoverConfigFile only returns files with a known extension.
  return parseConfigText(text, formatOf(file) ?? 'yaml', source);
}

/** Set a value at a key path (`agent.review.format`), copying the tables on the way so `data`'s own stay intact. */
function setAt(data: Record<string, unknown>, path: readonly string[], value: unknown): void {
  const [key = '', ...rest] = path;
  if (rest.length === 0) {
    data[key] = value;
    return;
  }
  const current = data[key];
  const table = { ...(isMapping(current) ? current : {}) };
  setAt(table, rest, value);
  data[key] = table;
}

/** The file sets the key at this path. */
function hasAt(data: Record<string, unknown>, path: readonly string[]): boolean {
  const [key = '', ...rest] = path;
  if (!Object.hasOwn(data, key)) return false;
  if (rest.length === 0) return true;
  const child = data[key];
  return isMapping(child) && hasAt(child, rest);
}

// A problem about a whole table (`agent.review` changing format without args) is the flags' too when a flag set
// a key inside that table.
const isUnder = (problem: ConfigProblem, paths: readonly string[]): boolean =>
  paths.some(
    (p) =>
      problem.path === p ||
      problem.path?.startsWith(`${p}.`) ||
      problem.path?.startsWith(`${p}[`) ||
      (problem.path !== undefined && p.startsWith(`${problem.path}.`)),
  );

export async function loadConfig(opts: LoadConfigOptions): Promise<LoadedConfig> {
  const file = await discoverConfigFile(opts.cwd, opts.configPath);
  const source = file === null ? '(defaults)' : displayPath(opts.cwd, file);
  const fileData = file === null ? {} : dropEmptySections(await readConfigData(file, source));

  const problems: ConfigProblem[] = [];
  // The key paths come from the JSON Schema (slow to render): a run without flags or --dry-run never asks.
  let leaves: string[] | undefined;
  const leafPaths = (): string[] => (leaves ??= leafKeyPaths());
  const flagged: string[] = [];
  const merged: Record<string, unknown> = { ...fileData };
  for (const [path, raw] of Object.entries(opts.overrides ?? {})) {
    if (raw === undefined) continue;
    if (!leafPaths().includes(path)) {
      problems.push(unknownKeyProblem(FLAG_SOURCE, path, [], closestMatch(path, leafPaths())));
      continue;
    }
    setAt(merged, path.split('.'), coerceFlag(path, raw));
    flagged.push(path);
  }

  // The file is validated on its own so a bad value is reported even where a flag overrides it; the merged
  // result contributes only the problems the flags introduced.
  // Without flags the merged data is the file's: validated once.
  const fromFile = validateConfigData(fileData, source);
  const fromMerge = flagged.length === 0 ? fromFile : validateConfigData(merged, FLAG_SOURCE);
  problems.unshift(...fromFile.problems);
  problems.push(...fromMerge.problems.filter((p) => isUnder(p, flagged)));
  if (problems.length || !fromMerge.config) throw new ConfigError(problems);

  // Where each key came from is for --dry-run: worked out when first read.
  let sources: Record<string, ConfigSource> | undefined;
  const sourcesOf = (): Record<string, ConfigSource> => {
    const found: Record<string, ConfigSource> = {};
    for (const path of leafPaths()) {
      found[path] = flagged.includes(path) ? 'flag' : hasAt(fileData, path.split('.')) ? 'file' : 'default';
    }
    return Object.freeze(found);
  };
  return Object.freeze({
    config: deepFreeze(fromMerge.config),
    file,
    get sources() {
      return (sources ??= sourcesOf());
    },
  });
}
