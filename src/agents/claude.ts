// Adapter for `claude -p --output-format stream-json --verbose`. The final `result` event is the authority: once it
// reports success nothing else in the transcript (the model talking about "rate limits", a stale limit event) can
// turn the session into a rate-limited or failed one. Without a successful result, evidence is read in order: limits
// (api_error_status 429, a rejected rate_limit_event, limit wording in the result, in `api_retry` notices or stderr),
// then failures (the status, the assistant's `error` field, `api_retry` notices, failure wording).
import { claudeAgentText } from './agent-text.js';
import { claudeTurnCounter, lineMarks } from './claude-turns.js';
import { emptyMetrics } from './types.js';
import type {
  ClassifyOptions,
  FailureInfo,
  RateLimitInfo,
  SessionMetrics,
  TranscriptAdapter,
  TranscriptVerdict,
} from './types.js';
import { limitFromText } from './limit-text.js';
import {
  crashFailure,
  errorResult,
  failureFrom,
  failureFromStatus,
  failureFromText,
} from './failure-text.js';
import {
  asNumber,
  asText,
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

const TOOL_USE = '"type":"tool_use"';

/**
 * Tool calls on one line: the `tool_use` blocks of an `assistant` message. `stream_event` lines (from
 * `--include-partial-messages`) announce the same calls again and are not counted; a `tool_use` quoted inside a
 * string is escaped and never matches.
 */
export function claudeToolCalls(line: string): number {
  const head = line.trimStart();
  // The CLI writes `type` first: other events are ruled out without searching their (often long) text.
  if (head.startsWith('{"type":"') && !head.startsWith('{"type":"assistant"')) return 0;
  if (head.startsWith('{"type":"assistant"')) return lineMarks(head).tools;
  if (!line.includes(TOOL_USE)) return 0;
  // Another key order: parse to be sure.
  const event = parseObject(head);
  if (event?.type !== 'assistant') return 0;
  const content = asObject(event.message)?.content;
  return Array.isArray(content) ? content.filter((c) => asObject(c)?.type === 'tool_use').length : 0;
}

export const claudeAdapter: TranscriptAdapter = {
  format: 'claude',
  agentText: claudeAgentText,
  toolCalls: claudeToolCalls,
  turnShape: claudeTurnCounter,
  // A tool_use block, the init event, or an assistant event with a message id (a key spelt out or \u-escaped).
  lineMarkers: /"type":"tool_use"|"subtype":"init"|"id"|\\u/,
  // num_turns in the final result.
  reportsTurns: true,
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

interface Scan {
  result: JsonObject | null;
  plainText: string[];
  /** The model said or did something: a real assistant message with content, or a tool result. */
  modelOutput: boolean;
  /** The assistant `error` field of the latest synthetic (CLI-made) assistant message. */
  assistantError: string | null;
  assistantErrorText: string;
  /** The latest `api_retry` notice: the CLI was retrying a failed API call. */
  retry: JsonObject | null;
  /** The model `system/init` names, else the latest real assistant message's. */
  model: string | null;
  initModel: string | null;
}

function scan(tail: string, complete: boolean): Scan {
  const s: Scan = {
    result: null,
    plainText: [],
    modelOutput: false,
    assistantError: null,
    assistantErrorText: '',
    retry: null,
    model: null,
    initModel: null,
  };
  for (const record of tailRecords(tail, complete, (line) => parseLineLenient(line, RATE_LIMIT_EVENT))) {
    if ('text' in record) {
      s.plainText.push(record.text);
      continue;
    }
    const event = record.event;
    if (event.type === 'result') s.result = event;
    else if (event.type === 'assistant') {
      const message = asObject(event.message);
      const error = asString(event.error);
      if (error !== null || message?.model === '<synthetic>') {
        s.assistantError = error ?? s.assistantError;
        s.assistantErrorText = contentText(message);
      } else {
        // Content, or output tokens in its usage: peers' transcripts have assistant events whose content is []
        // but that carry usage (issue 23, report-claude-empty-content-with-usage).
        if (hasContent(message) || (asNumber(asObject(message?.usage)?.output_tokens) ?? 0) > 0)
          s.modelOutput = true;
        s.model = asString(message?.model) ?? s.model;
      }
    } else if (event.type === 'user' && hasToolResult(asObject(event.message))) s.modelOutput = true;
    else if (event.type === 'system' && event.subtype === 'api_retry') s.retry = event;
    else if (event.type === 'system' && event.subtype === 'init') s.initModel = asString(event.model);
  }
  return s;
}

function hasContent(message: JsonObject | null): boolean {
  const content = message?.content;
  if (typeof content === 'string') return content.trim() !== '';
  if (!Array.isArray(content)) return false;
  return content.some((c) => {
    const block = asObject(c);
    if (block === null) return false;
    if (block.type === 'text') return (asString(block.text) ?? '').trim() !== '';
    return block.type === 'tool_use' || block.type === 'server_tool_use';
  });
}

function hasToolResult(message: JsonObject | null): boolean {
  const content = message?.content;
  return Array.isArray(content) && content.some((c) => asObject(c)?.type === 'tool_result');
}

function contentText(message: JsonObject | null): string {
  const content = message?.content;
  if (!Array.isArray(content)) return '';
  return content
    .map((c) => asString(asObject(c)?.text) ?? '')
    .filter((t) => t !== '')
    .join('\n');
}

function classify(tail: string, complete: boolean, options: ClassifyOptions): TranscriptVerdict {
  const s = scan(tail, complete);
  const { result } = s;
  const resultText = result === null ? null : asString(result.result);
  const isError =
    result === null ? null : result.is_error === true || /^error/.test(asString(result.subtype) ?? '');
  const stderrText = lastChars(s.plainText.join('\n'), TEXT_WINDOW_CHARS);
  const succeeded = isError === false;
  // `--max-turns` / `--max-budget-usd` reached: an error result by the CLI's schema, but the session did its
  // work up to the budget it was given. Neither a limit nor a failure; the loop's next iteration goes on.
  const budgetSpent = result !== null && SESSION_BUDGET_SUBTYPES.has(asString(result.subtype) ?? '');
  const rate_limit =
    succeeded || budgetSpent ? null : rateLimit(s, resultText ?? '', stderrText, tail, options);
  const failure =
    succeeded || budgetSpent || rate_limit !== null
      ? null
      : failureOf(s, resultText, stderrText, options.exit);
  return {
    final: result !== null,
    is_error: isError,
    result_text: resultText === null ? null : truncate(resultText, RESULT_TEXT_CHARS),
    rate_limit,
    failure,
    model_output:
      s.modelOutput ||
      (succeeded && didWork(result, resultText)) ||
      // A cut tail that shows nothing either way: the model's output may lie before the window.
      (!complete && result === null && s.assistantError === null && s.retry === null),
    notice: s.plainText.at(-1) ?? null,
    metrics: {
      ...(result === null ? emptyMetrics() : metricsOf(result)),
      model: s.initModel ?? s.model,
    },
  };
}

/**
 * A successful result that shows work: a non-empty answer, output tokens or a cost (issue 23: a session that did
 * work is never empty because its assistant messages carry no text blocks; report-claude-empty-content-with-usage,
 * report-claude-success-no-text-result). A result with none of these is the model producing nothing.
 */
function didWork(result: JsonObject | null, resultText: string | null): boolean {
  if (result === null) return false;
  if ((resultText ?? '').trim() !== '') return true;
  const outputTokens =
    asNumber(asObject(result.usage)?.output_tokens) ?? sumModelUsage(result, 'outputTokens');
  return (outputTokens ?? 0) > 0 || (asNumber(result.total_cost_usd) ?? 0) > 0;
}

/** Result subtypes (Claude Code 2.1) for a session that ended at the turn or spending budget it was given. */
const SESSION_BUDGET_SUBTYPES: ReadonlySet<string> = new Set(['error_max_turns', 'error_max_budget_usd']);

function statusOf(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : asNumber(value);
  return n !== null && Number.isInteger(n) && n > 0 ? n : null;
}

function rateLimit(
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

const ASSISTANT_ERRORS: Record<string, FailureInfo['reason']> = {
  authentication_failed: 'authentication',
  billing_error: 'billing',
  server_error: 'server_error',
};

function failureOf(
  s: Scan,
  resultText: string | null,
  stderrText: string,
  exit: ClassifyOptions['exit'],
): FailureInfo | null {
  const { result } = s;
  if (result !== null) {
    const text = resultText ?? asString(result.subtype) ?? 'error result';
    const found = failureFrom(statusOf(result.api_error_status), text, 'result') ?? fromAssistantError(s);
    if (found !== null) return found;
    const retried = retryFailure(s);
    return retried ?? errorResult(`${asText(result.subtype, 'result')}: ${text}`, 'result');
  }
  return (
    fromAssistantError(s) ??
    failureFromText(s.assistantErrorText, 'error_event') ??
    retryFailure(s) ??
    failureFromText(stderrText, 'stderr') ??
    crashFailure(s.plainText, exit)
  );
}

function fromAssistantError(s: Scan): FailureInfo | null {
  if (s.assistantError === null) return null;
  const reason = ASSISTANT_ERRORS[s.assistantError];
  const detail = truncate(s.assistantErrorText || s.assistantError, 300);
  const byText = failureFromText(s.assistantErrorText, 'error_event');
  if (byText !== null) return byText;
  if (reason === undefined) return null;
  return {
    kind: reason === 'server_error' ? 'transient' : 'fatal',
    reason,
    source: 'error_event',
    detail: `${s.assistantError}: ${detail}`,
  };
}

/** `api_retry 2/10`: which of the CLI's own retries a notice announces. */
function retryLabel(retry: JsonObject): string {
  return `api_retry ${asText(retry.attempt, '?')}/${asText(retry.max_retries, '?')}`;
}

function retryFailure(s: Scan): FailureInfo | null {
  if (s.retry === null) return null;
  const status = statusOf(s.retry.error_status);
  const detail = `${retryLabel(s.retry)}: ${asText(status)} ${asText(s.retry.error)}`;
  const byStatus = status === null ? null : failureFromStatus(status, detail);
  if (byStatus !== null) return byStatus;
  if (status === null) return failureFromText(asText(s.retry.error), 'api_status');
  return null;
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

function sumModelUsage(
  result: JsonObject,
  key: 'inputTokens' | 'outputTokens' | 'cacheReadInputTokens' | 'cacheCreationInputTokens',
): number | null {
  const models = asObject(result.modelUsage);
  if (models === null) return null;
  let total: number | null = null;
  for (const usage of Object.values(models)) {
    const n = asNumber(asObject(usage)?.[key]);
    if (n !== null) total = (total ?? 0) + n;
  }
  return total;
}

function metricsOf(result: JsonObject): SessionMetrics {
  const usage = asObject(result.usage);
  return {
    ...emptyMetrics(),
    // num_turns counts the model's turns (one per API answer), the meaning `turns` has for every format.
    turns: asNumber(result.num_turns),
    input_tokens: asNumber(usage?.input_tokens) ?? sumModelUsage(result, 'inputTokens'),
    output_tokens: asNumber(usage?.output_tokens) ?? sumModelUsage(result, 'outputTokens'),
    cost_usd: asNumber(result.total_cost_usd),
    agent_duration_ms: asNumber(result.duration_ms),
    cache_read_tokens:
      asNumber(usage?.cache_read_input_tokens) ?? sumModelUsage(result, 'cacheReadInputTokens'),
    cache_write_tokens:
      asNumber(usage?.cache_creation_input_tokens) ?? sumModelUsage(result, 'cacheCreationInputTokens'),
  };
}
