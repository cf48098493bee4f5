import { describe, expect, it } from 'vitest';
import { direction, sparkline, trendDirection } from '../../../src/metrics/trends.js';

describe('trends', () => {
  it('a sparkline scales between the smallest and largest value', () => {
    expect(sparkline([0, 7, 21])).toBe('▁▃█'); // 7/21 of 7 steps = 2.33 -> the third bar
    expect(sparkline([1, null, 8])).toBe('▁ █');
    expect(sparkline([5, 5])).toBe('▄▄');
    expect(sparkline([null])).toBe(' ');
  });

  it('the direction compares the newer half with the older half, per metric', () => {
    // older half [10, 20] = 15, newer half [40, 50] = 45; 30 (middle) belongs to neither.
    expect(trendDirection([10, 20, 30, 40, 50], 'down')).toBe('worse');
    expect(trendDirection([10, 20, 30, 40, 50], 'up')).toBe('improving');
    expect(trendDirection([100, 104], 'down')).toBe('flat'); // +4% < 5%
    expect(trendDirection([100, 106], 'down')).toBe('worse');
    expect(trendDirection([null, 3], 'down')).toBeNull();
    expect(direction(0, 1, 'up')).toBe('improving');
    expect(direction(0, 0, 'up')).toBe('flat');
  });
});
