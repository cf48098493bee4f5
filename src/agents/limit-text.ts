// Recognises rate-limit messages in free text. Only ever applied to text the agent CLI itself wrote about a failure
// (an error result, an error event, a retry notice, stderr), never to the model's answer, which may well discuss
// rate limits. One maintained set shared by every adapter.
import type { RateLimitInfo } from './types.js';
import { parseResetTime } from './reset-time.js';

/**
 * Firm limit wordings: subscription and plan limits, and throttling as CLIs print it. Safe on stderr too. Seen in
 * the wild (see test/fixtures/transcripts/corpus for sources): "Claude AI usage limit reached|<epoch>", "You've hit
 * your limit · resets 1pm (Europe/Lisbon)", "5-hour limit reached ∙ resets 9pm", "Session limit reached ∙ resets
 * 7pm", "Opus weekly limit reached ∙ resets Oct 31, 9am", "You're out of extra usage · resets 4pm", "API Error: Rate
 * limit reached", Codex "You've hit your usage limit ... try again at 1:42 PM", "exceeded your usage limit",
 * "rate_limit: too many requests", Gemini "Attempt 1 failed with status 429. Retrying with backoff...", "You exceeded
 * your current quota", "RESOURCE_EXHAUSTED".
 */
export const USAGE_LIMIT_TEXTS: readonly RegExp[] = [
  /usage limit reached/i,
  // "5-hour limit reached", "Session limit reached", "Opus weekly limit reached", "Rate limit reached"; not Claude's
  // "Context limit reached" or a turn, token or retry limit, which no wait lifts.
  /(?<!\b(?:context|token|tokens|turn|turns|output|length|size|retry|time|recursion|max)[ _-])\blimit (?:reached|exceeded)\b/i,
  // "hit your limit", "hit your usage limit", "hit your session limit", "hit your monthly spend limit"
  /\bhit your (?:[\w-]+ ){0,3}limit\b/i,
  /\bout of (?:extra |included )?usage\b/i,
  /\bexceeded your (?:[\w-]+ ){0,3}(?:limit|quota)\b/i,
  /\busage_limit_reached\b|\brate_limit_exceeded\b|\brate_limit_error\b/i,
  // "You've reached your 5-hour usage limit for Claude." (frankbria/ralph-claude-code tests/helpers/fixtures.bash and
  // tests/e2e/test_full_loop.bats; cases peer-ralph-5-hour-limit-output, peer-ralph-5-hour-limit-e2e). Only the
  // limits a wait lifts: not "reached your context limit".
  /\breached your (?:[\w-]+ ){0,2}(?:usage|rate|session|weekly|daily|monthly|hourly|\d+-hour|plan) limit\b/i,
  // "Your limit resets at 2026-02-17T00:00:00 UTC" (ozten/blacksmith src/ratelimit.rs at 1a40bb0,
  // test_error_result_with_resets_utc; case peer-limit-resets-at-utc).
  /\b(?:your|usage|rate|session|weekly) limit (?:will )?resets?\b/i,
];

/** Firm throttling wordings (HTTP 429 as CLIs print it); safe on stderr too. */
export const FIRM_API_LIMIT_TEXTS: readonly RegExp[] = [
  /Request rejected \(429\)/i,
  /\brate[ _-]?limit(?:ed)?\s*:\s*too many requests/i,
  /\b429 Too Many Requests\b|"code":\s*429\b|(?:status|status code|error_status)[:=]?\s*"?429\b|\(429\)|\b429\b[^\n]{0,20}retry-after/i,
  /\bRESOURCE_EXHAUSTED\b/,
  /\bquota (?:exceeded|exhausted)\b|\bexhausted your (?:capacity|quota)\b/i,
  // The session itself was throttled: "You have been rate limited. Please try again." (ozten/blacksmith
  // src/ratelimit.rs test_error_result_with_rate_limit_detected; case peer-rate-limited-please-try-again). Not a
  // description such as "the endpoint is rate limited to 10 requests per second".
  /\b(?:been|being|got|getting|you(?:'re| are)) rate[ _-]?limited\b/i,
  // The error type given as the message, "error: rate_limit" (or the field, "error":"rate_limit") (ozten/blacksmith
  // src/ratelimit.rs test_error_result_with_rate_limit_json_error; case peer-error-rate-limit).
  /\berror["']?\s*:\s*["']?rate[_ -]?limit(?:ed|_error|_exceeded)?\b/i,
  // Claude Code's answer to a 429 rate_limit_error (issue 23): "API Error: Server is temporarily limiting requests
  // (not your usage limit) · Rate limited" (report-claude-server-limiting-*, anthropics/claude-code#63014, #64905):
  // a throttle with no reset time, waited out with backoff.
  /\bServer is temporarily limiting requests\b/i,
];

/** Looser API throttling wording, only for error messages in JSON events (stderr has line numbers like 429). */
export const API_LIMIT_TEXTS: readonly RegExp[] = [
  /\b429\b/,
  /too many requests/i,
  /\brate[ _-]?limit(?:ed|s)?\b/i,
  /\bquota\b/i,
];

/**
 * A model without capacity (issue 23): an overload the server reports, often as HTTP 429 RESOURCE_EXHAUSTED, but not
 * the user's limit (failure-text.ts calls it `overloaded`). Where one shows, the HTTP-429-style wordings
 * (FIRM_API_LIMIT_TEXTS, API_LIMIT_TEXTS) are not read as a limit; plan-limit wording still is. Cases:
 * report-codex-model-at-capacity (openai/codex#19446), report-gemini-no-capacity* (google-gemini/gemini-cli#19883,
 * #25179).
 */
export const CAPACITY_TEXTS: readonly RegExp[] = [
  /\bSelected model is at capacity\b/i,
  /\bNo capacity available for model\b/i,
  /\bMODEL_CAPACITY_EXHAUSTED\b/,
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

/**
 * Built-in usage-limit texts, firm throttling texts, then (optionally) loose ones, then the caller's patterns. The
 * throttling texts are skipped where the text says the model has no capacity (CAPACITY_TEXTS).
 */
export function limitFromText(text: string, label: string, options: TextLimitOptions): RateLimitInfo | null {
  if (text === '') return null;
  const capacity = findText(text, CAPACITY_TEXTS) !== null;
  const tries: Array<[RateLimitInfo['source'], readonly RegExp[]]> = [['usage_text', USAGE_LIMIT_TEXTS]];
  if (!capacity) tries.push(['api_status', FIRM_API_LIMIT_TEXTS]);
  if (options.apiTexts && !capacity) tries.push(['api_status', API_LIMIT_TEXTS]);
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
