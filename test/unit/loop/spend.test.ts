import { describe, expect, it } from 'vitest';
import { configSchema } from '../../../src/config/schema.js';
import { addSession, noSpend, spentBudget } from '../../../src/loop/spend.js';

const session = (over: Record<string, unknown>) => configSchema.parse({ session: over }).session;
const metrics = (cost_usd: number | null, input: number | null, output: number | null) => ({
  cost_usd,
  input_tokens: input,
  output_tokens: output,
});

describe('run spend and budget', () => {
  it('adds cost and tokens, counting sessions without a reported cost as unpriced', () => {
    const spend = noSpend();
    addSession(spend, metrics(0.1, 100, 20));
    addSession(spend, metrics(null, null, 7));
    expect(spend).toEqual({ sessions: 2, costUsd: 0.1, tokens: 127, unpriced: 1 });
  });

  it('is spent once the cost reaches max_cost_usd, not before', () => {
    const spend = noSpend();
    addSession(spend, metrics(0.3, 0, 0));
    expect(spentBudget(session({ max_cost_usd: 0.5 }), spend)).toBeNull();
    addSession(spend, metrics(0.2, 0, 0));
    expect(spentBudget(session({ max_cost_usd: 0.5 }), spend)).toEqual({
      key: 'session.max_cost_usd',
      limit: 0.5,
      spent: 0.5,
    });
  });

  it('is spent once input + output tokens reach max_tokens; without budgets never', () => {
    const spend = noSpend();
    addSession(spend, metrics(null, 900, 99));
    expect(spentBudget(session({ max_tokens: 1000 }), spend)).toBeNull();
    addSession(spend, metrics(null, 0, 1));
    expect(spentBudget(session({ max_tokens: 1000 }), spend)?.key).toBe('session.max_tokens');
    expect(spentBudget(session({}), spend)).toBeNull();
  });
});
