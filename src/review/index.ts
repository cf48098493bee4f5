// The public face of review/: what the rest of the source may use. Anything else in this directory is its own.
export { readPlanfile } from './files.js';
export { harnessDir, planfilePath, plansDir } from './layout.js';
export { progressPath, readProgress } from './progress-file.js';
export { escapeCell, oneLine, progressMarkdown, progressText } from './progress-table.js';
export { waitingTasks } from './progress.js';
export type { PlanProgress } from './progress.js';
export type { Plan } from './schemas.js';
export { tmplvarsTable } from './tmplvars-table.js';
