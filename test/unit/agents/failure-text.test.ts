import { describe, expect, it } from 'vitest';
import {
  crashFailure,
  failureFrom,
  failureFromStatus,
  failureFromText,
  geminiExitFailure,
} from '../../../src/agents/failure-text.js';
import { limitFromText } from '../../../src/agents/limit-text.js';

const NOW = Date.parse('2025-10-09T10:00:00Z');

describe('failure phrasings', () => {
  it.each([
    ['Invalid API key · Please run /login', 'fatal', 'authentication'],
    ['{"type":"authentication_error","message":"invalid x-api-key"}', 'fatal', 'authentication'],
    ['API key not valid. Please pass a valid API key.', 'fatal', 'authentication'],
    [
      'OAuth token has expired. Please obtain a new token or refresh your existing token.',
      'fatal',
      'authentication',
    ],
    ['Your credit balance is too low to access the Anthropic API.', 'fatal', 'billing'],
    ['Credit balance too low · Add funds: https://platform.claude.com/settings/billing', 'fatal', 'billing'],
    ['{"type":"not_found_error","message":"model: claude-opus-9"}', 'fatal', 'model_not_found'],
    ['models/gemini-9-pro is not found for API version v1beta', 'fatal', 'model_not_found'],
    ['Gemini CLI is not running in a trusted directory. To proceed, ...', 'fatal', 'untrusted_folder'],
    ['Invalid auth method selected.', 'fatal', 'bad_auth_choice'],
    [
      'When using Gemini API, you must specify the GEMINI_API_KEY environment variable.',
      'fatal',
      'bad_auth_choice',
    ],
    ['API Error: Repeated 529 Overloaded errors', 'transient', 'overloaded'],
    // Codex 0.169.0's wording for any 5xx it gives up on (no status in the text).
    [
      'We’re currently experiencing high demand, which may cause temporary errors.',
      'transient',
      'overloaded',
    ],
    [
      '529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
      'transient',
      'overloaded',
    ],
    [
      'stream disconnected before completion: idle timeout waiting for SSE',
      'transient',
      'stream_disconnected',
    ],
    [
      'API Error: 500 {"type":"error","error":{"type":"api_error","message":"Internal server error"}}',
      'transient',
      'server_error',
    ],
    [
      'Attempt 2 failed with status 503. Retrying with backoff... Service Unavailable',
      'transient',
      'server_error',
    ],
    [
      'Reconnecting... waiting for network (Connection failed: error sending request)',
      'transient',
      'network',
    ],
    ['Error: connect ECONNREFUSED 127.0.0.1:443', 'transient', 'network'],
    // Peers' tests (the corpus's peer-* cases).
    ['Your API key has expired', 'fatal', 'authentication'],
    ['Authentication failed: invalid token', 'fatal', 'authentication'],
    ['Please purchase more credits to continue.', 'fatal', 'billing'],
    ['Upgrade to Pro to continue using this model.', 'fatal', 'billing'],
  ])('%s → %s %s', (text, kind, reason) => {
    expect(failureFromText(text, 'result')).toMatchObject({ kind, reason, source: 'result' });
  });

  it('names no failure in ordinary text, and never takes Codex model-metadata notices for a missing model', () => {
    expect(failureFromText('Fixed the bug and all tests pass.', 'stderr')).toBeNull();
    expect(failureFromText('Reading additional input from stdin...', 'stderr')).toBeNull();
    // Line numbers in a stack trace are not HTTP statuses.
    expect(failureFromText('    at run (file:///cli.js:529:13) error', 'stderr')).toBeNull();
    expect(failureFromText('    at run (file:///cli.js:503:7) error', 'stderr')).toBeNull();
    expect(
      failureFromText('Model metadata for `mock-model` not found. Defaulting to fallback metadata', 'stderr'),
    ).toBeNull();
    // A tool's login failing in passing is not the agent's own credentials refused.
    expect(
      failureFromText('MCP client for `github` failed to start: authentication failed', 'stderr'),
    ).toBeNull();
  });

  it('puts a fatal cause before a transient one in the same text, and gives the line as detail', () => {
    const text = 'API Error: 529 Overloaded\nAPI Error: 401 {"type":"authentication_error"}';
    expect(failureFromText(text, 'stderr')).toEqual({
      kind: 'fatal',
      reason: 'authentication',
      source: 'stderr',
      detail: 'API Error: 401 {"type":"authentication_error"}',
    });
  });

  it('maps HTTP statuses, never 429, and lets fatal wording win over a 5xx status', () => {
    expect(failureFromStatus(401, 'x')).toMatchObject({ kind: 'fatal', reason: 'authentication' });
    expect(failureFromStatus(402, 'x')).toMatchObject({ kind: 'fatal', reason: 'billing' });
    expect(failureFromStatus(404, 'x')).toMatchObject({ kind: 'fatal', reason: 'model_not_found' });
    expect(failureFromStatus(529, 'x')).toMatchObject({ kind: 'transient', reason: 'overloaded' });
    expect(failureFromStatus(502, 'x')).toMatchObject({ kind: 'transient', reason: 'server_error' });
    expect(failureFromStatus(429, 'x')).toBeNull();
    expect(failureFromStatus(400, 'x')).toBeNull();
    expect(failureFrom(500, 'Your credit balance is too low', 'result')).toMatchObject({ reason: 'billing' });
    expect(failureFrom(400, 'Your credit balance is too low', 'result')).toMatchObject({ reason: 'billing' });
    expect(failureFrom(503, 'upstream gone', 'result')).toMatchObject({ reason: 'server_error' });
  });

  it("reads Gemini's fatal exit codes", () => {
    expect(geminiExitFailure(55, '')).toMatchObject({ kind: 'fatal', reason: 'untrusted_folder' });
    expect(geminiExitFailure(41, 'Invalid auth method selected.')).toMatchObject({
      reason: 'bad_auth_choice',
      detail: 'Invalid auth method selected.',
    });
    expect(geminiExitFailure(41, 'API key not valid')).toMatchObject({ reason: 'authentication' });
    expect(geminiExitFailure(1, 'whatever')).toBeNull();
  });

  it('calls a non-zero exit with a stack trace a crash, and not a signal or a clean exit', () => {
    const trace = ["TypeError: Cannot read properties of undefined (reading 'map')", '    at f (cli.js:1:2)'];
    expect(crashFailure(trace, { code: 1, signal: null })).toEqual({
      kind: 'error',
      reason: 'crash',
      source: 'stderr',
      detail: "TypeError: Cannot read properties of undefined (reading 'map')",
    });
    expect(crashFailure(trace, { code: 0, signal: null })).toBeNull();
    expect(crashFailure(trace, { code: null, signal: 'SIGTERM' })).toBeNull();
    expect(crashFailure(['all good'], { code: 1, signal: null })).toBeNull();
    expect(crashFailure(trace, undefined)).toBeNull();
  });
});

