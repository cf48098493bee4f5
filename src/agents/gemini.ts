// Adapter for `gemini -p --output-format stream-json`. The final `result` event carries a status and stats
// (including the tool-call count); the answer itself arrives as assistant deltas. While Gemini retries a 429 or a
// 5xx it writes only plain stderr lines ("Attempt 1 failed with status 429. Retrying with backoff... {...}",
// "Please retry in 2.5s."), so a session killed during those retries is judged from stderr.
import { errorLine } from '../os/error-line.js';
import { geminiAgentText } from './agent-text.js';
import { geminiTurnCounter } from './gemini-turns.js';
import { emptyMetrics } from '../session/index.js';
import type {
  ClassifyOptions,
  FailureInfo,
  RateLimitInfo,
  TranscriptAdapter,
  TranscriptVerdict,
} from './types.js';
import type { SessionMetrics } from '../session/index.js';
import { limitFromText } from './limit-text.js';
import { crashFailure, errorResult, failureFromText, geminiExitFailure } from './failure-text.js';
import { asNumber, asObject, asString, lastJsonEvent, tailRecords, type JsonObject } from './json-lines.js';
import { errorMessages, lastChars, RESULT_TEXT_CHARS, TEXT_WINDOW_CHARS, truncate } from './lines.js';

export const geminiAdapter: TranscriptAdapter = {
  format: 'gemini',
  agentText: geminiAgentText,
  toolCalls: (line) => (line.includes('"type":"tool_use"') ? 1 : 0),
  turnShape: geminiTurnCounter,
  // The event types the counter and the tool calls read, spelt out or \u-escaped.
  lineMarkers: /"tool_use"|"tool_result"|"message"|"init"|\\u/,
  reportsTurns: false,
  hasFinalResult: (tail) => lastJsonEvent(tail)?.type === 'result',
  classify,
};

interface Scan {
  result: JsonObject | null;
  /** The assistant's last uninterrupted run of text: its answer after the final tool call. */
  answer: string | null;
  errors: string[];
  plainText: string[];
  modelOutput: boolean;
  /** Model turns: runs of assistant messages and tool calls between tool results. */
  modelTurns: number;
}

function scan(tail: string, complete: boolean): Scan {
  const s: Scan = {
    result: null,
    answer: null,
    errors: [],
    plainText: [],
    modelOutput: false,
    modelTurns: 0,
  };
  let answerOpen = false;
  let answering = false;
  for (const record of tailRecords(tail, complete)) {
    if ('text' in record) {
      s.plainText.push(record.text);
      continue;
    }
    const event = record.event;
    const fromModel =
      (event.type === 'message' && event.role === 'assistant' && (asString(event.content) ?? '') !== '') ||
      event.type === 'tool_use';
    if (fromModel) {
      s.modelOutput = true;
      if (!answering) s.modelTurns++;
      answering = true;
    } else if (event.type === 'tool_result' || (event.type === 'message' && event.role === 'user')) {
      answering = false;
    }
    if (event.type === 'message' && event.role === 'assistant') {
      const content = asString(event.content) ?? '';
      s.answer = answerOpen && event.delta === true ? (s.answer ?? '') + content : content;
      answerOpen = true;
    } else if (event.type === 'error') {
      const message = asString(event.message);
      if (message !== null) s.errors.push(message);
    } else if (event.type === 'result') {
      s.result = event;
    } else {
      answerOpen = false;
    }
  }
  return s;
}

/** gemini-cli 0.61.0's handleMaxTurnsExceededError message. */
const TURN_BUDGET_TEXT = /^Reached max session turns for this session\b/;

