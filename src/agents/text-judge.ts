// The text format's one decision: was a plain-text session rate limited, or did it fail, and why. Plain text has no
// structure, so the decision reads two things only: how the agent's process ended, and where a message stands (the
// closing lines, where a CLI prints its last word to stdout or stderr). A successful answer that quotes a limit or
// an error in the middle of its work is neither. Pure: the same text and exit always give the same verdict.
import type { ClassifyOptions, FailureInfo, RateLimitInfo } from './types.js';
import { FIRM_API_LIMIT_TEXTS, findText, limitFromText, USAGE_LIMIT_TEXTS } from './limit-text.js';
import { crashFailure, failureFromText } from './failure-text.js';
import { parseResetTime } from './reset-time.js';
import { lastChars, TEXT_WINDOW_CHARS } from './lines.js';

/** How many closing non-empty lines of an agent that did not exit 0 are read for limits and failures. */
export const CLOSING_LINES = 8;
/** How many closing non-empty lines of an agent that exited 0 may hold its CLI's last word. */
const CLEAN_CLOSING_LINES = 2;

/**
 * The seed's text rule (`usage limit`, `hit your limit`, `resets.*UTC`, case-insensitive), for wordings the shared
 * set does not name. Needed by: text-5-hour-usage-limit-exit1 (issue 23: "You've reached your 5-hour usage limit
 * for Claude" from a CLI that exits 1 was judged productive). Broad, so only ever read in the closing lines.
 */
export const SEED_LIMIT_TEXTS: readonly RegExp[] = [/usage limit/i, /hit your limit/i, /resets.*UTC/i];

/**
 * Text-format failure wordings the shared set (failure-text.ts) does not name, read like it: only what a CLI that
 * failed printed last. Fatal ones are read before the shared set, transient ones after it.
 */
const TEXT_FATAL: readonly FailureInfo['reason'][] = ['model_not_found'];
const TEXT_FAILURES: ReadonlyArray<{ reason: FailureInfo['reason']; kind: FailureInfo['kind']; re: RegExp }> =
  [
    {
      // Needed by: text-codex-400-unsupported-model (codex exec `400 Bad Request: {"detail":"Unsupported model"}`);
      // the same family: "The 'gpt-5.1-codex' model is not supported when using Codex with a ChatGPT account"
      // (openai/codex#6603), "The requested model is not supported." with `model_not_supported` (kaitranntt/ccs#724).
      reason: 'model_not_found',
      kind: 'fatal',
      re: /\bunsupported model\b|\bmodel_not_supported\b|\bmodel is not supported\b|\bmodel [`'"][^`'"\n]{1,80}[`'"] is not supported\b/i,
    },
    {
      // Needed by: text-codex-model-at-capacity (codex exec "ERROR: Selected model is at capacity. Please try a
      // different model.", its wording for an overloaded 503).
      reason: 'overloaded',
      kind: 'transient',
      re: /\bmodel is at capacity\b|\bat capacity\. Please try\b/i,
    },
  ];

type ExitKind = 'clean' | 'failed' | 'unknown';

export interface TextJudgement {
  rate_limit: RateLimitInfo | null;
  failure: FailureInfo | null;
}

/** The verdict of a plain-text transcript: `text` is its whole lines (the tail's first fragment already dropped). */
export function judgeText(text: string, options: ClassifyOptions): TextJudgement {
  const window = lastChars(text, TEXT_WINDOW_CHARS);
  const all = nonEmptyLines(window);
  const exit = exitKind(options.exit);
  // Unknown exit (a finished file read again): only the CLI's last word, as for exit 0.
  const rate_limit = exit === 'failed' ? closingLimit(all, options) : cleanLimit(all, options);
  if (rate_limit !== null) return { rate_limit, failure: null };
  return { rate_limit: null, failure: failureOf(all, exit, options.exit) };
}

function exitKind(exit: ClassifyOptions['exit']): ExitKind {
  if (exit === undefined) return 'unknown';
  return exit.signal === null && exit.code === 0 ? 'clean' : 'failed';
}

function nonEmptyLines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '');
}

/**
 * An agent that did not exit 0 (a code, or a signal): any limit wording in its closing lines, the seed's broad
 * words included. Needed by: text-claude-p-hit-limit-exit1 (claude -p exits 1 with only the limit line),
 * text-limit-after-work-exit1 (work, then the limit as the last line), text-5-hour-usage-limit-exit1.
 */
function closingLimit(all: string[], options: ClassifyOptions): RateLimitInfo | null {
  const closing = all.slice(-CLOSING_LINES).join('\n');
  return firmLimit(closing, options) ?? seedLimit(closing, options);
}

