// Secret redaction for text the Action publishes (transcript copies in artifacts, log lines, summaries), and
// neutralising of workflow commands in text printed to the runner's log. Pure: no I/O.
//
// The runner's own masking covers only its log, and only the literal secret. An agent transcript is JSON
// lines, so a secret shows up escaped as a JSON string (`"` `\` `/` and control characters), URL-encoded
// (it went into a URL or a form), or base64 (an Authorization header, a `.netrc` dump piped through base64).
// Every such form is replaced with `***`.

export const REDACTED = '***';
/** Shorter secrets are ignored: masking "1" or "abc" everywhere would wreck the text and hide nothing. */
export const MIN_SECRET_LENGTH = 4;
/** Base64 forms are matched only for secrets this long: shorter ones give cores short enough to collide. */
export const MIN_BASE64_SECRET_LENGTH = 8;

const hex2 = (byte: number, lower: boolean): string => {
  const h = byte.toString(16).padStart(2, '0');
  return `%${lower ? h : h.toUpperCase()}`;
};

/** JSON string body (no quotes) as JSON.stringify writes it. */
const jsonBody = (text: string): string => JSON.stringify(text).slice(1, -1);

/** As Python's json.dumps writes it: non-ASCII as lowercase \uXXXX. */
const jsonAsciiBody = (text: string): string =>
  jsonBody(text).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** application/x-www-form-urlencoded (URLSearchParams): keep [A-Za-z0-9*-._], space as '+'. */
function formEncode(text: string, lower: boolean): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9*\-._]/.test(c)) out += c;
    else if (c === ' ') out += '+';
    else out += hex2(byte, lower);
  }
  return out;
}

