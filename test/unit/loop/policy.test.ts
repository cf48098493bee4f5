import { describe, expect, it } from 'vitest';
import { type TranscriptVerdict } from '../../../src/agents/types.js';
import { emptyMetrics } from '../../../src/session/metrics.js';
import {
  backoffMs,
  classifyOutcome,
  fatalAdvice,
  rateLimitWait,
  resetWaitLeftMs,
} from '../../../src/loop/policy.js';

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
  const base = { endReason: 'exited' as const, outputBytes: 500, minOutputBytes: 100, exitCode: 0 };
  const outcome = (input: Partial<Parameters<typeof classifyOutcome>[0]>) =>
    classifyOutcome({ ...base, verdict: verdict(), ...input });
  const transient = {
    kind: 'transient' as const,
    reason: 'overloaded' as const,
    source: 'api_status' as const,
  };
  const fatal = { kind: 'fatal' as const, reason: 'authentication' as const, source: 'result' as const };

  it('a limit shorter than min_output_bytes is rate limited, never empty', () => {
    expect(
      outcome({
        outputBytes: 40,
        verdict: verdict({ rate_limit: limit, is_error: true, model_output: null }),
      }),
    ).toEqual({ outcome: 'rate_limited', decided_by: 'api_status', failure: null });
  });
  it('text format: below min_output_bytes is empty; at it, productive', () => {
    const text = verdict({ final: false, is_error: null, model_output: null });
    expect(outcome({ outputBytes: 99, verdict: text })).toMatchObject({
      outcome: 'empty',
      decided_by: 'output_bytes',
    });
    expect(outcome({ outputBytes: 100, verdict: text })).toMatchObject({
      outcome: 'productive',
      decided_by: 'output',
    });
  });
  it('structured formats: empty when the model produced nothing, whatever the byte count', () => {
    const silent = verdict({ final: true, is_error: false, result_text: '', model_output: false });
    expect(outcome({ outputBytes: 5000, verdict: silent })).toMatchObject({
      outcome: 'empty',
      decided_by: 'no_model_output',
    });
    // Start-up notices only, then a clean exit: empty.
    expect(
      outcome({ outputBytes: 900, verdict: verdict({ final: false, is_error: null, model_output: false }) }),
    ).toMatchObject({ outcome: 'empty', decided_by: 'no_model_output' });
    // A model that answered in 60 bytes is not empty.
    expect(outcome({ outputBytes: 60, verdict: verdict() })).toMatchObject({
      outcome: 'productive',
      decided_by: 'result',
    });
  });
  it('a successful final result is never rate limited', () => {
    expect(outcome({ verdict: verdict({ rate_limit: limit }) })).toMatchObject({
      outcome: 'productive',
      decided_by: 'result',
    });
  });
  it('an error result with a rate limit is rate limited; a forced end is cancelled', () => {
    expect(outcome({ verdict: verdict({ is_error: true, rate_limit: limit }) }).outcome).toBe('rate_limited');
    expect(outcome({ verdict: verdict({ final: false, is_error: null, rate_limit: limit }) }).outcome).toBe(
      'rate_limited',
    );
    expect(outcome({ endReason: 'forced' })).toEqual({
      outcome: 'cancelled',
      decided_by: 'forced',
      failure: null,
    });
  });
  it('a failure the transcript shows is failed with its kind, not productive', () => {
    const failure = { ...transient, detail: 'overloaded_error' };
    expect(outcome({ verdict: verdict({ is_error: true, failure }), exitCode: 1 })).toEqual({
      outcome: 'failed',
      decided_by: 'failure:api_status',
      failure,
    });
    const refused = { ...fatal, detail: 'Invalid API key' };
    expect(
      outcome({
        outputBytes: 30,
        verdict: verdict({ is_error: true, failure: refused, model_output: false }),
      }),
    ).toMatchObject({ outcome: 'failed', failure: { kind: 'fatal', reason: 'authentication' } });
    // A limit wins over a failure the same transcript shows.
    expect(outcome({ verdict: verdict({ is_error: true, failure, rate_limit: limit }) }).outcome).toBe(
      'rate_limited',
    );
  });
  it('a session killed while the agent was retrying 429s is rate limited, not stalled', () => {
    const retrying = verdict({ final: false, is_error: null, model_output: false, rate_limit: limit });
    expect(outcome({ endReason: 'watchdog', exitCode: null, verdict: retrying })).toEqual({
      outcome: 'rate_limited',
      decided_by: 'api_status',
      failure: null,
    });
  });
  it('structured, no final result, stalled until the watchdog: failed transient (stalled)', () => {
    expect(
      outcome({ endReason: 'watchdog', exitCode: null, verdict: verdict({ final: false, is_error: null }) }),
    ).toMatchObject({
      outcome: 'failed',
      decided_by: 'failure:watchdog',
      failure: { kind: 'transient', reason: 'stalled', source: 'watchdog' },
    });
  });
  it('structured, no final result, non-zero exit: failed error (crash) with the notice', () => {
    const crashed = verdict({ final: false, is_error: null, notice: 'TypeError: x is not a function' });
    expect(outcome({ exitCode: 1, verdict: crashed })).toMatchObject({
      outcome: 'failed',
      decided_by: 'failure:exit_code',
      failure: { kind: 'error', reason: 'crash', detail: 'TypeError: x is not a function' },
    });
    // Ended by a signal the harness did not send (exit code null) is a crash too.
    expect(outcome({ exitCode: null, verdict: crashed }).outcome).toBe('failed');
    // Exit 0 without a final result: the output decides.
    expect(outcome({ exitCode: 0, verdict: crashed })).toMatchObject({
      outcome: 'productive',
      decided_by: 'output',
    });
    // The model said nothing at all: still a crash, not an empty session to retry at once.
    expect(
      outcome({ exitCode: 139, verdict: verdict({ final: false, is_error: null, model_output: false }) }),
    ).toMatchObject({
      outcome: 'failed',
      failure: { reason: 'crash', detail: expect.stringMatching(/139/) },
    });
    // A text-format agent that exits non-zero is judged by its bytes.
    expect(
      outcome({ exitCode: 1, verdict: verdict({ final: false, is_error: null, model_output: null }) })
        .outcome,
    ).toBe('productive');
  });
});

