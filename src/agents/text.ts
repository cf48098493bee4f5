// Adapter for agents whose output is plain text: no structure, so no final result and no metrics. Whether the
// session was rate limited or failed is one pure decision (text-judge.ts) from the exit code and where a message
// stands: the closing lines, where a CLI prints its last word. A successful agent whose answer mentions a limit,
// "503" or "ECONNREFUSED" in its work is neither.
import { textAgentText } from './agent-text.js';
import { emptyMetrics } from '../session/index.js';
import type { ClassifyOptions, TranscriptAdapter, TranscriptVerdict } from './types.js';
import { judgeText } from './text-judge.js';
import { lastNonEmptyLine, RESULT_TEXT_CHARS, tailLines, truncate } from './lines.js';

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
    const { rate_limit, failure } = judgeText(text, options);
    return {
      final: false,
      is_error: null,
      result_text: lastLine === null ? null : truncate(lastLine, RESULT_TEXT_CHARS),
      rate_limit,
      failure,
      model_output: null,
      notice: lastLine,
      metrics: emptyMetrics(),
    };
  },
};
