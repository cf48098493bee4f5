// Reading the event log back: this run's sessions for the outputs and the summary, earlier runs' totals for
// progress across runs, and the longest recent session for the time budget's estimate.
import { readFile } from 'node:fs/promises';

export type LoggedEvent = Record<string, unknown> & { event: string };

export async function readEvents(path: string): Promise<LoggedEvent[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return [];
  }
  const events: LoggedEvent[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const value = JSON.parse(line) as LoggedEvent;
      if (value && typeof value.event === 'string') events.push(value);
    } catch {
      // a line torn by a crash: skip it
    }
  }
  return events;
}

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

export interface RunTotals {
  sessions: number;
  productive: number;
  committed: boolean;
  rateLimited: boolean;
  costUsd: number;
}

export function totalsOf(sessions: readonly LoggedEvent[]): RunTotals {
  return {
    sessions: sessions.length,
    productive: sessions.filter((s) => s.outcome === 'productive').length,
    committed: sessions.some((s) => s.committed === true),
    rateLimited: sessions.some((s) => s.outcome === 'rate_limited'),
    costUsd: sessions.reduce((sum, s) => sum + num(s.cost_usd), 0),
  };
}

/** This run's sessions: those numbered from the run's first number on (see PostState.firstGlobal). */
export function sessionsFrom(events: readonly LoggedEvent[], firstGlobal: number): LoggedEvent[] {
  return events.filter((e) => e.event === 'session_complete' && num(e.global) >= firstGlobal);
}

export async function sessionHistory(path: string, recent = 50): Promise<{ longestSessionMs: number }> {
  const sessions = (await readEvents(path)).filter(
    (e) => e.event === 'session_complete' && e.outcome !== 'empty',
  );
  const longest = sessions.slice(-recent).reduce((max, s) => Math.max(max, num(s.duration_secs) * 1000), 0);
  return { longestSessionMs: longest };
}
