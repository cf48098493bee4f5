// Append-only JSONL event log. One write() per event with O_APPEND keeps lines whole even if the harness dies.
import { appendFile } from 'node:fs/promises';
import { namingFile } from './write-error.js';

export type HarnessEvent = { event: string } & Record<string, unknown>;

export interface EventSink {
  emit(event: HarnessEvent): Promise<void>;
}

export class FileEventLog implements EventSink {
  constructor(
    private readonly path: string,
    private readonly now: () => number,
  ) {}

  async emit(event: HarnessEvent): Promise<void> {
    const line = JSON.stringify({ ts: isoSeconds(this.now()), ...event });
    await namingFile(this.path, () => appendFile(this.path, `${line}\n`));
  }
}

export const nullEventSink: EventSink = { emit: async () => undefined };

export function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
