// The public face of session/: what the rest of the source may use. Anything else in this directory is its own.
export { METRIC_STORAGE, SUMMED_METRICS, emptyMetrics, sessionMetricsShape } from './metrics.js';
export type { HistoryMetrics, SessionMetrics, SummedMetric, TurnShape } from './metrics.js';
