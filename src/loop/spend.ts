// What sessions spent, added up: one shape for the run's budget (`session.max_cost_usd`, `session.max_tokens`)
// and review mode's per-try, per-task and per-plan record (review/progress.ts keeps it in progress.json). A
// session whose agent reports no cost (a text-format agent, a session killed before its result) adds nothing to
// the cost and is counted as unpriced, so a figure can say it is a lower bound.
import type { Config } from '../config/index.js';
import type { SessionMetrics } from '../session/index.js';

/** One session's numbers as the agent reported them (null: not reported). */
export type SessionSpend = Pick<SessionMetrics, 'cost_usd' | 'input_tokens' | 'output_tokens'>;

/** The sums of what sessions spent: of each metric of SessionSpend. */
export interface Spend extends Record<keyof SessionSpend, number> {
  /** Sessions run (empty retries and rate-limited ones included: each may cost). */
  sessions: number;
  /** Sessions whose agent reported no cost (a format without one): the cost is then a lower bound. */
  unpriced_sessions: number;
}

export const NO_SPEND: Spend = {
  sessions: 0,
  cost_usd: 0,
  input_tokens: 0,
  output_tokens: 0,
  unpriced_sessions: 0,
};

export function addSpend(a: Spend, b: Spend): Spend {
  return {
    sessions: a.sessions + b.sessions,
    cost_usd: roundCents(a.cost_usd + b.cost_usd),
    input_tokens: a.input_tokens + b.input_tokens,
    output_tokens: a.output_tokens + b.output_tokens,
    unpriced_sessions: a.unpriced_sessions + b.unpriced_sessions,
  };
}

/** Sums of floats drift (0.1 + 0.2); a millionth of a dollar is finer than any agent reports. */
const roundCents = (value: number): number => Math.round(value * 1e6) / 1e6;

export const spendOf = (session: SessionSpend): Spend => ({
  sessions: 1,
  cost_usd: session.cost_usd ?? 0,
  input_tokens: session.input_tokens ?? 0,
  output_tokens: session.output_tokens ?? 0,
  unpriced_sessions: session.cost_usd === null ? 1 : 0,
});

export interface BudgetSpent {
  /** Which budget: the config key. */
  key: 'session.max_cost_usd' | 'session.max_tokens';
  limit: number;
  spent: number;
}

/** The first budget the run has spent, or null when a session may start. */
export function spentBudget(session: Config['session'], spend: Spend): BudgetSpent | null {
  if (session.max_cost_usd !== undefined && spend.cost_usd >= session.max_cost_usd)
    return { key: 'session.max_cost_usd', limit: session.max_cost_usd, spent: spend.cost_usd };
  const tokens = spend.input_tokens + spend.output_tokens;
  if (session.max_tokens !== undefined && tokens >= session.max_tokens)
    return { key: 'session.max_tokens', limit: session.max_tokens, spent: tokens };
  return null;
}
