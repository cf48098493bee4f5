// Limit windows without a paid wait (`backoff.max_wait_mins`): a limit whose reset is further away than that is
// not slept through. The run stops instead (stop reason `rate_limited`, exit code 3) and keeps the reset instant
// in the status file (`resume_after`); a start before that instant waits for it when it is within the limit, and
// otherwise stops again at once, starting no agent. In the Action, whose runner is billed while it waits, the
// limit is 10 minutes unless the config says otherwise, and such a stop is a success with a `resume-after` output:
// the next scheduled run continues the counter, the tasks or the plan.
import { EXIT } from '../errors/exit-codes.js';
import { readStatus } from '../state/index.js';
import type { LoopContext } from './context.js';
import type { SlotEnd } from './slot-end.js';

/** The previous run's `resume_after` (epoch ms); null when there is none or the status cannot be read. */
export async function previousResumeAt(statusPath: string): Promise<number | null> {
  const previous = await readStatus(statusPath).catch(() => null);
  const at = previous?.resume_after ? Date.parse(previous.resume_after) : NaN;
  return Number.isFinite(at) ? at : null;
}

/** What a start does about a reset still ahead: go (none, or passed), wait for it, or stop at once. Pure. */
export function windowDecision(
  resumeAtMs: number | null,
  nowMs: number,
  maxWaitMins: number | undefined,
): 'go' | 'wait' | 'stop' {
  if (resumeAtMs === null || resumeAtMs <= nowMs) return 'go';
  if (maxWaitMins !== undefined && resumeAtMs - nowMs > maxWaitMins * 60_000) return 'stop';
  return 'wait';
}

/** Whether a wait of `delayMs` is longer than the config allows (no limit: never). Pure. */
export const beyondMaxWait = (delayMs: number, maxWaitMins: number | undefined): boolean =>
  maxWaitMins !== undefined && delayMs > maxWaitMins * 60_000;

/** The end of a run that will not wait for a reset at `resumeAtMs`: said, and kept in the status file. */
export function stopForReset(ctx: LoopContext, resumeAtMs: number): Extract<SlotEnd, { kind: 'stop' }> {
  const at = new Date(resumeAtMs).toISOString();
  ctx.log('warn', {
    stop: 'rate_limited',
    resume_after: at,
    max_wait_mins: ctx.config.backoff.max_wait_mins ?? null,
    rate_limited: `waiting for the limit to reset at ${at}: no agent starts before then`,
  });
  ctx.status.note({ resume_after: at });
  return { kind: 'stop', reason: 'rate_limited', exitCode: EXIT.rateLimited };
}

/**
 * At the start of a run: a reset the previous run stopped for and still ahead is waited for (within
 * `backoff.max_wait_mins`) or ends this run at once. Returns the end when it does, null when the loop may go on.
 */
export async function heldByReset(
  ctx: LoopContext,
  resumeAtMs: number | null,
): Promise<{ reason: string; exitCode: number } | null> {
  const clock = ctx.platform.clock;
  const decision = windowDecision(resumeAtMs, clock.now(), ctx.config.backoff.max_wait_mins);
  if (decision === 'go' || resumeAtMs === null) return null;
  if (decision === 'stop') return stopForReset(ctx, resumeAtMs);
  const at = new Date(resumeAtMs).toISOString();
  ctx.log('warn', { rate_limited: `waiting for the limit to reset at ${at}`, resume_after: at });
  await ctx.status.set({ state: 'rate_limited_backoff', backoff_until: at, resume_after: at });
  await ctx.pauseWhile(() => Math.max(0, resumeAtMs - clock.now()));
  await ctx.status.set({ backoff_until: null, resume_after: null });
  return null;
}
