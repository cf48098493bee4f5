// Importing the bash loop's tool's database (`self-improvement.db`). It exists in two documented shapes, read by
// column name (PRAGMA table_info) through one alias table:
// - the Python V1 tool (ozten/blacksmith prd/SPEC-v2-metrics.md, "Migration from V1", and its migrate code):
//   sessions(id, timestamp, assistant_turns, narration_only_turns | narration_turns, parallel_turns,
//   tool_calls | num_tool_calls, cost_estimate | cost_usd, input/output/cache_read/cache_creation_tokens,
//   duration_secs, output_bytes, exit_code, outcome, committed, bead_id, ...), improvements(ref, severity,
//   status, title, body, ...);
// - the Rust rewrite (src/bin/self_improvement.rs): sessions(session_id, file, timestamp, turns, tool_calls,
//   narration_only_turns, parallel_tool_calls, duration_secs, output_bytes, completion, exit_code, cost_usd,
//   input_tokens, output_tokens), improvements(ref, created, resolved, category, status, title, body, context,
//   tags, meta).
// Sessions become facts (source `migrate`, key `si:<session id>`); improvements keep their refs. Twice = once.
import { existsSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { openDatabase, transaction } from './db.js';
import { MetricsDbError } from './errors.js';
import type { FactField, Improvement, SessionFacts } from './facts.js';
import { insertImprovement } from './improvements.js';

export interface SelfImprovementImport {
  /** Sessions recorded now. */
  sessions: number;
  /** Improvements copied now. */
  improvements: number;
  /** Sessions and improvements already there (same key or ref): nothing written for them. */
  skipped: number;
}

/** A fact, or one of the source's own columns that maps to facts: its id, the Rust tool's `completion`. */
export type SourceField = FactField | 'id' | 'completion';

/** The source's column names for each fact, first match wins (both shapes, and their variants). */
export const SESSION_ALIASES: Readonly<Partial<Record<SourceField, readonly string[]>>> = {
  id: ['session_id', 'id', 'session', 'iteration'],
  ended_at: ['timestamp', 'ended_at', 'ended', 'created', 'date'],
  started_at: ['started_at', 'started'],
  transcript: ['file', 'transcript', 'jsonl_file', 'path'],
  global: ['global', 'global_iteration'],
  iteration: ['iteration'],
  model: ['model'],
  format: ['format'],
  outcome: ['outcome'],
  failure_kind: ['failure_kind'],
  duration_secs: ['duration_secs', 'duration'],
  output_bytes: ['output_bytes', 'bytes'],
  exit_code: ['exit_code'],
  turns: ['turns', 'assistant_turns', 'total_turns'],
  narration_turns: ['narration_only_turns', 'narration_turns'],
  parallel_turns: ['parallel_turns', 'parallel_tool_calls', 'parallel_tool_turns'],
  tool_calls: ['tool_calls', 'num_tool_calls'],
  input_tokens: ['input_tokens'],
  output_tokens: ['output_tokens'],
  cache_read_tokens: ['cache_read_tokens'],
  cache_write_tokens: ['cache_write_tokens', 'cache_creation_tokens'],
  cost_usd: ['cost_usd', 'cost_estimate', 'cost_estimate_usd', 'cost'],
  committed: ['committed'],
  completion: ['completion', 'completed'],
  commit_evidence: ['commit_evidence'],
  task_id: ['task_id', 'bead_id'],
};

/** The Rust tool's `body` and `context` as one description. Pure. */
export const descriptionOf = (body: string | null, context: string | null): string | null =>
  context === null ? body : body === null ? `Context: ${context}` : `${body}\n\nContext: ${context}`;

export const IMPROVEMENT_ALIASES: Readonly<
  Partial<Record<keyof Improvement | 'context', readonly string[]>>
> = {
  context: ['context'],
  ref: ['ref'],
  created: ['created', 'created_at', 'timestamp'],
  resolved: ['resolved', 'resolved_at', 'fixed_at'],
  category: ['category'],
  severity: ['severity', 'priority'],
  status: ['status'],
  title: ['title'],
  description: ['description', 'body'],
  recommendation: ['recommendation'],
  impact: ['impact', 'measured_impact'],
  tags: ['tags'],
};

/** For each name of `aliases`, the first of its aliases among `columns` (lower-cased), or none. Pure. */
export function mapColumns<K extends string>(
  aliases: Readonly<Partial<Record<K, readonly string[]>>>,
  columns: readonly string[],
): Partial<Record<K, string>> {
  const present = new Map(columns.map((column) => [column.toLowerCase(), column]));
  return Object.fromEntries(
    Object.entries(aliases as Record<string, readonly string[]>).flatMap(([name, list]) => {
      const hit = list.map((alias) => present.get(alias)).find((column) => column !== undefined);
      return hit === undefined ? [] : [[name, hit]];
    }),
  ) as Partial<Record<K, string>>;
}

const text = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean'
      ? String(value)
      : null;
const number = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};
const integer = (value: unknown): number | null => {
  const n = number(value);
  return n === null ? null : Math.trunc(n);
};
const bool = (value: unknown): boolean | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return ['1', 'true', 'yes', 'y'].includes(value.toLowerCase());
  return Number(value) !== 0;
};

/** A source timestamp as ISO 8601 (`2026-01-10 10:00:00` → `2026-01-10T10:00:00.000Z`); unparseable kept as is. */
export function isoOf(value: string): string {
  const normalised = /^\d{4}-\d\d-\d\d \d/.test(value) ? value.replace(' ', 'T') : value;
  const withZone =
    /[zZ]|[+-]\d\d:?\d\d$/.test(normalised) || !normalised.includes('T') ? normalised : `${normalised}Z`;
  const ms = Date.parse(withZone);
  return Number.isNaN(ms) ? value : new Date(ms).toISOString();
}

