// Whether a Claude Code session ended rate limited, and when the limit resets: api_error_status 429, a rejected
// rate_limit_event (each window judged by its latest event), limit wording in the result, the CLI's synthetic
// `rate_limit` error, a 429 it was still retrying, or stderr.
import { limitFromText } from './limit-text.js';
import { asNumber, asObject, asString, asText, findEmbeddedObjects, type JsonObject } from './json-lines.js';
import { truncate } from './lines.js';
import { epochSecondsToMs, parseResetTime } from './reset-time.js';
import { RATE_LIMIT_EVENT, retryLabel, statusOf, type Scan } from './claude-scan.js';
import type { ClassifyOptions, RateLimitInfo } from './types.js';

export function rateLimit(
  s: Scan,
  resultText: string,
  stderrText: string,
  tail: string,
  options: ClassifyOptions,
): RateLimitInfo | null {
  const { result } = s;
  const events = limitEvents(tail);
  const status = statusOf(result?.api_error_status);
  const withEventReset = (found: RateLimitInfo | null): RateLimitInfo | null =>
    found !== null && found.resets_at_ms === null && found.source !== 'pattern'
      ? { ...found, resets_at_ms: events.rejectedResetMs ?? events.latestResetMs }
      : found;
  if (status === 429) {
    return {
      source: 'api_status',
      // A rejected event's epoch is exact to the second; the text ("resets 6:15pm") only to the minute, and
      // waking before the reset would meet the limit again.
      resets_at_ms:
        events.rejectedResetMs ?? parseResetTime(resultText, options.now_ms) ?? events.latestResetMs,
      detail: `api_error_status 429: ${truncate(resultText, 300)}`,
    };
  }
  if (events.rejected.length > 0) {
    return {
      source: 'rate_limit_event',
      resets_at_ms: events.rejectedResetMs,
      detail: `rate_limit_event rejected (${events.rejected.join(', ')})`,
    };
  }
  if (result !== null) {
    // The result is the CLI's own summary: its wording decides (user patterns apply here only).
    const found = limitFromText(resultText, 'result', options);
    if (found !== null) return withEventReset(found);
    if (status !== null) return null;
  }
  // The CLI marks its synthetic answer to a throttled call `"error":"rate_limit"`.
  if (s.assistantError === 'rate_limit') {
    const text = s.assistantErrorText || resultText;
    return withEventReset({
      source: 'api_status',
      resets_at_ms: parseResetTime(text, options.now_ms),
      detail: `assistant error rate_limit: ${truncate(text, 300)}`,
    });
  }
  // Killed while the CLI was still retrying a 429: the session ended rate limited.
  if (result === null && s.retry !== null && statusOf(s.retry.error_status) === 429) {
    const delay = asNumber(s.retry.retry_delay_ms);
    return withEventReset({
      source: 'api_status',
      resets_at_ms: delay === null ? null : options.now_ms + delay,
      detail: `${retryLabel(s.retry)}: 429 ${asText(s.retry.error)}`.trim(),
    });
  }
  // Without a result the only free text the CLI itself wrote is stderr; assistant text must never count.
  return withEventReset(
    limitFromText(s.assistantErrorText, 'error', options) ??
      (result === null ? limitFromText(stderrText, 'output', options) : null),
  );
}

interface LimitEvents {
  /** Limit types whose most recent event says `rejected`. */
  rejected: string[];
  /** When every rejected limit has reset (the latest of their reset times). */
  rejectedResetMs: number | null;
  /** Reset time of the most recent event that has one, whatever its status. */
  latestResetMs: number | null;
}

// Events for different windows (five_hour, seven_day, ...) interleave, so judge each window by its latest event.
function limitEvents(tail: string): LimitEvents {
  const latestByType = new Map<string, JsonObject>();
  let latestResetMs: number | null = null;
  if (!tail.includes('rate_limit_event')) return { rejected: [], rejectedResetMs: null, latestResetMs };
  for (const { value } of findEmbeddedObjects(tail, RATE_LIMIT_EVENT)) {
    const info = asObject(value.rate_limit_info);
    if (info === null) continue;
    latestByType.set(asString(info.rateLimitType) ?? 'unknown', info);
    const resetsAt = asNumber(info.resetsAt);
    if (resetsAt !== null) latestResetMs = epochSecondsToMs(resetsAt);
  }
  const rejected: string[] = [];
  let rejectedResetMs: number | null = null;
  for (const [type, info] of latestByType) {
    if (info.status !== 'rejected') continue;
    rejected.push(type);
    const resetsAt = asNumber(info.resetsAt);
    if (resetsAt !== null) rejectedResetMs = Math.max(rejectedResetMs ?? 0, epochSecondsToMs(resetsAt));
  }
  return { rejected, rejectedResetMs, latestResetMs };
}
