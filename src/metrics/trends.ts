// Trends over the last N values: a direction (improving, worse, flat: which way is good depends on the metric)
// and a Unicode sparkline.
import type { MetricInfo } from './targets.js';

const BARS = '▁▂▃▄▅▆▇█';

/** One bar per value, scaled between the smallest and largest; a missing value is `gap` (a space). */
export function sparkline(values: ReadonlyArray<number | null>, gap = ' '): string {
  const present = values.filter((v): v is number => v !== null);
  if (present.length === 0) return gap.repeat(values.length);
  const min = Math.min(...present);
  const max = Math.max(...present);
  return values
    .map((v) => {
      if (v === null) return gap;
      if (max === min) return BARS[3]!;
      return BARS[Math.round(((v - min) / (max - min)) * (BARS.length - 1))]!;
    })
    .join('');
}

export type Direction = 'improving' | 'worse' | 'flat';

/** Changes smaller than this share of the older mean are flat. */
export const FLAT_SHARE = 0.05;

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/**
 * The newer half's mean against the older half's (the middle value of an odd count belongs to neither); null
 * with fewer than two values.
 */
export function trendDirection(
  values: ReadonlyArray<number | null>,
  good: MetricInfo['good'],
): Direction | null {
  const present = values.filter((v): v is number => v !== null);
  if (present.length < 2) return null;
  const half = Math.floor(present.length / 2);
  const older = mean(present.slice(0, half));
  const newer = mean(present.slice(present.length - half));
  return direction(older, newer, good);
}

/** Whether moving from `before` to `after` is better, worse or about the same. */
export function direction(before: number, after: number, good: MetricInfo['good']): Direction {
  const change = after - before;
  const scale = Math.abs(before);
  if (change === 0 || (scale > 0 && Math.abs(change) / scale < FLAT_SHARE)) return 'flat';
  return change > 0 === (good === 'up') ? 'improving' : 'worse';
}
