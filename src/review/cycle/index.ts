// The public face of review/cycle/: what the rest of the source may use. Anything else in this directory is its own.
export { runPlanning } from './planning.js';
export type { InteractivePlanner } from './planning.js';
export { runReviewCycle } from './review-cycle.js';
export type { CycleSummary, HumanReply } from './review-cycle.js';
export type { CyclePorts } from './run-phase.js';
