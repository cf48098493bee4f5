// The public face of tasks/graph/: what the rest of the source may use. Anything else in this directory is its own.
export { failedForGood, remainingWork } from './blocked.js';
export { isPermanentlyFailed } from './failure.js';
export { nextTaskId } from './ids.js';
export { readyTasks, selectNextTask } from './selection.js';
export { formatStats, taskStats } from './stats.js';
export { validateDependencies } from './validate.js';
