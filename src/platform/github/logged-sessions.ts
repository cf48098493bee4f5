// Reading the event log back: this run's sessions for the outputs and the summary, earlier runs' totals for
// progress across runs, and the longest recent session for the time budget's estimate. Lines are read with the
// event log's schema (state/events): torn or mismatched lines are skipped, never fatal.
import { readEventLog, type LoggedEvent } from '../../state/events/index.js';

export type { LoggedEvent };
/** A `session_complete` line as read back (a version-0 line may lack any field). */
export type LoggedSession = Extract<LoggedEvent, { event: 'session_complete' }>;

/** Every event the log at `path` holds that this harness knows; an absent log holds none. */
export async function readEvents(path: string): Promise<LoggedEvent[]> {
  return (await readEventLog(path)).events;
}

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

export const isSession = (e: LoggedEvent): e is LoggedSession => e.event === 'session_complete';

export interface RunTotals {
  sessions: number;
  productive: number;
  committed: boolean;
  rateLimited: boolean;
  costUsd: number;
  /** Input + output tokens the sessions reported. */
  tokens: number;
}

export function totalsOf(sessions: readonly LoggedSession[]): RunTotals {
  return {
    sessions: sessions.length,
    productive: sessions.filter((s) => s.outcome === 'productive').length,
    committed: sessions.some((s) => s.committed === true),
    rateLimited: sessions.some((s) => s.outcome === 'rate_limited'),
    costUsd: sessions.reduce((sum, s) => sum + num(s.cost_usd), 0),
    tokens: sessions.reduce((sum, s) => sum + num(s.input_tokens) + num(s.output_tokens), 0),
  };
}

/** This run's sessions: those numbered from the run's first number on (see PostState.firstGlobal). */
export function sessionsFrom(events: readonly LoggedEvent[], firstGlobal: number): LoggedSession[] {
  return events.filter(isSession).filter((e) => num(e.global) >= firstGlobal);
}

export async function sessionHistory(path: string, recent = 50): Promise<{ longestSessionMs: number }> {
  const sessions = (await readEvents(path)).filter(isSession).filter((e) => e.outcome !== 'empty');
  const longest = sessions.slice(-recent).reduce((max, s) => Math.max(max, num(s.duration_secs) * 1000), 0);
  return { longestSessionMs: longest };
}
