// Targets: the config's comparison strings ("< 20", ">= 85", "off") parsed into rules, and each rule checked
// against a window of sessions. A metric no session in the window has (codex has no narration counts, a text
// agent no tokens) is "not available": never a pass, never a miss.
import { TARGET_METRICS, TARGET_RULE, type TargetMetric } from '../config/index.js';
import { usd, num, compact } from './format.js';
import { sessionTokens, type SessionView } from './session-view.js';

export type Comparison = '<' | '<=' | '>' | '>=';

export interface TargetRule {
  readonly metric: TargetMetric;
  readonly op: Comparison;
  readonly threshold: number;
}

export interface MetricInfo {
  readonly label: string;
  readonly unit: '%' | '$' | 's' | '';
  /** Which way is better. */
  readonly good: 'up' | 'down';
}

export const METRIC_INFO: Readonly<Record<TargetMetric, MetricInfo>> = {
  completion_rate: { label: 'Completion rate', unit: '%', good: 'up' },
  narration_only_pct: { label: 'Narration-only turns', unit: '%', good: 'down' },
  parallel_turns_pct: { label: 'Parallel tool turns', unit: '%', good: 'up' },
  turns_per_session: { label: 'Turns per session', unit: '', good: 'down' },
  cost_per_session: { label: 'Cost per session', unit: '$', good: 'down' },
  tokens_per_session: { label: 'Tokens per session', unit: '', good: 'down' },
  tool_calls_per_session: { label: 'Tool calls per session', unit: '', good: 'down' },
  duration_secs: { label: 'Duration (s)', unit: 's', good: 'down' },
};

/** One comparison string; null for "off". Throws on text the config schema would have refused. */
export function parseTarget(metric: TargetMetric, text: string): TargetRule | null {
  const match = TARGET_RULE.exec(text);
  if (match === null) throw new Error(`metrics.targets.${metric}: cannot read ${JSON.stringify(text)}`);
  if (match[1] === undefined) return null;
  return { metric, op: match[1] as Comparison, threshold: Number(match[2]) };
}

/** The rules that are on, in TARGET_METRICS order. */
export function targetRules(targets: Readonly<Record<TargetMetric, string>>): TargetRule[] {
  return TARGET_METRICS.flatMap((metric) => {
    const rule = parseTarget(metric, targets[metric]);
    return rule === null ? [] : [rule];
  });
}

export function compare(value: number, op: Comparison, threshold: number): boolean {
  switch (op) {
    case '<':
      return value < threshold;
    case '<=':
      return value <= threshold;
    case '>':
      return value > threshold;
    case '>=':
      return value >= threshold;
  }
}

const avg = (values: number[]): number | null =>
  values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;

const known = <T>(values: ReadonlyArray<T | null>): T[] => values.filter((v): v is T => v !== null);

function turnsPct(rows: readonly SessionView[], part: (row: SessionView) => number | null): number | null {
  let parts = 0;
  let turns = 0;
  for (const row of rows) {
    const p = part(row);
    if (p === null || row.turns === null) continue;
    parts += p;
    turns += row.turns;
  }
  return turns === 0 ? null : (parts / turns) * 100;
}

/** The metric over a window of sessions; null when not available. */
export function metricValue(metric: TargetMetric, rows: readonly SessionView[]): number | null {
  switch (metric) {
    case 'completion_rate': {
      const committed = known(rows.map((r) => r.committed));
      return committed.length === 0 ? null : (committed.filter(Boolean).length / committed.length) * 100;
    }
    case 'narration_only_pct':
      return turnsPct(rows, (r) => r.narration_turns);
    case 'parallel_turns_pct':
      return turnsPct(rows, (r) => r.parallel_turns);
    case 'turns_per_session':
      return avg(known(rows.map((r) => r.turns)));
    case 'cost_per_session':
      return avg(known(rows.map((r) => r.cost_usd)));
    case 'tokens_per_session':
      return avg(known(rows.map(sessionTokens)));
    case 'tool_calls_per_session':
      return avg(known(rows.map((r) => r.tool_calls)));
    case 'duration_secs':
      return avg(known(rows.map((r) => r.duration_secs)));
  }
}

/** The metric for one session (a trend point, a streak step); null when the session does not have it. */
export function sessionValue(metric: TargetMetric, row: SessionView): number | null {
  return metricValue(metric, [row]);
}

/** "85%", "$1.23", "67", "1.2M", "754s". */
export function formatMetric(metric: TargetMetric, value: number): string {
  const { unit } = METRIC_INFO[metric];
  if (unit === '%') return `${Math.round(value)}%`;
  if (unit === '$') return usd(value);
  if (unit === 's') return `${Math.round(value)}s`;
  return metric === 'tokens_per_session' ? compact(Math.round(value)) : num(value);
}

/** "< 20%", ">= 85%", "< $2.00", "< 80". */
export function formatRule(rule: TargetRule): string {
  const { unit } = METRIC_INFO[rule.metric];
  if (unit === '$') return `${rule.op} ${usd(rule.threshold)}`;
  return `${rule.op} ${num(rule.threshold)}${unit === '%' ? '%' : unit === 's' ? 's' : ''}`;
}

export type TargetStatus = 'pass' | 'miss' | 'not available';

export interface TargetResult {
  readonly rule: TargetRule;
  readonly value: number | null;
  readonly status: TargetStatus;
}

export function evaluateTarget(rule: TargetRule, rows: readonly SessionView[]): TargetResult {
  const value = metricValue(rule.metric, rows);
  if (value === null) return { rule, value, status: 'not available' };
  return { rule, value, status: compare(value, rule.op, rule.threshold) ? 'pass' : 'miss' };
}

export const evaluateTargets = (rules: readonly TargetRule[], rows: readonly SessionView[]): TargetResult[] =>
  rules.map((rule) => evaluateTarget(rule, rows));

/**
 * How many of the newest sessions in a row miss the rule on their own (a session without the metric ends the
 * streak).
 */
export function missStreak(rule: TargetRule, rows: readonly SessionView[]): number {
  let streak = 0;
  for (let i = rows.length - 1; i >= 0; i--) {
    const value = sessionValue(rule.metric, rows[i]!);
    if (value === null || compare(value, rule.op, rule.threshold)) break;
    streak++;
  }
  return streak;
}

/** One line per rule: "Completion rate         60%  (target >= 85%)  MISS". */
export function targetLines(results: readonly TargetResult[]): string[] {
  const width = Math.max(0, ...results.map((r) => METRIC_INFO[r.rule.metric].label.length));
  const valueWidth = Math.max(
    0,
    ...results.map((r) => (r.value === null ? 1 : formatMetric(r.rule.metric, r.value).length)),
  );
  return results.map((r) => {
    const value = r.value === null ? '-' : formatMetric(r.rule.metric, r.value);
    const status = r.status === 'pass' ? 'ok' : r.status === 'miss' ? 'MISS' : 'not available';
    const target = `(target ${formatRule(r.rule)})`;
    return `${METRIC_INFO[r.rule.metric].label.padEnd(width)}  ${value.padStart(valueWidth)}  ${target.padEnd(18)}  ${status}`;
  });
}
