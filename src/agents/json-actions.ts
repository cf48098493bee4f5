// Adapter for agent.format = "json-actions": the harness's own structured-action worker run as the loop's agent
// (`agent-harness worker session`, src/cli/worker-session.ts). Its transcript is what the session prints: a
// `start` line, one `iteration` line per worker iteration, and a `result` line with the task's outcome, which
// names the model call that ended the task (`llm_error`: the transport's failure kind, HTTP status and the
// Retry-After it was given). Nothing here reads wording: every decision is a field the worker wrote.
import { errorLine } from '../os/error-line.js';
import {
  iterationFacts,
  jsonActionsAgentText,
  jsonActionsToolCalls,
  jsonActionsTurnCounter,
} from './json-actions-lines.js';
import {
  asNumber,
  asObject,
  asString,
  asText,
  lastJsonEvent,
  tailRecords,
  type JsonObject,
} from './json-lines.js';
import { crashFailure, errorResult, failureFromStatus } from './failure-text.js';
import { RESULT_TEXT_CHARS, truncate } from './lines.js';
import { emptyMetrics } from '../session/index.js';
import type {
  ClassifyOptions,
  FailureInfo,
  RateLimitInfo,
  TranscriptAdapter,
  TranscriptVerdict,
} from './types.js';
import type { SessionMetrics } from '../session/index.js';

export const jsonActionsAdapter: TranscriptAdapter = {
  format: 'json-actions',
  agentText: jsonActionsAgentText,
  toolCalls: jsonActionsToolCalls,
  turnShape: jsonActionsTurnCounter,
  reportsTurns: false,
  hasFinalResult: (tail) => lastJsonEvent(tail)?.type === 'result',
  classify,
};

interface Scan {
  result: JsonObject | null;
  /** The session could not start (bad settings, an unusable task directory): its `error` line. */
  error: JsonObject | null;
  model: string | null;
  iterations: number;
  answered: boolean;
  inputTokens: number | null;
  outputTokens: number | null;
  plainText: string[];
}

function scan(tail: string, complete: boolean): Scan {
  const s: Scan = {
    result: null,
    error: null,
    model: null,
    iterations: 0,
    answered: false,
    inputTokens: null,
    outputTokens: null,
    plainText: [],
  };
  for (const record of tailRecords(tail, complete)) {
    if ('text' in record) {
      s.plainText.push(record.text);
      continue;
    }
    const event = record.event;
    if (event.type === 'start') s.model = asString(event.model) ?? s.model;
    else if (event.type === 'iteration') {
      const facts = iterationFacts(event);
      if (facts.fatal) continue;
      s.iterations++;
      s.answered ||= facts.answered;
      s.inputTokens = addKnown(s.inputTokens, facts.input_tokens);
      s.outputTokens = addKnown(s.outputTokens, facts.output_tokens);
    } else if (event.type === 'result') s.result = event;
    else if (event.type === 'error') s.error = event;
  }
  return s;
}

function classify(tail: string, complete: boolean, options: ClassifyOptions): TranscriptVerdict {
  const s = scan(tail, complete);
  // A worker a signal stopped (the watchdog, the Action's cancel) ended its task early and cleanly, but it did
  // not finish: no final result, so a watchdog kill is a stall as for any agent.
  const result = s.result !== null && interrupted(s.result) ? null : s.result;
  const failed = result !== null && (result.status === 'failed' || (asNumber(result.exit_code) ?? 0) !== 0);
  const llm = asObject(result?.llm_error);
  const rate_limit = failed && llm?.kind === 'rate_limited' ? rateLimit(llm, options.now_ms) : null;
  const failure = rate_limit !== null ? null : failureOf(s, result, failed, llm, options.exit);
  // The result counts the answers that parsed over the whole session; the tail may have lost the early lines.
  const answers = asNumber(result?.answers);
  return {
    final: result !== null,
    is_error: result === null ? null : failed,
    result_text: result === null ? null : truncate(resultText(result), RESULT_TEXT_CHARS),
    rate_limit,
    failure,
    model_output: s.answered || (answers !== null && answers > 0),
    notice: errorLine(s.plainText) ?? asString(s.error?.message),
    metrics: metricsOf(s),
  };
}

