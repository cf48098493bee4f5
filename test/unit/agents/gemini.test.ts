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
