// The model hold: one small JSON file that every worker of a supervisor shares (the AGENT_HARNESS_MODEL_HOLD
// variable names it), saying until when no worker may call the model because it answered 429. Here: its format,
// where it is, reading it (missing: no hold; anything unusable: no hold and a problem to warn about, never a failure:
// it is a hint), merging two holds (the later `until` wins) and extending it atomically (read, compare, then a temp
// file in its directory renamed over it). Which hold is in force and how a 429 extends it are pure decisions.
import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { readInputTextSync } from '../../os/input-file.js';
import { writeFileAtomicSync } from '../../state/index.js';

/** The variable naming the hold file (an absolute path); unset: no hold, a 429 fails the task (exit 16). */
export const MODEL_HOLD_VAR = 'AGENT_HARNESS_MODEL_HOLD';

/** A hold file is a few hundred bytes: anything much larger is not one, and is not read whole. */
const MAX_HOLD_BYTES = 64 * 1024;

const instant = z.iso.datetime({ offset: true });
const holdSchema = z.looseObject({
  until: instant,
  set_at: instant.optional(),
  set_by: z.string().optional(),
  status: z.number().int().optional(),
});

export interface ModelHold {
  /** No model call before this instant (wall time, ISO 8601). */
  until: string;
  set_at: string;
  /** The task whose call was refused. */
  set_by: string;
  /** The HTTP status that set it (429). */
  status: number;
}

/** A hold file read: the hold (null: none), and what was wrong with it (null: nothing). */
export interface HoldRead {
  hold: ModelHold | null;
  problem: string | null;
}

/** The hold file's path from the environment; a value that is not an absolute path is a problem, no hold. */
export function holdPathFrom(env: NodeJS.ProcessEnv): { path: string | null; problem: string | null } {
  const value = env[MODEL_HOLD_VAR];
  if (value === undefined || value === '') return { path: null, problem: null };
  if (!isAbsolute(value))
    return { path: null, problem: `${MODEL_HOLD_VAR}=${value} is not an absolute path: ignored` };
  return { path: value, problem: null };
}

/** The hold a file's text holds. Pure. */
export function parseHold(text: string): HoldRead {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { hold: null, problem: 'not JSON' };
  }
  const parsed = holdSchema.safeParse(json);
  if (!parsed.success) return { hold: null, problem: 'not {"until": ISO-8601 timestamp, …}' };
  const { until, set_at = until, set_by = '', status = 429 } = parsed.data;
  return { hold: { until, set_at, set_by, status }, problem: null };
}

/** The file at `path`: missing is no hold; unreadable (a directory, a FIFO, no permission) is a problem. */
export function readHold(path: string): HoldRead {
  let text: string;
  try {
    text = readInputTextSync(path, { what: 'model hold file', maxBytes: MAX_HOLD_BYTES });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { hold: null, problem: null };
    return { hold: null, problem: `cannot be read (${(error as Error).message})` };
  }
  return parseHold(text);
}

/** The instant a hold ends, epoch ms (0: none). Pure. */
export const holdEndMs = (hold: ModelHold | null): number => (hold === null ? 0 : Date.parse(hold.until));

/** Of two holds, the one that ends later (the earlier one is inside it). Pure. */
export function laterHold(current: ModelHold | null, proposed: ModelHold): ModelHold {
  return holdEndMs(current) >= holdEndMs(proposed) ? current! : proposed;
}

/**
 * Extends the hold at `path` to `proposed` unless it already lasts as long: read, compare, write a temp file in the
 * same directory and rename it over the file. Two workers racing may both read the old hold and the one renaming
 * last wins, even with the earlier `until`; the other worker still waits its own `until` (it keeps it), and every
 * worker's next 429 extends the file again. A file that cannot be read is written over. The hold in force, and
 * why the file could not be written (null: it was, or it already held as long).
 */
export function extendHold(path: string, proposed: ModelHold): HoldRead {
  const hold = laterHold(readHold(path).hold, proposed);
  if (hold !== proposed) return { hold, problem: null };
  try {
    writeFileAtomicSync(path, `${JSON.stringify(hold)}\n`);
    return { hold, problem: null };
  } catch (error) {
    return { hold, problem: `cannot be written (${(error as Error).message})` };
  }
}