const lowerHex = (encoded: string): string => encoded.replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase());
const toUrlSafe = (b64: string): string => b64.replace(/\+/g, '-').replace(/\//g, '_');

/**
 * The base64 forms of `secret`: the whole encoding (padded and not), and for each of the three byte
 * alignments the secret can have inside a longer encoded string (`user:secret` in a Basic auth header), the
 * run of characters that depends on the secret's bytes alone. Standard and URL-safe alphabets.
 */
function base64Variants(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const full = bytes.toString('base64');
  const out = [full, full.replace(/=+$/, '')];
  for (let shift = 0; shift < 3; shift++) {
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
    // Character i carries bits [6i, 6i + 6); the secret's bits are [8 * shift, 8 * (shift + n)).
    const start = Math.ceil((8 * shift) / 6);
    const end = Math.floor((8 * (shift + bytes.length)) / 6);
    out.push(encoded.slice(start, end));
  }
  return [...out, ...out.map(toUrlSafe)];
}

/** Every form of one secret that is matched (the secret itself first). */
export function secretVariants(secret: string): string[] {
  const variants = new Set<string>([secret]);
  const json = jsonBody(secret);
  variants.add(json);
  variants.add(json.replace(/\//g, '\\/'));
  variants.add(jsonAsciiBody(secret));
  variants.add(jsonBody(json));
  const uri = encodeURIComponent(secret);
  const strict = uri.replace(/[!'()*]/g, (c) => hex2(c.charCodeAt(0), false));
  for (const encoded of [uri, strict, formEncode(secret, false)]) {
    variants.add(encoded);
    variants.add(lowerHex(encoded));
  }
  if (secret.length >= MIN_BASE64_SECRET_LENGTH) for (const b64 of base64Variants(secret)) variants.add(b64);
  return [...variants].filter((v) => v.length >= MIN_SECRET_LENGTH);
}

/** The secrets worth matching: long enough, deduplicated, and each line of a multi-line one on its own. */
function normaliseSecrets(secrets: readonly string[]): string[] {
  const out = new Set<string>();
  for (const secret of secrets) {
    if (typeof secret !== 'string') continue;
    const candidates = [secret];
    // Like the runner's masker: a multi-line secret (a key file) also leaks one line at a time.
    if (/[\r\n]/.test(secret)) candidates.push(...secret.split(/\r?\n|\r/).map((l) => l.trim()));
    for (const c of candidates) if (c.length >= MIN_SECRET_LENGTH) out.add(c);
  }
  return [...out];
}

interface Matcher {
  /** All forms of all secrets, longest first. */
  variants: string[];
  maxLength: number;
}

function buildMatcher(secrets: readonly string[]): Matcher {
  const all = new Set<string>();
  for (const secret of normaliseSecrets(secrets)) for (const v of secretVariants(secret)) all.add(v);
  const variants = [...all].sort((a, b) => b.length - a.length);
  return { variants, maxLength: variants[0]?.length ?? 0 };
}

/**
 * Merged [start, end) spans of every occurrence of every variant (overlapping ones included, so secrets that
 * overlap or contain one another are covered whole; merely adjacent ones stay apart, which keeps streaming
 * and whole-text results identical). `covered` > 0 adds a span [0, covered) first.
 */
function findSpans(text: string, matcher: Matcher, covered: number): Array<[number, number]> {
  const spans: Array<[number, number]> = covered > 0 ? [[0, covered]] : [];
  for (const variant of matcher.variants) {
    for (let i = text.indexOf(variant); i >= 0; i = text.indexOf(variant, i + 1)) {
      spans.push([i, i + variant.length]);
    }
  }
  spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Array<[number, number]> = [];
  for (const [start, end] of spans) {
    const last = merged[merged.length - 1];
    if (last !== undefined && start < last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/**
 * Redacts `text` up to `cut`. Spans starting before `cut` are replaced whole (they may run past it); the
 * text from `cut` on is left for the caller to carry. `covered` chars at the start were already emitted as
 * part of a redaction, so a span that starts there continues it silently.
 */
function redactUpTo(
  text: string,
  matcher: Matcher,
  cut: number,
  covered: number,
): { out: string; covered: number } {
  const spans = findSpans(text, matcher, covered);
  let out = '';
  let pos = 0;
  for (const [start, end] of spans) {
    if (start >= cut) break;
    out += text.slice(pos, start);
    if (!(covered > 0 && start === 0)) out += REDACTED;
    pos = end;
  }
  if (pos < cut) {
    out += text.slice(pos, cut);
    pos = cut;
  }
  return { out, covered: Math.max(0, Math.max(pos, covered) - cut) };
}

/** A function that replaces every form of every secret (see {@link secretVariants}) with `***`. */
export function createRedactor(secrets: string[]): (text: string) => string {
  const matcher = buildMatcher(secrets);
  if (matcher.variants.length === 0) return (text) => text;
  return (text) => redactUpTo(text, matcher, text.length, 0).out;
}

export interface ChunkRedactor {
  /** Redacted text that is now safe to write; holds back a tail that could still start a secret. */
  push(chunk: string): string;
  /** The held-back tail, redacted; the redactor is then ready for a new stream. */
  flush(): string;
}

/**
 * Streaming redaction: the concatenation of every `push` result and the final `flush` equals
 * `createRedactor(secrets)` of the whole text, whatever the chunking, while at most the longest secret form
 * minus one character is held back (never a lone high surrogate at a cut).
 */
export function createChunkRedactor(secrets: string[]): ChunkRedactor {
  const matcher = buildMatcher(secrets);
  const hold = Math.max(0, matcher.maxLength - 1);
  let pending = '';
  let covered = 0;
  return {
    push(chunk: string): string {
      if (matcher.variants.length === 0) return chunk;
      const text = pending + chunk;
      let cut = Math.max(0, text.length - hold);
      const code = text.charCodeAt(cut - 1);
      if (cut > 0 && cut < text.length && code >= 0xd800 && code <= 0xdbff) cut--;
      const result = redactUpTo(text, matcher, cut, covered);
      pending = text.slice(cut);
      covered = result.covered;
      return result.out;
    },
    flush(): string {
      if (matcher.variants.length === 0) return '';
      const result = redactUpTo(pending, matcher, pending.length, covered);
      pending = '';
      covered = 0;
      return result.out;
    },
  };
}

/**
 * Makes text safe to print to a step's log outside a `::stop-commands::` block.
 *
 * Why: the runner reads every line a step prints and executes workflow commands in it: v2 commands are
 * lines that start with `::` after leading whitespace (`::add-mask::`, `::error::`, `::stop-commands::`,
 * `::save-state`, ...), and legacy v1 commands are `##[command]` anywhere in a line. An agent's output is
 * shaped by whatever it read (issues, repository files), so printing it raw would let that content create
 * annotations, mask arbitrary strings, write step state, or switch command processing off. The usual guard
 * is to print inside `::stop-commands::<random token>`; for the rare line printed outside one, this inserts
 * a zero-width space (U+200B, not whitespace to the runner, invisible to a reader) into `::` at the start of
 * each line (after `\n`, `\r\n` or a lone `\r`, which the runner also splits on) and into every `##[`.
 */
export function neutraliseWorkflowCommands(text: string): string {
  return text.replace(/(^|\r\n|\r|\n)([^\S\r\n]*)::/g, '$1$2:\u200b:').replace(/##\[/g, '##\u200b[');
}
