import { describe, expect, it } from 'vitest';
import { emptyMetrics, type TranscriptVerdict } from '../../../src/agents/types.js';
import { backoffMs, classifyOutcome, rateLimitWait } from '../../../src/loop/policy.js';

const verdict = (over: Partial<TranscriptVerdict> = {}): TranscriptVerdict => ({
  final: true,
  is_error: false,
  result_text: 'ok',
  rate_limit: null,
  failure: null,
  model_output: true,
  notice: null,
  metrics: emptyMetrics(),
  ...over,
});
const limit = { source: 'api_status' as const, resets_at_ms: null, detail: '429' };

describe('classifyOutcome', () => {
  const base = { endReason: 'exited' as const, outputBytes: 500, minOutputBytes: 100 };
  it('below min_output_bytes is empty, whatever the verdict', () => {
    expect(
      classifyOutcome({ ...base, outputBytes: 99, verdict: verdict({ rate_limit: limit, is_error: true }) }),
    ).toBe('empty');
    expect(classifyOutcome({ ...base, outputBytes: 100, verdict: verdict() })).toBe('productive');
  });
  it('a successful final result is never rate limited', () => {
    expect(classifyOutcome({ ...base, verdict: verdict({ rate_limit: limit }) })).toBe('productive');
  });
  it('an error result with a rate limit is rate limited; a forced end is cancelled', () => {
    expect(classifyOutcome({ ...base, verdict: verdict({ is_error: true, rate_limit: limit }) })).toBe(
      'rate_limited',
    );
    expect(
      classifyOutcome({ ...base, verdict: verdict({ final: false, is_error: null, rate_limit: limit }) }),
    ).toBe('rate_limited');
    expect(classifyOutcome({ ...base, endReason: 'forced', verdict: verdict() })).toBe('cancelled');
  });
});

describe('backoff', () => {
  it('is initial * 2^consecutive, capped', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((n) => backoffMs(n, 2, 600))).toEqual([
      4000, 8000, 16000, 32000, 64000, 128000, 600000,
    ]);
    expect(backoffMs(1000, 2, 600)).toBe(600_000);
  });
  it('a known reset time replaces blind backoff, capped by max_wait_secs; a past one is ignored', () => {
    const now = 1_000_000;
    const common = { consecutive: 1, initialSecs: 2, maxDelaySecs: 600, maxWaitSecs: 3600, nowMs: now };
    expect(rateLimitWait({ ...common, resetsAtMs: now + 120_000 })).toEqual({
      delayMs: 121_000,
      basis: 'reset_time',
    });
    expect(rateLimitWait({ ...common, resetsAtMs: now + 7_200_000 })).toEqual({
      delayMs: 3_600_000,
      basis: 'reset_time',
    });
    expect(rateLimitWait({ ...common, resetsAtMs: now - 5 })).toEqual({ delayMs: 4000, basis: 'backoff' });
    expect(rateLimitWait({ ...common, resetsAtMs: null })).toEqual({ delayMs: 4000, basis: 'backoff' });
  });
});
