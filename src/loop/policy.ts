// Pure decisions: what a finished session was, and how long to wait after it.
import type { TranscriptVerdict } from '../agents/types.js';
import type { EndReason } from './session.js';

export type Outcome = 'productive' | 'empty' | 'rate_limited' | 'cancelled';

export function classifyOutcome(input: {
  endReason: EndReason;
  outputBytes: number;
  minOutputBytes: number;
  verdict: TranscriptVerdict;
}): Outcome {
  if (input.endReason === 'forced') return 'cancelled';
  if (input.outputBytes < input.minOutputBytes) return 'empty';
  // A session whose final result succeeded is never rate limited, whatever it talked about.
  if (input.verdict.final && input.verdict.is_error === false) return 'productive';
  if (input.verdict.rate_limit) return 'rate_limited';
  return 'productive';
}

/** The seed's backoff: initial * 2^consecutive, capped. `consecutive` counts the limit just seen. */
export function backoffMs(consecutive: number, initialSecs: number, maxSecs: number): number {
  const secs = initialSecs * 2 ** Math.min(consecutive, 40);
  return Math.round(Math.min(secs, maxSecs) * 1000);
}

export interface RateLimitWait {
  delayMs: number;
  basis: 'reset_time' | 'backoff';
}

/** A known reset time beats blind backoff: wait until it (a second past), at most `maxWaitSecs`. */
export function rateLimitWait(input: {
  consecutive: number;
  initialSecs: number;
  maxDelaySecs: number;
  maxWaitSecs: number;
  resetsAtMs: number | null;
  nowMs: number;
}): RateLimitWait {
  if (input.resetsAtMs !== null && input.resetsAtMs > input.nowMs) {
    const untilReset = input.resetsAtMs - input.nowMs + 1000;
    return { delayMs: Math.min(untilReset, Math.round(input.maxWaitSecs * 1000)), basis: 'reset_time' };
  }
  return { delayMs: backoffMs(input.consecutive, input.initialSecs, input.maxDelaySecs), basis: 'backoff' };
}
