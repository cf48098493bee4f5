// The one HTTP call the model transports make: POST a JSON body, read the reply, and turn every way it can fail
// into an LlmError whose message names the endpoint, the status, the server's own words (shortened) and what to
// do. The timeout (llm.timeout_secs) covers the whole exchange, body included; the caller's signal cancels it.
// The decisions (which status is which kind, Retry-After, the server's error text) are pure functions below.
import { LlmError, NO_USAGE, type LlmFailureKind, type LlmReply } from './transport.js';

/** What to tell the user, per provider, for the failures whose fix depends on it. */
export interface FailureHints {
  /** "Ollama", "the OpenAI-compatible server". */
  service: string;
  /** The fix when nothing answers, e.g. "start Ollama (`ollama serve`) or set llm.base_url". */
  unreachable: string;
  /** The fix for a missing model. */
  modelNotFound: string;
  /** The fix for refused credentials. */
  authentication: string;
}

export interface PostJsonOptions {
  url: string;
  body: unknown;
  headers?: Record<string, string>;
  timeoutMs: number;
  signal?: AbortSignal;
  /** A reply body longer than this is not held in memory: the reply comes back empty, `overLimit` set. */
  maxBodyBytes: number;
  hints: FailureHints;
  /** Strings that must never appear in a message (the API key): replaced by ***. */
  secrets?: readonly string[];
}

export interface HttpReply {
  status: number;
  headers: Headers;
  text: string;
  /** The body was longer than maxBodyBytes: it was dropped unread (`text` is empty). */
  overLimit?: true;
}

const SERVER_TEXT_CHARS = 300;

/** Milliseconds to wait from a Retry-After value: delay seconds, or an HTTP date (clamped at 0); else null. */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (text === '') return null;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  if (/^\d/.test(text) || !/[a-z]/i.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/** The wait a 429 asks for: OpenAI's `retry-after-ms` when present, else the standard `Retry-After`. */
export function retryAfterMs(headers: Headers, nowMs: number): number | null {
  const ms = headers.get('retry-after-ms')?.trim();
  if (ms !== undefined && /^\d+(\.\d+)?$/.test(ms)) return Math.round(Number(ms));
  return parseRetryAfter(headers.get('retry-after'), nowMs);
}

/** `text` with every secret replaced, on one line, at most `max` characters. */
export function shorten(text: string, secrets: readonly string[] = [], max = SERVER_TEXT_CHARS): string {
  let clean = text;
  for (const secret of secrets) if (secret.length > 0) clean = clean.split(secret).join('***');
  clean = clean.replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/**
 * The server's own error words from a body: Ollama's `{"error": "..."}`, OpenAI's `{"error": {"message", "type",
 * "code"}}`, or the raw text. `code` is OpenAI's error code when there is one (a string, or llama.cpp's number).
 */
export function serverError(body: string): { text: string; code: string | null } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { text: body, code: null };
  }
  if (parsed !== null && typeof parsed === 'object' && 'error' in parsed) {
    const error = parsed.error;
    if (typeof error === 'string') return { text: error, code: null };
    if (error !== null && typeof error === 'object') {
      const { message, code, type } = error as { message?: unknown; code?: unknown; type?: unknown };
      const words = typeof message === 'string' ? message : JSON.stringify(error);
      const codeText = typeof code === 'string' || typeof code === 'number' ? String(code) : null;
      return { text: words, code: codeText ?? (typeof type === 'string' ? type : null) };
    }
  }
  if (parsed !== null && typeof parsed === 'object' && 'message' in parsed) {
    const message = parsed.message;
    if (typeof message === 'string') return { text: message, code: null };
  }
  return { text: body, code: null };
}

const isModelNotFound = (status: number, text: string, code: string | null): boolean =>
  status === 404 &&
  (code === 'model_not_found' || (/model/i.test(text) && /not found|does not exist/i.test(text)));

