// Rounding to a number of decimal digits: the seconds and minutes that log lines and events carry.
export function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
