// The supervised directory's own files: the model hold's (its format and reading: ../llm/hold-file.ts), written
// by a worker that met a limit (429), every child told its path in AGENT_HARNESS_MODEL_HOLD, and which the
// supervisor only reads (a hold in force is shown in the progress); and the supervisor's lock. Neither is the
// model's to touch: a forged hold would stall every worker, a forged lock keep the next supervisor out.
import { basename, dirname, join } from 'node:path';
import type { WorkerDenied } from '../../state/index.js';
import { holdEndMs, readHold } from '../llm/index.js';

export { MODEL_HOLD_VAR } from '../llm/index.js';

/** The hold file's name in the (first) supervised directory. */
export const MODEL_HOLD_FILE = '.model-hold.json';

/** The hold's end (epoch ms) when it is in the future at `now`, else null (no file, unusable, over). */
export function holdUntil(path: string, now: number): number | null {
  const until = holdEndMs(readHold(path).hold);
  return Number.isFinite(until) && until > now ? until : null;
}

/** The lock file a supervisor holds in each directory it supervises: a second supervisor there exits 5. */
export const SUPERVISE_LOCK = 'supervise.lock';

/**
 * What a supervised worker's model may not touch beyond the harness's own files: the hold file and the
 * supervisor's lock beside it, and each one's temp files; the lock also in each task's parent (the directory a
 * supervisor took it in). Nothing without a hold file (a worker no supervisor started).
 */
export function supervisedDenied(holdPath: string | null, taskDirs: readonly string[]): WorkerDenied {
  if (holdPath === null) return { paths: [], prefixes: [] };
  const dirs = [...new Set([dirname(holdPath), ...taskDirs.map((dir) => dirname(dir))])];
  return {
    paths: [holdPath, ...dirs.map((dir) => join(dir, SUPERVISE_LOCK))],
    prefixes: [
      { dir: dirname(holdPath), prefix: `.${basename(holdPath)}.` },
      ...dirs.map((dir) => ({ dir, prefix: `.${SUPERVISE_LOCK}.` })),
    ],
  };
}
