// What the metrics database knows about one session, and the one table (KINDS) that turns those facts into events
// and events back into the columns of the derived `sessions` row. Writing (record) and deriving (derive.ts) both
// read KINDS, so a kind and its column cannot drift apart.
import { METRIC_STORAGE, type HistoryMetrics, type SummedMetric } from '../session/index.js';

/** Who wrote an event: the first item of its `tags`. */
export const WRITERS = ['loop', 'ingest', 'rebuild', 'migrate'] as const;
export type Writer = (typeof WRITERS)[number];

/** Where a session's facts came from (`session.meta`'s `source`, the row's `source` column). */
export type FactsSource = 'loop' | 'ingest' | 'migrate';

/**
 * The outcome of a session the harness started and never saw end (killed during it): recorded afterwards from its
 * transcript by the next start or `metrics ingest`. The loop itself never writes it.
 */
export const CUT_SHORT = 'cut_short';

/** Everything the store records about one session; `null` = not known. */
export interface SessionFacts extends HistoryMetrics {
  /**
   * `run:<run id>:<global>` (a session the loop ran), `file:<name>:<sha256>` (an ingested transcript),
   * `si:<id>` (migrated); `sha256:<hex>` for sessions recorded before schema version 4.
   */
  key: string;
  source: FactsSource;
  started_at: string | null;
  ended_at: string;
  transcript: string | null;
  sha256: string | null;
  global: number | null;
  iteration: number | null;
  run: string | null;
  format: string | null;
  outcome: string | null;
  failure_kind: string | null;
  failure_reason: string | null;
  duration_secs: number | null;
  output_bytes: number | null;
  exit_code: number | null;
  committed: boolean | null;
  commit_evidence: string | null;
  task_id: string | null;
  plan_id: string | null;
  phase: string | null;
}

/** A row of `sessions`: the facts plus `seq`, the rowid order of the session's first event (a stable order). */
export interface SessionRow extends SessionFacts {
  seq: number;
}

/** A fact other than the key: one column of `sessions`. */
export type FactField = Exclude<keyof SessionFacts, 'key'>;

/** How a column's value is checked when it is read back from an event's JSON. */
export type FieldType = 'text' | 'integer' | 'real' | 'boolean';

export const FIELD_TYPES: Readonly<Record<FactField, FieldType>> = {
  source: 'text',
  started_at: 'text',
  ended_at: 'text',
  transcript: 'text',
  sha256: 'text',
  global: 'integer',
  iteration: 'integer',
  run: 'text',
  format: 'text',
  model: METRIC_STORAGE.model,
  outcome: 'text',
  failure_kind: 'text',
  failure_reason: 'text',
  duration_secs: 'real',
  output_bytes: 'integer',
  exit_code: 'integer',
  turns: METRIC_STORAGE.turns,
  narration_turns: METRIC_STORAGE.narration_turns,
  parallel_turns: METRIC_STORAGE.parallel_turns,
  tool_calls: METRIC_STORAGE.tool_calls,
  input_tokens: METRIC_STORAGE.input_tokens,
  output_tokens: METRIC_STORAGE.output_tokens,
  cache_read_tokens: METRIC_STORAGE.cache_read_tokens,
  cache_write_tokens: METRIC_STORAGE.cache_write_tokens,
  cost_usd: METRIC_STORAGE.cost_usd,
  committed: 'boolean',
  commit_evidence: 'text',
  task_id: 'text',
  plan_id: 'text',
  phase: 'text',
};

/** The columns of `sessions` in table order (after `key` and `seq`). */
export const FACT_FIELDS = Object.keys(FIELD_TYPES) as readonly FactField[];

/**
 * One event kind: a scalar kind's value is one column's; an object kind's value is a JSON object whose keys map to
 * columns (`null` as a whole = every one of them unknown).
 */
export type KindSpec =
  | { readonly kind: string; readonly column: FactField }
  | { readonly kind: string; readonly fields: Readonly<Record<string, FactField>> };

/** Every event kind the store writes, and the column(s) each one fills. */
export const KINDS: readonly KindSpec[] = [
  {
    kind: 'session.meta',
    fields: {
      started_at: 'started_at',
      ended_at: 'ended_at',
      transcript: 'transcript',
      sha256: 'sha256',
      global: 'global',
      iteration: 'iteration',
      run: 'run',
      format: 'format',
      model: 'model',
      source: 'source',
    },
  },
  { kind: 'session.outcome', column: 'outcome' },
  { kind: 'session.failure', fields: { kind: 'failure_kind', reason: 'failure_reason' } },
  { kind: 'session.duration_secs', column: 'duration_secs' },
  { kind: 'session.output_bytes', column: 'output_bytes' },
  { kind: 'session.exit_code', column: 'exit_code' },
  { kind: 'turns.total', column: 'turns' },
  { kind: 'turns.narration_only', column: 'narration_turns' },
  { kind: 'turns.parallel', column: 'parallel_turns' },
  { kind: 'turns.tool_calls', column: 'tool_calls' },
  { kind: 'tokens.input', column: 'input_tokens' },
  { kind: 'tokens.output', column: 'output_tokens' },
  { kind: 'tokens.cache_read', column: 'cache_read_tokens' },
  { kind: 'tokens.cache_write', column: 'cache_write_tokens' },
  { kind: 'cost.usd', column: 'cost_usd' },
  { kind: 'commit.detected', column: 'committed' },
  { kind: 'commit.evidence', column: 'commit_evidence' },
  { kind: 'task.id', column: 'task_id' },
  { kind: 'plan.id', column: 'plan_id' },
  { kind: 'plan.phase', column: 'phase' },
];

