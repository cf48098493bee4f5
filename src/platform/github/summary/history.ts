// The job summary's history section, from the metrics database the cache carries from run to run: totals over
// every recorded session (sessions, runs, commit rate, cost, tokens, turns, first and last session) and two
// trends over the last sessions, cost and turns per session, each as a mermaid `xychart-beta` line chart and a
// text line (a Unicode sparkline with min, average and max) that stays legible where mermaid is not drawn.
//
// A session that does not report a value (a text agent has no cost nor turns) is a gap, never a zero: the chart
// leaves it out (xychart has no "no value" for a line point, and a 0 would read as a free session), the
// sparkline shows it as `·`, and the averages count only the sessions that report one. Pure: rows and totals in,
// Markdown out; no section at all when nothing is recorded.
import type { SessionRow, Stat } from '../../../metrics/index.js';
import { mermaidLabel } from './chart.js';
import { counted, escapeMarkdown, formatCost, formatCount } from './format.js';
import type { HistoryInput } from './types.js';
import { sparkline as sparklineOf } from '../../../metrics/index.js';

/** How many of the newest sessions the trends show. */
export const HISTORY_TREND_SESSIONS = 30;

/** A session without a value, in a sparkline. */
export const SPARK_GAP = '·';

/** One trend: a value per session, null where the session reports none. */
interface Trend {
  title: string;
  axis: string;
  noun: string;
  format: (value: number) => string;
  /** Rounding for the chart's points and its value axis' top. */
  round: (value: number) => number;
  /** Whole numbers only (the axis' top too). */
  whole: boolean;
  values: Array<number | null>;
}

/** "▁▃█·▅": each value scaled between the known minimum and maximum, `·` for a gap. */
export const sparkline = (values: readonly (number | null)[]): string => sparklineOf(values, SPARK_GAP);

/** The smallest "round" number (two significant digits) at or above `x`, for the chart's value axis. */
export function niceTop(x: number): number {
  if (!(x > 0)) return 1;
  const step = 10 ** (Math.floor(Math.log10(x)) - 1);
  return Number((Math.ceil(x / step - 1e-9) * step).toPrecision(2));
}

