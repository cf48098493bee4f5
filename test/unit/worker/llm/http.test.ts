// The pure decisions of the HTTP transports: Retry-After, which status is which failure, the server's own words
// in the message (shortened, never the key), and what a connection error is called.
import { describe, expect, it } from 'vitest';
import {
  describeCause,
  httpFailure,
  parseRetryAfter,
  retryAfterMs,
  serverError,
  shorten,
  type FailureHints,
} from '../../../../src/worker/llm/http.js';
import { LlmError } from '../../../../src/worker/llm/transport.js';
import { EXIT } from '../../../../src/errors/exit-codes.js';

const NOW = Date.parse('2026-11-24T03:00:00Z');
const hints: FailureHints = {
  service: 'Ollama',
  unreachable: 'start Ollama (`ollama serve`) or set llm.base_url',
  modelNotFound: 'pull the model: `ollama pull m`',
  authentication: 'set the variable named by llm.api_key_env (KEY) to a valid key',
};
const URL_ = 'http://127.0.0.1:11434/api/chat';
const fail = (status: number, body: string, headers: Record<string, string> = {}, secrets: string[] = []) =>
  httpFailure({ url: URL_, status, body, headers: new Headers(headers), nowMs: NOW, hints, secrets });

describe('parseRetryAfter', () => {
  it.each([
    ['30', 30_000],
    ['0', 0],
    [' 2 ', 2000],
    ['1.5', 1500],
    ['Tue, 24 Nov 2026 03:00:10 GMT', 10_000],
    ['Tue, 24 Nov 2026 02:59:00 GMT', 0],
    ['', null],
    ['-5', null],
    ['soon', null],
    ['12abc', null],
  ])('%j → %j ms', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });

  it('is null without a header', () => {
    expect(parseRetryAfter(null, NOW)).toBeNull();
    expect(parseRetryAfter(undefined, NOW)).toBeNull();
  });

  it("prefers OpenAI's retry-after-ms", () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }), NOW)).toBe(250);
    expect(retryAfterMs(new Headers({ 'retry-after-ms': 'x', 'retry-after': '9' }), NOW)).toBe(9000);
    expect(retryAfterMs(new Headers(), NOW)).toBeNull();
  });
});

describe('serverError', () => {
  it("reads Ollama's, OpenAI's and llama.cpp's error bodies, and plain text", () => {
    expect(serverError('{"error":"model \\"x\\" not found, try pulling it first"}')).toEqual({
      text: 'model "x" not found, try pulling it first',
      code: null,
    });
    expect(
      serverError(
        '{"error":{"message":"Incorrect API key","type":"invalid_request_error","code":"invalid_api_key"}}',
      ),
    ).toEqual({ text: 'Incorrect API key', code: 'invalid_api_key' });
    expect(
      serverError('{"error":{"code":400,"message":"bad schema","type":"invalid_request_error"}}'),
    ).toEqual({
      text: 'bad schema',
      code: '400',
    });
    expect(serverError('{"error":{"message":"x","type":"server_error","code":null}}')).toEqual({
      text: 'x',
      code: 'server_error',
    });
    expect(serverError('404 page not found')).toEqual({ text: '404 page not found', code: null });
  });
});

describe('httpFailure', () => {
  it('maps 404 with a model "not found" to model_not_found, with the pull command', () => {
    const error = fail(404, '{"error":"model \\"m\\" not found, try pulling it first"}');
    expect(error).toBeInstanceOf(LlmError);
    expect(error.exitCode).toBe(EXIT.modelUnreachable);
    expect(error.kind).toBe('model_not_found');
    expect(error.status).toBe(404);
    expect(error.message).toBe(
      `Ollama at ${URL_} answered 404 (model "m" not found, try pulling it first): pull the model: \`ollama pull m\``,
    );
    expect(fail(404, '{"error":{"message":"gone","code":"model_not_found"}}').kind).toBe('model_not_found');
    expect(fail(404, '{"error":{"message":"The model `m` does not exist"}}').kind).toBe('model_not_found');
  });

  it('calls a 404 of the path itself an http_error about llm.base_url', () => {
    const error = fail(404, '404 page not found');
    expect(error.kind).toBe('http_error');
    expect(error.message).toContain('check llm.base_url');
  });

  it('maps 401 and 403 to authentication, never showing the key', () => {
    const key = 'sk-secret-1234567890';
    const error = fail(401, `{"error":{"message":"Incorrect API key provided: ${key}"}}`, {}, [key]);
    expect(error.kind).toBe('authentication');
    expect(error.message).not.toContain(key);
    expect(error.message).toContain('Incorrect API key provided: ***');
    expect(error.message).toContain('llm.api_key_env (KEY)');
    expect(fail(403, 'forbidden').kind).toBe('authentication');
  });

  it('maps 429 to rate_limited with the wait in retryAfterMs', () => {
    const error = fail(429, '{"error":"slow down"}', { 'retry-after': '7' });
    expect(error.kind).toBe('rate_limited');
    expect(error.retryAfterMs).toBe(7000);
    expect(error.message).toContain('asks to wait 7 s');
    expect(fail(429, '').retryAfterMs).toBeNull();
  });

  it('maps 5xx and other statuses to http_error with the status and the server text', () => {
    for (const status of [500, 502, 503, 400, 422]) {
      const error = fail(status, '{"error":"boom"}');
      expect(error.kind).toBe('http_error');
      expect(error.status).toBe(status);
      expect(error.message).toContain(`answered ${status} (boom)`);
    }
  });

  it('shortens a long server text to one line', () => {
    const error = fail(500, `${'x'.repeat(1000)}\n\nmore`);
    expect(error.message.length).toBeLessThan(500);
    expect(error.message).toContain('…');
    expect(error.message).not.toContain('\n');
  });
});

describe('shorten and describeCause', () => {
  it('replaces secrets and collapses whitespace', () => {
    expect(shorten('a  key=abc\n b', ['abc'])).toBe('a key=*** b');
    expect(shorten('abcdef', [], 4)).toBe('abc…');
  });

  it('names the first error code in the cause chain', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    expect(describeCause(new TypeError('fetch failed', { cause: refused }))).toBe(
      'connect ECONNREFUSED 127.0.0.1:1',
    );
    const socket = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
    expect(describeCause(new TypeError('fetch failed', { cause: socket }))).toBe(
      'UND_ERR_SOCKET: other side closed',
    );
    expect(describeCause(new TypeError('fetch failed'))).toBe('fetch failed');
  });
});
