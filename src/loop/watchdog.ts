// The watchdog's decisions, as a pure step function over observations, so timing is tested exactly without
// processes or sleeps. The session feeds it the transcript size four times a second (or faster for short
// timeouts) and acts on what it returns. Every `now` is a monotonic reading (Clock.monotonic): silence is how long
// no growth was observed, never a file's mtime compared with the wall clock, so setting the date cannot make a
// working agent look stalled, nor a stalled one look fresh.

export interface WatchdogLimits {
  staleTimeoutMs: number;
  /** A warning about missing growth is logged once per interval; 0 disables the warnings. */
  warnIntervalMs: number;
  resultGraceMs: number;
}

export interface WatchdogState {
  lastSize: number;
  lastGrowthAt: number;
  /** When the previous observation was made: a growth seen now happened after it. */
  lastObservedAt: number;
  /** How many stale warnings have been issued since the last growth. */
  warnings: number;
  /**
   * When the output last grew, if that output ended with a final result (null otherwise). Any later growth
   * replaces it: an agent that speaks again after a result (Claude Code takes a new turn when a background task
   * finishes) is working, and the grace counts again only from its next final result.
   */
  resultSeenAt: number | null;
}

export interface Observation {
  /** Monotonic ms. */
  now: number;
  size: number;
  /**
   * The transcript, at this size, ends with a final result event (and the agent has no background work
   * pending). Only read when the size changed: without growth the previous answer stands.
   */
  finalSeen: boolean;
  /**
   * How long ago the transcript was last written by the wall clock (now less its mtime). It dates a growth within
   * the one interval that growth must lie in (after the previous observation, not after now), so the kill comes
   * T after the agent's last write rather than up to a poll later, while a wall-clock step moves it by at most
   * that interval. Absent: the growth is dated at the observation.
   */
  grewAgoMs?: number;
}

export type WatchdogAction =
  | { kind: 'none' }
  | { kind: 'grew' }
  | { kind: 'warn'; staleMs: number }
  | { kind: 'kill_stale'; staleMs: number }
  | { kind: 'kill_result_grace'; sinceResultMs: number };

export function initialWatchdog(now: number, size = 0): WatchdogState {
  return { lastSize: size, lastGrowthAt: now, lastObservedAt: now, warnings: 0, resultSeenAt: null };
}

export function watchdogStep(
  state: WatchdogState,
  obs: Observation,
  limits: WatchdogLimits,
): { state: WatchdogState; action: WatchdogAction } {
  let next = { ...state, lastObservedAt: Math.max(state.lastObservedAt, obs.now) };
  let grew = false;
  if (obs.size !== state.lastSize) {
    grew = true;
    const window = Math.max(0, obs.now - state.lastObservedAt);
    const ago = Math.min(window, Math.max(0, obs.grewAgoMs ?? 0));
    const at = Math.max(state.lastGrowthAt, obs.now - ago);
    // Lingering is silence since the last output: the grace counts from the growth that ended in the result.
    next = {
      ...next,
      lastSize: obs.size,
      lastGrowthAt: at,
      warnings: 0,
      resultSeenAt: obs.finalSeen ? at : null,
    };
  }

  if (next.resultSeenAt !== null) {
    const sinceResultMs = obs.now - next.resultSeenAt;
    if (sinceResultMs >= limits.resultGraceMs)
      return { state: next, action: { kind: 'kill_result_grace', sinceResultMs } };
  }
  const staleMs = obs.now - next.lastGrowthAt;
  if (staleMs >= limits.staleTimeoutMs) return { state: next, action: { kind: 'kill_stale', staleMs } };
  if (grew) return { state: next, action: { kind: 'grew' } };
  if (limits.warnIntervalMs > 0 && staleMs >= (next.warnings + 1) * limits.warnIntervalMs) {
    return { state: { ...next, warnings: next.warnings + 1 }, action: { kind: 'warn', staleMs } };
  }
  return { state: next, action: { kind: 'none' } };
}

/**
 * How long to wait before the next observation: the poll interval, or less when a limit falls due sooner (the stale
 * timeout, the result grace, the next warning), so a kill comes when the limit is reached rather than at the next
 * poll after it (up to 250 ms later). At least 1 ms. Pure.
 */
export function napMs(state: WatchdogState, limits: WatchdogLimits, pollMs: number, now: number): number {
  const due = [state.lastGrowthAt + limits.staleTimeoutMs];
  if (state.resultSeenAt !== null) due.push(state.resultSeenAt + limits.resultGraceMs);
  if (limits.warnIntervalMs > 0) due.push(state.lastGrowthAt + (state.warnings + 1) * limits.warnIntervalMs);
  return Math.max(1, Math.min(pollMs, Math.ceil(Math.min(...due) - now)));
}

/** How often to observe: four times a second, finer for very short timeouts so the kill stays precise. */
export function pollIntervalMs(limits: WatchdogLimits): number {
  const finest = Math.min(limits.staleTimeoutMs, limits.resultGraceMs > 0 ? limits.resultGraceMs : Infinity);
  return Math.max(20, Math.min(250, Math.floor(finest / 20)));
}
