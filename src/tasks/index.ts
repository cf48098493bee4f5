// The public face of tasks/: what the rest of the source may use. Anything else in this directory is its own.
export { INIT_SCRIPT } from './init-script.js';
export { TaskDriver } from './driver.js';
export { acquireLock, lockDirFor, readLockPid } from './lock.js';
export { foldOutcome, mergeOutcomes } from './merge.js';
export { ProgressLog, checkpointMessage } from './progress.js';
export { PRIORITIES, TASK_ID, newTaskFile } from './schema.js';
export type { Priority, Task, TaskFile } from './schema.js';
export { TaskFileError, loadTasksForRead, readTaskFile, writeTaskFile } from './store.js';
