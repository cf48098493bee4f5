// The ports the core talks to. The local home (plain files, a terminal) and the GitHub home implement them;
// the loop knows nothing of either.
import type { EventSink } from '../state/index.js';
import type { Clock, Spawn } from '../os/clock-spawn.js';

export type { Clock, Spawn };

export type Level = 'debug' | 'info' | 'warn' | 'error';
export type Fields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  log(level: Level, fields: Fields): void;
  /** A line meant for humans that is always shown (the final summary). */
  summary(text: string): void;
  /** Agent output interleaved with the harness log; absent unless verbose. */
  agentOutput?: (chunk: string) => void;
  /** Collapsible sections (one per session) where the home has them. */
  startGroup?(title: string): void;
  endGroup?(): void;
}

/** A stop request from beyond signals and the STOP file (a STOP label on an issue): see stop-sources.ts. */
export interface StopSource {
  /** The stop reason recorded when this source asks to stop, e.g. `stop_label`. */
  name: string;
  pollMs: number;
  check(): Promise<boolean>;
}

export interface Platform {
  clock: Clock;
  logger: Logger;
  events: EventSink;
  spawn: Spawn;
}
