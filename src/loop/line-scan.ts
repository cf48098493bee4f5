// The per-line work of a transcript scan, shared by the loop's file scan (transcript-scan.ts) and the metrics'
// extraction (metrics/extract.ts): the tool calls each line records (the adapter's per-line count), the turn
// shape (the adapter's turn counter), and the first commit pattern found in what the agent did or said
// (agent-text.ts), never in the echoed prompt, system lines or stderr.
//
// Most lines are not parsed at all: a pattern is first tried on the raw text, a chunk's whole lines at once
// (`block`), then line by line in a chunk where it matched, and only a line where it matched is parsed. Every part
// agent-text extracts is a string value of the line, so a pattern that misses the raw line with its JSON string
// escapes undone misses every part. Plain patterns (the defaults: letters, digits, \b; see PLAIN_TOKEN) can only
// match characters no JSON writer escapes, so for them the raw text is enough, tested without their \b. Patterns
// that are anchored (^, $), look around or say \B tie a match to where a string starts or ends: they take the parse.
import type { AgentText, TurnCounter } from '../agents/index.js';
import type { TurnShape } from '../session/index.js';

export interface ScanOptions {
  /** Commit patterns, in configured order. */
  patterns: readonly RegExp[];
  /** The parts of a line the agent did or said; null when patterns apply to nothing (no commit detection). */
  agentText: AgentText | null;
  /** The adapter's per-line tool-call count; null when the format has none. */
  toolCalls: ((line: string) => number) | null;
  /** The adapter's turn counter factory; null or absent when turns are not counted. */
  turnShape?: (() => TurnCounter) | null;
  /** The adapter's prefilter for toolCalls and turnShape (see TranscriptAdapter.lineMarkers). */
  lineMarkers?: RegExp | null;
}

export interface ScanResult {
  /** Source of the first pattern that matched (the earliest line; on one line, the first configured). */
  matchedPattern: string | null;
  /** The agent text the pattern matched in, shortened (for the event log). */
  matchedText: string | null;
  /** Tool calls counted over every line; null when the format has no count. */
  toolCalls: number | null;
  /** The turn counter's result over every line; null when turns are not counted. */
  turns: TurnShape | null;
  /** Lines handed to the scan: every line, unless its splitter skips unmarked pieces (skipUnmarked). */
  lines: number;
  /** Lines longer than the splitter's limit, seen only up to that length. */
  longLines: number;
}

const MATCHED_TEXT_CHARS = 200;

/** Takes a transcript's lines in order; the same work whoever reads the bytes. */
export interface LineScan {
  /**
   * A chunk's whole lines, decoded at once, before they are handed to `line` one by one: whether a pattern may
   * match any of them (a pattern that misses the chunk's text misses each of its lines: one test instead of one
   * per line).
   */
  block(text: string): boolean;
  /**
   * One whole line (without its newline). `mayMatch` false says the block test ruled patterns out; `cut` that the
   * line was longer than the splitter keeps. Returns whether more is still to be learned from further lines.
   */
  line(raw: string, mayMatch: boolean, cut: boolean): boolean;
  /** Whether any line can still teach something (false when there is nothing to look for at all). */
  wanted(): boolean;
  /**
   * A regex that finds every line that can still teach something: a line with no match changes no
   * count and holds no commit pattern, so a splitter may skip it unread. Null (or absent) when every line must be looked at.
   */
  markers?(): RegExp | null;
  result(): ScanResult;
}

