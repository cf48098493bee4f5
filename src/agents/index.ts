// Entry point for the transcript adapters: pick one by format name, and compile user-supplied limit patterns.
import type { TranscriptAdapter } from './types.js';
import { claudeAdapter } from './claude.js';
import { codexAdapter } from './codex.js';
import { geminiAdapter } from './gemini.js';
import { textAdapter } from './text.js';

export type TranscriptFormat = 'claude' | 'codex' | 'gemini' | 'text';

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
    default:
      // Formats come from validated config, but a bad value must fail loudly rather than classify as text.
      throw new Error(`unknown transcript format: ${String(format satisfies never)}`);
  }
}

/**
 * Compile a rate-limit pattern from config. Patterns are often written for PCRE/Python, where a leading `(?i)` makes
 * the match case-insensitive; JS has no inline flags, so that prefix becomes the `i` flag.
 */
export function compilePattern(source: string): RegExp {
  const caseless = source.startsWith('(?i)');
  const body = caseless ? source.slice(4) : source;
  try {
    return new RegExp(body, caseless ? 'i' : '');
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`invalid rate-limit pattern ${JSON.stringify(source)}: ${reason}`, { cause: err });
  }
}

export { claudeAdapter, codexAdapter, geminiAdapter, textAdapter };
export { parseResetTime, epochSecondsToMs } from './reset-time.js';
export { readTail, type Tail } from './tail.js';
