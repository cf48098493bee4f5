// The job summary's chart: a mermaid `xychart-beta` bar chart of the last sessions' durations, coloured by
// outcome, and the legend that names its colours (mermaid's xychart draws none of its own).
//
// xychart has no per-bar colour, so each outcome is a bar series of its own and the series overlay: a session
// has its duration in its outcome's series and "no bar" in every other. "No bar" cannot be written as 0:
// mermaid insets the value axis by half a label's height and draws every bar from the plot's bottom edge, so 0
// is drawn as a strip that high, and the strips of the series drawn last (grey, "cancelled") showed under
// every bar. "No bar" is therefore a value below the axis (minus its top), which makes a bar of negative
// height that SVG does not draw; a series with no bar at all is left out.
import { counted } from './format.js';
import { OUTCOME_ORDER } from './labels.js';
import type { SessionRow } from './types.js';

/** Text for a quoted mermaid label: only characters no diagram grammar treats specially. */
export function mermaidLabel(text: string, maxChars = 60): string {
  return text
    .replace(/[^A-Za-z0-9 .,:()/+-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxChars);
}

interface Series {
  /** The outcomes drawn in this series' colour. */
  matches: (outcome: string | null) => boolean;
  colour: string;
  legend: string;
}

/** One series per known outcome in OUTCOME_ORDER, then one for anything else (unknown outcomes, none). */
const SERIES: readonly Series[] = [
  ...(
    [
      ['productive', '#1a7f37', 'green = productive'],
      ['empty', '#bf8700', 'amber = empty'],
      ['rate_limited', '#cf222e', 'red = rate limited'],
      ['cancelled', '#6e7781', 'grey = cancelled'],
      ['failed', '#953800', 'brown = failed'],
    ] as const
  ).map(([outcome, colour, legend]) => ({
    matches: (o: string | null) => o === outcome,
    colour,
    legend,
  })),
  {
    matches: (o: string | null) => o === null || !OUTCOME_ORDER.includes(o),
    colour: '#8250df',
    legend: 'purple = other or unknown',
  },
];

interface ChartPlan {
  unit: string;
  top: number;
  /** Each session's duration in `unit`, rounded to a tenth. */
  values: number[];
  /** The series drawn: those with a bar (a value above 0); at least one, so the chart always parses. */
  series: Series[];
  seriesOf: (row: SessionRow) => Series;
}

function plan(rows: readonly SessionRow[]): ChartPlan {
  const maxSecs = rows.reduce((m, r) => Math.max(m, r.duration_secs ?? 0), 0);
  const [unit, divisor] = maxSecs >= 7200 ? ['h', 3600] : maxSecs >= 600 ? ['min', 60] : ['s', 1];
  const values = rows.map((r) => Math.round(((r.duration_secs ?? 0) / divisor) * 10) / 10);
  const top = Math.max(1, Math.ceil(Math.max(0, ...values) * 1.1));
  const seriesOf = (row: SessionRow): Series =>
    SERIES.find((s) => s.matches(row.outcome)) ?? (SERIES[SERIES.length - 1] as Series);
  let series = SERIES.filter((s) => rows.some((r, i) => (values[i] ?? 0) > 0 && seriesOf(r) === s));
  if (series.length === 0 && rows.length > 0) series = [seriesOf(rows[0] as SessionRow)];
  return { unit, top, values, series, seriesOf };
}

/**
 * A mermaid `xychart-beta` bar chart of the sessions' durations by global number, one bar series per outcome
 * that has a bar (see the header for why the others hold a value below the axis rather than 0).
 */
export function renderChart(rows: readonly SessionRow[]): string {
  const { unit, top, values, series, seriesOf } = plan(rows);
  const noBar = -top;
  const categories = rows.map((r, i) => `"${r.global === null ? `n${i + 1}` : String(r.global)}"`);
  const palette = series.map((s) => s.colour).join(', ');
  const lines = [
    '```mermaid',
    `%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "${palette}"}}}}%%`,
    'xychart-beta',
    `  title "${mermaidLabel(`Session durations, last ${counted(rows.length, 'session')}`)}"`,
    `  x-axis "${mermaidLabel('Global session number')}" [${categories.join(', ')}]`,
    `  y-axis "${mermaidLabel(`Duration (${unit})`)}" 0 --> ${top}`,
  ];
  for (const s of series) {
    const bars = rows.map((r, i) => {
      const value = values[i] ?? 0;
      return seriesOf(r) === s && value > 0 ? value : noBar;
    });
    lines.push(`  bar [${bars.join(', ')}]`);
  }
  lines.push('```');
  return lines.join('\n');
}

/** The colours the chart of `rows` draws, e.g. "green = productive, red = rate limited". */
export function chartLegend(rows: readonly SessionRow[]): string {
  return plan(rows)
    .series.map((s) => s.legend)
    .join(', ');
}