/** The kind names, in KINDS order. */
export const KIND_NAMES: readonly string[] = KINDS.map((spec) => spec.kind);

export const kindSpec = (kind: string): KindSpec | undefined => KINDS.find((spec) => spec.kind === kind);

/** The columns one kind fills. */
export const columnsOf = (spec: KindSpec): FactField[] =>
  'column' in spec ? [spec.column] : Object.values(spec.fields);

/** One event's value (before JSON) for a kind, from a session's facts. */
export function eventValue(spec: KindSpec, facts: Pick<SessionFacts, FactField>): unknown {
  if ('column' in spec) return facts[spec.column];
  const entries = Object.entries(spec.fields).map(([name, field]) => [name, facts[field]] as const);
  // An object kind other than the meta is `null` when nothing in it is known ("session.failure: {…} or null").
  if (spec.kind !== 'session.meta' && entries.every(([, value]) => value === null)) return null;
  return Object.fromEntries(entries);
}

/** The events for a session's facts: one per kind, in KINDS order. */
export const factsEvents = (facts: SessionFacts): Array<{ kind: string; value: unknown }> =>
  KINDS.map((spec) => ({ kind: spec.kind, value: eventValue(spec, facts) }));

/** A value read back from JSON as the field's type, or `null` when it is not one. */
export function fieldValue(field: FactField, value: unknown): string | number | boolean | null {
  switch (FIELD_TYPES[field]) {
    case 'text':
      return typeof value === 'string' ? value : null;
    case 'integer':
      return typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : null;
    case 'real':
      return typeof value === 'number' && Number.isFinite(value) ? value : null;
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
  }
}

/** The columns one event of a kind sets: every column of the kind (missing object keys = `null`). */
export function eventColumns(spec: KindSpec, value: unknown): Partial<Record<FactField, unknown>> {
  if ('column' in spec) return { [spec.column]: fieldValue(spec.column, value) };
  const object = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return Object.fromEntries(
    Object.entries(spec.fields).map(([name, field]) => [field, fieldValue(field, object[name])]),
  );
}

/** The sessions that "recent" history and totals are about: the last `n`, or all when `null`. */
export type Window = number | null;

/** Count, sum and average of one numeric column over the sessions that know it. */
export interface Stat {
  /** Sessions whose value is known. */
  count: number;
  sum: number | null;
  avg: number | null;
}

/** The facts of a session's run (not its agent's metrics) that the totals add up too. */
export const SESSION_STATS = ['duration_secs', 'output_bytes'] as const;

/** Aggregates over the last n sessions (or all): computed in SQL, never by loading rows. */
export interface Totals extends Record<SummedMetric | (typeof SESSION_STATS)[number], Stat> {
  sessions: number;
  /** Sessions that committed (`committed` true). */
  committed: number;
  /** Sessions whose `committed` is known (true or false). */
  commit_known: number;
  /** Sessions per outcome; `unknown` for a session without one. */
  outcomes: Record<string, number>;
  /** Sessions per failure kind (only sessions with one). */
  failures: Record<string, number>;
  first_ended_at: string | null;
  last_ended_at: string | null;
  /** input + output, over the sessions that know either (the unknown one counted as 0). */
  tokens: Stat;
  /** Sum of `turns` over the sessions whose `narration_turns` is known: the denominator of narration-only %. */
  turns_with_narration: number | null;
  /** Sum of `turns` over the sessions whose `parallel_turns` is known: the denominator of parallel %. */
  turns_with_parallel: number | null;
}

/** What happened to a transcript after it was recorded (retention). */
export const TRANSCRIPT_STATES = ['plain', 'gzip', 'zstd', 'deleted'] as const;
export type TranscriptState = (typeof TRANSCRIPT_STATES)[number];

/** A row of `transcripts`: an ingested or recorded transcript file, by content and name. */
export interface TranscriptRecord {
  sha256: string;
  /** The file's basename without `.gz` / `.zst`. */
  name: string;
  /** Where it is now. */
  path: string;
  /** Decompressed size. */
  bytes: number;
  session: string;
  state: TranscriptState;
  recorded_at: string;
}

/** One value of an event kind for a session (query). */
export interface KindValue {
  session: string;
  global: number | null;
  ended_at: string;
  value: unknown;
}

/** A row of `improvements`. */
export interface Improvement {
  id: number;
  /** `R1`, `R2`, ... */
  ref: string;
  created: string;
  resolved: string | null;
  category: string;
  severity: string;
  status: string;
  title: string;
  description: string | null;
  recommendation: string | null;
  impact: string | null;
  tags: string | null;
}

/** What `improvement add` gives; the store picks the ref and `created` (unless given). */
export interface NewImprovement {
  title: string;
  category?: string;
  severity?: string;
  status?: string;
  description?: string | null;
  recommendation?: string | null;
  tags?: string | null;
  impact?: string | null;
  created?: string;
}
