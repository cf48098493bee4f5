// Work handed to iterations from outside the loop (the task list): chosen before an iteration, settled after
// it. The loop stays ignorant of what the work is; the driver stays ignorant of processes and timing.
import { EXIT } from '../errors/exit-codes.js';
import type { EventOf } from '../state/events/index.js';

export interface IterationWork {
  /** Reshapes the assembled prompt (fills template variables or appends the work's description). */
  prompt(assembled: string): string;
  /**
   * The whole prompt, in place of the prompt file (review mode's rendered phase templates): the prepend commands'
   * output still comes first, and `prompt` still reshapes the result.
   */
  promptText?: string;
  /** Added to the iteration's `session_complete` events (`task_id`; review mode's `plan_id` and `phase`). */
  eventFields: Pick<EventOf<'session_complete'>, 'task_id' | 'plan_id' | 'phase'>;
  /** Added to the iteration's log lines (e.g. `task=task-003`). */
  logFields: Record<string, string | number | null>;
  /** Added to the agent's environment. */
  env?: Record<string, string>;
}

/** Why the driver ends the loop; `error`, when the end is a failure, says what went wrong and how to look into it. */
export type DriverStop = { stop: string; exitCode?: number; error?: string };

export interface IterationDriver {
  /** Chooses the iteration's work; asked again for the same iteration after a rate limit or a failed pre hook. */
  begin(): Promise<IterationWork | DriverStop>;
  /** The iteration is done (its sessions ran, or were empty and skipped). May end the loop. */
  finish(): Promise<DriverStop | null>;
  /** Whether the iteration `finish` just closed had its work done (a task completed): progress, whatever git says. */
  workDone?(): boolean;
  /** The loop has ended for `reason`: release what the driver holds. */
  close(reason: string): Promise<void>;
  /**
   * The mode prints its own last line (review mode: one for the whole cycle, not one per phase): the loop leaves
   * out the bash loop's `Loop completed: …`.
   */
  readonly ownEndLine?: boolean;
}

export function isStop(value: IterationWork | DriverStop | null): value is DriverStop {
  return value !== null && 'stop' in value;
}

/** The loop's end a driver's stop makes: its reason, its exit code (0 unless it names one), its error if any. */
export function driverEnd(stop: DriverStop): { reason: string; exitCode: number; error?: string } {
  return {
    reason: stop.stop,
    exitCode: stop.exitCode ?? EXIT.ok,
    ...(stop.error !== undefined ? { error: stop.error } : {}),
  };
}
