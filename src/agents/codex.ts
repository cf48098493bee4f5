// Adapter for `codex exec --json`. A turn ends in `turn.completed` or `turn.failed`; limits arrive as an `error`
// event and then `turn.failed`, worded for humans ("You've hit your usage limit ... try again at 3:05 PM").
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

const isTurnEnd = (type: unknown): boolean => type === 'turn.completed' || type === 'turn.failed';

export const codexAdapter: TranscriptAdapter = {
  format: 'codex',
  // Note: `item.started` repeats the item type, so a full scan sees running commands twice.
  // Each command appears in both item.started and item.completed lines, so a plain count would double it.
  toolCalls: null,
  hasFinalResult: (tail) => isTurnEnd(lastJsonEvent(tail)?.type),
  classify,
};

interface Scan {
  final: JsonObject | null;
  lastMessage: string | null;
  /** Error messages since the latest turn started: the ones that belong to how the session ended. */
  errors: string[];
  plainText: string[];
  turns: number;
  inputTokens: number | null;
  outputTokens: number | null;
}

function scan(tail: string, complete: boolean): Scan {
  const s: Scan = {
    final: null,
    lastMessage: null,
    errors: [],
    plainText: [],
    turns: 0,
    inputTokens: null,
    outputTokens: null,
  };
  for (const record of tailRecords(tail, complete)) {
    if ('text' in record) {
      s.plainText.push(record.text);
      continue;
    }
    const event = record.event;
    const item = asObject(event.item);
    if (event.type === 'turn.started') {
      s.final = null;
      s.errors = [];
    } else if (event.type === 'item.completed' && item?.type === 'agent_message') {
      s.lastMessage = asString(item.text) ?? s.lastMessage;
    } else if (event.type === 'error') {
      const message = asString(event.message);
      if (message !== null) s.errors.push(message);
    } else if (isTurnEnd(event.type)) {
      s.final = event;
      s.turns++;
      const usage = asObject(event.usage);
      if (usage !== null) {
        // Each turn reports its own usage; sum what the tail shows (an exec run is normally one turn).
        s.inputTokens = (s.inputTokens ?? 0) + (asNumber(usage.input_tokens) ?? 0);
        s.outputTokens = (s.outputTokens ?? 0) + (asNumber(usage.output_tokens) ?? 0);
      }
    }
  }
  return s;
}

function classify(tail: string, complete: boolean, options: ClassifyOptions): TranscriptVerdict {
  const s = scan(tail, complete);
  const failed = s.final?.type === 'turn.failed';
  const failure = failed ? (asString(asObject(s.final?.error)?.message) ?? s.errors.at(-1) ?? null) : null;
  const resultText = s.final === null ? null : failed ? failure : s.lastMessage;
  return {
    final: s.final !== null,
    is_error: s.final === null ? null : failed,
    result_text: resultText === null ? null : truncate(resultText, RESULT_TEXT_CHARS),
    rate_limit: s.final !== null && !failed ? null : rateLimit(s, failure, options),
    failure: null,
    model_output: null,
    notice: null,
    metrics: metricsOf(s),
  };
}

function rateLimit(s: Scan, failure: string | null, options: ClassifyOptions): RateLimitInfo | null {
  // Codex prints reset times in the machine's local zone without naming it.
  const defaultZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const errorText = [...s.errors, ...(failure === null ? [] : [failure])].join('\n');
  return (
    limitFromText(errorText, 'error', { ...options, apiTexts: true, defaultZone }) ??
    (s.final === null
      ? limitFromText(lastChars(s.plainText.join('\n'), TEXT_WINDOW_CHARS), 'output', {
          ...options,
          defaultZone,
        })
      : null)
  );
}

function metricsOf(s: Scan): SessionMetrics {
  return {
    ...emptyMetrics(),
    turns: s.final === null && s.turns === 0 ? null : s.turns,
    input_tokens: s.inputTokens,
    output_tokens: s.outputTokens,
  };
}