export function createLineScan(options: ScanOptions): LineScan {
  const { toolCalls, agentText } = options;
  const patterns = agentText === null ? [] : options.patterns.map(prepare);
  const counter = options.turnShape?.() ?? null;
  const result: ScanResult = {
    matchedPattern: null,
    matchedText: null,
    toolCalls: toolCalls === null ? null : 0,
    turns: null,
    lines: 0,
    longLines: 0,
  };
  let searching = patterns.length > 0;
  let calls = 0;
  // Whether every pattern can rule text out by a raw test (see the top): then a whole chunk is tested at once.
  const chunkFilter = patterns.every((p) => p.prefilter);
  const chunkTest = chunkFilter ? combinedRaw(patterns) : null;
  let markers: { searching: boolean; re: RegExp | null } | undefined;
  const wanted = (): boolean => searching || toolCalls !== null || counter !== null;
  return {
    block: (text) =>
      searching && (!chunkFilter || (chunkTest ? chunkTest.test(text) : rawMatch(text, patterns))),
    line(raw, mayMatch, cut) {
      const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      result.lines++;
      if (cut) result.longLines++;
      if (toolCalls !== null) calls += toolCalls(line);
      counter?.line(line);
      if (searching && mayMatch && agentText !== null) {
        const hit = findPattern(line, patterns, agentText);
        if (hit !== null) {
          searching = false;
          result.matchedPattern = hit.source;
          result.matchedText = excerpt(hit.text, hit.at);
        }
      }
      // Keep reading only while something is still to be learned.
      return wanted();
    },
    wanted,
    markers() {
      // Built again only when the pattern search ends (the markers narrow to the adapter's).
      if (markers === undefined || markers.searching !== searching) {
        const counting = toolCalls !== null || counter !== null;
        markers = { searching, re: lineMarkers(options, searching ? chunkTest : false, counting) };
      }
      return markers.re;
    },
    result: () => ({
      ...result,
      toolCalls: toolCalls === null ? null : calls,
      turns: counter === null ? null : counter.result(),
    }),
  };
}

/**
 * The union of what can make a line matter: the adapter's markers when anything is counted, the patterns' raw
 * test while a pattern is searched for (`patternTest` false when none is, null when one cannot rule text out).
 */
function lineMarkers(
  options: ScanOptions,
  patternTest: RegExp | null | false,
  counting: boolean,
): RegExp | null {
  const sources: string[] = [];
  if (counting) {
    if (!options.lineMarkers) return null;
    sources.push(options.lineMarkers.source);
  }
  if (patternTest === null) return null;
  if (patternTest !== false) sources.push(patternTest.source);
  // Case-insensitive when a pattern is: that only widens what the adapter's markers find.
  const flags = patternTest !== false || options.lineMarkers?.flags.includes('i') ? 'i' : '';
  return sources.length === 0 ? null : new RegExp(sources.map((s) => `(?:${s})`).join('|'), flags);
}

interface Prepared {
  pattern: RegExp;
  /** The raw-line test may rule a line out: the pattern is not anchored, does not look around, has no \B. */
  prefilter: boolean;
  /**
   * A test of the raw text that needs no escapes undone, when the pattern can match only characters no JSON
   * writer escapes: the pattern itself without its `\b`s (a boundary next to an escape such as `\n` is no
   * boundary in the raw text). Null when the text must be unescaped first.
   */
  raw: RegExp | null;
}

