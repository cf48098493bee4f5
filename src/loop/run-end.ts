// How a run ends: the end an error makes (a harness file it cannot write, an agent it cannot start, an input
// refused), the summary the homes read (the exit code, the stop reason, the counts and the counter), and the bash
// loop's last line that scripts parse.
import { EXIT, LoopError } from '../errors/exit-codes.js';
import { InputFileError } from '../os/input-file.js';
import { HarnessFileError } from '../state/index.js';
import type { LoopContext } from './context.js';

export interface RunSummary {
  exitCode: number;
  stopReason: string;
  productive: number;
  iterations: number;
  trailingRateLimits: number;
  /** Failed sessions over the whole run (each retried; none used up a productive iteration). */
  failures?: number;
  /** Completed sessions in a row at the end that changed nothing (progress.max_idle_sessions). */
  idleSessions?: number;
  /** A limit's reset this run stopped for instead of waiting (backoff.max_wait_mins), ISO; null otherwise. */
  resumeAfter?: string | null;
  /** The counter after the run: the global number the next session will use. */
  global: number;
  /** Why the loop ended early (a file it could not write, an agent it could not start), for the home to print. */
  error?: string;
}

/** The bash loop's last line, word for word (scripts parse it); failures get a line of their own before it. */
export function summaryLine(
  summary: Pick<RunSummary, 'productive' | 'trailingRateLimits' | 'global'>,
): string {
  return (
    `Loop completed: ${summary.productive} productive iterations, ` +
    `${summary.trailingRateLimits} trailing rate limits (global counter: ${summary.global})`
  );
}

/** The end of a loop that cannot go on: a harness file it cannot write, or an agent it cannot start. */
export function failedEnd(
  ctx: LoopContext,
  error: unknown,
): { reason: string; exitCode: number; error: string } {
  const end =
    error instanceof HarnessFileError
      ? { reason: 'write_failed', exitCode: EXIT.writeFailed, error: error.message }
      : error instanceof LoopError
        ? { reason: error.reason, exitCode: error.exitCode, error: error.message }
        : error instanceof InputFileError
          ? { reason: 'input_refused', exitCode: error.exitCode, error: error.message }
          : null;
  if (end === null) throw error;
  ctx.log('error', { stop: end.reason, error: end.error });
  return end;
}
