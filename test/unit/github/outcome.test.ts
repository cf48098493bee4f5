import { describe, expect, it } from 'vitest';
import { actionBudget, finalCommitStatus, stepFails } from '../../../src/platform/github/outcome.js';

describe('actionBudget', () => {
  it('keeps 2 minutes for post in a long job, a fifth of a short one, and estimates from history', () => {
    expect(actionBudget(340, 1_000, 5, 600_000)).toEqual({
      deadlineMs: 1_000 + 340 * 60_000 - 120_000,
      graceMs: 5000,
      estimateMs: 600_000,
    });
    expect(actionBudget(5, 0, 2, 0)).toEqual({
      deadlineMs: 5 * 60_000 - 60_000,
      graceMs: 2000,
      estimateMs: 0,
    });
  });
});

describe('final commit status', () => {
  const base = { productive: 3, iteration: 4, maxIterations: 25 };
  it('success for completed and requested stops, failure for errors, error for a cancellation', () => {
    expect(finalCommitStatus({ ...base, stopReason: 'completed', exitCode: 0 })).toEqual({
      state: 'success',
      description: 'completed: 3 productive, iteration 4/25',
    });
    expect(finalCommitStatus({ ...base, stopReason: 'stop_label', exitCode: 0 }).state).toBe('success');
    expect(finalCommitStatus({ ...base, stopReason: 'rate_limits_exhausted', exitCode: 3 })).toEqual({
      state: 'failure',
      description: 'rate limits exhausted: 3 productive, iteration 4/25',
    });
    expect(finalCommitStatus({ ...base, stopReason: 'agent_fatal', exitCode: 9 })).toEqual({
      state: 'failure',
      description: 'the agent failed fatally (credentials, billing or model): 3 productive, iteration 4/25',
    });
    expect(finalCommitStatus({ ...base, stopReason: 'failures_exhausted', exitCode: 10 }).description).toBe(
      'too many failed sessions in a row: 3 productive, iteration 4/25',
    );
    expect(finalCommitStatus({ ...base, stopReason: 'cancelled', exitCode: 130 })).toEqual({
      state: 'error',
      description: 'cancelled at iteration 4',
    });
    // A limit's reset the run stopped for instead of a paid wait: pending, with when it continues.
    expect(
      finalCommitStatus({
        ...base,
        stopReason: 'rate_limited',
        exitCode: 3,
        resumeAfter: '2026-11-27T17:00:01.000Z',
      }),
    ).toEqual({
      state: 'pending',
      description: 'waiting for the limit to reset at 2026-11-27T17:00:01.000Z: 3 productive, iteration 4/25',
    });
  });
  it('fails the step for errors and exhausted limits, not for requested stops or a cancellation', () => {
    expect(stepFails('completed', 0)).toBe(false);
    expect(stepFails('time_budget', 0)).toBe(false);
    expect(stepFails('rate_limits_exhausted', 3)).toBe(true);
    expect(stepFails('agent_fatal', 9)).toBe(true);
    expect(stepFails('failures_exhausted', 10)).toBe(true);
    expect(stepFails('cancelled', 130)).toBe(false);
    expect(stepFails('rate_limited', 3)).toBe(false);
  });
});
