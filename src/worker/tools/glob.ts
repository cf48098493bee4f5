// find_files's pattern: a glob matched against the path below start_path when it holds a "/", else against the
// base name (so "*.ts" finds TypeScript files at any depth, "src/**/*.ts" only under src/). Dot files match.
// Syntax: `*` (any characters but "/"), `**` as a whole segment (any number of segments), `?` (one character),
// `[abc]`, `[a-z]`, `[!x]` / `[^x]`, `{a,b}` (nested, at most 256 alternatives), `\` to escape.
//
// Not picomatch: its patterns become backtracking regular expressions, and a model's "*a*a*a*a*b" against a
// 200-character name took 21 s there, blocking the worker. This matcher backtracks only to the last star (per
// name) and the last `**` (per path), so a match costs at most pattern × name steps.
import { failure } from './fs-errors.js';

export type Matcher = (relativePath: string, name: string) => boolean;

type Token =
  | { kind: 'char'; char: string }
  | { kind: 'one' }
  | { kind: 'star' }
  | { kind: 'set'; test: (c: string) => boolean };
type Segment = Token[] | 'globstar';

const MAX_ALTERNATIVES = 256;

export function globMatcher(pattern: string): Matcher {
  const alternatives = expandBraces(pattern.replace(/^\.\//, ''), pattern).map((alt) =>
    alt.split('/').map((segment): Segment => (segment === '**' ? 'globstar' : tokens(segment))),
  );
  const match = (segments: string[]) => alternatives.some((alt) => matchPath(alt, segments));
  return pattern.includes('/')
    ? (relativePath) => match(relativePath.split('/'))
    : (_path, name) => match([name]);
}

/** `a{b,c{d,e}}f` → abf, acdf, acef; an unbalanced brace is literal. */
function expandBraces(pattern: string, given: string): string[] {
  let results = [''];
  let i = 0;
  while (i < pattern.length) {
    const char = pattern[i]!;
    if (char === '\\' && i + 1 < pattern.length) {
      results = results.map((r) => r + pattern.slice(i, i + 2));
      i += 2;
      continue;
    }
    const close = char === '{' ? closingBrace(pattern, i) : -1;
    if (close < 0) {
      results = results.map((r) => r + char);
      i++;
      continue;
    }
    const options = splitTopLevel(pattern.slice(i + 1, close)).flatMap((option) =>
      expandBraces(option, given),
    );
    results = results.flatMap((r) => options.map((o) => r + o));
    if (results.length > MAX_ALTERNATIVES)
      throw failure(given, `the pattern expands to over ${MAX_ALTERNATIVES} alternatives`);
    i = close + 1;
  }
  return results;
}

function closingBrace(pattern: string, open: number): number {
  let depth = 0;
  let comma = false;
  for (let i = open; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\') i++;
    else if (char === '{') depth++;
    else if (char === ',' && depth === 1) comma = true;
    else if (char === '}' && --depth === 0) return comma ? i : -1;
  }
  return -1;
}

function splitTopLevel(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (char === '\\') i++;
    else if (char === '{') depth++;
    else if (char === '}') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}

function tokens(segment: string): Token[] {
  const out: Token[] = [];
  const chars = [...segment];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    if (char === '\\' && i + 1 < chars.length) out.push({ kind: 'char', char: chars[++i]! });
    else if (char === '*') {
      if (out.at(-1)?.kind !== 'star') out.push({ kind: 'star' });
    } else if (char === '?') out.push({ kind: 'one' });
    else if (char === '[') {
      const set = characterSet(chars, i);
      if (set === null) out.push({ kind: 'char', char });
      else {
        out.push({ kind: 'set', test: set.test });
        i = set.end;
      }
    } else out.push({ kind: 'char', char });
  }
  return out;
}

/** `[...]` starting at `open`: its test and the index of its `]`, or null when it does not close. */
function characterSet(chars: string[], open: number): { test: (c: string) => boolean; end: number } | null {
  let i = open + 1;
  const negated = chars[i] === '!' || chars[i] === '^';
  if (negated) i++;
  const ranges: Array<[string, string]> = [];
  for (let first = true; i < chars.length; i++, first = false) {
    const char = chars[i]!;
    if (char === ']' && !first) {
      const test = (c: string) => ranges.some(([lo, hi]) => c >= lo && c <= hi) !== negated;
      return { test, end: i };
    }
    const lo = char === '\\' && i + 1 < chars.length ? chars[++i]! : char;
    if (chars[i + 1] === '-' && i + 2 < chars.length && chars[i + 2] !== ']') {
      ranges.push([lo, chars[i + 2]!]);
      i += 2;
    } else ranges.push([lo, lo]);
  }
  return null;
}

/** One name against one segment's tokens: backtracking only to the last star. */
function matchName(pattern: Token[], name: string): boolean {
  const chars: ArrayLike<string> = /[\ud800-\udfff]/.test(name) ? [...name] : name;
  let p = 0;
  let n = 0;
  let star = -1;
  let resume = 0;
  while (n < chars.length) {
    const token = pattern[p];
    if (token !== undefined && token.kind !== 'star' && fits(token, chars[n]!)) {
      p++;
      n++;
    } else if (token?.kind === 'star') {
      star = p++;
      resume = n;
    } else if (star >= 0) {
      p = star + 1;
      n = ++resume;
    } else return false;
  }
  while (pattern[p]?.kind === 'star') p++;
  return p === pattern.length;
}

function fits(token: Exclude<Token, { kind: 'star' }>, char: string): boolean {
  if (token.kind === 'char') return token.char === char;
  if (token.kind === 'one') return true;
  return token.test(char);
}

/** Path segments against pattern segments: backtracking only to the last `**`. */
function matchPath(pattern: Segment[], segments: string[]): boolean {
  let p = 0;
  let s = 0;
  let star = -1;
  let resume = 0;
  while (s < segments.length) {
    const segment = pattern[p];
    if (segment !== undefined && segment !== 'globstar' && matchName(segment, segments[s]!)) {
      p++;
      s++;
    } else if (segment === 'globstar') {
      star = p++;
      resume = s;
    } else if (star >= 0) {
      p = star + 1;
      s = ++resume;
    } else return false;
  }
  while (pattern[p] === 'globstar') p++;
  return p === pattern.length;
}