/** The LlmError for a reply whose status is not 2xx. */
export function httpFailure(input: {
  url: string;
  status: number;
  body: string;
  headers: Headers;
  nowMs: number;
  hints: FailureHints;
  secrets?: readonly string[];
}): LlmError {
  const { url, status, hints } = input;
  const { text, code } = serverError(input.body);
  const said = shorten(text, input.secrets);
  const answered = `${hints.service} at ${url} answered ${status}${said === '' ? '' : ` (${said})`}`;
  let kind: LlmFailureKind = 'http_error';
  let fix: string;
  let wait: number | null = null;
  if (status === 401 || status === 403) {
    kind = 'authentication';
    fix = hints.authentication;
  } else if (status === 429) {
    kind = 'rate_limited';
    wait = retryAfterMs(input.headers, input.nowMs);
    fix =
      wait === null
        ? 'it is rate limiting: wait, or lower the request rate'
        : `it is rate limiting and asks to wait ${Math.ceil(wait / 1000)} s`;
  } else if (isModelNotFound(status, text, code)) {
    kind = 'model_not_found';
    fix = hints.modelNotFound;
  } else if (status === 404) {
    fix = 'check llm.base_url: nothing answers at this path';
  } else if (status >= 500) {
    fix = 'the server failed: see its log';
  } else {
    fix = 'the server refused the request';
  }
  return new LlmError(`${answered}: ${fix}`, kind, status, wait);
}

/** The first error code in an error's cause chain (ECONNREFUSED, UND_ERR_SOCKET, ENOTFOUND), with its words. */
export function describeCause(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code === 'string') return e.message.includes(code) ? e.message : `${code}: ${e.message}`;
    if (e.message !== '' && e.message !== 'fetch failed') parts.push(e.message);
  }
  return parts[0] ?? (error instanceof Error ? error.message : String(error));
}

async function readCapped(response: Response, limit: number): Promise<string | null> {
  if (response.body === null) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > limit) {
      await response.body.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * POSTs `body` as JSON and returns the reply (any status), or throws LlmError: cancelled (the caller's signal),
 * timeout, unreachable (refused, reset, DNS). A body over the limit is dropped: the reply says `overLimit`.
 */
export async function postJson(options: PostJsonOptions): Promise<HttpReply> {
  const { url, hints } = options;
  if (options.signal?.aborted) throw new LlmError(`the call to ${url} was cancelled`, 'cancelled');
  const timeout = AbortSignal.timeout(Math.max(1, Math.round(options.timeoutMs)));
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...options.headers },
      body: JSON.stringify(options.body),
      signal,
      redirect: 'error',
    });
    const text = await readCapped(response, options.maxBodyBytes);
    if (text === null)
      return { status: response.status, headers: response.headers, text: '', overLimit: true };
    return { status: response.status, headers: response.headers, text };
  } catch (error) {
    if (error instanceof LlmError) throw error;
    if (options.signal?.aborted) throw new LlmError(`the call to ${url} was cancelled`, 'cancelled');
    if (timeout.aborted)
      throw new LlmError(
        `${hints.service} at ${url} did not answer within ${options.timeoutMs / 1000} s: raise llm.timeout_secs, or use a smaller or already loaded model`,
        'timeout',
      );
    const cause = shorten(describeCause(error), options.secrets);
    throw new LlmError(
      `cannot reach ${hints.service} at ${url} (${cause}): ${hints.unreachable}`,
      'unreachable',
    );
  }
}

/** A 2xx body as JSON, or bad_response naming what came instead. */
export function parseJsonReply(reply: HttpReply, url: string, hints: FailureHints): unknown {
  try {
    return JSON.parse(reply.text) as unknown;
  } catch {
    const start = shorten(reply.text, [], 120);
    throw new LlmError(
      `${hints.service} at ${url} answered ${reply.status} with a body that is not JSON${start === '' ? ' (empty)' : ` (${start})`}: check that llm.base_url points at ${hints.service}`,
      'bad_response',
      reply.status,
    );
  }
}

/** A count the server reported, or null when it did not (or sent something that is not one). */
export const tokenCount = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;

/** `base` (without trailing slashes) + `path`. */
export const joinUrl = (base: string, path: string): string => `${base.replace(/\/+$/, '')}${path}`;

/** The reply for a 2xx body over the limit: no text, `truncated`, so the loop logs the answer as too_large. */
export const overLongReply = (model: string | null): Omit<LlmReply, 'duration_ms'> => ({
  text: '',
  usage: NO_USAGE,
  model,
  truncated: true,
});
