import { describe, it, expect } from 'vitest';
import { textAdapter } from '../../../src/agents/text.js';
import { emptyMetrics } from '../../../src/agents/types.js';
import { at } from './fixtures.js';

const NOW = at('2025-10-09T10:00:00Z');
const classify = (text: string, patterns: RegExp[] = [], complete = true) =>
  textAdapter.classify(text, complete, { patterns, now_ms: NOW });

describe('text adapter', () => {
  it('never has a final result and reports the last non-empty line', () => {
    expect(classify('working...\nall tests pass\n\n')).toEqual({
      final: false,
      is_error: null,
      result_text: 'all tests pass',
      rate_limit: null,
      failure: null,
      model_output: null,
      notice: 'all tests pass',
      metrics: emptyMetrics(),
    });
    expect(textAdapter.hasFinalResult('{"type":"result"}\n')).toBe(false);
    expect(textAdapter.toolCalls).toBeNull();
  });

  it('finds built-in usage-limit texts and caller patterns near the end', () => {
    expect(classify("step 3\nYou've hit your limit · resets 1pm (Europe/Lisbon)\n").rate_limit).toEqual({
      source: 'usage_text',
      resets_at_ms: at('2025-10-09T12:00:00Z'),
      detail: "output: You've hit your limit · resets 1pm (Europe/Lisbon)",
    });
    expect(classify('Error: slow down, try again in 30 seconds\n', [/slow down/]).rate_limit).toEqual({
      source: 'pattern',
      resets_at_ms: NOW + 30_000,
      detail: 'output: Error: slow down, try again in 30 seconds',
    });
  });

  it('ignores limit texts further back than the last few KiB', () => {
    const old = 'Claude AI usage limit reached|1760000000\n' + 'progress line\n'.repeat(1000);
    expect(classify(old).rate_limit).toBeNull();
  });

  it('skips a partial first line', () => {
    expect(classify('usage limit reached\nfine\n', [], false).rate_limit).toBeNull();
    expect(classify('only a fragment', [], false).result_text).toBeNull();
  });
});
