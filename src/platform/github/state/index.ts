// The public face of platform/github/state/: what the rest of the source may use. Anything else in this directory is its own.
export { stateFiles } from './files.js';
export { issuePlansPath, planOfIssue, rememberIssuePlan } from './review.js';
export { type StateStore } from './store.js';
export { actionStateStore, type MovingStore, type StoreChoice } from './make.js';
export type { StateFile } from './stage.js';
export { superviseStateKey, workerStateKey, workerTaskArtifactFiles } from './worker.js';
