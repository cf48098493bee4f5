// One worker task handed to every session of a loop (the Action's `worker-task` input): each session's agent is
// the worker (agent.format = "json-actions") resuming that task, named to it by AGENT_HARNESS_WORKER_TASK, and
// its prompt is the task's own. The loop ends with `worker_done` once the task is completed (exit 0) or failed
// (exit 1: its state.json says why); a task that is running, stopped or pending goes on in the next session.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EXIT } from '../errors/exit-codes.js';
import type { DriverStop, IterationDriver, IterationWork } from '../loop/driver.js';
import { WORKER_TASK_ENV } from '../loop/worker-agent.js';
import { WorkerStateError } from './errors.js';
import { TASK_FILES, type TaskSpec, type WorkerState } from './task-files.js';

export const WORKER_DONE = 'worker_done';

export interface TaskProgress {
  status: WorkerState['status'];
  iteration: number;
  error: WorkerState['error'];
}

/** Where a task stands: the stop it calls for, or null while there is work left. Pure. */
export function taskStop(progress: TaskProgress | null): DriverStop | null {
  if (progress?.status === 'completed') return { stop: WORKER_DONE };
  if (progress?.status === 'failed') return { stop: WORKER_DONE, exitCode: EXIT.failure };
  return null;
}

export async function readTaskSpec(taskDir: string): Promise<TaskSpec> {
  const path = join(taskDir, TASK_FILES.task);
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new WorkerStateError(`${path}: cannot read the task: ${(error as Error).message}`);
  }
  const spec = value as Partial<TaskSpec> | null;
  if (typeof spec?.task_id !== 'string' || typeof spec.prompt !== 'string')
    throw new WorkerStateError(`${path}: not a task definition (task_id and prompt expected)`);
  return spec as TaskSpec;
}

/** state.json as far as the driver needs it; null before the first session wrote one. */
export async function readTaskProgress(taskDir: string): Promise<TaskProgress | null> {
  let text: string;
  try {
    text = await readFile(join(taskDir, TASK_FILES.state), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new WorkerStateError(`${join(taskDir, TASK_FILES.state)}: ${(error as Error).message}`);
  }
  try {
    const state = JSON.parse(text) as WorkerState;
    return { status: state.status, iteration: state.iteration, error: state.error ?? null };
  } catch {
    // A torn or corrupt state is the worker's to report (exit 17), in the session that meets it.
    return { status: 'running', iteration: 0, error: null };
  }
}

export async function openTaskDriver(
  taskDir: string,
  log: (fields: Record<string, string | number | null>) => void,
): Promise<IterationDriver> {
  const spec = await readTaskSpec(taskDir);
  const work: IterationWork = {
    prompt: (assembled) => assembled,
    promptText: spec.prompt,
    eventFields: {},
    logFields: { worker_task: spec.task_id },
    env: { [WORKER_TASK_ENV]: taskDir },
  };
  const check = async (): Promise<DriverStop | null> => {
    const progress = await readTaskProgress(taskDir);
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
    begin: async () => (await check()) ?? work,
    finish: check,
    close: () => Promise.resolve(),
  };
}
