// Adapter for agents whose output is plain text: no structure, so no final result and no metrics. Only the end of
// the output is searched for limit messages, since earlier text is more likely the agent's own work. Failure
// wording is read only when the agent exited non-zero, and only in its last lines: a successful agent whose answer
// mentions "503" or "ECONNREFUSED" is never a failure.
import { textAgentText } from './agent-text.js';
import { emptyMetrics } from './types.js';
import type { ClassifyOptions, FailureInfo, TranscriptAdapter, TranscriptVerdict } from './types.js';
import { limitFromText } from './limit-text.js';
import { crashFailure, failureFromText } from './failure-text.js';
import {
  lastChars,
  lastLines,
  lastNonEmptyLine,
  RESULT_TEXT_CHARS,
  tailLines,
  TEXT_WINDOW_CHARS,
  truncate,
} from './lines.js';

/** How many final lines of a failed text agent are read for failure wording. */
const FAILURE_LINES = 8;

export const textAdapter: TranscriptAdapter = {
  format: 'text',
  agentText: textAgentText,
  toolCalls: null,
  turnShape: null,
  reportsTurns: false,
  hasFinalResult: () => false,
  classify(tail: string, complete: boolean, options: ClassifyOptions): TranscriptVerdict {
    const text = tailLines(tail, complete).join('\n');
    const lastLine = lastNonEmptyLine(text);
    const rate_limit = limitFromText(lastChars(text, TEXT_WINDOW_CHARS), 'output', options);
    return {
      final: false,
      is_error: null,
      result_text: lastLine === null ? null : truncate(lastLine, RESULT_TEXT_CHARS),
      rate_limit,
      failure: rate_limit === null ? failureOf(text, options.exit) : null,
      model_output: null,
      notice: lastLine,
      metrics: emptyMetrics(),
    };
  },
};

function failureOf(text: string, exit: ClassifyOptions['exit']): FailureInfo | null {
  if (exit === undefined || exit.signal !== null || exit.code === null || exit.code === 0) return null;
  const { lines } = lastLines(text.trimEnd(), FAILURE_LINES);
  const last = lines.map((l) => l.trim()).filter((l) => l !== '');
  return failureFromText(last.join('\n'), 'stderr') ?? crashFailure(last, exit);
}
