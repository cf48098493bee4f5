// harness-init.sh, run at a task session's start: its whole output (stdout and stderr as they interleave) goes to
// harness-init.log beside it, removed when the script passes. A failure is retried once; a second failure stops
// the session with ENV_SETUP (exit code 6) and an error that says why: the exit code, the last lines of the
// output, and where the whole output is.
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { readTail } from '../agents/index.js';
import { EXIT } from '../errors/exit-codes.js';
import type { DriverStop } from '../loop/index.js';
import { errorLine } from '../os/error-line.js';
import { runShell } from '../os/shell.js';
import { INIT_LOG } from '../state/index.js';
import type { DriverState } from './driver-state.js';

export const INIT_SCRIPT = 'harness-init.sh';

/** What a stopped task driver returns: the loop's stop controller knows why. */
const INTERRUPTED = 'interrupted';

const TIMEOUT_MS = 600_000;
/** The most of the log's end read back for the message. */
const TAIL_BYTES = 4096;
/** The lines of output the error shows. */
const SHOWN_LINES = 10;

/** The error of a script that failed twice: its exit code, its output's last lines, where the whole output is. */
function initFailure(failure: {
  exitCode: number;
  timedOut: boolean;
  output: string;
  /** Null when the log could not be written or read: only the shell's own stderr is known. */
  log: string | null;
}): string {
  const how = failure.timedOut
    ? `was ended after ${TIMEOUT_MS / 60_000} minutes (exit ${failure.exitCode})`
    : `exited ${failure.exitCode}`;
  const lines = failure.output.trimEnd().split('\n').slice(-SHOWN_LINES);
  const shown =
    failure.output.trim() === ''
      ? 'It printed nothing.'
      : `Its last lines:\n${lines.map((line) => `  ${line}`).join('\n')}`;
  return (
    `${INIT_SCRIPT} failed twice, the last time it ${how}, so no task session started. ${shown}\n` +
    `${failure.log === null ? 'Its output could not be kept' : `Its whole output: ${failure.log}`}. Fix the script or what it checks (it must exit 0, and may run at every ` +
    `session), then run again; try it alone with: sh ${INIT_SCRIPT}`
  );
}

/**
 * harness-init.sh, if present; a failure is retried once, a second failure is ENV_SETUP and stops. A stop
 * requested before it (or while it runs) is `interrupted`, script or none.
 */
export async function runInitScript(state: DriverState): Promise<DriverStop | null> {
  const { options } = state;
  if (options.signal?.aborted) return { stop: INTERRUPTED };
  const log = join(options.cwd, INIT_LOG);
  if (!existsSync(join(options.cwd, INIT_SCRIPT))) return null;
  for (let attempt = 1; ; attempt++) {
    // Both names are constants, relative to the script's own directory: nothing to quote.
    const result = await runShell(`sh ./${INIT_SCRIPT} >./${INIT_LOG} 2>&1`, {
      cwd: options.cwd,
      env: options.env,
      timeoutMs: TIMEOUT_MS,
      clock: options.clock,
      spawn: options.spawn,
      ...state.containment(),
    });
    if (result.interrupted) return { stop: INTERRUPTED };
    if (result.exitCode === 0) {
      await rm(log, { force: true });
      await state.note({ type: 'INIT', message: 'Environment health check: PASS' });
      return null;
    }
    // The shell's own complaint (the log cannot be written) is on its stderr, not in the log.
    const kept = await logTail(log);
    const output = kept ?? result.stderrTail;
    await state.note({
      type: 'ERROR',
      category: 'ENV_SETUP',
      message: `harness-init.sh failed (exit ${result.exitCode}, attempt ${attempt}/2): ${errorLine(output) ?? ''}`,
    });
    if (attempt === 2) {
      const error = initFailure({
        exitCode: result.exitCode,
        timedOut: result.timedOut,
        output,
        log: kept === null ? null : log,
      });
      return { stop: 'env_setup', exitCode: EXIT.taskEnvironment, error };
    }
  }
}

/** The end of the log (agents' bounded tail read: never blocks on a FIFO put there); null when it cannot be read. */
function logTail(path: string): Promise<string | null> {
  return readTail(path, TAIL_BYTES).then(
    (tail) => tail.text,
    () => null,
  );
}