// One token of a pattern that matches only "plain" characters: ASCII letters, digits and punctuation that JSON
// writers leave as they are (not `"`, `\`, `/`, `<`, `>`, `&`, `'`, control characters), by itself or in a
// non-negated class (ranges within a-z, A-Z or 0-9), plus groups, alternation, quantifiers and \b. Anything else
// (`.`, `\s`, `[^…]`, …) could match an escaped character.
const PLAIN_TOKEN =
  /\\[bdw.\-()[\]{}?*+|^$]|\[(?!\^)(?:[a-z]-[a-z]|[A-Z]-[A-Z]|[0-9]-[0-9]|[A-Za-z0-9_ :;,!#%@=~]|\\[dw.-])*\]|\((?:\?:)?|[)|?*+]|\{\d+(?:,\d*)?\}|[A-Za-z0-9_ \-:;,!#%@=~]/y;

/** The pattern's source without its `\b`s, when it is made of plain tokens only; otherwise null. */
function plainSource(source: string): string | null {
  let out = '';
  PLAIN_TOKEN.lastIndex = 0;
  while (PLAIN_TOKEN.lastIndex < source.length) {
    const match = PLAIN_TOKEN.exec(source);
    if (match === null) return null;
    if (match[0] !== '\\b') out += match[0];
  }
  return out;
}

function prepare(pattern: RegExp): Prepared {
  // Flags kept except g/y, whose lastIndex would make test() depend on the previous call.
  const flags = pattern.flags.replace(/[gy]/g, '');
  const prefilter = !/[\^$]|\(\?<?[=!]|\\B/.test(pattern.source);
  const plain = prefilter ? plainSource(pattern.source) : null;
  return {
    pattern: new RegExp(pattern.source, flags),
    prefilter,
    raw: plain === null ? null : new RegExp(plain, flags),
  };
}

/** Whether the text may hold a match of `p`: the plain raw test, or the pattern on the raw or unescaped text. */
function mayHold(p: Prepared, text: string, unescaped: () => string): boolean {
  if (p.raw !== null) return p.raw.test(text);
  if (p.pattern.test(text)) return true;
  return text.includes('\\') && p.pattern.test(unescaped());
}

function lazyUnescape(text: string): () => string {
  let done: string | null = null;
  return () => (done ??= unescapeJson(text));
}

/**
 * When every pattern is plain: one regex for them all, case-insensitive (which only widens what each matches),
 * so a chunk is searched once, not once per pattern. Plain patterns hold no backreferences to renumber.
 */
function combinedRaw(patterns: readonly Prepared[]): RegExp | null {
  const sources: string[] = [];
  for (const p of patterns) {
    if (p.raw === null) return null;
    sources.push(`(?:${p.raw.source})`);
  }
  return new RegExp(sources.join('|'), 'i');
}

/** Whether any pattern may match somewhere in the text (all of them can rule text out: see prepare). */
function rawMatch(text: string, patterns: readonly Prepared[]): boolean {
  const unescaped = lazyUnescape(text);
  return patterns.some((p) => mayHold(p, text, unescaped));
}

function findPattern(
  line: string,
  patterns: readonly Prepared[],
  agentText: AgentText,
): { source: string; text: string; at: number } | null {
  const unescaped = lazyUnescape(line);
  const candidates = patterns.filter((p) => !p.prefilter || mayHold(p, line, unescaped));
  if (candidates.length === 0) return null;
  const parts = agentText(line);
  if (parts === null) return null;
  for (const { pattern } of candidates) {
    for (const part of parts) {
      const match = pattern.exec(part);
      if (match !== null) return { source: pattern.source, text: part, at: match.index };
    }
  }
  return null;
}

/**
 * JSON string escapes undone across the whole text (structure left as is): a superset of every string value.
 * Escaped backslashes are set aside first (as NUL, which JSON text never holds raw), so that `\\n` stays a
 * backslash and an `n`; then each escape is one native replaceAll. Text with `\uXXXX` escapes (which may stand
 * for NUL) takes a slower regex pass instead.
 */
export function unescapeJson(text: string): string {
  if (!text.includes('\\')) return text;
  if (text.includes('\0')) return unescapeSlow(text);
  let out = text.replaceAll('\\\\', '\0');
  if (out.includes('\\u')) return unescapeSlow(text);
  out = out
    .replaceAll('\\n', '\n')
    .replaceAll('\\"', '"')
    .replaceAll('\\t', '\t')
    .replaceAll('\\r', '\r')
    .replaceAll('\\/', '/')
    .replaceAll('\\b', '\b')
    .replaceAll('\\f', '\f');
  return out.replaceAll('\0', '\\');
}

function unescapeSlow(text: string): string {
  return text.replace(/\\(?:u([0-9a-fA-F]{4})|([\s\S]))/g, (_, hex: string | undefined, c: string) => {
    if (hex !== undefined) return String.fromCharCode(parseInt(hex, 16));
    switch (c) {
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case 'r':
        return '\r';
      case 'b':
        return '\b';
      case 'f':
        return '\f';
      default:
        return c;
    }
  });
}

function excerpt(text: string, at: number): string {
  const start = Math.max(0, at - 40);
  const slice = text.slice(start, start + MATCHED_TEXT_CHARS).replace(/\s+/g, ' ');
  return (start > 0 ? '…' : '') + slice + (start + MATCHED_TEXT_CHARS < text.length ? '…' : '');
}