function dateOf(iso: string | null): string {
  if (iso === null) return '-';
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return escapeMarkdown(iso, 40);
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const percent = (part: number, whole: number): string => `${Math.round((part / whole) * 100)}%`;

/** "$12.3456 in all, $0.2939 per session (40 of 42 report it)"; "not reported" when no session does. */
function statCell(stat: Stat, sessions: number, format: (n: number) => string): string {
  if (stat.count === 0 || stat.sum === null || stat.avg === null) return 'not reported';
  const partial =
    stat.count < sessions ? ` (${formatCount(stat.count)} of ${formatCount(sessions)} report it)` : '';
  return `${format(stat.sum)} in all, ${format(stat.avg)} per session${partial}`;
}

function totalsTable(input: HistoryInput): string[] {
  const t = input.totals;
  const runs = input.runs === null ? '' : ` in ${counted(input.runs, 'run')}`;
  const commits =
    t.commit_known === 0
      ? 'not known'
      : `${percent(t.committed, t.commit_known)} (${formatCount(t.committed)} of ${counted(t.commit_known, 'session')} committed)`;
  const whole = (n: number) => formatCount(Math.round(n));
  return [
    '| All runs | |',
    '| --- | --- |',
    `| Sessions | ${formatCount(t.sessions)}${runs} |`,
    `| First session | ${dateOf(t.first_ended_at)} |`,
    `| Last session | ${dateOf(t.last_ended_at)} |`,
    `| Commit rate | ${commits} |`,
    `| Cost | ${statCell(t.cost_usd, t.sessions, formatCost)} |`,
    `| Tokens (input + output) | ${statCell(t.tokens, t.sessions, whole)} |`,
    `| Turns | ${statCell(t.turns, t.sessions, whole)} |`,
  ];
}

/** The x-axis labels: global session numbers, or positions when some are missing or repeated. */
function categories(rows: readonly SessionRow[]): string[] {
  const globals = rows.map((r) => r.global);
  const usable = globals.every((g) => g !== null) && new Set(globals).size === globals.length;
  return rows.map((r, i) => (usable ? String(r.global) : `n${i + 1}`));
}

/** A mermaid line chart of the trend's known values; null below two points (a line needs two). */
function trendChart(trend: Trend, labels: readonly string[]): string | null {
  const points = trend.values.flatMap((v, i) => (v === null ? [] : [{ label: labels[i] ?? '', value: v }]));
  if (points.length < 2) return null;
  const values = points.map((p) => trend.round(p.value));
  const top = trend.whole
    ? Math.ceil(niceTop(Math.max(...values) * 1.1))
    : niceTop(Math.max(...values) * 1.1);
  return [
    '```mermaid',
    'xychart-beta',
    `  title "${mermaidLabel(`${trend.title}, last ${counted(trend.values.length, 'session')}`)}"`,
    `  x-axis "${mermaidLabel('Global session number')}" [${points.map((p) => `"${mermaidLabel(p.label)}"`).join(', ')}]`,
    `  y-axis "${mermaidLabel(trend.axis)}" 0 --> ${top}`,
    `  line [${values.join(', ')}]`,
    '```',
  ].join('\n');
}

/** The text line under a chart: the sparkline, min, average and max, and the gaps. */
function trendText(trend: Trend): string {
  const known = trend.values.filter((v): v is number => v !== null);
  const gaps = trend.values.length - known.length;
  const min = Math.min(...known);
  const max = Math.max(...known);
  const avg = known.reduce((sum, v) => sum + v, 0) / known.length;
  const gapNote =
    gaps === 0
      ? ''
      : ` · ${formatCount(gaps)} of ${counted(trend.values.length, 'session')} report no ${trend.noun} (\`${SPARK_GAP}\`, left out of the chart)`;
  return `\`${sparkline(trend.values)}\` min ${trend.format(min)} · avg ${trend.format(avg)} · max ${trend.format(max)}${gapNote}`;
}

function trendLines(trend: Trend, labels: readonly string[], charts: boolean): string[] {
  const heading = `#### ${trend.title}, last ${counted(trend.values.length, 'session')}`;
  if (trend.values.every((v) => v === null))
    return [heading, '', `No session among them reports a ${trend.noun}.`, ''];
  const chart = charts ? trendChart(trend, labels) : null;
  return [heading, '', ...(chart === null ? [] : [chart, '']), trendText(trend), ''];
}

/**
 * The history section as Markdown ('' when nothing is recorded). `charts: false` leaves the mermaid charts out
 * and keeps their text lines (the document's byte budget).
 */
export function renderHistory(input: HistoryInput, options: { charts?: boolean } = {}): string {
  if (input.totals.sessions === 0) return '';
  const charts = options.charts ?? true;
  const recent = input.recent.slice(-HISTORY_TREND_SESSIONS);
  const labels = categories(recent);
  const trends: Trend[] = [
    {
      title: 'Cost per session',
      axis: 'Cost (USD)',
      noun: 'cost',
      format: formatCost,
      round: (v) => Math.round(v * 10_000) / 10_000,
      whole: false,
      values: recent.map((r) => r.cost_usd),
    },
    {
      title: 'Turns per session',
      axis: 'Turns',
      noun: 'turn count',
      format: (v) => (Number.isInteger(v) ? formatCount(v) : v.toFixed(1)),
      round: (v) => Math.round(v),
      whole: true,
      values: recent.map((r) => r.turns),
    },
  ];
  const lines = ['### History across runs', '', ...totalsTable(input), ''];
  if (recent.length > 0) for (const trend of trends) lines.push(...trendLines(trend, labels, charts));
  return lines.join('\n');
}
