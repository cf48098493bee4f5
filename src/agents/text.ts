// Adapter for agents whose output is plain text: no structure, so no final result and no metrics. Only the end of
// the output is searched for limit messages, since earlier text is more likely the agent's own work.
import { emptyMetrics } from './types.js';
import type { ClassifyOptions, TranscriptAdapter, TranscriptVerdict } from './types.js';
import { limitFromText } from './limit-text.js';
import {
  lastChars,
  lastNonEmptyLine,
  RESULT_TEXT_CHARS,
  tailLines,
  TEXT_WINDOW_CHARS,
  truncate,
} from './lines.js';

export const textAdapter: TranscriptAdapter = {
  format: 'text',
  toolCalls: null,
  hasFinalResult: () => false,
  classify(tail: string, complete: boolean, options: ClassifyOptions): TranscriptVerdict {
    const text = tailLines(tail, complete).join('\n');
    const lastLine = lastNonEmptyLine(text);
    return {
      final: false,
      is_error: null,
      result_text: lastLine === null ? null : truncate(lastLine, RESULT_TEXT_CHARS),
      rate_limit: limitFromText(lastChars(text, TEXT_WINDOW_CHARS), 'output', options),
      // Plain text is the agent's own output throughout: failure wording there may be the agent's work, so only
      // limits (firm wording, at the very end) are read; failures are left to the exit code.
      failure: null,
      model_output: null,
      notice: lastLine,
      metrics: emptyMetrics(),
    };
  },
};
