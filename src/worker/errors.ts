// The worker's own error: a task directory it cannot use. The message names the file, what is wrong with it and
// what to do; nothing in the directory is overwritten when this is thrown.
import { EXIT, HarnessError } from '../errors/exit-codes.js';

/** task.json or state.json missing, unreadable or invalid: exit code 17 (EXIT.workerState). */
export class WorkerStateError extends HarnessError {
  override readonly name = 'WorkerStateError';

  constructor(
    readonly file: string,
    problem: string,
    advice = 'fix or restore it by hand (it is left as it is), or create a new task with `agent-harness worker new`',
  ) {
    super(`${file}: ${problem}; ${advice}`, EXIT.workerState);
  }
}
