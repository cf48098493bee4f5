// Adapter for `codex exec --json`. A turn ends in `turn.completed` or `turn.failed`; limits arrive as an `error`
// event and then `turn.failed`, worded for humans ("You've hit your usage limit ... try again at 3:05 PM"); retries
// show as `error` events ("Reconnecting... 2/5 ..."), and a broken stream as `turn.failed` with "stream disconnected
// before completion".
import { errorLine } from '../os/error-line.js';
import { codexAgentText } from './agent-text.js';
import { codexTurnCounter, isModelItem, TOOL_ITEMS } from './codex-turns.js';
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
import { crashFailure, errorResult, failureFromText } from './failure-text.js';
import {
  asNumber,
  asObject,
  asString,
  lastJsonEvent,
  parseObject,
  tailRecords,
  type JsonObject,
} from './json-lines.js';
import { errorMessages, lastChars, RESULT_TEXT_CHARS, TEXT_WINDOW_CHARS, truncate } from './lines.js';

const isTurnEnd = (type: unknown): boolean => type === 'turn.completed' || type === 'turn.failed';

const ITEM_HEAD = /^\s*\{"type":"item\.completed","item":\{"id":"[^"\\]*","type":"([a-z_]+)"/;

/** One tool call per `item.completed` of a tool item (`item.started` announces the same call and is not counted). */
export function codexToolCalls(line: string): number {
  if (!line.includes('"item.completed"')) return 0;
  // Codex writes `{"type":"item.completed","item":{"id":"...","type":"..."`: read the item type without parsing a
  // line that may hold megabytes of command output; any other layout is parsed.
  const head = ITEM_HEAD.exec(line.slice(0, 512));
  if (head?.[1] !== undefined) return TOOL_ITEMS.has(head[1]) ? 1 : 0;
  const event = parseObject(line.trim());
  if (event?.type !== 'item.completed') return 0;
  const type = asObject(event.item)?.type;
  return typeof type === 'string' && TOOL_ITEMS.has(type) ? 1 : 0;
}

export const codexAdapter: TranscriptAdapter = {
  format: 'codex',
  agentText: codexAgentText,
  toolCalls: codexToolCalls,
  turnShape: codexTurnCounter,
  // Only turn.* and item.* events count (their type is read raw before any parse).
  lineMarkers: /"turn\.|"item\./,
  reportsTurns: false,
  hasFinalResult: (tail) => isTurnEnd(lastJsonEvent(tail)?.type),
  classify,
};

interface Scan {
  final: JsonObject | null;
  lastMessage: string | null;
  /** Error messages since the latest turn started: the ones that belong to how the session ended. */
  errors: string[];
  plainText: string[];
  /** Model turns: each answer of the model (a run of model items after the turn started or after a tool result). */
  modelTurns: number;
  modelOutput: boolean;
  inputTokens: number | null;
  outputTokens: number | null;
  cacheReadTokens: number | null;
  cacheWriteTokens: number | null;
}

function scan(tail: string, complete: boolean): Scan {
  const s: Scan = {
    final: null,
    lastMessage: null,
    errors: [],
    plainText: [],
    modelTurns: 0,
    modelOutput: false,
    inputTokens: null,
    outputTokens: null,
    cacheReadTokens: null,
    cacheWriteTokens: null,
  };
  let answering = false;
  const started = new Set<string>();
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
      answering = false;
    } else if ((event.type === 'item.started' || event.type === 'item.completed') && item !== null) {
      const id = asString(item.id);
      const toolDone = event.type === 'item.completed' && TOOL_ITEMS.has(String(item.type));
      // A tool item seen only completed (a patch) was called in the answer it ends.
      const calledHere = !toolDone || id === null || !started.has(id);
      if (event.type === 'item.started' && id !== null) started.add(id);
      if (isModelItem(item.type) || item.type === 'reasoning') {
        if (isModelItem(item.type)) s.modelOutput = true;
        if (!answering && calledHere) {
          s.modelTurns++;
          answering = true;
        }
      }
      // A tool's result goes back to the model, whose next item is a new answer.
      if (toolDone) answering = false;
      if (event.type === 'item.completed' && item.type === 'agent_message')
        s.lastMessage = asString(item.text) ?? s.lastMessage;
    } else if (event.type === 'error') {
      const message = asString(event.message);
      if (message !== null) s.errors.push(message);
    } else if (isTurnEnd(event.type)) {
      s.final = event;
      answering = false;
      const usage = asObject(event.usage);
      // A turn that reports output tokens produced something, even with no answer item in the tail (issue 23).
      if (event.type === 'turn.completed' && (asNumber(usage?.output_tokens) ?? 0) > 0) s.modelOutput = true;
      if (usage !== null) {
        // Each turn reports its own usage; sum what the tail shows (an exec run is normally one turn).
        s.inputTokens = (s.inputTokens ?? 0) + (asNumber(usage.input_tokens) ?? 0);
        s.outputTokens = (s.outputTokens ?? 0) + (asNumber(usage.output_tokens) ?? 0);
        s.cacheReadTokens = addKnown(s.cacheReadTokens, usage.cached_input_tokens);
        // cache_write_input_tokens is newer (codex 0.169 writes it); older versions leave it out: not known.
        s.cacheWriteTokens = addKnown(s.cacheWriteTokens, usage.cache_write_input_tokens);
      }
    }
  }
  return s;
}

