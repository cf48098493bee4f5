// The model hold's file, as the supervisor reads it for its progress output: `{"until": ISO, ...}` in the
// supervised directory, written by a worker that met a limit (429 with Retry-After); every child is told its path
// in AGENT_HARNESS_MODEL_HOLD. The supervisor only reads it: a hold in force is shown, and a long wait on the
// model during one is not taken for a hang.
import { readText } from '../small-files.js';

/** The variable naming the hold file in each `worker run` the supervisor starts. */
export const MODEL_HOLD_VAR = 'AGENT_HARNESS_MODEL_HOLD';
/** The hold file's name in the (first) supervised directory. */
export const MODEL_HOLD_FILE = '.model-hold.json';

/** The hold's end (epoch ms) when it is in the future at `now`, else null (no file, unreadable, over). */
export function holdUntil(path: string, now: number): number | null {
  try {
    // Refused unread when it is not a regular file (a FIFO never blocks the supervisor).
    const read = readText(path, { what: 'model hold' });
    if (!('text' in read)) return null;
    const until = Date.parse(String((JSON.parse(read.text) as { until?: unknown } | null)?.until));
    return Number.isFinite(until) && until > now ? until : null;
  } catch {
    return null;
  }
}
