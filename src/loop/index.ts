// The public face of loop/: what the rest of the source may use. Anything else in this directory is its own.
export type { Budget } from './budget.js';
export type { SelfCommand } from './context.js';
export type { DriverStop, IterationDriver, IterationWork } from './driver.js';
export type { HarnessOptions, HarnessSummary, HomePorts, RunHarness } from './harness-api.js';
export { sweepLeftIsolations } from './isolation-leftovers.js';
export { resumeNumbering } from './numbering.js';
export { classifyOutcome } from './policy.js';
export type { Clock, Fields, Level, Logger, Spawn, StopSource } from './ports.js';
export { preflight, preflightProblems } from './preflight.js';
export { recoverPreviousRun } from './recovery.js';
export type { RunSummary } from './run-end.js';
export { runLoop } from './runner.js';
export { NO_SPEND, addSpend, spendOf } from './spend.js';
export type { SessionSpend, Spend } from './spend.js';
export { StopController, installSignalHandlers } from './stop.js';
export { transcriptPass } from './transcript-scan.js';
export type { TranscriptPass } from './transcript-scan.js';
export { WORKER_DENIED_ENV, WORKER_SETTINGS_ENV, WORKER_TASK_ENV } from './worker-agent.js';
