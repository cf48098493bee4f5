// A session that did not end well: rate limited (the loop waits for the reset, or a backoff, then runs the same
// iteration again) or failed (fatal: the loop stops with the fix; otherwise an exponential backoff, until too
// many in a row). Each is counted in the tally and the status file, logged and recorded as an event before the
// wait; a session that did not fail ends the streak.
import { beyondMaxWait, stopForReset } from './limit-window.js';
import { EXIT } from '../errors/exit-codes.js';
import type { LoopContext } from './context.js';
import { backoffMs, fatalAdvice, rateLimitWait, resetWaitLeftMs } from './policy.js';
import { round } from './round.js';
import type { SessionRecord } from './session-record.js';
import type { SlotEnd, Tally } from './slot-end.js';

export async function onRateLimit(
  ctx: LoopContext,
  record: SessionRecord,
  tally: { rateLimits: number },
): Promise<SlotEnd> {
  const { config, platform, status, position } = ctx;
  tally.rateLimits++;
  status.note({ consecutive_rate_limits: tally.rateLimits });
  const info = record.verdict.rate_limit;
  const base = {
    event: 'rate_limited' as const,
    iteration: position.iteration,
    global: record.global,
    consecutive: tally.rateLimits,
    source: info?.source ?? null,
  };
  if (tally.rateLimits >= config.backoff.max_consecutive_rate_limits) {
    ctx.log('error', { rate_limited: true, consecutive: tally.rateLimits, stop: 'rate_limits_exhausted' });
    await ctx.emit({ ...base, wait_ms: 0 });
    return { kind: 'stop', reason: 'rate_limits_exhausted', exitCode: EXIT.rateLimited };
  }
  const wait = rateLimitWait({
    consecutive: tally.rateLimits,
    initialSecs: config.backoff.initial_delay_secs,
    maxDelaySecs: config.backoff.max_delay_secs,
    maxWaitSecs: config.rate_limit.max_wait_secs,
    resetsAtMs: info?.resets_at_ms ?? null,
    nowMs: platform.clock.now(),
  });
  ctx.log('warn', {
    rate_limited: true,
    consecutive: tally.rateLimits,
    source: info?.source ?? null,
    wait_secs: round(wait.delayMs / 1000, 1),
    basis: wait.basis,
  });
  await ctx.emit({
    ...base,
    resets_at: info?.resets_at_ms ? new Date(info.resets_at_ms).toISOString() : null,
    wait_ms: wait.delayMs,
    basis: wait.basis,
  });
  // Longer than the config lets it wait (a 5-hour window on a billed runner): stop, and say when to come back.
  if (beyondMaxWait(wait.delayMs, config.backoff.max_wait_mins))
    return stopForReset(
      ctx,
      wait.basis === 'reset_time' && info?.resets_at_ms
        ? info.resets_at_ms + 1000
        : platform.clock.now() + wait.delayMs,
    );
  await status.set({
    state: 'rate_limited_backoff',
    backoff_until: new Date(platform.clock.now() + wait.delayMs).toISOString(),
  });
  // The reset is a wall instant: converted once to a monotonic deadline, checked against the wall on each waking.
  const deadlineMono = platform.clock.monotonic() + wait.delayMs;
  const resetsAtMs = wait.basis === 'reset_time' ? (info?.resets_at_ms ?? null) : null;
  await ctx.pauseWhile(() =>
    resetWaitLeftMs({
      deadlineMono,
      nowMono: platform.clock.monotonic(),
      resetsAtMs,
      nowMs: platform.clock.now(),
    }),
  );
  await status.set({ backoff_until: null });
  return { kind: 'again' };
}

/** A session that did not fail ends a run of failures (the status file stops naming the last one). */
export function endFailureStreak(ctx: LoopContext, tally: Tally): void {
  if (tally.failures === 0) return;
  tally.failures = 0;
  ctx.status.note({ consecutive_failures: 0, last_failure: null });
}

/**
 * A failed session. Fatal: the loop ends now with a message that says what to fix. Otherwise the same iteration
 * runs again after an exponential backoff, until retry.max_consecutive_failures failures in a row end the loop.
 */
export async function onFailure(ctx: LoopContext, record: SessionRecord, tally: Tally): Promise<SlotEnd> {
  const { config, platform, status, position } = ctx;
  const failure = record.failure ?? {
    kind: 'error' as const,
    reason: 'error_result' as const,
    source: 'result' as const,
    detail: record.verdict.result_text ?? '',
  };
  tally.failures++;
  tally.failedTotal++;
  const described = `${failure.kind}/${failure.reason}: ${failure.detail}`.slice(0, 500);
  status.note({ consecutive_failures: tally.failures, last_failure: described });
  const base = {
    event: 'session_failed' as const,
    iteration: position.iteration,
    global: record.global,
    consecutive: tally.failures,
    kind: failure.kind,
    reason: failure.reason,
    source: failure.source,
    detail: failure.detail,
  };
  if (failure.kind === 'fatal') {
    const fix = fatalAdvice(failure.reason, failure.detail);
    const message = `the agent failed fatally (${failure.reason}): ${fix}${
      failure.detail ? ` — ${failure.detail}` : ''
    }`;
    ctx.log('error', {
      failed: failure.reason,
      kind: 'fatal',
      stop: 'agent_fatal',
      fix,
      detail: failure.detail.slice(0, 300) || null,
    });
    await ctx.emit({ ...base, wait_ms: 0, fix });
    return { kind: 'stop', reason: 'agent_fatal', exitCode: EXIT.agentFatal, error: message };
  }
  if (tally.failures >= config.retry.max_consecutive_failures) {
    ctx.log('error', {
      failed: failure.reason,
      kind: failure.kind,
      consecutive: tally.failures,
      stop: 'failures_exhausted',
    });
    await ctx.emit({ ...base, wait_ms: 0 });
    return {
      kind: 'stop',
      reason: 'failures_exhausted',
      exitCode: EXIT.failuresExhausted,
      error:
        `${tally.failures} failed sessions in a row (retry.max_consecutive_failures); the last: ` +
        `${failure.kind}/${failure.reason}${failure.detail ? ` — ${failure.detail}` : ''}`,
    };
  }
  const delayMs = backoffMs(tally.failures, config.backoff.initial_delay_secs, config.backoff.max_delay_secs);
  ctx.log('warn', {
    failed: failure.reason,
    kind: failure.kind,
    consecutive: tally.failures,
    wait_secs: round(delayMs / 1000, 1),
    detail: failure.detail.slice(0, 300) || null,
  });
  await ctx.emit({ ...base, wait_ms: delayMs });
  await status.set({
    state: 'failure_backoff',
    backoff_until: new Date(platform.clock.now() + delayMs).toISOString(),
  });
  await ctx.pause(delayMs);
  await status.set({ backoff_until: null });
  return { kind: 'again' };
}