function classify(tail: string, complete: boolean, options: ClassifyOptions): TranscriptVerdict {
  const s = scan(tail, complete);
  const isError = s.result === null ? null : s.result.status !== 'success';
  const failureText = asString(asObject(s.result?.error)?.message) ?? s.errors.at(-1) ?? null;
  const resultText = s.result === null ? null : isError ? failureText : s.answer;
  const stderrText = lastChars(s.plainText.join('\n'), TEXT_WINDOW_CHARS);
  const succeeded = isError === false;
  // `maxSessionTurns` reached (FatalTurnLimitedError, exit 53): the session did its work up to the turn budget
  // it was given. Neither a limit nor a failure; the loop's next iteration goes on.
  const budgetSpent =
    isError === true && (options.exit?.code === 53 || TURN_BUDGET_TEXT.test(failureText ?? ''));
  const rate_limit = succeeded || budgetSpent ? null : rateLimit(s, failureText, stderrText, options);
  const failure =
    succeeded || budgetSpent || rate_limit !== null ? null : failureOf(s, failureText, stderrText, options);
  return {
    final: s.result !== null,
    is_error: isError,
    result_text: resultText === null ? null : truncate(resultText, RESULT_TEXT_CHARS),
    rate_limit,
    failure,
    model_output:
      s.modelOutput ||
      // A successful result whose stats show output tokens or tool calls did work (issue 23), even where the
      // assistant's messages were not in the stream.
      (isError === false && resultDidWork(s.result)) ||
      (!complete && s.result === null && s.errors.length === 0),
    notice: errorLine(s.plainText),
    metrics: s.result === null ? emptyMetrics() : metricsOf(s.result, s.modelTurns),
  };
}

function rateLimit(
  s: Scan,
  failure: string | null,
  stderrText: string,
  options: ClassifyOptions,
): RateLimitInfo | null {
  return (
    limitFromText(errorMessages(s.errors, failure), 'error', { ...options, apiTexts: true }) ??
    // stderr also carries stack traces, where a bare "429" can be a line number: only firm wording counts there.
    limitFromText(stderrText, 'output', options)
  );
}

function failureOf(
  s: Scan,
  failure: string | null,
  stderrText: string,
  options: ClassifyOptions,
): FailureInfo | null {
  const exit = geminiExitFailure(options.exit?.code ?? null, [stderrText, failure ?? ''].join('\n').trim());
  if (exit !== null) return exit;
  const events = errorMessages(s.errors, failure);
  const found = failureFromText(events, s.result === null ? 'error_event' : 'result');
  if (found !== null) return found;
  if (s.result !== null) {
    return failureFromText(stderrText, 'stderr') ?? errorResult(failure ?? 'status error', 'result');
  }
  return failureFromText(stderrText, 'stderr') ?? crashFailure(s.plainText, options.exit);
}

function resultDidWork(result: JsonObject | null): boolean {
  const stats = asObject(result?.stats);
  return (asNumber(stats?.output_tokens) ?? 0) > 0 || (asNumber(stats?.tool_calls) ?? 0) > 0;
}

function metricsOf(result: JsonObject, modelTurns: number): SessionMetrics {
  const stats = asObject(result.stats);
  return {
    ...emptyMetrics(),
    turns: modelTurns,
    tool_calls: asNumber(stats?.tool_calls),
    input_tokens: asNumber(stats?.input_tokens),
    output_tokens: asNumber(stats?.output_tokens),
    agent_duration_ms: asNumber(stats?.duration_ms),
    // `cached` is the prompt tokens served from the cache (cachedContentTokenCount); the API reports no writes.
    cache_read_tokens: asNumber(stats?.cached),
    model: mainModel(asObject(stats?.models)),
  };
}

/**
 * The model that did the work: the one with the most tokens in the result's per-model stats (with the `auto`
 * router, a small routing model is listed too). Null when the stats name none.
 */
function mainModel(models: JsonObject | null): string | null {
  let best: string | null = null;
  let most = -1;
  for (const [name, usage] of Object.entries(models ?? {})) {
    const tokens = asNumber(asObject(usage)?.total_tokens) ?? 0;
    if (tokens > most) {
      best = name;
      most = tokens;
    }
  }
  return best;
}
