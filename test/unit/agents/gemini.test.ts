import { describe, it, expect } from 'vitest';
import { geminiAdapter } from '../../../src/agents/gemini.js';
import { at, transcript } from './fixtures.js';

const NOW = at('2025-10-09T10:00:00Z');
const classify = (text: string, patterns: RegExp[] = []) =>
  geminiAdapter.classify(text, true, { patterns, now_ms: NOW });

describe('gemini adapter', () => {
  it('reads the final answer and stats, including tool calls, of a successful run', () => {
    const text = transcript('gemini-success.jsonl');
    expect(classify(text, [/quota/])).toEqual({
      final: true,
      is_error: false,
      result_text: 'Fixed the off-by-one in `sum`; no quota or rate limit issues.',
      rate_limit: null,
      failure: null,
      model_output: true,
      notice: null,
      metrics: {
        turns: 3,
        tool_calls: 2,
        input_tokens: 14800,
        output_tokens: 430,
        cost_usd: null,
        agent_duration_ms: 6190,
        // This hand-made transcript's stats have neither `cached` nor `models`.
        cache_read_tokens: null,
        cache_write_tokens: null,
        model: null,
        narration_turns: null,
        parallel_turns: null,
      },
    });
    expect(geminiAdapter.hasFinalResult(text)).toBe(true);
  });

  it('reports an exhausted quota as an API limit with the reset from the message', () => {
    const text = transcript('gemini-error.jsonl');
    const verdict = classify(text);
    expect(verdict).toMatchObject({ final: true, is_error: true, metrics: { tool_calls: 0 } });
    expect(verdict.result_text).toContain('RESOURCE_EXHAUSTED');
    expect(verdict.rate_limit).toMatchObject({
      source: 'api_status',
      resets_at_ms: NOW + (2 * 3600 + 13 * 60 + 5) * 1000,
    });
  });

  it('does not call an unrelated error a limit', () => {
    const text = transcript('gemini-error.jsonl').replaceAll(
      /\[API Error: [^"]*\)/g,
      'API key not valid. Please pass a valid API key.',
    );
    expect(classify(text)).toMatchObject({ final: true, is_error: true, rate_limit: null });
    expect(classify(text, [/API key not valid/]).rate_limit?.source).toBe('pattern');
  });

  it('is not final without a result event', () => {
    const text = transcript('gemini-success.jsonl').split('\n').slice(0, 8).join('\n') + '\n';
    expect(classify(text)).toMatchObject({
      final: false,
      is_error: null,
      result_text: null,
      rate_limit: null,
    });
    expect(geminiAdapter.hasFinalResult(text)).toBe(false);
  });
});

describe('gemini adapter: retries on stderr, failures, model output (issue 8)', () => {
  const init = JSON.stringify({ type: 'init', session_id: 's', model: 'gemini-2.5-pro' });
  const withExit = (text: string, code: number | null) =>
    geminiAdapter.classify(text, true, { patterns: [], now_ms: NOW, exit: { code, signal: null } });

  it('calls a session killed while Gemini retried 429s rate limited, reading "Please retry in"', () => {
    const text = [
      init,
      'Attempt 1 failed with status 429. Retrying with backoff... ApiError: {"error":{"code":429,"status":"RESOURCE_EXHAUSTED"}}',
      'Please retry in 2.5s.',
    ].join('\n');
    const verdict = withExit(`${text}\n`, null);
    expect(verdict).toMatchObject({ final: false, failure: null, model_output: false });
    expect(verdict.rate_limit).toMatchObject({ resets_at_ms: NOW + 2500 });
  });

  it('calls 503 retries a transient failure and a fatal exit code fatal', () => {
    const verdict = withExit(
      `${init}\nAttempt 1 failed with status 503. Retrying with backoff... Service Unavailable\n`,
      null,
    );
    expect(verdict.failure).toMatchObject({ kind: 'transient', reason: 'server_error', source: 'stderr' });
    expect(withExit('Gemini CLI is not running in a trusted directory.\n', 55).failure).toMatchObject({
      kind: 'fatal',
      reason: 'untrusted_folder',
    });
  });

  it('takes a session that reached maxSessionTurns (exit 53) for one that did its work', () => {
    const tool = JSON.stringify({
      type: 'tool_use',
      tool_name: 'run_shell_command',
      tool_id: 't1',
      parameters: {},
    });
    // gemini-cli 0.61.0's handleMaxTurnsExceededError result.
    const result = JSON.stringify({
      type: 'result',
      status: 'error',
      error: {
        type: 'FatalTurnLimitedError',
        message:
          'Reached max session turns for this session. Increase the number of turns by specifying maxSessionTurns in settings.json.',
      },
      stats: { input_tokens: 5, output_tokens: 3, tool_calls: 1 },
    });
    for (const code of [53, 1]) {
      expect(withExit(`${init}\n${tool}\n${result}\n`, code)).toMatchObject({
        final: true,
        is_error: true,
        rate_limit: null,
        failure: null,
        model_output: true,
      });
    }
    // Exit 53 alone does not excuse a quota: the text decides what the error was when the code is not 53.
    const quota = result.replace(
      /Reached max session turns[^"]*/,
      'You have exhausted your daily quota on this model.',
    );
    expect(withExit(`${init}\n${tool}\n${quota}\n`, 173).rate_limit).not.toBeNull();
  });

  it('takes a successful result whose stats show output tokens for work done, without assistant messages (issue 23)', () => {
    const result = JSON.stringify({
      type: 'result',
      status: 'success',
      stats: { input_tokens: 900, output_tokens: 42, tool_calls: 0 },
    });
    expect(withExit(`${init}\n${result}\n`, 0)).toMatchObject({
      final: true,
      is_error: false,
      model_output: true,
    });
  });

  it('says the model produced nothing when a successful result follows no answer', () => {
    const result = JSON.stringify({
      type: 'result',
      status: 'success',
      stats: { input_tokens: 5, output_tokens: 0, tool_calls: 0 },
    });
    expect(withExit(`${init}\n${result}\n`, 0)).toMatchObject({
      final: true,
      is_error: false,
      model_output: false,
      failure: null,
    });
  });
});
