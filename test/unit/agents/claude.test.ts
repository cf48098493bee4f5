import { describe, it, expect } from 'vitest';
import { claudeAdapter } from '../../../src/agents/claude.js';
import { type ClassifyOptions } from '../../../src/agents/types.js';
import { emptyMetrics } from '../../../src/session/metrics.js';
import { at, transcript } from './fixtures.js';

const NOW = at('2025-10-09T10:00:00Z');
const opts = (patterns: RegExp[] = []): ClassifyOptions => ({ patterns, now_ms: NOW });
const classify = (text: string, patterns: RegExp[] = [], complete = true) =>
  claudeAdapter.classify(text, complete, opts(patterns));

const limitEvent = (status: string, resetsAt: number, rateLimitType = 'five_hour'): string =>
  JSON.stringify({ type: 'rate_limit_event', rate_limit_info: { status, resetsAt, rateLimitType } });
const errorResult = (text: string, status: number | null = null): string =>
  JSON.stringify({
    type: 'result',
    subtype: 'success',
    is_error: true,
    api_error_status: status,
    result: text,
  });

describe('claude adapter: finished sessions', () => {
  it('reads the result and metrics of a successful session with tool calls', () => {
    const text = transcript('claude-success-tools.jsonl');
    const verdict = classify(text);
    expect(verdict).toEqual({
      final: true,
      is_error: false,
      result_text: 'Fixed the off-by-one in `sum` and committed it.',
      rate_limit: null,
      failure: null,
      model_output: true,
      notice: null,
      metrics: {
        turns: 9,
        tool_calls: null,
        input_tokens: 1520,
        output_tokens: 2210,
        cost_usd: 0.1834,
        agent_duration_ms: 48213,
        // From the result's usage; the model from system/init. Narration and parallel turns come from the
        // whole-transcript turn counter (claude-turns.ts), not from classify.
        cache_read_tokens: 40110,
        cache_write_tokens: 8200,
        model: 'claude-sonnet-4-5',
        narration_turns: null,
        parallel_turns: null,
      },
    });
    expect(claudeAdapter.hasFinalResult(text)).toBe(true);
    // The caller counts tool calls line by line over the whole file.
    const count = text.split('\n').reduce((n, line) => n + (claudeAdapter.toolCalls?.(line) ?? 0), 0);
    expect(count).toBe(4);
  });

  it('classifies the 429 API error as rate limited by api_error_status', () => {
    const verdict = classify(transcript('claude-api-429.jsonl'));
    expect(verdict.final).toBe(true);
    expect(verdict.is_error).toBe(true);
    expect(verdict.result_text).toMatch(/^API Error: Request rejected \(429\)/);
    expect(verdict.rate_limit).toMatchObject({ source: 'api_status', resets_at_ms: null });
    expect(verdict.rate_limit?.detail).toContain('429');
  });

  it('takes the 429 reset time from a rejected rate_limit_event, else the result text, else the latest event', () => {
    const withEvent = [
      limitEvent('allowed_warning', 1_760_010_000),
      errorResult('Request rejected (429)', 429),
    ];
    expect(classify(withEvent.join('\n') + '\n').rate_limit?.resets_at_ms).toBe(1_760_010_000_000);
    const withText = [
      limitEvent('rejected', 1_760_010_000),
      errorResult('Rejected (429) · resets 5pm UTC', 429),
    ];
    // The event's epoch is exact to the second; "resets 5pm" only to the minute.
    expect(classify(withText.join('\n') + '\n').rate_limit).toMatchObject({
      source: 'api_status',
      resets_at_ms: 1_760_010_000_000,
    });
    const textOnly = [
      limitEvent('allowed_warning', 1_760_010_000),
      errorResult('Rejected (429) · resets 5pm UTC', 429),
    ];
    expect(classify(textOnly.join('\n') + '\n').rate_limit).toMatchObject({
      source: 'api_status',
      resets_at_ms: at('2025-10-09T17:00:00Z'),
    });
  });

  it('never reports a limit for a successful session that discusses limits, even with a stale rejection', () => {
    const text = transcript('claude-success-discusses-limits.jsonl');
    const verdict = classify(text, [/rate limit/i, /429/]);
    expect(verdict.final).toBe(true);
    expect(verdict.is_error).toBe(false);
    expect(verdict.result_text).toContain('usage limit reached');
    expect(verdict.rate_limit).toBeNull();
  });

  it('reads the old usage-limit text with its epoch reset', () => {
    const verdict = classify(transcript('claude-usage-limit-old.jsonl'));
    expect(verdict.is_error).toBe(true);
    expect(verdict.rate_limit).toEqual({
      source: 'usage_text',
      resets_at_ms: 1_760_000_000_000,
      detail: 'result: Claude AI usage limit reached|1760000000',
    });
  });

  it('reads the new usage-limit text with a zoned wall-clock reset', () => {
    const verdict = classify(transcript('claude-usage-limit-new.jsonl'));
    expect(verdict.rate_limit).toMatchObject({
      source: 'usage_text',
      resets_at_ms: at('2025-10-09T12:00:00Z'),
    });
  });

  it('prefers a rejected rate_limit_event over the result text when the result is an error', () => {
    const text = [
      limitEvent('rejected', 1_760_020_000),
      errorResult("You've hit your limit · resets 1pm"),
    ].join('\n');
    expect(classify(text).rate_limit).toMatchObject({
      source: 'rate_limit_event',
      resets_at_ms: 1_760_020_000_000,
    });
  });

  it('applies caller patterns to an error result only', () => {
    const failed = errorResult('Credit balance is too low');
    expect(classify(failed, [/credit balance/i]).rate_limit).toMatchObject({ source: 'pattern' });
    expect(classify(failed).rate_limit).toBeNull();
    expect(classify(failed).is_error).toBe(true);
    expect(classify(failed).failure).toMatchObject({ kind: 'fatal', reason: 'billing', source: 'result' });
  });

  it('finds a result whose line has a rate_limit_event spliced into it', () => {
    const result = JSON.stringify({ type: 'result', is_error: false, num_turns: 2, result: 'ok' });
    const cut = result.indexOf('"num_turns"');
    const line = result.slice(0, cut) + limitEvent('rejected', 1_760_000_000) + result.slice(cut);
    const verdict = classify(line + '\n');
    expect(verdict).toMatchObject({ final: true, is_error: false, result_text: 'ok', rate_limit: null });
    expect(verdict.metrics.turns).toBe(2);
  });
});

