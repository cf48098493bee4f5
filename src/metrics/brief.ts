// The performance brief for `prompt.prepend_commands` (the bash loop's `self-improvement brief --last 5`): the
// targets over the recent sessions (a miss in every one of the last STREAK sessions escalates to a WARNING),
// trends, the worst sessions and why, and the open improvements. Short by design; empty when there is nothing
// to say, so the prompt gets nothing prepended.
import { TARGET_METRICS } from '../config/index.js';
import { duration, usd } from './format.js';
import { sessionName, type SessionView } from './session-view.js';
import {
  evaluateTargets,
  formatMetric,
  formatRule,
  METRIC_INFO,
  missStreak,
  sessionValue,
  type TargetRule,
} from './targets.js';
import { sparkline, trendDirection } from './trends.js';

/** Consecutive misses (newest sessions) that turn a miss into a WARNING. */
export const STREAK = 3;
/** At most this many open improvements are listed. */
export const BRIEF_IMPROVEMENTS = 5;

export interface ImprovementView {
  readonly ref: string;
  readonly category: string;
  readonly severity: string;
  readonly status: string;
  readonly title: string;
}

export interface BriefInput {
  /** The window, newest last. */
  readonly rows: readonly SessionView[];
  readonly rules: readonly TargetRule[];
  /** Open improvements, any order (listed high severity first). */
  readonly open: readonly ImprovementView[];
  /** All improvements, for "3 of 7". */
  readonly improvementsTotal: number;
}

const SEVERITY_ORDER = ['critical', 'high', 'medium', 'low'];
const severityRank = (s: string) => {
  const i = SEVERITY_ORDER.indexOf(s);
  return i === -1 ? SEVERITY_ORDER.length : i;
};

const BAD_OUTCOMES = new Set(['failed', 'empty', 'rate_limited', 'cancelled', 'timeout', 'cut_short']);

function why(row: SessionView): string {
  const reason = [row.failure_kind, row.failure_reason].filter((s) => s !== null && s !== '').join(': ');
  return reason === '' ? (row.outcome ?? 'unknown') : `${row.outcome ?? 'unknown'} (${reason})`;
}

/** The sessions that went wrong, and the ones with the most turns and cost, one line each. */
export function worstSessions(rows: readonly SessionView[]): string[] {
  const lines: string[] = [];
  for (const row of rows.filter((r) => r.outcome !== null && BAD_OUTCOMES.has(r.outcome)).slice(-3))
    lines.push(`${sessionName(row)} ${why(row)}`);
  const most = (pick: (r: SessionView) => number | null): SessionView | undefined =>
    rows.length < 2
      ? undefined
      : rows.reduce<SessionView | undefined>((best, r) => {
          const v = pick(r);
          return v !== null && v > 0 && (best === undefined || v > pick(best)!) ? r : best;
        }, undefined);
  const turns = most((r) => r.turns);
  if (turns !== undefined) lines.push(`${sessionName(turns)} most turns: ${turns.turns}`);
  const cost = most((r) => r.cost_usd);
  if (cost !== undefined)
    lines.push(
      `${sessionName(cost)} most cost: ${usd(cost.cost_usd!)}` +
        (cost.duration_secs === null ? '' : ` in ${duration(cost.duration_secs)}`),
    );
  return lines;
}

export function renderBrief(input: BriefInput): string {
  const { rows, rules } = input;
  if (rows.length === 0 && input.open.length === 0) return '';
  const out: string[] = [];
  if (rows.length > 0) {
    const last = rows[rows.length - 1]!;
    out.push(
      `## PERFORMANCE BRIEF (last ${rows.length} session${rows.length === 1 ? '' : 's'}, newest ${sessionName(last)})`,
    );
    const results = evaluateTargets(rules, rows);
    if (results.length > 0) {
      out.push('', 'Targets:');
      for (const r of results) {
        const { label } = METRIC_INFO[r.rule.metric];
        const value = r.value === null ? 'not available' : formatMetric(r.rule.metric, r.value);
        const verdict = r.status === 'pass' ? 'OK' : r.status === 'miss' ? 'MISS' : '-';
        out.push(`  ${label}: ${value} (target ${formatRule(r.rule)}) ${verdict}`);
      }
      const warnings = rules.flatMap((rule) => {
        const streak = missStreak(rule, rows);
        return streak >= STREAK
          ? [
              `WARNING: ${METRIC_INFO[rule.metric].label.toLowerCase()} missed its target (${formatRule(rule)}) ` +
                `in each of the last ${streak} sessions.`,
            ]
          : [];
      });
      const misses = results.filter((r) => r.status === 'miss').length;
      if (warnings.length > 0) out.push('', ...warnings);
      else if (misses === 0 && results.some((r) => r.status === 'pass')) out.push('All targets met.');
    }
    if (rows.length >= 2) {
      const trends = TARGET_METRICS.flatMap((metric) => {
        const values = rows.map((r) => sessionValue(metric, r));
        const dir = trendDirection(values, METRIC_INFO[metric].good);
        return dir === null ? [] : [[metric, values, dir] as const];
      }).filter(([metric]) => metric !== 'duration_secs' && metric !== 'tool_calls_per_session');
      if (trends.length > 0) {
        out.push('', 'Trends (oldest to newest):');
        const width = Math.max(...trends.map(([m]) => METRIC_INFO[m].label.length));
        for (const [metric, values, dir] of trends)
          out.push(`  ${METRIC_INFO[metric].label.padEnd(width)}  ${sparkline(values)}  ${dir}`);
      }
    }
    const worst = worstSessions(rows);
    if (worst.length > 0) out.push('', 'Worst sessions:', ...worst.map((l) => `  ${l}`));
  }
  if (input.open.length > 0) {
    if (out.length > 0) out.push('');
    const shown = [...input.open]
      .sort((a, b) => severityRank(a.severity) - severityRank(b.severity))
      .slice(0, BRIEF_IMPROVEMENTS);
    out.push(`## OPEN IMPROVEMENTS (${input.open.length} of ${input.improvementsTotal})`, '');
    for (const i of shown) out.push(`${i.ref} [${i.category}/${i.severity}] ${i.title}`);
    if (input.open.length > shown.length) out.push(`... and ${input.open.length - shown.length} more`);
  }
  return out.join('\n');
}
