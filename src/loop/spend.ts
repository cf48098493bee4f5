// The run's spend and its budget (`session.max_cost_usd`, `session.max_tokens`): every session's reported cost
// and tokens are added as it ends, and no session starts once either budget is spent. A session whose agent
// reports no cost (a text-format agent, a session killed before its result) adds nothing to the cost and is
// counted as unpriced, so a summary can say the figure is a lower bound.
import type { Config } from '../config/schema.js';
import type { SessionMetrics } from '../agents/types.js';

export interface RunSpend {
  sessions: number;
  costUsd: number;
  tokens: number;
  /** Sessions whose agent reported no cost. */
  unpriced: number;
}

export const noSpend = (): RunSpend => ({ sessions: 0, costUsd: 0, tokens: 0, unpriced: 0 });

export function addSession(
  spend: RunSpend,
  metrics: Pick<SessionMetrics, 'cost_usd' | 'input_tokens' | 'output_tokens'>,
): void {
  spend.sessions++;
  if (metrics.cost_usd === null) spend.unpriced++;
  else spend.costUsd += metrics.cost_usd;
  spend.tokens += (metrics.input_tokens ?? 0) + (metrics.output_tokens ?? 0);
}

export interface BudgetSpent {
  /** Which budget: the config key. */
  key: 'session.max_cost_usd' | 'session.max_tokens';
  limit: number;
  spent: number;
}

/** The first budget the run has spent, or null when a session may start. */
export function spentBudget(session: Config['session'], spend: RunSpend): BudgetSpent | null {
  if (session.max_cost_usd !== undefined && spend.costUsd >= session.max_cost_usd)
    return { key: 'session.max_cost_usd', limit: session.max_cost_usd, spent: round(spend.costUsd) };
  if (session.max_tokens !== undefined && spend.tokens >= session.max_tokens)
    return { key: 'session.max_tokens', limit: session.max_tokens, spent: spend.tokens };
  return null;
}

const round = (usd: number): number => Math.round(usd * 1e6) / 1e6;