/**
 * An agent that exited 0 (or whose exit is not known) answered, unless its CLI's last word is a limit: a limit
 * wording in the last two lines, not inside quotes, and either firm (the shared set, the caller's patterns) or with
 * a reset time; or an output that is nothing but limit lines. Needed by: text-happy-hit-limit-exit0 and
 * text-weekly-limit-exit0 (wrappers and CLIs that exit 0 on a limit), text-success-quotes-limit-exit0 (an answer
 * quoting "You have hit your ChatGPT usage limit" in its middle stays productive).
 */
function cleanLimit(all: string[], options: ClassifyOptions): RateLimitInfo | null {
  const onlyLimits =
    all.length > 0 && all.length <= CLOSING_LINES && all.every((l) => isLimitLine(l, options));
  for (const line of all.slice(-CLEAN_CLOSING_LINES).reverse()) {
    const firm = firmLimit(line, options);
    if (firm !== null && !quoted(line, options)) return firm;
    const seed = seedLimit(line, options);
    if (seed !== null && !quoted(line, options) && (seed.resets_at_ms !== null || onlyLimits)) return seed;
  }
  return null;
}

function isLimitLine(line: string, options: ClassifyOptions): boolean {
  return firmLimit(line, options) !== null || seedLimit(line, options) !== null;
}

function firmLimit(text: string, options: ClassifyOptions): RateLimitInfo | null {
  return limitFromText(text, 'output', { patterns: options.patterns, now_ms: options.now_ms });
}

function seedLimit(text: string, options: ClassifyOptions): RateLimitInfo | null {
  const match = findText(text, SEED_LIMIT_TEXTS);
  if (match === null) return null;
  return {
    source: 'usage_text',
    resets_at_ms: parseResetTime(match.from, options.now_ms),
    detail: `output: ${match.line}`,
  };
}

const OPENING_QUOTE = /(?:^|[\s([{:=])(["'`“‘«])/g;
const CLOSING_QUOTE: Record<string, string> = { '"': '"', "'": "'", '`': '`', '“': '”', '‘': '’', '«': '»' };

/**
 * The limit wording on `line` stands inside a quotation the line opened and did not close before it ("recognises
 * 'Claude AI usage limit reached|…'"). An apostrophe inside a word ("You've") opens nothing.
 */
function quoted(line: string, options: ClassifyOptions): boolean {
  const patterns = [...USAGE_LIMIT_TEXTS, ...FIRM_API_LIMIT_TEXTS, ...options.patterns, ...SEED_LIMIT_TEXTS];
  const positions = patterns.map((re) => line.search(re)).filter((p) => p >= 0);
  if (positions.length === 0) return false;
  const before = line.slice(0, Math.min(...positions));
  for (const m of before.matchAll(OPENING_QUOTE)) {
    const q = m[1] ?? '';
    const after = before.slice((m.index ?? 0) + m[0].length);
    if (!after.includes(CLOSING_QUOTE[q] ?? q)) return true;
  }
  return false;
}

/**
 * Failure wording, read only in what a CLI printed last: the closing lines of an agent that exited non-zero, or,
 * when it exited 0, its own `ERROR:` line among the last two (codex exec 0.115 exited 0 after "ERROR: stream
 * disconnected before completion" and "Warning: no last agent message"; needed by:
 * text-codex-stream-disconnected-exit0). An answer that mentions "503" and exits 0 is never a failure.
 */
function failureOf(all: string[], exit: ExitKind, raw: ClassifyOptions['exit']): FailureInfo | null {
  if (exit === 'unknown') return null;
  if (exit === 'clean') {
    const own = all
      .slice(-CLEAN_CLOSING_LINES)
      .filter((l) => /^\s*ERROR:\s/.test(l))
      .join('\n');
    return own === '' ? null : byWording(own);
  }
  if (raw === undefined || raw.signal !== null || raw.code === null) return null;
  const closing = all.slice(-CLOSING_LINES).map((l) => l.trim());
  return byWording(closing.join('\n')) ?? crashFailure(closing, raw);
}

function byWording(text: string): FailureInfo | null {
  const fatal = textFailure(text, (r) => TEXT_FATAL.includes(r));
  if (fatal !== null) return fatal;
  return failureFromText(text, 'stderr') ?? textFailure(text, (r) => !TEXT_FATAL.includes(r));
}

function textFailure(text: string, which: (reason: FailureInfo['reason']) => boolean): FailureInfo | null {
  for (const { reason, kind, re } of TEXT_FAILURES) {
    if (!which(reason)) continue;
    const at = text.search(re);
    if (at < 0) continue;
    const start = text.lastIndexOf('\n', at) + 1;
    const end = text.indexOf('\n', at);
    const line = text.slice(start, end < 0 ? undefined : end).trim();
    return { kind, reason, source: 'stderr', detail: line.length > 300 ? `${line.slice(0, 299)}…` : line };
  }
  return null;
}
