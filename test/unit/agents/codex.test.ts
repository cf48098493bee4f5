import { describe, it, expect } from 'vitest';
import { codexAdapter } from '../../../src/agents/codex.js';
import { parseResetTime } from '../../../src/agents/reset-time.js';
import { at, transcript } from './fixtures.js';

const NOW = at('2025-10-09T10:00:00Z');
const classify = (text: string, patterns: RegExp[] = []) =>
  codexAdapter.classify(text, true, { patterns, now_ms: NOW });
const lines = (...events: object[]): string => events.map((e) => JSON.stringify(e)).join('\n') + '\n';

describe('codex adapter', () => {
  it('reads the last agent message and usage of a successful run', () => {
    const text = transcript('codex-success.jsonl');
    expect(classify(text, [/rate limit/i])).toEqual({
      final: true,
      is_error: false,
      result_text:
        'Fixed `sum` (it added 1) and the tests pass now. The API rate limit handling was left unchanged.',
      rate_limit: null,
      failure: null,
      model_output: true,
      notice: null,
      metrics: {
        // Model turns: reasoning + npm test, the patch, npm test again, the final message.
        turns: 4,
        tool_calls: null,
        input_tokens: 24763,
        output_tokens: 122,
        cost_usd: null,
        agent_duration_ms: null,
        // turn.completed's usage.cached_input_tokens; this older transcript has no cache_write_input_tokens.
        cache_read_tokens: 24448,
        cache_write_tokens: null,
        // Not in the format (codex-turns.ts).
        model: null,
        narration_turns: null,
        parallel_turns: null,
      },
    });
    expect(codexAdapter.hasFinalResult(text)).toBe(true);
    // Tool calls once each: two commands (item.started not counted again) and one patch.
    const count = text.split('\n').reduce((n, line) => n + (codexAdapter.toolCalls?.(line) ?? 0), 0);
    expect(count).toBe(3);
  });

  it('reports a usage-limit failure with the reset time from the message', () => {
    const text = transcript('codex-usage-limit.jsonl');
    const verdict = classify(text);
    expect(verdict).toMatchObject({ final: true, is_error: true, metrics: { turns: 0, input_tokens: null } });
    expect(verdict).toMatchObject({ failure: null, model_output: false });
    expect(verdict.result_text).toMatch(/^You've hit your usage limit\./);
    expect(verdict.rate_limit).toMatchObject({ source: 'usage_text', resets_at_ms: NOW + 125 * 60_000 });
    expect(codexAdapter.hasFinalResult(text)).toBe(true);
  });

  it('reports the limit from the error event when the run was killed before turn.failed', () => {
    const text = transcript('codex-usage-limit.jsonl').split('\n').slice(0, 3).join('\n') + '\n';
    const verdict = classify(text);
    expect(verdict).toMatchObject({ final: false, is_error: null, result_text: null });
    expect(verdict.rate_limit?.source).toBe('usage_text');
    expect(codexAdapter.hasFinalResult(text)).toBe(false);
  });

  it('reads the newer "try again at" wording in the local time zone', () => {
    const message = "You've hit your usage limit. Try again at Oct 12th, 2025 3:05 PM.";
    const verdict = classify(lines({ type: 'turn.started' }, { type: 'turn.failed', error: { message } }));
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(verdict.rate_limit?.resets_at_ms).toBe(parseResetTime(message, NOW, zone));
    expect(verdict.rate_limit?.resets_at_ms).not.toBeNull();
  });

  it('treats a 429 failure as an API limit and an ordinary failure as no limit', () => {
    const throttled = 'exceeded retry limit, last status: 429 Too Many Requests';
    expect(classify(lines({ type: 'turn.failed', error: { message: throttled } })).rate_limit).toMatchObject({
      source: 'api_status',
    });
    const broken = lines({
      type: 'turn.failed',
      error: { message: 'stream disconnected before completion' },
    });
    expect(classify(broken)).toMatchObject({ final: true, is_error: true, rate_limit: null });
    expect(classify(broken, [/stream disconnected/]).rate_limit?.source).toBe('pattern');
  });

  it('ignores errors that a later successful turn recovered from', () => {
    const text = lines(
      { type: 'turn.started' },
      { type: 'error', message: 'Reconnecting... 1/5 (unexpected status 429 Too Many Requests)' },
      { type: 'item.completed', item: { id: 'item_0', type: 'agent_message', text: 'Done.' } },
      { type: 'turn.completed', usage: { input_tokens: 10, cached_input_tokens: 0, output_tokens: 2 } },
    );
    expect(classify(text)).toMatchObject({
      final: true,
      is_error: false,
      result_text: 'Done.',
      rate_limit: null,
    });
  });

  it('is not final while a new turn is running', () => {
    const text = transcript('codex-success.jsonl') + lines({ type: 'turn.started' });
    expect(classify(text)).toMatchObject({ final: false, is_error: null, result_text: null });
    expect(codexAdapter.hasFinalResult(text)).toBe(false);
  });
});

describe('codex adapter: failures and model output (issue 8)', () => {
  it('says the model produced nothing when a turn completed after start-up notices only', () => {
    const text = lines(
      { type: 'thread.started', thread_id: 't' },
      {
        type: 'item.completed',
        item: {
          id: 'item_0',
          type: 'error',
          message:
            'Model metadata for `mock-model` not found. Defaulting to fallback metadata; this can degrade performance and cause issues.',
        },
      },
      { type: 'turn.started' },
      { type: 'turn.completed', usage: { input_tokens: 10, output_tokens: 0 } },
    );
    expect(text.length).toBeGreaterThan(100);
    expect(classify(text)).toMatchObject({
      final: true,
      is_error: false,
      model_output: false,
      failure: null,
    });
  });

  it('takes a completed turn that reports output tokens for work done, without an answer item (issue 23)', () => {
    const text = lines(
      { type: 'thread.started', thread_id: 't' },
      { type: 'turn.started' },
      { type: 'turn.completed', usage: { input_tokens: 10, output_tokens: 57 } },
    );
    expect(classify(text)).toMatchObject({ final: true, is_error: false, model_output: true });
  });

  it('calls a broken stream a transient failure and an unknown turn failure an error', () => {
    const broken = classify(
      lines(
        { type: 'turn.started' },
        {
          type: 'turn.failed',
          error: { message: 'stream disconnected before completion: idle timeout waiting for SSE' },
        },
      ),
    );
    expect(broken.failure).toMatchObject({
      kind: 'transient',
      reason: 'stream_disconnected',
      source: 'result',
    });
    const odd = classify(
      lines({ type: 'turn.started' }, { type: 'turn.failed', error: { message: 'something odd' } }),
    );
    expect(odd.failure).toMatchObject({ kind: 'error', reason: 'error_result' });
  });

  it('reads a limit while Codex reconnects after 429s, with the Retry-After wait', () => {
    const verdict = classify(
      lines(
        { type: 'turn.started' },
        {
          type: 'error',
          message: 'Reconnecting... 1/3 (unexpected status 429 Too Many Requests: retry-after: 7)',
        },
      ),
    );
    expect(verdict.failure).toBeNull();
    expect(verdict.rate_limit).toMatchObject({ resets_at_ms: NOW + 7000 });
  });
});

describe('codex tool calls', () => {
  it('reads the item type without parsing, and parses another layout', () => {
    const big = 'x'.repeat(100_000);
    const done = (type: string) =>
      JSON.stringify({ type: 'item.completed', item: { id: 'item_1', type, aggregated_output: big } });
    expect(codexAdapter.toolCalls!(done('command_execution'))).toBe(1);
    expect(codexAdapter.toolCalls!(done('agent_message'))).toBe(0);
    expect(codexAdapter.toolCalls!(done('mcp_tool_call'))).toBe(1);
    const started = JSON.stringify({
      type: 'item.started',
      item: { id: 'item_1', type: 'command_execution' },
    });
    expect(codexAdapter.toolCalls!(started)).toBe(0);
    const reordered = JSON.stringify({ item: { type: 'file_change', id: 'i' }, type: 'item.completed' });
    expect(codexAdapter.toolCalls!(reordered)).toBe(1);
    // An agent message that quotes an item.completed line is one item, not a tool call.
    const quoting = JSON.stringify({
      type: 'item.completed',
      item: { id: 'item_2', type: 'agent_message', text: done('command_execution').slice(0, 80) },
    });
    expect(codexAdapter.toolCalls!(quoting)).toBe(0);
  });
});
