// Append-only JSONL event log. One write() per event with O_APPEND keeps lines whole even if the harness dies.
// Every line is one of the events in events/schema.ts, stamped with `ts` and the format version `v`.
import { appendFile } from 'node:fs/promises';
import { APPEND_FLAGS } from '../os/input-file.js';
import { EVENT_LOG_VERSION, type EventLine, type HarnessEvent } from './events/index.js';
import { namingFile } from './write-error.js';

export type { HarnessEvent };

export interface EventSink {
  emit(event: HarnessEvent): Promise<void>;
}

/** The line the writer appends for `event` at `ms`. */
export function eventLine(event: HarnessEvent, ms: number): EventLine {
  return { ts: isoSeconds(ms), v: EVENT_LOG_VERSION, ...event };
}

export class FileEventLog implements EventSink {
  constructor(
    private readonly path: string,
    private readonly now: () => number,
  ) {}

  async emit(event: HarnessEvent): Promise<void> {
    const line = JSON.stringify(eventLine(event, this.now()));
    await namingFile(this.path, () => appendFile(this.path, `${line}\n`, { flag: APPEND_FLAGS }));
  }
}

export const nullEventSink: EventSink = { emit: () => Promise.resolve() };

export function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
