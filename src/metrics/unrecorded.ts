// Which sessions the loop ran that the history does not have, from the event log and the transcripts on disk. Pure:
// the caller reads the log, lists the files and asks the store what it knows (reconcile.ts).
//
// - A `session_complete` in the log with no row: its recording failed (a full disk, a database that could not be
//   opened) or it was merged away by a schema before 4 (content keys). Recorded from the event, as the loop would.
// - A transcript the harness started (its number is at or after a run's `loop_start`) with neither a
//   `session_complete` nor a row: the harness was killed during the session (SIGKILL, a lost machine). Recorded
//   from the transcript, as cut short.
//
// A transcript numbered before the first run in the log is a bash loop's leftover, not a session this harness
// ran: it is left to `metrics ingest`. Sessions are told apart by their number and transcript path (transcriptSlot),
// never by content.
import type { EventOf } from '../state/events/index.js';
import type { TranscriptFile } from '../state/index.js';
import { parseEventLine } from '../state/events/index.js';
import { EVENT_LOG_VERSION } from '../state/events/index.js';
import { transcriptSlot } from './slot.js';

export type SessionComplete = EventOf<'session_complete'>;

/** A run as the event log shows it: its `loop_start`, named `pid<pid>@<ts>` (the log does not hold its cookie). */
export interface LoggedRun {
  id: string;
  /** The number its first session used. */
  first: number;
}

export interface LogView {
  /** In log order (numbers only grow along the log). */
  runs: LoggedRun[];
  /** Every `session_complete` of the current format, with when it was written and the run it belongs to. */
  completed: Array<{ event: SessionComplete; ts: string; run: string | null }>;
}

/** What the previous harness's status file says about the session it was running when it died. */
export interface RunningHint {
  run: string;
  global: number;
  output_file: string;
}

export type Unrecorded =
  | { kind: 'completed'; event: SessionComplete; ts: string; run: string; file: TranscriptFile | null }
  | { kind: 'cut_short'; file: TranscriptFile; run: string };

/** The run of a log without a `loop_start` before a session (a log cut at its head). */
export const UNKNOWN_RUN = 'unknown';

/** A log view built line by line (only `loop_start` and `session_complete` lines are parsed). */
export function logView(): { add(line: string): void; view: LogView } {
  const view: LogView = { runs: [], completed: [] };
  return {
    view,
    add(line) {
      const start = line.includes('"loop_start"');
      if (!start && !line.includes('"session_complete"')) return;
      const parsed = parseEventLine(line);
      if (parsed.kind !== 'event') return;
      const event = parsed.event;
      if (event.event === 'loop_start') {
        if (typeof event.global !== 'number') return;
        view.runs.push({ id: `pid${event.pid ?? '?'}@${event.ts ?? '?'}`, first: event.global });
        return;
      }
      if (event.event !== 'session_complete' || event.v !== EVENT_LOG_VERSION) return;
      const { ts, v: _v, ...rest } = event as SessionComplete & { ts: string; v: number };
      view.completed.push({ event: rest, ts, run: view.runs.at(-1)?.id ?? null });
    },
  };
}

/** The run of the log a session number belongs to: the last one that started at or before it. */
function runOf(runs: readonly LoggedRun[], global: number): string | null {
  let found: string | null = null;
  for (const run of runs) if (run.first <= global) found = run.id;
  return found;
}

export function findUnrecorded(input: {
  log: LogView;
  files: readonly TranscriptFile[];
  /** transcriptSlot of every session the history has. */
  known: ReadonlySet<string>;
  hint?: RunningHint | null;
}): Unrecorded[] {
  const { log, files, known } = input;
  const bySlot = new Map(files.map((file) => [transcriptSlot(file.global, file.path), file]));
  const logged = new Set<string>();
  const found: Unrecorded[] = [];
  for (const { event, ts, run } of log.completed) {
    const slot = transcriptSlot(event.global, event.output_file);
    if (logged.has(slot)) continue;
    logged.add(slot);
    if (known.has(slot)) continue;
    found.push({ kind: 'completed', event, ts, run: run ?? UNKNOWN_RUN, file: bySlot.get(slot) ?? null });
  }
  const hint = input.hint ?? null;
  for (const [slot, file] of bySlot) {
    if (known.has(slot) || logged.has(slot)) continue;
    const hinted = hint !== null && transcriptSlot(hint.global, hint.output_file) === slot;
    const run = hinted ? hint.run : runOf(log.runs, file.global);
    if (run !== null) found.push({ kind: 'cut_short', file, run });
  }
  return found;
}
