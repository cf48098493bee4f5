// What a start does about a limit's reset still ahead, and when a wait is too long to make (backoff.max_wait_mins).
import { describe, expect, it } from 'vitest';
import { beyondMaxWait, windowDecision } from '../../../src/loop/limit-window.js';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const MIN = 60_000;

describe('limit windows', () => {
  it('goes on with no reset or a past one, waits within the limit or without one, stops beyond it', () => {
    expect(windowDecision(null, NOW, 10)).toBe('go');
    expect(windowDecision(NOW - 1, NOW, 10)).toBe('go');
    expect(windowDecision(NOW, NOW, 0)).toBe('go');
    expect(windowDecision(NOW + 10 * MIN, NOW, 10)).toBe('wait');
    expect(windowDecision(NOW + 10 * MIN + 1, NOW, 10)).toBe('stop');
    expect(windowDecision(NOW + 5 * 60 * MIN, NOW, undefined)).toBe('wait');
    expect(windowDecision(NOW + 1, NOW, 0)).toBe('stop');
  });

  it('a wait is too long only past a set limit', () => {
    expect(beyondMaxWait(3 * 60 * MIN, undefined)).toBe(false);
    expect(beyondMaxWait(10 * MIN, 10)).toBe(false);
    expect(beyondMaxWait(10 * MIN + 1, 10)).toBe(true);
    expect(beyondMaxWait(1, 0)).toBe(true);
  });
});
