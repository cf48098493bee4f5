// The public face of worker/supervisor/ (`agent-harness worker supervise`): what the command line uses.
export { allCompleted } from './decide.js';
export { MODEL_HOLD_FILE } from './model-hold.js';
export { eventLine, finalTable, holdLine, taskLine } from './progress.js';
export type { SupervisorEvent, TaskView } from './progress.js';
export { supervise } from './runner.js';
