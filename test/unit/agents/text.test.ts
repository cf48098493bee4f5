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

describe('text adapter: failures (issue 8)', () => {
  const withExit = (text: string, code: number | null, signal: string | null = null) =>
    textAdapter.classify(text, true, { patterns: [], now_ms: 0, exit: { code, signal } });

  it('reads failure wording in the last lines of an agent that exited non-zero', () => {
    expect(withExit('starting\nError: Invalid API key · Please run /login\n', 1).failure).toMatchObject({
      kind: 'fatal',
      reason: 'authentication',
      source: 'stderr',
    });
    expect(withExit('working\nError: connect ECONNREFUSED 127.0.0.1:443\n', 2).failure).toMatchObject({
      kind: 'transient',
      reason: 'network',
    });
    expect(withExit('TypeError: x is not a function\n    at main (agent.js:3:9)\n', 1).failure).toMatchObject(
      {
        kind: 'error',
        reason: 'crash',
        detail: 'TypeError: x is not a function',
      },
    );
  });

  it('never calls a successful or signalled agent failed, and puts a limit first', () => {
    expect(withExit('Handled the 503 and ECONNREFUSED cases.\n', 0).failure).toBeNull();
    expect(withExit('Error: connect ECONNREFUSED\n', null, 'SIGTERM').failure).toBeNull();
    const limited = withExit('5-hour limit reached ∙ resets 9pm\n', 1);
    expect(limited.rate_limit).not.toBeNull();
    expect(limited.failure).toBeNull();
  });

  it('reads only the last lines: an early error the agent recovered from does not count', () => {
    const early = ['Error: connect ECONNREFUSED', ...Array.from({ length: 10 }, (_, i) => `step ${i} ok`)];
    expect(withExit(early.join('\n') + '\n', 1).failure).toBeNull();
  });
});
