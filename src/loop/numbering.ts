// Where the global numbering resumes. The bash loop's meaning: `.iteration_counter` holds the number the next
// session uses, and a session's transcript carries its own number. A number already used (a transcript on disk,
// or a session in the event log, which the Action carries between runs without the transcripts) is never used
// again, so a counter that lags (a crash between creating transcript n and writing n+1, or a counter an earlier
// version of this harness wrote as "the last number used") is caught up to the highest used number + 1.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { readCounter } from '../state/counter.js';
import { highestTranscript, type LoopPaths } from './paths.js';

/** The number the next session uses: the counter, or past the highest number already used. */
export function nextNumber(counter: number, highestUsed: number | null): number {
  return highestUsed === null ? counter : Math.max(counter, highestUsed + 1);
}

/** The highest `global` of a `session_complete` event in the event log; null when there is none. */
export async function highestLoggedSession(eventLog: string | null): Promise<number | null> {
  if (eventLog === null) return null;
  const lines = createInterface({ input: createReadStream(eventLog), crlfDelay: Infinity });
  let highest: number | null = null;
  try {
    for await (const line of lines) {
      if (!line.includes('"session_complete"')) continue;
      let event: unknown;
      try {
        event = JSON.parse(line);
      } catch {
        continue; // a line torn by a crash
      }
      const { event: name, global } = event as { event?: unknown; global?: unknown };
      if (name === 'session_complete' && Number.isSafeInteger(global) && (global as number) >= 0)
        highest = Math.max(highest ?? 0, global as number);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return highest;
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
