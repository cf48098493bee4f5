// Entry point for the transcript adapters: pick one by format name.
import type { TranscriptAdapter } from './types.js';
import { claudeAdapter } from './claude.js';
import { codexAdapter } from './codex.js';
import { geminiAdapter } from './gemini.js';
import { jsonActionsAdapter } from './json-actions.js';
import { textAdapter } from './text.js';

export type TranscriptFormat = 'claude' | 'codex' | 'gemini' | 'text' | 'json-actions';

export function adapterFor(format: TranscriptFormat): TranscriptAdapter {
  switch (format) {
    case 'claude':
      return claudeAdapter;
    case 'codex':
      return codexAdapter;
    case 'gemini':
      return geminiAdapter;
    case 'text':
      return textAdapter;
    case 'json-actions':
      return jsonActionsAdapter;
    default:
      // Formats come from validated config, but a bad value must fail loudly rather than classify as text.
      throw new Error(`unknown transcript format: ${String(format satisfies never)}`);
  }
}
export { asNumber, asString } from './json-lines.js';
export { TAIL_BYTES, WIDE_TAIL_BYTES, decodeTail, readTail } from './tail.js';
export { withTurnShape } from './types.js';
export type {
  AgentText,
  BackgroundWork,
  FailureInfo,
  FailureReason,
  TranscriptAdapter,
  TranscriptVerdict,
  TurnCounter,
} from './types.js';