describe('claude adapter: sessions without a result', () => {
  it('finds a rejected rate_limit_event spliced into another line of a killed session', () => {
    const text = transcript('claude-spliced-rate-limit.jsonl');
    const verdict = classify(text);
    expect(verdict).toMatchObject({ final: false, is_error: null, result_text: null });
    expect(verdict.rate_limit).toEqual({
      source: 'rate_limit_event',
      resets_at_ms: 1_760_007_200_000,
      detail: 'rate_limit_event rejected (five_hour)',
    });
    expect(claudeAdapter.hasFinalResult(text)).toBe(false);
  });

  it('judges each limit window by its latest event', () => {
    const lifted = [limitEvent('rejected', 1_760_000_000), limitEvent('allowed', 1_760_018_000)].join('\n');
    expect(classify(lifted + '\n').rate_limit).toBeNull();
    const otherWindow = [
      limitEvent('rejected', 1_760_000_000),
      limitEvent('allowed', 1_760_500_000, 'seven_day'),
    ];
    expect(classify(otherWindow.join('\n') + '\n').rate_limit?.resets_at_ms).toBe(1_760_000_000_000);
  });

  it('does not treat assistant text in a killed session as a limit', () => {
    const text = transcript('claude-killed.jsonl');
    const verdict = classify(text, [/usage limit/i]);
    expect(verdict).toEqual({
      final: false,
      is_error: null,
      result_text: null,
      rate_limit: null,
      // No failure wording: the crash itself (no result, a non-zero exit) is for the loop to judge.
      failure: null,
      model_output: true,
      notice: "throw er; // Unhandled 'error' event",
      // No result: no counts, but the messages name the model.
      metrics: { ...emptyMetrics(), model: 'claude-sonnet-4-5' },
    });
    expect(claudeAdapter.hasFinalResult(text)).toBe(false);
  });

  it('applies usage-limit texts and patterns to stderr lines of a killed session', () => {
    const killed = transcript('claude-killed.jsonl');
    const withUsage = `${killed}\nClaude AI usage limit reached|1760000000\n`;
    expect(classify(withUsage).rate_limit).toMatchObject({
      source: 'usage_text',
      resets_at_ms: 1_760_000_000_000,
    });
    const withPattern = `${killed}\nError: org budget spent\n`;
    expect(classify(withPattern, [/budget spent/]).rate_limit).toMatchObject({ source: 'pattern' });
  });

  it('ignores the first line of a partial tail, which may be a fragment of JSON text', () => {
    const tail = 'Claude AI usage limit reached|1760000000"}]}}\n{"type":"system","subtype":"init"}\n';
    expect(classify(tail, [], false).rate_limit).toBeNull();
    expect(classify(tail, [], true).rate_limit?.source).toBe('usage_text');
  });

  it('classifies a tail that starts in the middle of the transcript', () => {
    const text = transcript('claude-success-tools.jsonl');
    const verdict = claudeAdapter.classify(text.slice(text.length - 1500), false, opts());
    expect(verdict).toMatchObject({ final: true, is_error: false, rate_limit: null });
  });
});

