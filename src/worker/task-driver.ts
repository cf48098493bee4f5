// One worker task handed to every session of a loop (the Action's `worker-task` input): each session's agent is
// the worker (agent.format = "json-actions") resuming that task, named to it by AGENT_HARNESS_WORKER_TASK, and
// its prompt is the task's own. The loop ends with `worker_done` once the task is completed (exit 0) or failed
// for a reason resuming cannot get past (exit 1: a full disk, a refused write; state.json says which). A task
// failed by its model (unreachable, rate limited, refused credentials) is resumed: the loop's own failure and
// rate-limit handling decides how often; a task that is pending, running or stopped goes on in the next session.
import { EXIT } from '../errors/exit-codes.js';
import type { DriverStop, IterationDriver, IterationWork } from '../loop/index.js';
import { WORKER_TASK_ENV } from '../loop/index.js';
import { WorkerStateError } from './errors.js';
import { LLM_FAILURE_KINDS } from './llm/index.js';
import { adoptTaskDefinition, readState, readTask, type WorkerState } from './task-files.js';

export const WORKER_DONE = 'worker_done';

export interface TaskProgress {
  status: WorkerState['status'];
  iteration: number;
  error: WorkerState['error'];
}

/** The model failures (LlmError kinds, state.json's error.kind) a later session may get past. */
const MODEL_FAILURES: ReadonlySet<string> = new Set(LLM_FAILURE_KINDS);

/** Where a task stands: the stop it calls for, or null while there is work left. Pure. */
export function taskStop(progress: TaskProgress | null): DriverStop | null {
  if (progress?.status === 'completed') return { stop: WORKER_DONE };
  if (progress?.status === 'failed' && !MODEL_FAILURES.has(progress.error?.kind ?? ''))
    return { stop: WORKER_DONE, exitCode: EXIT.failure };
  return null;
}

/** state.json as far as the driver needs it; null when it cannot be read (the session reports why: exit 17). */
export function readTaskProgress(taskDir: string): TaskProgress | null {
  try {
    const state = readState(taskDir);
    return { status: state.status, iteration: state.iteration, error: state.error };
  } catch (error) {
    if (error instanceof WorkerStateError) return null;
    throw error;
  }
}

/** Throws WorkerStateError (exit 17) when the directory holds no usable task.json. */
export function openTaskDriver(
  taskDir: string,
  log: (fields: Record<string, string | number | null>) => void,
): IterationDriver {
  const spec = readTask(taskDir);
  // A task.json alone (seed 004's supervisor writes task definitions): a pending task.
  adoptTaskDefinition(taskDir, new Date().toISOString());
  const work: IterationWork = {
    prompt: (assembled) => assembled,
    promptText: spec.prompt,
    eventFields: {},
    logFields: { worker_task: spec.task_id },
    env: { [WORKER_TASK_ENV]: taskDir },
  };
  const check = (): DriverStop | null => {
    const progress = readTaskProgress(taskDir);
    const stop = taskStop(progress);
    if (stop !== null)
      log({
        worker_task: spec.task_id,
        status: progress?.status ?? null,
        iteration: progress?.iteration ?? null,
        ...(progress?.error ? { error: `${progress.error.kind}: ${progress.error.message}` } : {}),
      });
    return stop;
  };
  return {
    begin: () => Promise.resolve(check() ?? work),
    finish: () => Promise.resolve(check()),
    close: () => Promise.resolve(),
  };
}
