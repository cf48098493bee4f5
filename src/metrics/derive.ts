// The derived `sessions` row from a session's events: per kind, the newest event (highest id) wins; the row's
// `seq` is its first event's id. Pure: the store feeds it events and writes what it returns.
import { eventColumns, FACT_FIELDS, kindSpec, type FactField, type SessionRow } from './facts.js';

/** One row of `events`, as the store reads it. */
export interface EventRow {
  id: number;
  session: string;
  kind: string;
  /** JSON text, or SQL NULL. */
  value: string | null;
}

function parse(value: string | null): unknown {
  if (value === null) return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
}

/**
 * The row for one session's events (any order), or `null` when they cannot make one: no `session.meta` with an
 * `ended_at` and a `source` (the table's NOT NULL columns). Kinds this code does not know are kept in the events
 * and ignored here.
 */
export function deriveRow(key: string, events: readonly EventRow[]): SessionRow | null {
  if (events.length === 0) return null;
  const ordered = [...events].sort((a, b) => a.id - b.id);
  const columns = Object.fromEntries(FACT_FIELDS.map((field) => [field, null])) as Record<FactField, unknown>;
  for (const event of ordered) {
    const spec = kindSpec(event.kind);
    if (spec) Object.assign(columns, eventColumns(spec, parse(event.value)));
  }
  if (typeof columns.ended_at !== 'string' || typeof columns.source !== 'string') return null;
  return { key, seq: ordered[0]!.id, ...(columns as Omit<SessionRow, 'key' | 'seq'>) };
}

/**
 * Groups events ordered by session (then id) into one row per session, streaming: the store hands it the
 * `ORDER BY session, id` iterator of the whole table, so memory holds one session's events at a time.
 */
export function* deriveAll(events: Iterable<EventRow>): Generator<SessionRow> {
  let key: string | null = null;
  let batch: EventRow[] = [];
  for (const event of events) {
    if (event.session !== key) {
      if (key !== null) {
        const row = deriveRow(key, batch);
        if (row) yield row;
      }
      key = event.session;
      batch = [];
    }
    batch.push(event);
  }
  if (key !== null) {
    const row = deriveRow(key, batch);
    if (row) yield row;
  }
}
