// The model hold's file as the supervisor sees it (its format and reading: ../llm/hold-file.ts): a file in the
// supervised directory, written by a worker that met a limit (429); every child is told its path in
// AGENT_HARNESS_MODEL_HOLD. The supervisor only reads it: a hold in force is shown in the progress.
import { holdEndMs, readHold } from '../llm/index.js';

export { MODEL_HOLD_VAR } from '../llm/index.js';

/** The hold file's name in the (first) supervised directory. */
export const MODEL_HOLD_FILE = '.model-hold.json';

/** The hold's end (epoch ms) when it is in the future at `now`, else null (no file, unusable, over). */
export function holdUntil(path: string, now: number): number | null {
  const until = holdEndMs(readHold(path).hold);
  return Number.isFinite(until) && until > now ? until : null;
}
