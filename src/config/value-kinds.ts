// The value kinds every config section shares: durations bounded by what Node's timers can wait, counts and
// non-empty paths, each with the description the reference and the JSON Schema show.
import { z } from 'zod';

/** Node's timers hold at most 2^31-1 ms; a longer wait silently becomes 1 ms, so longer durations are refused. */
export const TIMER_LIMIT_MS = 2 ** 31 - 1;
export const MAX_TIMER_SECS = Math.floor(TIMER_LIMIT_MS / 1000);
export const MAX_TIMER_MINS = Math.floor(TIMER_LIMIT_MS / 60_000);
/** Why a duration has an upper bound; shown after the bound in the error. */
export const TIMER_LIMIT_REASON = 'the longest a timer can wait: 2^31-1 ms, about 24.8 days';

export const seconds = (description: string) =>
  z.number().finite().nonnegative().max(MAX_TIMER_SECS, TIMER_LIMIT_REASON).describe(description);
export const positiveSeconds = (description: string) =>
  z.number().finite().positive().max(MAX_TIMER_SECS, TIMER_LIMIT_REASON).describe(description);
export const positiveMinutes = (description: string) =>
  z.number().finite().positive().max(MAX_TIMER_MINS, TIMER_LIMIT_REASON).describe(description);
export const minutes = (description: string) =>
  z.number().finite().nonnegative().max(MAX_TIMER_MINS, TIMER_LIMIT_REASON).describe(description);
export const positiveInt = (description: string) => z.number().int().positive().describe(description);
export const nonNegativeInt = (description: string) => z.number().int().nonnegative().describe(description);
export const pathString = (description: string) =>
  z.string().min(1, 'must not be empty').describe(description);
