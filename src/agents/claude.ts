// Adapter for `claude -p --output-format stream-json --verbose`. The final `result` event is the authority: once it
// reports success nothing else in the transcript (the model talking about "rate limits", a stale limit event) can
// turn the session into a rate-limited one.
import { emptyMetrics } from './types.js';
import type {
  ClassifyOptions,
  RateLimitInfo,
  SessionMetrics,
  TranscriptAdapter,
  TranscriptVerdict,
} from './types.js';
import { limitFromText } from './limit-text.js';
import {
  asNumber,
  asObject,
  asString,
  findEmbeddedObjects,
  lastJsonEvent,
  parseLineLenient,
  parseObject,
  type JsonObject,
  tailRecords,
} from './json-lines.js';
import { lastChars, RESULT_TEXT_CHARS, TEXT_WINDOW_CHARS, truncate } from './lines.js';
import { epochSecondsToMs, parseResetTime } from './reset-time.js';

// Matches where a rate_limit_event object starts, even when it was spliced into the middle of another line.
const RATE_LIMIT_EVENT = /\{\s*"type"\s*:\s*"rate_limit_event"/;

export const claudeAdapter: TranscriptAdapter = {
  format: 'claude',
  toolCalls: (line) => (line.includes('"type":"tool_use"') ? line.split('"type":"tool_use"').length - 1 : 0),
  hasFinalResult: (tail) => lastJsonEvent(tail)?.type === 'result',
  // `{"type":"system","subtype":"background_tasks_changed","tasks":[...]}` lists every task still running
  // each time the list changes, so the newest one alone tells whether the CLI will take another turn.
  backgroundWork: {
    marker: '"subtype":"background_tasks_changed"',
    running(line) {
      const event = parseObject(line.trim());
      if (event?.type !== 'system' || event.subtype !== 'background_tasks_changed') return null;
      return Array.isArray(event.tasks) ? event.tasks.length : null;
    },
  },
  classify,
};

function classify(tail: string, complete: boolean, options: ClassifyOptions): TranscriptVerdict {
  let result: JsonObject | null = null;
  const plainText: string[] = [];
  for (const record of tailRecords(tail, complete, (line) => parseLineLenient(line, RATE_LIMIT_EVENT))) {
    if ('text' in record) {
      plainText.push(record.text);
      continue;
    }
    const event = record.event;
    if (event?.type === 'result') result = event;
  }

  const resultText = result === null ? null : asString(result.result);
  const isError = result === null ? null : result.is_error === true;
  return {
    final: result !== null,
    is_error: isError,
    result_text: resultText === null ? null : truncate(resultText, RESULT_TEXT_CHARS),
    rate_limit:
      isError === false
        ? null
        : rateLimit(
            result,
            resultText ?? '',
            lastChars(plainText.join('\n'), TEXT_WINDOW_CHARS),
            tail,
            options,
          ),
    failure: null,
    model_output: null,
    notice: null,
    metrics: result === null ? emptyMetrics() : metricsOf(result),
  };
}

function rateLimit(
  result: JsonObject | null,
  resultText: string,
  stderrText: string,
  tail: string,
  options: ClassifyOptions,
): RateLimitInfo | null {
  const events = limitEvents(tail);
  const status = result?.api_error_status;
  if (result !== null && (status === 429 || status === '429')) {
    return {
      source: 'api_status',
      resets_at_ms:
        parseResetTime(resultText, options.now_ms) ?? events.rejectedResetMs ?? events.latestResetMs,
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
  // Without a result the only free text the CLI itself wrote is stderr; assistant text must never count.
  const [text, label] = result !== null ? [resultText, 'result'] : [stderrText, 'output'];
  const found = limitFromText(text, label, options);
  if (found !== null && found.resets_at_ms === null && found.source === 'usage_text') {
    return { ...found, resets_at_ms: events.latestResetMs };
  }
  return found;
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

function metricsOf(result: JsonObject): SessionMetrics {
  const usage = asObject(result.usage);
  return {
    ...emptyMetrics(),
    turns: asNumber(result.num_turns),
    input_tokens: asNumber(usage?.input_tokens),
    output_tokens: asNumber(usage?.output_tokens),
    cost_usd: asNumber(result.total_cost_usd),
    agent_duration_ms: asNumber(result.duration_ms),
  };
}
