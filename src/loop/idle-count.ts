// The loop's side of the no-progress stop: after each finished iteration, the idle count (progress.ts) is kept in
// the tally and the status file; when it reaches `progress.max_idle_sessions` the runner ends the loop with
// `no_progress` and this line says what was checked.
import type { LoopContext } from './context.js';
import { IDLE_CHECKED, idleStop, nextIdle } from './progress.js';
import type { SlotEnd, Tally } from './slot-end.js';

/** Counts the iteration; true when the count ends the loop. */
export function countIdle(
  ctx: LoopContext,
  tally: Tally,
  slot: Extract<SlotEnd, { kind: 'done' }>,
  workDone: boolean,
): boolean {
  tally.idle = nextIdle(tally.idle, { completed: slot.productive, changed: slot.changed ?? null, workDone });
  ctx.status.note({ idle_sessions: tally.idle });
  const limit = ctx.config.progress.max_idle_sessions;
  if (!idleStop(tally.idle, limit)) return false;
  ctx.log('error', { stop: 'no_progress', idle_sessions: tally.idle, limit, checked: IDLE_CHECKED });
  return true;
}
