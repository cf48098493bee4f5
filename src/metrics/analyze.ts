// `analyze --last N`: the last N sessions against the N before them, per metric: both values, the change and a
// verdict (better, worse, same), then the targets over the last N.
import { TARGET_METRICS } from '../config/index.js';
import { textTable } from '../os/text-table.js';
import type { SessionView } from './session-view.js';
import {
  evaluateTargets,
  formatMetric,
  METRIC_INFO,
  metricValue,
  targetLines,
  type TargetRule,
} from './targets.js';
import { direction } from './trends.js';

const VERDICT = { improving: 'better', worse: 'worse', flat: 'same' } as const;

/** `rows`: up to 2N sessions, newest last; the newest N are "recent", the N before "previous". */
export function renderAnalyze(rows: readonly SessionView[], n: number, rules: readonly TargetRule[]): string {
  if (rows.length === 0) return 'No sessions recorded yet.';
  const recent = rows.slice(-n);
  const previous = rows.slice(0, Math.max(0, rows.length - recent.length)).slice(-n);
  const body = TARGET_METRICS.map((metric) => {
    const info = METRIC_INFO[metric];
    const before = previous.length === 0 ? null : metricValue(metric, previous);
    const after = metricValue(metric, recent);
    const cell = (v: number | null) => (v === null ? 'n/a' : formatMetric(metric, v));
    let change = '';
    let verdict = 'n/a';
    if (before !== null && after !== null) {
      const delta = after - before;
      const rel =
        before === 0 ? '' : ` (${delta >= 0 ? '+' : ''}${Math.round((delta / Math.abs(before)) * 100)}%)`;
      change = `${delta >= 0 ? '+' : '-'}${formatMetric(metric, Math.abs(delta))}${rel}`;
      verdict = VERDICT[direction(before, after, info.good)];
    }
    return [info.label, cell(before), cell(after), change, verdict];
  });
  const lines = [
    previous.length === 0
      ? `Last ${recent.length} sessions (no earlier sessions to compare with)`
      : `Last ${recent.length} sessions against the ${previous.length} before them`,
    '',
    ...textTable(['Metric', 'Previous', 'Recent', 'Change', 'Verdict'], body),
  ];
  const results = evaluateTargets(rules, recent);
  if (results.length > 0)
    lines.push('', `Targets (last ${recent.length}):`, ...targetLines(results).map((l) => `  ${l}`));
  return lines.join('\n');
}
