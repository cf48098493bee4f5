// Recognises rate-limit messages in free text. Only ever applied to text the agent CLI itself wrote about a failure
// (an error result, an error event, stderr), never to the model's answer, which may well discuss rate limits.
import type { RateLimitInfo } from './types.js';
import { parseResetTime } from './reset-time.js';

/** Subscription or plan limits, as Claude and Codex word them. */
export const USAGE_LIMIT_TEXTS: readonly RegExp[] = [
  /usage limit reached/i,
  // "hit your limit", "hit your usage limit", "hit your session limit", "hit your monthly spend limit"
  /\bhit your (?:[\w-]+ ){0,3}limit\b/i,
  /Request rejected \(429\)/i,
];

/** API throttling, as HTTP clients and the Gemini API word it. */
export const API_LIMIT_TEXTS: readonly RegExp[] = [
  /\b429\b/,
  /RESOURCE_EXHAUSTED/,
  /too many requests/i,
  /\brate[ _-]?limit(?:ed|s)?\b/i,
  /\bquota\b/i,
];

export interface TextMatch {
  /** The line the match is on, trimmed and shortened, for the event log. */
  line: string;
  /** The text from the start of that line on, where a reset time would follow. */
  from: string;
}

/** First match of any of `patterns` in `text`. Uses search(), which ignores a caller's global flag and lastIndex. */
export function findText(text: string, patterns: readonly RegExp[]): TextMatch | null {
  for (const re of patterns) {
    const at = text.search(re);
    if (at < 0) continue;
    const lineStart = text.lastIndexOf('\n', at) + 1;
    const lineEnd = text.indexOf('\n', at);
    const line = text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd).trim();
    return { line: line.length > 300 ? `${line.slice(0, 299)}…` : line, from: text.slice(lineStart) };
  }
  return null;
}

export interface TextLimitOptions {
  patterns: readonly RegExp[];
  now_ms: number;
  /** Also treat HTTP-429-style wording as a limit (error messages from JSON events, not stderr noise). */
  apiTexts?: boolean;
  /** Zone for wall-clock reset times that name none. */
  defaultZone?: string;
}

/** Built-in usage-limit texts, then (optionally) API throttling texts, then the caller's patterns. */
export function limitFromText(text: string, label: string, options: TextLimitOptions): RateLimitInfo | null {
  const tries: Array<[RateLimitInfo['source'], readonly RegExp[]]> = [['usage_text', USAGE_LIMIT_TEXTS]];
  if (options.apiTexts) tries.push(['api_status', API_LIMIT_TEXTS]);
  tries.push(['pattern', options.patterns]);
  for (const [source, patterns] of tries) {
    const match = findText(text, patterns);
    if (match === null) continue;
    return {
      source,
      resets_at_ms: parseResetTime(match.from, options.now_ms, options.defaultZone),
      detail: `${label}: ${match.line}`,
    };
  }
  return null;
}