function classify(tail: string, complete: boolean, options: ClassifyOptions): TranscriptVerdict {
  const s = scan(tail, complete);
  const failed = s.final?.type === 'turn.failed';
  const failureText = failed
    ? (asString(asObject(s.final?.error)?.message) ?? s.errors.at(-1) ?? null)
    : null;
  const resultText = s.final === null ? null : failed ? failureText : s.lastMessage;
  const succeeded = s.final !== null && !failed;
  const rate_limit = succeeded ? null : rateLimit(s, failureText, options);
  const failure = succeeded || rate_limit !== null ? null : failureOf(s, failureText, options.exit);
  return {
    final: s.final !== null,
    is_error: s.final === null ? null : failed,
    result_text: resultText === null ? null : truncate(resultText, RESULT_TEXT_CHARS),
    rate_limit,
    failure,
    model_output: s.modelOutput || (!complete && s.final === null && s.errors.length === 0),
    notice: errorLine(s.plainText),
    metrics: metricsOf(s),
  };
}

function rateLimit(s: Scan, failure: string | null, options: ClassifyOptions): RateLimitInfo | null {
  // Codex prints reset times in the machine's local zone without naming it.
  const defaultZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    limitFromText(errorMessages(s.errors, failure), 'error', { ...options, apiTexts: true, defaultZone }) ??
    (s.final === null
      ? limitFromText(lastChars(s.plainText.join('\n'), TEXT_WINDOW_CHARS), 'output', {
          ...options,
          defaultZone,
        })
      : null)
  );
}

function failureOf(s: Scan, failure: string | null, exit: ClassifyOptions['exit']): FailureInfo | null {
  if (s.final !== null) {
    // turn.failed: its own message decides, then the errors before it.
    const text = failure ?? 'turn failed';
    return (
      failureFromText(text, 'result') ??
      failureFromText(s.errors.join('\n'), 'error_event') ??
      errorResult(text, 'result')
    );
  }
  return (
    failureFromText(s.errors.join('\n'), 'error_event') ??
    failureFromText(lastChars(s.plainText.join('\n'), TEXT_WINDOW_CHARS), 'stderr') ??
    crashFailure(s.plainText, exit)
  );
}

/** A running total that stays null until a turn reports the count. */
function addKnown(total: number | null, value: unknown): number | null {
  const n = asNumber(value);
  return n === null ? total : (total ?? 0) + n;
}

function metricsOf(s: Scan): SessionMetrics {
  return {
    ...emptyMetrics(),
    turns: s.final === null && s.modelTurns === 0 ? null : s.modelTurns,
    input_tokens: s.inputTokens,
    output_tokens: s.outputTokens,
    // turn.completed's usage: cached_input_tokens is the part of input_tokens read from the prompt cache.
    cache_read_tokens: s.cacheReadTokens,
    cache_write_tokens: s.cacheWriteTokens,
  };
}