describe('limit phrasings', () => {
  it.each([
    ['5-hour limit reached ∙ resets 9pm', true],
    ['Session limit reached ∙ resets 7pm', true],
    ['Opus weekly limit reached ∙ resets Oct 31, 9am', true],
    ["You're out of extra usage · resets 4pm (Europe/Paris)", true],
    ['API Error: Rate limit reached', false],
    ['You have exceeded your usage limit for this period.', false],
    ['rate_limit: too many requests', false],
    ['HTTP 429 Too Many Requests (retry-after: 30)', true],
    ['Attempt 1 failed with status 429. Retrying with backoff...', false],
    ['You exceeded your current quota, please check your plan and billing details.', false],
    ["You've hit your usage limit. Upgrade to Pro or try again at 1:42 PM.", true],
    // Peers' tests (the corpus's peer-* cases).
    ['You have been rate limited. Please try again.', false],
    ['error: rate_limit', false],
    ["Error: You've reached your 5-hour usage limit for Claude.\nPlease try again in about an hour.", true],
    ['Your limit resets at 2026-02-17T00:00:00 UTC', true],
    ['Error: Rate limit exceeded. Please wait 60 seconds.', true],
  ])('%s is a limit (reset read: %s)', (text, hasReset) => {
    const found = limitFromText(text, 'result', { patterns: [], now_ms: NOW });
    expect(found).not.toBeNull();
    expect(found!.resets_at_ms !== null).toBe(hasReset);
  });

  it('does not take a line number or other text for a limit on stderr', () => {
    for (const text of [
      '    at run (cli.js:429:13)',
      'Fixed the rate limiter',
      'quota.ts updated',
      'Context limit reached · /compact or /clear to continue',
      'Error: max turns limit reached',
      'exceeded retry limit',
      "You've reached your context limit",
      'The endpoint is rate limited to 10 requests per second',
    ]) {
      expect(limitFromText(text, 'output', { patterns: [], now_ms: NOW })).toBeNull();
    }
  });
});

describe('model_not_found wording', () => {
  it('reads an OpenAI-style missing model', () => {
    expect(
      failureFromText('The model `gpt-9` does not exist or you do not have access to it.', 'error_event'),
    ).toMatchObject({ kind: 'fatal', reason: 'model_not_found' });
  });
});
