// Why a Claude Code session without a successful result failed: the result's status and wording, the CLI's
// synthetic assistant `error` field, its `api_retry` notices, stderr, or a crash.
import {
  crashFailure,
  errorResult,
  failureFrom,
  failureFromStatus,
  failureFromText,
} from './failure-text.js';
import { asString, asText } from './json-lines.js';
import { truncate } from './lines.js';
import { retryLabel, statusOf, type Scan } from './claude-scan.js';
import type { ClassifyOptions, FailureInfo } from './types.js';

const ASSISTANT_ERRORS: Record<string, FailureInfo['reason']> = {
  authentication_failed: 'authentication',
  billing_error: 'billing',
  server_error: 'server_error',
};

export function failureOf(
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

function retryFailure(s: Scan): FailureInfo | null {
  if (s.retry === null) return null;
  const status = statusOf(s.retry.error_status);
  const detail = `${retryLabel(s.retry)}: ${asText(status)} ${asText(s.retry.error)}`;
  const byStatus = status === null ? null : failureFromStatus(status, detail);
  if (byStatus !== null) return byStatus;
  if (status === null) return failureFromText(asText(s.retry.error), 'api_status');
  return null;
}
