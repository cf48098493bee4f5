// Which files make up the loop's state across runs, for main and post alike: the loop's, the task list's and
// review mode's (its plans directory and the issue-to-plan map), the metrics database, and a worker task's.
// How each meets a copy already in the workspace is its own (merge.ts, metrics.ts, tasks.ts, review.ts).
import { checkCounter, mergeLines, restoreCounter } from './merge.js';
import { metricsStateFile } from './metrics.js';
import type { StateFile } from './stage.js';
import { reviewStateFiles } from './review.js';
import { taskStateFiles } from './tasks.js';
import { superviseStateFiles, workerTaskStateFiles } from './worker.js';

export function stateFiles(input: {
  cwd: string;
  counter: string;
  status: string;
  eventLog: string | null;
  /** The metrics database; null when `metrics.enabled` is false. */
  metricsDb: string | null;
  /** The `worker-task` input's task directory, absolute; null (or absent) without one. */
  workerTask?: string | null;
  /** The `worker-supervise` input's task directories, absolute; null (or absent) without one. */
  workerSupervise?: readonly string[] | null;
}): StateFile[] {
  return [
    { name: 'counter', path: input.counter, restore: restoreCounter, check: checkCounter },
    { name: 'status', path: input.status },
    ...(input.eventLog ? [{ name: 'events', path: input.eventLog, merge: mergeLines }] : []),
    ...(input.metricsDb ? [metricsStateFile(input.metricsDb)] : []),
    ...taskStateFiles(input.cwd),
    ...reviewStateFiles(input.cwd),
    ...(input.workerTask ? workerTaskStateFiles(input.workerTask) : []),
    ...(input.workerSupervise ? superviseStateFiles(input.workerSupervise) : []),
  ];
}
