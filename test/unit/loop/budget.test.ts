import { describe, expect, it } from 'vitest';
import { canStartSession } from '../../../src/loop/budget.js';

describe('canStartSession', () => {
  const budget = { deadlineMs: 10_000, graceMs: 1000, estimateMs: 2_000 };
  it('needs room for the longest session seen, or the estimate before any', () => {
    expect(canStartSession(budget, 8_000, 0)).toBe(true);
    expect(canStartSession(budget, 8_001, 0)).toBe(false);
    expect(canStartSession(budget, 6_000, 4_000)).toBe(true);
    expect(canStartSession(budget, 6_001, 4_000)).toBe(false);
  });
});