/** Retry-After, when the provider sent one, is the reset time. */
function rateLimit(llm: JsonObject, nowMs: number): RateLimitInfo {
  const after = asNumber(llm.retry_after_ms);
  return {
    source: 'api_status',
    resets_at_ms: after === null ? null : nowMs + after,
    detail: asString(llm.message) ?? 'the model is rate limited (HTTP 429)',
  };
}

const interrupted = (result: JsonObject): boolean =>
  result.status === 'stopped' && result.termination_reason === 'interrupted';

function failureOf(
  s: Scan,
  result: JsonObject | null,
  failed: boolean,
  llm: JsonObject | null,
  exit: ClassifyOptions['exit'],
): FailureInfo | null {
  if (result === null) {
    if (s.error !== null)
      return {
        kind: 'fatal',
        reason: 'agent_refused',
        source: 'error_event',
        detail: asString(s.error.message) ?? 'the worker session could not start',
      };
    return crashFailure(s.plainText, exit);
  }
  if (!failed) return null;
  if (llm !== null) return modelFailure(llm);
  const error = asObject(result.error);
  const detail = error === null ? resultText(result) : `${asText(error.kind)}: ${asText(error.message)}`;
  // A corrupt task state, a full disk, a refused permission: the worker says so, no retry was tried.
  return errorResult(detail, 'result');
}

/** How a model call failed, by the transport's kind (src/worker/llm/transport.ts LlmFailureKind). */
function modelFailure(llm: JsonObject): FailureInfo {
  const detail = asString(llm.message) ?? `the model call failed (${asText(llm.kind)})`;
  const f = (kind: FailureInfo['kind'], reason: FailureInfo['reason']): FailureInfo => ({
    kind,
    reason,
    source: 'api_status',
    detail: truncate(detail, 300),
  });
  const status = asNumber(llm.status);
  switch (llm.kind) {
    case 'unreachable':
    case 'timeout':
      return f('transient', 'network');
    case 'http_error':
      return (status === null ? null : failureFromStatus(status, detail)) ?? f('transient', 'server_error');
    case 'authentication':
      return f('fatal', 'authentication');
    case 'model_not_found':
      return f('fatal', 'model_not_found');
    default:
      // bad_response, command_failed, and anything newer: a failure of unknown cause, retried.
      return { ...f('error', 'error_result'), source: 'result' };
  }
}

function resultText(result: JsonObject): string {
  const status = asText(result.status, 'unknown');
  const reason = asString(result.termination_reason);
  const error = asObject(result.error);
  const parts = [
    reason === null ? status : `${status} (${reason})`,
    `iteration ${asText(result.iteration, '?')}`,
    `${asText(result.iterations_run, '0')} run, ${asText(result.actions, '0')} actions`,
  ];
  if (error !== null) parts.push(`${asText(error.kind)}: ${asText(error.message)}`);
  return parts.join('; ');
}

function addKnown(total: number | null, value: number | null): number | null {
  return value === null ? total : (total ?? 0) + value;
}

function metricsOf(s: Scan): SessionMetrics {
  // The result's usage covers every iteration of the session; the iterations in the tail may be fewer.
  const usage = asObject(s.result?.usage);
  return {
    ...emptyMetrics(),
    turns: s.result === null && s.iterations === 0 ? null : s.iterations,
    input_tokens: asNumber(usage?.input_tokens) ?? s.inputTokens,
    output_tokens: asNumber(usage?.output_tokens) ?? s.outputTokens,
    model: asString(s.result?.model) ?? s.model,
  };
}
