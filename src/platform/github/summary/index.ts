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
} from './types.js';
export { lastFailureFrom, sessionRow } from './events.js';
export {
  counted,
  escapeMarkdown,
  formatBytes,
  formatCost,
  formatCount,
  formatDuration,
  plural,
} from './format.js';
export { outcomeLabel, stopHeadline } from './labels.js';
export { chartLegend, mermaidLabel, renderChart } from './chart.js';
export { HISTORY_TREND_SESSIONS, niceTop, renderHistory, sparkline } from './history.js';
export type { HistoryInput } from './types.js';
export {
  DEFAULT_CHART_SESSIONS,
  DEFAULT_MAX_TABLE_ROWS,
  DEFAULT_SUMMARY_LIMIT_BYTES,
  renderSummary,
} from './document.js';