describe('fatalAdvice', () => {
  it('says what to fix for every fatal reason', () => {
    expect(fatalAdvice('authentication')).toMatch(/API key/);
    // A subscription's expired token says how to make a new one (report-claude-oauth-expired's words).
    const expired =
      'Failed to authenticate. API Error: 401 {"type":"error","error":{"type":"authentication_error","message":"OAuth token has expired. Please obtain a new token or refresh your existing token."}}';
    expect(fatalAdvice('authentication', expired)).toMatch(/claude setup-token.*CLAUDE_CODE_OAUTH_TOKEN/);
    expect(fatalAdvice('authentication', 'Invalid API key · Please run /login')).toMatch(/API key/);
    expect(fatalAdvice('billing')).toMatch(/credits/);
    expect(fatalAdvice('model_not_found')).toMatch(/model/);
    expect(fatalAdvice('untrusted_folder')).toMatch(/trust/);
  });
  it('tells a root user refused --dangerously-skip-permissions to set IS_SANDBOX=1 or run as another user', () => {
    const root =
      '--dangerously-skip-permissions cannot be used with root/sudo privileges for security reasons';
    expect(fatalAdvice('agent_refused', root)).toMatch(/IS_SANDBOX=1.*agent\.env.*non-root user/);
    // Any other refusal keeps the general advice.
    const nested = 'Error: Claude Code cannot be launched inside another Claude Code session.';
    expect(fatalAdvice('agent_refused', nested)).not.toMatch(/IS_SANDBOX/);
    expect(fatalAdvice('agent_refused', nested)).toMatch(/run it by hand/);
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

describe('resetWaitLeftMs: a reset time converted once to a monotonic deadline, re-checked on the wall', () => {
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;
  // At wall 10:00 (monotonic 5 000) a limit resets at 10:30: the wait is 30 min and a second.
  const wall0 = Date.parse('2026-01-01T10:00:00Z');
  const resetsAtMs = wall0 + 30 * 60_000;
  const wait = rateLimitWait({
    consecutive: 1,
    initialSecs: 1,
    maxDelaySecs: 60,
    maxWaitSecs: 6 * 3600,
    resetsAtMs,
    nowMs: wall0,
  });
  const deadlineMono = 5_000 + wait.delayMs;
  const left = (monoElapsed: number, wallStep: number) =>
    resetWaitLeftMs({
      deadlineMono,
      nowMono: 5_000 + monoElapsed,
      resetsAtMs,
      nowMs: wall0 + monoElapsed + wallStep,
    });

  it('with a steady wall clock, waits exactly until a second past the reset', () => {
    expect(wait.delayMs).toBe(30 * 60_000 + 1000);
    expect(left(0, 0)).toBe(30 * 60_000 + 1000);
    expect(left(30 * 60_000, 0)).toBe(1000);
    expect(left(30 * 60_000 + 1000, 0)).toBe(0);
  });
  it('a wall clock stepped +1 h ends the wait at the next waking: the reset instant has passed', () => {
    expect(left(10_000, HOUR)).toBe(0);
  });
  it('a wall clock stepped a day back never stretches the wait past its monotonic deadline', () => {
    expect(left(10_000, -DAY)).toBe(30 * 60_000 + 1000 - 10_000);
    expect(left(30 * 60_000 + 1000, -DAY)).toBe(0);
  });
  it('a backoff without a reset time is the monotonic deadline alone', () => {
    expect(
      resetWaitLeftMs({ deadlineMono: 9_000, nowMono: 4_000, resetsAtMs: null, nowMs: wall0 + DAY }),
    ).toBe(5_000);
  });
});
