// Averages and totals over a window of sessions, computed from the rows themselves.
import { sessionTokens, type SessionView } from './session-view.js';

export interface Summary {
  readonly sessions: number;
  readonly committed: number;
  /** Sessions whose committed is known. */
  readonly committedKnown: number;
  readonly outcomes: ReadonlyArray<readonly [string, number]>;
  readonly turns: Aggregate;
  readonly toolCalls: Aggregate;
  readonly tokens: Aggregate;
  readonly cost: Aggregate;
  readonly duration: Aggregate;
}

/** Sum and average over the sessions that have the value; count 0 = not available. */
export interface Aggregate {
  readonly count: number;
  readonly sum: number;
  readonly avg: number | null;
}

function aggregate(values: ReadonlyArray<number | null>): Aggregate {
  const present = values.filter((v): v is number => v !== null);
  const sum = present.reduce((a, b) => a + b, 0);
  return { count: present.length, sum, avg: present.length === 0 ? null : sum / present.length };
}

export function summarize(rows: readonly SessionView[]): Summary {
  const outcomes = new Map<string, number>();
  for (const row of rows) {
    const outcome = row.outcome ?? 'unknown';
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  }
  return {
    sessions: rows.length,
    committed: rows.filter((r) => r.committed === true).length,
    committedKnown: rows.filter((r) => r.committed !== null).length,
    outcomes: [...outcomes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
    turns: aggregate(rows.map((r) => r.turns)),
    toolCalls: aggregate(rows.map((r) => r.tool_calls)),
    tokens: aggregate(rows.map(sessionTokens)),
    cost: aggregate(rows.map((r) => r.cost_usd)),
    duration: aggregate(rows.map((r) => r.duration_secs)),
  };
}
