// The public face of worker/supervisor/ (`agent-harness worker supervise`): what the command line uses.
export { allCompleted } from './decide.js';
export { eventLine, finalTable, holdLine, lineChanges, taskLine } from './progress.js';
export type { SupervisorEvent, TaskView } from './progress.js';
export { supervise, superviseSettings } from './runner.js';
export { SUPERVISE_LOCK, supervisedDenied } from './model-hold.js';
