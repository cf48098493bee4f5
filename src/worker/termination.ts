// When a task ends, decided by the harness and never by the model: an external stop (state.json says stopped), a
// stop request to this process (SIGINT/SIGTERM), the iteration limit, the running-time limit. A fatal error ends
// it too, but that is an exception on its way out, not a decision. Pure.
import type { TerminationReason, WorkerStatus } from './task-files.js';

export interface TerminationInput {
  /** state.json's status as last read. */
  status: WorkerStatus;
  /** Iterations counted so far. */
  iteration: number;
  maxIterations: number;
  /** Running time so far, carried over resumes. */
  elapsedMs: number;
  timeoutSeconds: number;
  /** This process was asked to stop (a signal). */
  interrupted: boolean;
}

export function terminationFor(input: TerminationInput): TerminationReason | null {
  if (input.status === 'stopped') return 'stopped';
  if (input.interrupted) return 'interrupted';
  if (input.iteration >= input.maxIterations) return 'max_iterations';
  if (timedOut(input.elapsedMs, input.timeoutSeconds)) return 'timeout';
  return null;
}

/** The running time is over the task's timeout_seconds (checked between iterations and between actions). */
export function timedOut(elapsedMs: number, timeoutSeconds: number): boolean {
  return elapsedMs > timeoutSeconds * 1000;
}

/** The status a task ends with for each reason. */
export function statusFor(reason: TerminationReason): WorkerStatus {
  switch (reason) {
    case 'max_iterations':
    case 'timeout':
    case 'done':
      return 'completed';
    case 'stopped':
    case 'interrupted':
      return 'stopped';
    case 'fatal':
      return 'failed';
  }
}
