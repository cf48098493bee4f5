import { describe, expect, it } from 'vitest';
import { configSchema } from '../../../src/config/schema.js';
import { addSpend, NO_SPEND, spendOf, spentBudget, type Spend } from '../../../src/loop/spend.js';

const session = (over: Record<string, unknown>) => configSchema.parse({ session: over }).session;
const metrics = (cost_usd: number | null, input: number | null, output: number | null) => ({
  cost_usd,
  input_tokens: input,
  output_tokens: output,
});
const total = (...sessions: Array<ReturnType<typeof metrics>>): Spend =>
  sessions.reduce<Spend>((sum, m) => addSpend(sum, spendOf(m)), NO_SPEND);

describe('run spend and budget', () => {
  it('adds cost and tokens, counting sessions without a reported cost as unpriced', () => {
    expect(total(metrics(0.1, 100, 20), metrics(null, null, 7))).toEqual({
      sessions: 2,
      cost_usd: 0.1,
      input_tokens: 100,
      output_tokens: 27,
      unpriced_sessions: 1,
    });
  });

  it('is spent once the cost reaches max_cost_usd, not before', () => {
    expect(spentBudget(session({ max_cost_usd: 0.5 }), total(metrics(0.3, 0, 0)))).toBeNull();
    expect(
      spentBudget(session({ max_cost_usd: 0.5 }), total(metrics(0.3, 0, 0), metrics(0.2, 0, 0))),
    ).toEqual({
      key: 'session.max_cost_usd',
      limit: 0.5,
      spent: 0.5,
    });
  });

  it('is spent once input + output tokens reach max_tokens; without budgets never', () => {
    expect(spentBudget(session({ max_tokens: 1000 }), total(metrics(null, 900, 99)))).toBeNull();
    const spent = total(metrics(null, 900, 99), metrics(null, 0, 1));
    expect(spentBudget(session({ max_tokens: 1000 }), spent)?.key).toBe('session.max_tokens');
    expect(spentBudget(session({}), spent)).toBeNull();
  });
});
