// Adapter for `gemini -p --output-format stream-json`. The final `result` event carries a status and stats
// (including the tool-call count, so no full scan is needed); the answer itself arrives as assistant deltas.
import { emptyMetrics } from './types.js';
import type {
  ClassifyOptions,
  RateLimitInfo,
  SessionMetrics,
  TranscriptAdapter,
  TranscriptVerdict,
} from './types.js';
import { limitFromText } from './limit-text.js';
import { asNumber, asObject, asString, lastJsonEvent, tailRecords, type JsonObject } from './json-lines.js';
import { lastChars, RESULT_TEXT_CHARS, TEXT_WINDOW_CHARS, truncate } from './lines.js';

export const geminiAdapter: TranscriptAdapter = {
  format: 'gemini',
  toolCalls: (line) => (line.includes('"type":"tool_use"') ? 1 : 0),
  hasFinalResult: (tail) => lastJsonEvent(tail)?.type === 'result',
  classify,
};

interface Scan {
  result: JsonObject | null;
  /** The assistant's last uninterrupted run of text: its answer after the final tool call. */
  answer: string | null;
  errors: string[];
  plainText: string[];
}

function scan(tail: string, complete: boolean): Scan {
  const s: Scan = { result: null, answer: null, errors: [], plainText: [] };
  let answerOpen = false;
  for (const record of tailRecords(tail, complete)) {
    if ('text' in record) {
      s.plainText.push(record.text);
      continue;
    }
    const event = record.event;
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

function classify(tail: string, complete: boolean, options: ClassifyOptions): TranscriptVerdict {
  const s = scan(tail, complete);
  const isError = s.result === null ? null : s.result.status !== 'success';
  const failure = asString(asObject(s.result?.error)?.message) ?? s.errors.at(-1) ?? null;
  const resultText = s.result === null ? null : isError ? failure : s.answer;
  return {
    final: s.result !== null,
    is_error: isError,
    result_text: resultText === null ? null : truncate(resultText, RESULT_TEXT_CHARS),
    rate_limit: isError === false ? null : rateLimit(s, failure, options),
    failure: null,
    model_output: null,
    notice: null,
    metrics: s.result === null ? emptyMetrics() : metricsOf(s.result),
  };
}

function rateLimit(s: Scan, failure: string | null, options: ClassifyOptions): RateLimitInfo | null {
  const errorText = [...s.errors, ...(failure === null || s.errors.includes(failure) ? [] : [failure])].join(
    '\n',
  );
  return (
    limitFromText(errorText, 'error', { ...options, apiTexts: true }) ??
    // stderr also carries stack traces, where a bare "429" can be a line number: only firm wording counts there.
    limitFromText(lastChars(s.plainText.join('\n'), TEXT_WINDOW_CHARS), 'output', options)
  );
}

function metricsOf(result: JsonObject): SessionMetrics {
  const stats = asObject(result.stats);
  return {
    ...emptyMetrics(),
    tool_calls: asNumber(stats?.tool_calls),
    input_tokens: asNumber(stats?.input_tokens),
    output_tokens: asNumber(stats?.output_tokens),
    agent_duration_ms: asNumber(stats?.duration_ms),
  };
}
