// The job summary's public entry: one Markdown document per run, built from the run's `session_complete`
// events. Pure: the GitHub platform code reads the event log and writes the result to $GITHUB_STEP_SUMMARY.
// The pieces live in summary/: types, reading events, formatters, wording, the table, the chart and the
// size-budgeted document.
export type {
  LastFailure,
  PreviousProgress,
  SessionEndReason,
  SessionOutcome,
  SessionRow,
  SummaryInput,
} from './summary/types.js';
export { lastFailureFrom, sessionRowFromEvent } from './summary/events.js';
export {
  counted,
  escapeMarkdown,
  formatBytes,
  formatCost,
  formatCount,
  formatDuration,
  plural,
} from './summary/format.js';
export { outcomeLabel, stopHeadline } from './summary/labels.js';
export { chartLegend, mermaidLabel, renderChart } from './summary/chart.js';
export { HISTORY_TREND_SESSIONS, niceTop, renderHistory, sparkline } from './summary/history.js';
export type { HistoryInput } from './summary/types.js';
export {
  DEFAULT_CHART_SESSIONS,
  DEFAULT_MAX_TABLE_ROWS,
  DEFAULT_SUMMARY_LIMIT_BYTES,
  renderSummary,
} from './summary/document.js';
