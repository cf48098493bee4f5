// Tolerant JSON-lines parsing. Transcripts mix JSON events with stderr text, are cut mid-line by the tail window,
// and have been seen with one event spliced into the middle of another line.
import { lastLines, tailLines } from './lines.js';

export type JsonObject = Record<string, unknown>;

export function parseObject(text: string): JsonObject | null {
  try {
    const value: unknown = JSON.parse(text);
    return asObject(value);
  } catch {
    return null;
  }
}

/** The balanced JSON object text starting at `start` (which must be a `{`), or null if it is cut off. */
export function balancedObjectAt(text: string, start: number): string | null {
  if (text[start] !== '{') return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return null;
}

export interface Embedded {
  start: number;
  end: number;
  value: JsonObject;
}

/** Every parseable object whose text starts where `opening` matches, wherever it sits in `text`. */
export function findEmbeddedObjects(text: string, opening: RegExp): Embedded[] {
  const found: Embedded[] = [];
  const re = new RegExp(opening.source, opening.flags.includes('g') ? opening.flags : `${opening.flags}g`);
  for (const m of text.matchAll(re)) {
    const raw = balancedObjectAt(text, m.index);
    const value = raw === null ? null : parseObject(raw);
    if (raw !== null && value !== null) found.push({ start: m.index, end: m.index + raw.length, value });
  }
  return found;
}

/** Parse a line; if it fails, retry with objects matching `splice` cut out (an event written into another line). */
export function parseLineLenient(line: string, splice: RegExp): JsonObject | null {
  const direct = parseObject(line);
  if (direct !== null) return direct;
  const spliced = findEmbeddedObjects(line, splice);
  if (spliced.length === 0) return null;
  let rest = '';
  let at = 0;
  for (const s of spliced) {
    rest += line.slice(at, s.start);
    at = s.end;
  }
  return parseObject(rest + line.slice(at));
}

/**
 * The last JSON event among the final few lines, skipping blank and plain-text (stderr) lines. Returns null when
 * the newest JSON-looking line is unterminated and unparseable: an event is still being written.
 */
export function lastJsonEvent(tail: string, maxLines = 8): JsonObject | null {
  const { lines, unterminated } = lastLines(tail, maxLines);
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = (lines[i] ?? '').trim();
    if (!line.startsWith('{')) continue;
    const value = parseObject(line);
    if (value !== null) return value;
    if (i === lines.length - 1 && unterminated) return null;
  }
  return null;
}

export function asObject(value: unknown): JsonObject | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : null;
}

export function asNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function asString(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** A field as text for a message: strings as they are, other values as JSON, absent as `fallback`. */
export function asText(value: unknown, fallback = ''): string {
  if (value === undefined || value === null) return fallback;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The tail's whole lines as records: parsed JSON events, and the plain-text lines (stderr, banners) between
 * them. Blank lines and JSON that does not parse are skipped.
 */
export function* tailRecords(
  tail: string,
  complete: boolean,
  parse: (line: string) => JsonObject | null = parseObject,
): Generator<{ event: JsonObject } | { text: string }> {
  for (const line of tailLines(tail, complete)) {
    const trimmed = line.trim();
    if (trimmed === '') continue;
    if (!trimmed.startsWith('{')) {
      yield { text: trimmed };
      continue;
    }
    const event = parse(trimmed);
    if (event !== null) yield { event };
  }
}
