// The job summary's public face: one Markdown document per run, built from the run's `session_complete`
// events. Pure: the GitHub platform code reads the event log and writes the result to $GITHUB_STEP_SUMMARY.
// The pieces live in summary/: types, reading events, formatters, wording, the table, the chart and the
// size-budgeted document.
export type { SummaryInput } from './types.js';
export { lastFailureFrom, sessionRow } from './events.js';
export { renderSummary } from './document.js';
export { readHistory } from './metrics-history.js';
export { taskSummaryMarkdown } from './tasks.js';
export { superviseCommitStatus, superviseSummaryMarkdown } from './supervise.js';
export type { SupervisedRow } from './supervise.js';
export { stateSummaryMarkdown } from './state.js';
