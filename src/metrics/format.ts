// Number and time formatting shared by the metrics renderers: fixed, short, and the same everywhere.

/** 1234 -> "1,234"; 1_234_567 -> "1.2M"; 12_345 -> "12.3k". */
export function compact(n: number): string {
  const abs = Math.abs(n);
  if (abs >= 1e9) return `${(n / 1e9).toFixed(1)}G`;
  if (abs >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  if (abs >= 1e4) return `${(n / 1e3).toFixed(1)}k`;
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

export const usd = (n: number): string => `$${n.toFixed(2)}`;

/** Seconds as "45s", "12m 03s", "2h 05m". */
export function duration(secs: number): string {
  const s = Math.round(secs);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** "2026-11-24T00:18:29.123Z" -> "2026-11-24 00:18" (UTC, as stored). */
export const when = (iso: string): string => iso.replace('T', ' ').slice(0, 16);

/** A number with at most one decimal, no trailing ".0". */
export function num(n: number): string {
  const rounded = Math.round(n * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}
