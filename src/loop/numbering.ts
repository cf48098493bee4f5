// Where the global numbering resumes. The bash loop's meaning: `.iteration_counter` holds the number the next
// session uses, and a session's transcript carries its own number. A number already used (a transcript on disk,
// or a session in the event log, which the Action carries between runs without the transcripts) is never used
// again, so a counter that lags (a crash between creating transcript n and writing n+1, or a counter an earlier
// version of this harness wrote as "the last number used") is caught up to the highest used number + 1.
import { stat } from 'node:fs/promises';
import { openInputFile } from '../os/input-file.js';
import { createInterface } from 'node:readline';
import { readTail } from '../agents/index.js';
import { readCounter } from '../state/index.js';
import { parseEventLine } from '../state/events/index.js';
import { highestTranscript, type LoopPaths } from '../state/index.js';

/** The number the next session uses: the counter, or past the highest number already used. */
export function nextNumber(counter: number, highestUsed: number | null): number {
  return highestUsed === null ? counter : Math.max(counter, highestUsed + 1);
}

const LOG_TAIL_BYTES = 1024 * 1024;

/**
 * The `global` of a `session_complete` event line, or null for any other line (or one torn by a crash, or one
 * that does not match the event's schema: see state/events).
 */
function sessionNumber(line: string): number | null {
  if (!line.includes('"session_complete"')) return null;
  const parsed = parseEventLine(line);
  if (parsed.kind !== 'event' || parsed.event.event !== 'session_complete') return null;
  const { global } = parsed.event;
  return global !== undefined && Number.isSafeInteger(global) ? global : null;
}

function highestIn(lines: Iterable<string>, highest: number | null = null): number | null {
  for (const line of lines) {
    const number = sessionNumber(line);
    if (number !== null) highest = Math.max(highest ?? 0, number);
  }
  return highest;
}

/**
 * The highest `global` of a `session_complete` event in the event log; null when there is none. Numbers only
 * grow along the log, so its tail answers at a cost that does not grow with the log; only a log whose last MiB
 * holds no session is read whole. Anything but a regular file (a pipe, /dev/full) holds no history.
 */
export async function highestLoggedSession(eventLog: string | null): Promise<number | null> {
  if (eventLog === null) return null;
  try {
    if (!(await stat(eventLog)).isFile()) return null;
    const tail = await readTail(eventLog, LOG_TAIL_BYTES);
    const inTail = highestIn(tail.text.split('\n'));
    if (inTail !== null || tail.complete) return inTail;
    let highest: number | null = null;
    const handle = await openInputFile(eventLog, { what: 'event log', maxBytes: Infinity });
    try {
      const lines = createInterface({
        input: handle.createReadStream({ autoClose: false }),
        crlfDelay: Infinity,
      });
      for await (const line of lines) highest = highestIn([line], highest);
    } finally {
      await handle.close();
    }
    return highest;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The counter as recorded, and the number the next session will use. */
export async function resumeNumbering(
  paths: Pick<LoopPaths, 'counter' | 'outputDir' | 'eventLog'>,
  prefix: string,
): Promise<{ recorded: number; next: number }> {
  const recorded = await readCounter(paths.counter);
  const transcript = await highestTranscript(paths.outputDir, prefix);
  const logged = await highestLoggedSession(paths.eventLog);
  const highest = transcript === null ? logged : logged === null ? transcript : Math.max(transcript, logged);
  return { recorded, next: nextNumber(recorded, highest) };
}
