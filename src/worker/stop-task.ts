// `worker stop` (or any supervisor): state.json says `"status": "stopped"`. Every other field is kept, the file is
// replaced whole, and the change is made under state.json's mutex, so the worker's own writes (which re-read
// the file under the same mutex and never overwrite a stop) cannot lose it. The worker notices before its next
// step and ends. A task that already ended is left as it is. The reason is `stopped`, or `done` when a supervisor
// found the task complete (its done_when held): the worker then ends it `completed`.
import type { Clock } from '../os/clock-spawn.js';
import { updateState } from './state-lock.js';
import { readTask, type TerminationReason, type WorkerState } from './task-files.js';

/** The reasons another process may stop a task with. */
export type ExternalStop = Extract<TerminationReason, 'stopped' | 'done'>;

export interface StopResult {
  /** The state before the stop. */
  before: WorkerState;
  /** false: it had already ended (completed, failed or stopped) and was left alone. */
  changed: boolean;
}

export async function stopTask(
  dir: string,
  clock: Clock,
  reason: ExternalStop = 'stopped',
): Promise<StopResult> {
  let before: WorkerState | null = null;
  let changed = false;
  // Not a task: exit 17 before the mutex is made there.
  readTask(dir);
  await updateState(dir, (current) => {
    before = current;
    if (current.status === 'completed' || current.status === 'failed' || current.status === 'stopped')
      return null;
    changed = true;
    return {
      ...current,
      status: 'stopped',
      termination_reason: reason,
      updated_at: new Date(clock.now()).toISOString(),
    };
  });
  return { before: before!, changed };
}