describe('claude adapter: hasFinalResult', () => {
  const result = '{"type":"result","is_error":false,"result":"done"}';
  it('looks past trailing stderr lines to the last JSON event', () => {
    expect(claudeAdapter.hasFinalResult(`${result}\n(node:42) Warning: something\n\n`)).toBe(true);
    expect(claudeAdapter.hasFinalResult(result)).toBe(true);
  });

  it('is false while a later event is still being written or when the last event is not a result', () => {
    expect(claudeAdapter.hasFinalResult(`${result}\n{"type":"assistant","mess`)).toBe(false);
    expect(claudeAdapter.hasFinalResult(`${result}\n{"type":"assistant"}\n`)).toBe(false);
    expect(claudeAdapter.hasFinalResult('')).toBe(false);
  });
});

describe('claude adapter: failures, model output, metrics (issue 8)', () => {
  const init = JSON.stringify({ type: 'system', subtype: 'init', session_id: 's' });
  const retry = (status: number, error: string, attempt = 1) =>
    JSON.stringify({
      type: 'system',
      subtype: 'api_retry',
      attempt,
      max_retries: 10,
      retry_delay_ms: 1200,
      error_status: status,
      error,
    });

  it('counts tool calls once in a --include-partial-messages stream', () => {
    const lines = [
      JSON.stringify({
        type: 'stream_event',
        event: {
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'tool_use', id: 't1', name: 'Bash' },
        },
      }),
      JSON.stringify({
        type: 'assistant',
        message: { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: {} }] },
      }),
      JSON.stringify({
        type: 'user',
        message: { content: [{ type: 'tool_result', tool_use_id: 't1', content: 'echo "type":"tool_use"' }] },
      }),
      // Another key order still counts, by parsing.
      JSON.stringify({
        message: { role: 'assistant', content: [{ type: 'tool_use', id: 't2', name: 'Read', input: {} }] },
        type: 'assistant',
      }),
    ];
    expect(lines.map((l) => claudeAdapter.toolCalls!(l))).toEqual([0, 1, 0, 1]);
  });

  it('takes tokens from modelUsage when usage has none', () => {
    const result = JSON.stringify({
      type: 'result',
      subtype: 'success',
      is_error: false,
      num_turns: 4,
      result: 'done',
      modelUsage: {
        'claude-sonnet-4-5': { inputTokens: 100, outputTokens: 40, costUSD: 0.01 },
        'claude-haiku-4-5': { inputTokens: 20, outputTokens: 5, costUSD: 0.001 },
      },
    });
    expect(classify(`${init}\n${result}\n`).metrics).toMatchObject({
      turns: 4,
      input_tokens: 120,
      output_tokens: 45,
    });
  });

  it('calls a session killed while the CLI retried 529s a transient failure, and 429 retries a limit', () => {
    const overloaded = classify(
      [init, retry(529, 'overloaded_error', 1), retry(529, 'overloaded_error', 2)].join('\n') + '\n',
    );
    expect(overloaded).toMatchObject({
      final: false,
      rate_limit: null,
      failure: { kind: 'transient', reason: 'overloaded', source: 'api_status' },
      model_output: false,
    });
    const throttled = classify([init, retry(429, 'rate_limit')].join('\n') + '\n');
    expect(throttled.failure).toBeNull();
    expect(throttled.rate_limit).toMatchObject({ source: 'api_status', resets_at_ms: NOW + 1200 });
  });

  it('reads the assistant error field of a synthetic answer', () => {
    const synthetic = JSON.stringify({
      type: 'assistant',
      error: 'authentication_failed',
      message: {
        model: '<synthetic>',
        role: 'assistant',
        content: [{ type: 'text', text: 'Invalid API key · Please run /login' }],
      },
    });
    const verdict = classify(
      `${init}\n${synthetic}\n${errorResult('Invalid API key · Please run /login')}\n`,
    );
    expect(verdict).toMatchObject({
      is_error: true,
      rate_limit: null,
      failure: {
        kind: 'fatal',
        reason: 'authentication',
        source: 'result',
        detail: 'Invalid API key · Please run /login',
      },
      model_output: false,
    });
  });

  it('calls an error result with unknown wording an error, and an unknown error subtype too', () => {
    expect(classify(`${errorResult('Something odd happened')}\n`).failure).toMatchObject({
      kind: 'error',
      reason: 'error_result',
    });
    const during = JSON.stringify({ type: 'result', subtype: 'error_during_execution', is_error: true });
    expect(classify(`${during}\n`)).toMatchObject({ is_error: true, failure: { kind: 'error' } });
  });

  it('takes a session that spent its --max-turns or --max-budget-usd for one that did its work', () => {
    const assistant = JSON.stringify({
      type: 'assistant',
      message: { content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'ls' } }] },
    });
    for (const subtype of ['error_max_turns', 'error_max_budget_usd']) {
      // The shape Claude Code 2.1.330 prints (see corpus/real-claude-max-turns.jsonl).
      const spent = JSON.stringify({
        type: 'result',
        subtype,
        is_error: true,
        num_turns: 2,
        errors: ['Reached maximum number of turns (1)'],
        api_error_status: 429, // even with a stray status, the budget decides
      });
      expect(classify(`${assistant}\n${spent}\n`)).toMatchObject({
        final: true,
        is_error: true,
        rate_limit: null,
        failure: null,
        model_output: true,
      });
    }
  });

  it('says the model produced nothing when only the CLI spoke, whatever the byte count', () => {
    const notices = Array.from({ length: 20 }, (_, i) => `notice ${i}: loading configuration and plugins`);
    const verdict = claudeAdapter.classify([init, ...notices].join('\n') + '\n', true, {
      patterns: [],
      now_ms: NOW,
      exit: { code: 0, signal: null },
    });
    expect(verdict).toMatchObject({ model_output: false, failure: null, rate_limit: null });
    expect(verdict.notice).toBe('notice 19: loading configuration and plugins');
  });
});
