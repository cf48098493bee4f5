// The job summary's formatters: counts with the right singular or plural noun, durations, sizes and costs, and
// every string from outside (titles, reasons, names, URLs) escaped and capped before it goes into Markdown.
import { formatBytes as formatSize } from '../../../state/index.js';

/** Longest piece of outside text (title, reason, artifact name) kept, in characters. */
export const MAX_TEXT_CHARS = 200;
const MAX_URL_CHARS = 2000;

// Control characters (tab, LF and CR are handled before) and bidi overrides, which can disguise text.
const BIDI_AND_CONTROL =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Outside text made safe for one line of Markdown, table cells included: line breaks become spaces, control
 * and bidi-override characters go, HTML is neutralised (`<` `>` `&` as entities) and Markdown punctuation
 * (`|`, backticks, emphasis, links) is backslash-escaped. Capped at `maxChars` (with an ellipsis).
 */
export function escapeMarkdown(text: string, maxChars = MAX_TEXT_CHARS): string {
  let clean = text
    .replace(/\r\n|[\r\n\u2028\u2029\u0085]/g, ' ')
    .replace(/\t/g, ' ')
    .replace(BIDI_AND_CONTROL, '');
  if (clean.length > maxChars) clean = `${Array.from(clean.slice(0, maxChars)).slice(0, -1).join('')}…`;
  return clean
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]|~#!]/g, (c) => `\\${c}`);
}

/** An http(s) URL fit for a Markdown link target, or null. */
export function safeUrl(url: string | null | undefined): string | null {
  if (typeof url !== 'string') return null;
  const trimmed = url.trim();
  if (!/^https?:\/\/[^\s]+$/i.test(trimmed) || trimmed.length > MAX_URL_CHARS) return null;
  return trimmed.replace(
    /[()<>"'`|\\[\]]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

/** 1234567 -> "1,234,567". */
export function formatCount(n: number): string {
  const sign = n < 0 ? '-' : '';
  return sign + String(Math.trunc(Math.abs(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The noun for `n` things: `singular` for exactly one (as {@link formatCount} shows it), else `plural`. */
export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return Math.trunc(Math.abs(n)) === 1 ? singular : pluralForm;
}

/** A count with its noun: "0 sessions", "1 session", "1,204 sessions". */
export function counted(n: number, singular: string, pluralForm?: string): string {
  return `${formatCount(n)} ${plural(n, singular, pluralForm)}`;
}

/** Seconds as "42s", "3.4s", "4m 05s", "1h 02m 03s"; null as "-". */
export function formatDuration(secs: number | null): string {
  if (secs === null || !Number.isFinite(secs) || secs < 0) return '-';
  if (secs < 10) {
    const tenths = Math.round(secs * 10) / 10;
    if (tenths < 10) return `${tenths.toFixed(1)}s`;
  }
  const total = Math.round(secs);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return `${formatCount(h)}h ${pad(m)}m ${pad(s)}s`;
  if (m > 0) return `${m}m ${pad(s)}s`;
  return `${s}s`;
}

/** Bytes as "512 B", "1.5 KiB", "3.2 MiB", "1.0 GiB"; null as "-". */
export function formatBytes(bytes: number | null): string {
  if (bytes === null || !Number.isFinite(bytes) || bytes < 0) return '-';
  return formatSize(bytes, true);
}

/** "$0.0123"; null as "-". */
export function formatCost(usd: number | null): string {
  if (usd === null || !Number.isFinite(usd)) return '-';
  return `$${usd.toFixed(4)}`;
}
