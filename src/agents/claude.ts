// Adapter for `claude -p --output-format stream-json --verbose`. The final `result` event is the authority: once it
// reports success nothing else in the transcript (the model talking about "rate limits", a stale limit event) can
// turn the session into a rate-limited or failed one. Without a successful result, evidence is read in order: limits
// (api_error_status 429, a rejected rate_limit_event, limit wording in the result, in `api_retry` notices or stderr),
// then failures (the status, the assistant's `error` field, `api_retry` notices, failure wording). This file
// weighs them; the tail's scan, the limit, the failure and the result's usage each have a claude-* file of their own.
import { errorLine } from '../os/error-line.js';
import { claudeAgentText } from './agent-text.js';
import { claudeTurnCounter, lineMarks } from './claude-turns.js';
import { failureOf } from './claude-failure.js';
import { rateLimit } from './claude-limit.js';
import { scan } from './claude-scan.js';
import { didWork, metricsOf } from './claude-usage.js';
import { emptyMetrics } from '../session/index.js';
import type { ClassifyOptions, TranscriptAdapter, TranscriptVerdict } from './types.js';
import { asObject, asString, lastJsonEvent, parseObject } from './json-lines.js';
import { lastChars, RESULT_TEXT_CHARS, TEXT_WINDOW_CHARS, truncate } from './lines.js';

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
    notice: errorLine(s.plainText),
    metrics: {
      ...(result === null ? emptyMetrics() : metricsOf(result)),
      model: s.initModel ?? s.model,
    },
  };
}

/** Result subtypes (Claude Code 2.1) for a session that ended at the turn or spending budget it was given. */
const SESSION_BUDGET_SUBTYPES: ReadonlySet<string> = new Set(['error_max_turns', 'error_max_budget_usd']);
