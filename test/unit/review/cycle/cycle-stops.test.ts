// The review cycle's last line (one per `loop`, its phases print no `Loop completed` of their own).
import { describe, expect, it } from 'vitest';
import { cycleEndLine } from '../../../../src/review/cycle/cycle-stops.js';
import { PhaseDriver } from '../../../../src/review/cycle/phase-driver.js';

const spend = (sessions: number, cost: number, unpriced = 0) => ({
  sessions,
  cost_usd: cost,
  input_tokens: 0,
  output_tokens: 0,
  unpriced_sessions: unpriced,
});

describe('cycleEndLine', () => {
  it('names why the cycle ended, the tasks done, the sessions, the cost and the plan', () => {
    expect(cycleEndLine({ planId: 'p-1', reason: 'plan_done', done: 2, total: 2, spend: spend(8, 2) })).toBe(
      'Review loop ended (plan_done): 2/2 tasks done, 8 sessions, $2.0000, plan p-1',
    );
    expect(
      cycleEndLine({ planId: 'p-1', reason: 'needs_human', done: 0, total: 3, spend: spend(1, 0.5, 1) }),
    ).toBe('Review loop ended (needs_human): 0/3 tasks done, 1 session, ≥ $0.5000, plan p-1');
  });

  it("is the cycle's own: a phase's loop prints no line of its own", () => {
    expect(new PhaseDriver('prompt', { plan_id: 'p-1', phase: 'develop' }).ownEndLine).toBe(true);
  });
});
