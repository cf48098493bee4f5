// A time budget (a CI job's time limit), on the monotonic clock (Clock.monotonic): a session starts only if one as long as the longest seen so far
// can still finish before the deadline; a session still running at the deadline is ended (SIGTERM, then
// SIGKILL after `graceMs`) so that whatever runs after the loop has its time.

export interface Budget {
  /** The monotonic reading (Clock.monotonic) by which the loop must have stopped: a date set meanwhile moves nothing. */
  deadlineMs: number;
  /** Time between SIGTERM and SIGKILL when the deadline ends a session. */
  graceMs: number;
  /** How long a session is expected to take before any has been seen (e.g. from earlier runs). */
  estimateMs: number;
}

export function canStartSession(budget: Budget, nowMs: number, longestSessionMs: number): boolean {
  return nowMs + Math.max(longestSessionMs, budget.estimateMs) <= budget.deadlineMs;
}