/** One source session row as facts, through the column map. Pure. */
export function sessionFactsOf(
  row: Record<string, unknown>,
  map: Partial<Record<SourceField, string>>,
  fallbackEndedAt: string,
): SessionFacts | null {
  const get = (name: SourceField): unknown => (map[name] === undefined ? null : row[map[name]]);
  const id = text(get('id'));
  if (id === null) return null;
  const ended = text(get('ended_at'));
  const started = text(get('started_at'));
  const narration = integer(get('narration_turns'));
  // The Rust tool's `completion`: the result said success without an error. It says how the session ended,
  // not whether it committed.
  const completion = bool(get('completion'));
  const outcome = text(get('outcome')) ?? (completion === null ? null : completion ? 'productive' : 'failed');
  return {
    key: `si:${id}`,
    source: 'migrate',
    started_at: started === null ? null : isoOf(started),
    ended_at: ended === null ? fallbackEndedAt : isoOf(ended),
    transcript: text(get('transcript')),
    sha256: null,
    global: integer(get('global')) ?? integer(get('id')),
    iteration: integer(get('iteration')),
    run: null,
    format: text(get('format')),
    model: text(get('model')),
    outcome,
    failure_kind: text(get('failure_kind')),
    failure_reason: null,
    duration_secs: number(get('duration_secs')),
    output_bytes: integer(get('output_bytes')),
    exit_code: integer(get('exit_code')),
    turns: integer(get('turns')),
    narration_turns: narration,
    parallel_turns: integer(get('parallel_turns')),
    tool_calls: integer(get('tool_calls')),
    input_tokens: integer(get('input_tokens')),
    output_tokens: integer(get('output_tokens')),
    cache_read_tokens: integer(get('cache_read_tokens')),
    cache_write_tokens: integer(get('cache_write_tokens')),
    cost_usd: number(get('cost_usd')),
    committed: bool(get('committed')),
    commit_evidence: text(get('commit_evidence')),
    task_id: text(get('task_id')),
    plan_id: null,
    phase: null,
  };
}

/** One source improvement row as ours, through the column map; `null` without a ref or a title. Pure. */
export function improvementOf(
  row: Record<string, unknown>,
  map: Partial<Record<keyof Improvement | 'context', string>>,
  now: string,
): Omit<Improvement, 'id'> | null {
  const get = (name: keyof Improvement): string | null =>
    map[name] === undefined ? null : text(row[map[name]]);
  const ref = get('ref');
  const title = get('title');
  if (ref === null || title === null) return null;
  return {
    ref,
    created: get('created') ?? now,
    resolved: get('resolved'),
    category: get('category') ?? 'general',
    severity: get('severity') ?? 'medium',
    status: get('status') ?? 'open',
    title,
    description: descriptionOf(get('description'), text(map.context === undefined ? null : row[map.context])),
    recommendation: get('recommendation'),
    impact: get('impact'),
    tags: get('tags'),
  };
}

function columnsOf(source: DatabaseSync, table: string): string[] {
  return (source.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).map((c) => c.name);
}

/** The store's side of an import: its connection (improvements) and its record (sessions). */
export interface ImportTarget {
  db: DatabaseSync;
  record: (facts: SessionFacts) => 'recorded' | 'already';
  now?: () => string;
}

/** Reads `path` read-only and imports its sessions and improvements into the target. */
export function importSelfImprovement(path: string, target: ImportTarget): SelfImprovementImport {
  const now = (target.now ?? (() => new Date().toISOString()))();
  if (!existsSync(path))
    throw new MetricsDbError(path, `${path}: no such file (give the bash loop's self-improvement.db)`);
  let source: DatabaseSync;
  let tables: string[];
  try {
    source = openDatabase(path, { readonly: true });
  } catch (cause) {
    throw notOne(path, cause);
  }
  try {
    try {
      tables = (
        source.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>
      ).map((t) => t.name);
    } catch (cause) {
      throw notOne(path, cause);
    }
    if (!tables.includes('sessions') && !tables.includes('improvements'))
      throw new MetricsDbError(
        path,
        `${path} is a SQLite database without the self-improvement tool's tables (sessions, improvements): give the bash loop's self-improvement.db`,
      );
    const result: SelfImprovementImport = { sessions: 0, improvements: 0, skipped: 0 };
    if (tables.includes('sessions')) {
      const map = mapColumns(SESSION_ALIASES, columnsOf(source, 'sessions'));
      const order = map.id === undefined ? 'rowid' : `"${map.id}"`;
      for (const row of source.prepare(`SELECT * FROM sessions ORDER BY ${order}`).iterate()) {
        const facts = sessionFactsOf(row, map, now);
        if (facts === null) continue;
        if (target.record(facts) === 'recorded') result.sessions++;
        else result.skipped++;
      }
    }
    if (tables.includes('improvements')) {
      const map = mapColumns(IMPROVEMENT_ALIASES, columnsOf(source, 'improvements'));
      const order =
        tables.includes('improvements') && columnsOf(source, 'improvements').includes('id') ? 'id' : 'rowid';
      const rows = source.prepare(`SELECT * FROM improvements ORDER BY ${order}`).all();
      transaction(target.db, () => {
        for (const row of rows) {
          const record = improvementOf(row, map, now);
          if (record === null) continue;
          if (insertImprovement(target.db, record)) result.improvements++;
          else result.skipped++;
        }
      });
    }
    return result;
  } finally {
    source.close();
  }
}

const notOne = (path: string, cause: unknown): MetricsDbError =>
  new MetricsDbError(
    path,
    `${path} is not a SQLite database (${cause instanceof Error ? cause.message : String(cause)}): give the bash loop's self-improvement.db`,
    { cause },
  );
