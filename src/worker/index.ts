// The public face of worker/: what the rest of the source may use. Anything else in this directory is its own.
export { findTaskDirs, formatListing, listTasks } from './list-tasks.js';
export { createTask } from './new-task.js';
export { holdPathFrom, MODEL_HOLD_VAR } from './llm/index.js';
export { supervisedDenied } from './supervisor/index.js';
export { runTask } from './run-task.js';
export type { TaskOutcome } from './run-task.js';
export { runWorkerSession, sessionFailure } from './session.js';
export type { WorkerSessionSetup } from './session.js';
export { stopTask } from './stop-task.js';
export { openTaskDriver } from './task-driver.js';
