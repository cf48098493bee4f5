// The job summary: one Markdown document per run, built from the run's `session_complete` events.
// Pure: the GitHub platform code reads the event log and writes the result to $GITHUB_STEP_SUMMARY.
//
// The runner drops a step summary over 1 MiB whole, so the document is built to a byte budget: the oldest
// session rows fold into a one-line note (their totals still count), the chart shows only the last sessions,
// and every string from outside (title, reasons, artifact names, outcomes we do not know) is escaped and
// capped before it goes in.
import { formatBytes as formatSize } from '../../state/status-display.js';

export type SessionOutcome = 'productive' | 'empty' | 'rate_limited' | 'failed' | 'cancelled';
export type SessionEndReason = 'exited' | 'watchdog' | 'result_grace' | 'forced';

/** One `session_complete` event, every field tolerant of absence (null). */
export interface SessionRow {
  iteration: number | null;
  global: number | null;
  output_bytes: number | null;
  exit_code: number | null;
  duration_secs: number | null;
  committed: boolean | null;
  retries: number | null;
  rate_limited: boolean | null;
  outcome: SessionOutcome | (string & {}) | null;
  end_reason: SessionEndReason | (string & {}) | null;
  turns: number | null;
  tool_calls: number | null;
  input_tokens: number | null;
  output_tokens: number | null;
  cost_usd: number | null;
  commit_evidence: string | null;
  /** For a failed session: transient, fatal or error, and why. */
  failure_kind?: string | null;
  failure_reason?: string | null;
  ts: string | null;
}

export interface PreviousProgress {
  runs: number;
  sessions: number;
  productive: number;
  costUsd: number | null;
}

export interface SummaryInput {
  /** Heading text before the outcome; defaults to "Agent harness". */
  title?: string;
  /** This run's sessions, oldest first. */
  sessions: SessionRow[];
  /** Progress across earlier runs (from cached state); absent when unknown. */
  previous?: PreviousProgress;
  /** `loop_end.reason`. */
  stopReason: string;
  exitCode: number;
  /** The global session counter after this run. */
  globalCounter: number;
  productiveThisRun: number;
  maxIterations: number;
  /** `loop_end.iterations` (finished iterations this run); for "Completed 5/5" (defaults to maxIterations). */
  iterations?: number;
  artifact?: { name: string; url: string | null } | null;
  runUrl?: string | null;
  /** The newest failed session of this run (its `session_failed` event): shown with what to fix. */
  lastFailure?: LastFailure | null;
  /** Reserved for the task list; ignored for now. */
  tasks?: unknown;
  /** UTF-8 byte budget for the whole document (default {@link DEFAULT_SUMMARY_LIMIT_BYTES}). */
  limitBytes?: number;
  /** Most session rows in the table (default {@link DEFAULT_MAX_TABLE_ROWS}); the byte budget may show fewer. */
  maxRows?: number;
  /** Sessions in the chart, the newest (default {@link DEFAULT_CHART_SESSIONS}). */
  chartSessions?: number;
}

export interface LastFailure {
  global: number | null;
  kind: string;
  reason: string;
  detail: string | null;
  /** For a fatal failure: what a person has to do. */
  fix: string | null;
}

/** The newest `session_failed` event among `events`, or null. */
export function lastFailureFrom(events: readonly Record<string, unknown>[]): LastFailure | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e?.event !== 'session_failed') continue;
    return {
      global: num(e.global),
      kind: str(e.kind) ?? 'error',
      reason: str(e.reason) ?? 'unknown',
      detail: str(e.detail),
      fix: str(e.fix),
    };
  }
  return null;
}

/** The runner's per-step cap is 1 MiB; keep a margin for anything else the step appends. */
export const DEFAULT_SUMMARY_LIMIT_BYTES = 1024 * 1024 - 64 * 1024;
export const DEFAULT_MAX_TABLE_ROWS = 500;
export const DEFAULT_CHART_SESSIONS = 50;
/** Longest piece of outside text (title, reason, artifact name) kept, in characters. */
const MAX_TEXT_CHARS = 200;
const MAX_URL_CHARS = 2000;

// ---------------------------------------------------------------------------------------------------------
// Parsing

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const bool = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * A {@link SessionRow} from one parsed event-log line; null unless it is a `session_complete` event.
 * Missing, null or mistyped fields become null (numbers must be finite).
 */
export function sessionRowFromEvent(event: Record<string, unknown>): SessionRow | null {
  if (typeof event !== 'object' || event === null || Array.isArray(event)) return null;
  if (event.event !== 'session_complete') return null;
  return {
    iteration: num(event.iteration),
    global: num(event.global),
    output_bytes: num(event.output_bytes),
    exit_code: num(event.exit_code),
    duration_secs: num(event.duration_secs),
    committed: bool(event.committed),
    retries: num(event.retries),
    rate_limited: bool(event.rate_limited),
    outcome: str(event.outcome),
    end_reason: str(event.end_reason),
    turns: num(event.turns),
    tool_calls: num(event.tool_calls),
    input_tokens: num(event.input_tokens),
    output_tokens: num(event.output_tokens),
    cost_usd: num(event.cost_usd),
    commit_evidence: str(event.commit_evidence),
    failure_kind: str(event.failure_kind),
    failure_reason: str(event.failure_reason),
    ts: str(event.ts),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Escaping and formatting

// Control characters (tab, LF and CR are handled before) and bidi overrides, which can disguise text.
const BIDI_AND_CONTROL =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Outside text made safe for one line of Markdown, table cells included: line breaks become spaces, control
 * and bidi-override characters go, HTML is neutralised (`<` `>` `&` as entities) and Markdown punctuation
 * (`|`, backticks, emphasis, links) is backslash-escaped. Capped at `maxChars` (with an ellipsis).
 */
export function escapeMarkdown(text: string, maxChars = MAX_TEXT_CHARS): string {
  let clean = text
    .replace(/\r\n|[\r\n\u2028\u2029\u0085]/g, ' ')
    .replace(/\t/g, ' ')
    .replace(BIDI_AND_CONTROL, '');
  if (clean.length > maxChars) clean = `${Array.from(clean.slice(0, maxChars)).slice(0, -1).join('')}…`;
  return clean
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]|~#!]/g, (c) => `\\${c}`);
}

/** An http(s) URL fit for a Markdown link target, or null. */
function safeUrl(url: string | null | undefined): string | null {
  if (typeof url !== 'string') return null;
  const trimmed = url.trim();
  if (!/^https?:\/\/[^\s]+$/i.test(trimmed) || trimmed.length > MAX_URL_CHARS) return null;
  return trimmed.replace(
    /[()<>"'`|\\[\]]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

/** 1234567 -> "1,234,567". */
export function formatCount(n: number): string {
  const sign = n < 0 ? '-' : '';
  return sign + String(Math.trunc(Math.abs(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Seconds as "42s", "3.4s", "4m 05s", "1h 02m 03s"; null as "-". */
export function formatDuration(secs: number | null): string {
  if (secs === null || !Number.isFinite(secs) || secs < 0) return '-';
  if (secs < 10) {
    const tenths = Math.round(secs * 10) / 10;
    if (tenths < 10) return `${tenths.toFixed(1)}s`;
  }
  const total = Math.round(secs);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return `${formatCount(h)}h ${pad(m)}m ${pad(s)}s`;
  if (m > 0) return `${m}m ${pad(s)}s`;
  return `${s}s`;
}

/** Bytes as "512 B", "1.5 KiB", "3.2 MiB", "1.0 GiB"; null as "-". */
export function formatBytes(bytes: number | null): string {
  if (bytes === null || !Number.isFinite(bytes) || bytes < 0) return '-';
  return formatSize(bytes, true);
}

/** "$0.0123"; null as "-". */
export function formatCost(usd: number | null): string {
  if (usd === null || !Number.isFinite(usd)) return '-';
  return `$${usd.toFixed(4)}`;
}

const OUTCOME_LABELS: Record<SessionOutcome, string> = {
  productive: 'productive',
  empty: 'empty',
  rate_limited: 'rate limited',
  failed: 'failed',
  cancelled: 'cancelled',
};
const END_REASON_LABELS: Record<SessionEndReason, string> = {
  exited: 'exited',
  watchdog: 'watchdog',
  result_grace: 'result grace',
  forced: 'forced',
};

const isKnown = <K extends string>(table: Record<K, string>, key: string): key is K =>
  Object.prototype.hasOwnProperty.call(table, key);

/**
 * The short, emoji-free outcome label of a row: "productive", "empty (watchdog)", "rate limited",
 * "failed transient: overloaded".
 */
export function outcomeLabel(
  row: Pick<SessionRow, 'outcome' | 'end_reason'> &
    Partial<Pick<SessionRow, 'failure_kind' | 'failure_reason'>>,
): string {
  const outcome = row.outcome;
  let base =
    outcome === null ? 'unknown' : isKnown(OUTCOME_LABELS, outcome) ? OUTCOME_LABELS[outcome] : outcome;
  if (outcome === 'failed' && row.failure_kind)
    base += ` ${row.failure_kind}${row.failure_reason ? `: ${row.failure_reason.replace(/_/g, ' ')}` : ''}`;
  const end = row.end_reason;
  if (end === null || end === 'exited') return escapeMarkdown(base, 40);
  const endLabel = isKnown(END_REASON_LABELS, end) ? END_REASON_LABELS[end] : end;
  return escapeMarkdown(`${base} (${endLabel})`, 60);
}

/** The headline for a `loop_end` reason, e.g. "Stopped: STOP label", "Completed 5/5 iterations". */
export function stopHeadline(reason: string, iterations: number, maxIterations: number): string {
  switch (reason) {
    case 'completed':
      return `Completed ${formatCount(iterations)}/${formatCount(maxIterations)} iterations`;
    case 'stop_file':
      return 'Stopped: STOP file';
    case 'stop_label':
      return 'Stopped: STOP label';
    case 'sigint':
      return 'Stopped: interrupted (SIGINT)';
    case 'sigterm':
      return 'Stopped: terminated (SIGTERM)';
    case 'sighup':
      return 'Stopped: hung up (SIGHUP)';
    case 'time_budget':
      return 'Stopped: time budget used up';
    case 'rate_limits_exhausted':
      return 'Rate limits exhausted';
    case 'pre_hook_failures':
      return 'Stopped: pre-session hooks kept failing';
    case 'agent_fatal':
      return 'Stopped: the agent failed in a way no retry fixes';
    case 'failures_exhausted':
      return 'Stopped: too many failed sessions in a row';
    case 'cancelled':
      return 'Cancelled';
    case 'forced':
      return 'Cancelled (forced stop)';
    default:
      return `Stopped: ${escapeMarkdown(reason.replace(/_/g, ' ') || 'unknown reason', 80)}`;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Totals

interface Totals {
  sessions: number;
  byOutcome: Map<string, number>;
  durationSecs: number | null;
  outputBytes: number | null;
  turns: number | null;
  toolCalls: number | null;
  costUsd: number | null;
  costPartial: boolean;
  committed: number;
}

const add = (sum: number | null, value: number | null): number | null =>
  value === null ? sum : (sum ?? 0) + value;

function totalsOf(rows: readonly SessionRow[]): Totals {
  const totals: Totals = {
    sessions: rows.length,
    byOutcome: new Map(),
    durationSecs: null,
    outputBytes: null,
    turns: null,
    toolCalls: null,
    costUsd: null,
    costPartial: false,
    committed: 0,
  };
  for (const row of rows) {
    const key = row.outcome ?? 'unknown';
    totals.byOutcome.set(key, (totals.byOutcome.get(key) ?? 0) + 1);
    totals.durationSecs = add(totals.durationSecs, row.duration_secs);
    totals.outputBytes = add(totals.outputBytes, row.output_bytes);
    totals.turns = add(totals.turns, row.turns);
    totals.toolCalls = add(totals.toolCalls, row.tool_calls);
    totals.costUsd = add(totals.costUsd, row.cost_usd);
    if (row.cost_usd === null) totals.costPartial = true;
    if (row.committed === true) totals.committed++;
  }
  if (totals.costUsd === null) totals.costPartial = false;
  return totals;
}

const OUTCOME_ORDER = ['productive', 'empty', 'rate_limited', 'cancelled', 'failed'];
/** The chart's series: the first four always, `failed` only when a shown session failed. */
const CHART_BASE = 4;

function outcomeBreakdown(byOutcome: Map<string, number>): string {
  const keys = [...byOutcome.keys()].sort((a, b) => {
    const ia = OUTCOME_ORDER.indexOf(a);
    const ib = OUTCOME_ORDER.indexOf(b);
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a.localeCompare(b);
  });
  const parts = keys
    .slice(0, 6)
    .map((k) => `${formatCount(byOutcome.get(k) ?? 0)} ${outcomeLabel({ outcome: k, end_reason: null })}`);
  if (keys.length > 6) parts.push('...');
  return parts.join(', ') || '-';
}

// ---------------------------------------------------------------------------------------------------------
// Table

const TABLE_HEADER = [
  '| Session | Outcome | Duration | Output | Turns | Tool calls | Cost | Committed |',
  '| ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |',
].join('\n');

const intCell = (n: number | null): string => (n === null ? '-' : formatCount(n));

function sessionRowMarkdown(row: SessionRow): string {
  const committed = row.committed === null ? '-' : row.committed ? 'yes' : 'no';
  return `| ${row.global === null ? '-' : formatCount(row.global)} | ${outcomeLabel(row)} | ${formatDuration(
    row.duration_secs,
  )} | ${formatBytes(row.output_bytes)} | ${intCell(row.turns)} | ${intCell(row.tool_calls)} | ${formatCost(
    row.cost_usd,
  )} | ${committed} |`;
}

function totalsRowMarkdown(t: Totals): string {
  const cost = t.costUsd === null ? '-' : `${formatCost(t.costUsd)}${t.costPartial ? ' (partial)' : ''}`;
  return `| **Total** (${formatCount(t.sessions)}) | ${outcomeBreakdown(t.byOutcome)} | ${formatDuration(
    t.durationSecs,
  )} | ${formatBytes(t.outputBytes)} | ${intCell(t.turns)} | ${intCell(t.toolCalls)} | ${cost} | ${formatCount(
    t.committed,
  )} of ${formatCount(t.sessions)} |`;
}

function foldNote(hidden: number, withArtifact: boolean): string {
  const where = withArtifact ? 'see the event log artifact' : 'see the event log';
  return `_… ${formatCount(hidden)} earlier sessions not shown (${where})._`;
}

// ---------------------------------------------------------------------------------------------------------
// Chart

/** Text for a quoted mermaid label: only characters no diagram grammar treats specially. */
export function mermaidLabel(text: string, maxChars = 60): string {
  return text
    .replace(/[^A-Za-z0-9 .,:()/+-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxChars);
}

/** Bar colours, one series per outcome in OUTCOME_ORDER (failed only when shown), then anything else. */
const CHART_PALETTE = ['#1a7f37', '#bf8700', '#cf222e', '#6e7781'];
const CHART_FAILED = '#953800';
const CHART_OTHER = '#8250df';
const CHART_LEGEND = 'green = productive, amber = empty, red = rate limited, grey = cancelled';
const CHART_LEGEND_FAILED = ', brown = failed';
const CHART_LEGEND_OTHER = ', purple = other or unknown';

function chartOrder(rows: readonly SessionRow[]): string[] {
  const order = OUTCOME_ORDER.slice(0, CHART_BASE);
  if (rows.some((r) => r.outcome === 'failed')) order.push('failed');
  return order;
}

/**
 * A mermaid `xychart-beta` bar chart of the last sessions' durations by global number, one bar series per
 * outcome (a session is 0 in every series but its own, so the bars overlay into one coloured bar each).
 */
export function renderChart(rows: readonly SessionRow[]): string {
  const maxSecs = rows.reduce((m, r) => Math.max(m, r.duration_secs ?? 0), 0);
  const [unit, divisor] = maxSecs >= 7200 ? ['h', 3600] : maxSecs >= 600 ? ['min', 60] : ['s', 1];
  const values = rows.map((r) => Math.round(((r.duration_secs ?? 0) / divisor) * 10) / 10);
  const top = Math.max(1, Math.ceil(Math.max(0, ...values) * 1.1));
  const order = chartOrder(rows);
  const seriesOf = (row: SessionRow): number => {
    const i = order.indexOf(row.outcome ?? '');
    return i < 0 ? order.length : i;
  };
  const hasOther = rows.some((r) => seriesOf(r) === order.length);
  const seriesCount = order.length + (hasOther ? 1 : 0);
  const palette = [...CHART_PALETTE, ...(order.length > CHART_BASE ? [CHART_FAILED] : []), CHART_OTHER];
  const categories = rows.map((r, i) => `"${r.global === null ? `n${i + 1}` : String(r.global)}"`);
  const lines = [
    '```mermaid',
    `%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "${palette.slice(0, seriesCount).join(', ')}"}}}}%%`,
    'xychart-beta',
    `  title "${mermaidLabel(`Session durations, last ${rows.length} sessions`)}"`,
    `  x-axis "${mermaidLabel('Global session number')}" [${categories.join(', ')}]`,
    `  y-axis "${mermaidLabel(`Duration (${unit})`)}" 0 --> ${top}`,
  ];
  for (let s = 0; s < seriesCount; s++) {
    lines.push(`  bar [${rows.map((r, i) => (seriesOf(r) === s ? values[i] : 0)).join(', ')}]`);
  }
  lines.push('```');
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------------
// The document

const bytesOf = (text: string): number => Buffer.byteLength(text, 'utf8');

/** The largest prefix of `text` within `limit` UTF-8 bytes, cut on a code point boundary. */
function truncateToBytes(text: string, limit: number): string {
  if (bytesOf(text) <= limit) return text;
  let lo = 0;
  let hi = Math.min(text.length, limit);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (bytesOf(text.slice(0, mid)) <= limit) lo = mid;
    else hi = mid - 1;
  }
  let end = lo;
  const code = text.charCodeAt(end - 1);
  if (end > 0 && code >= 0xd800 && code <= 0xdbff) end--;
  return text.slice(0, end);
}

function artifactLine(input: SummaryInput, runUrl: string | null): string {
  const artifact = input.artifact;
  if (!artifact) return '**Event log artifact:** not uploaded';
  const name = escapeMarkdown(artifact.name || 'artifact');
  const url = safeUrl(artifact.url);
  if (url !== null) return `**Event log artifact:** [${name}](${url})`;
  if (runUrl !== null)
    return `**Event log artifact:** ${name} (listed on the [run page](${runUrl}#artifacts))`;
  return `**Event log artifact:** ${name} (see the run's artifacts)`;
}

/** Why the newest failed session failed (agent text, so escaped and capped), and what to fix when fatal. */
function failureLines(failure: LastFailure | null): string[] {
  if (failure === null) return [];
  const session = failure.global === null ? '' : ` (session ${formatCount(failure.global)})`;
  const what = escapeMarkdown(`${failure.kind} ${failure.reason.replace(/_/g, ' ')}`, 60);
  const detail = failure.detail ? `: ${escapeMarkdown(failure.detail, 300)}` : '';
  const lines = [`**Last failure${session}:** ${what}${detail}`, ''];
  if (failure.fix) lines.push(`**To fix:** ${escapeMarkdown(failure.fix, 300)}`, '');
  return lines;
}

function progressLines(input: SummaryInput, totals: Totals): string[] {
  const thisRun =
    `**This run:** ${formatCount(totals.sessions)} sessions, ${formatCount(input.productiveThisRun)} ` +
    `productive iterations (max ${formatCount(input.maxIterations)}), cost ${totals.costUsd === null ? 'unknown' : formatCost(totals.costUsd)}`;
  const lines = [thisRun];
  const prev = input.previous;
  if (prev) {
    const cost =
      prev.costUsd === null && totals.costUsd === null
        ? 'unknown'
        : formatCost((prev.costUsd ?? 0) + (totals.costUsd ?? 0)) +
          (prev.costUsd === null || totals.costUsd === null ? ' (partial)' : '');
    lines.push(
      `**All runs:** run ${formatCount(prev.runs + 1)}, ${formatCount(prev.sessions + totals.sessions)} sessions, ` +
        `${formatCount(prev.productive + input.productiveThisRun)} productive, cost ${cost}; ` +
        `global session counter ${formatCount(input.globalCounter)}`,
    );
  } else {
    lines.push(`**All runs:** global session counter ${formatCount(input.globalCounter)}`);
  }
  return lines;
}

/**
 * The job summary as GitHub-flavoured Markdown, at most `limitBytes` UTF-8 bytes whatever the number of
 * sessions: the newest rows that fit (at most `maxRows`) are shown and the rest fold into a note.
 */
export function renderSummary(input: SummaryInput): string {
  const limit = Math.max(0, Math.floor(input.limitBytes ?? DEFAULT_SUMMARY_LIMIT_BYTES));
  const maxRows = Math.max(0, Math.floor(input.maxRows ?? DEFAULT_MAX_TABLE_ROWS));
  const chartCount = Math.max(0, Math.floor(input.chartSessions ?? DEFAULT_CHART_SESSIONS));
  const sessions = input.sessions;
  const totals = totalsOf(sessions);
  const runUrl = safeUrl(input.runUrl);
  const iterations = input.iterations ?? input.maxIterations;
  const headline = stopHeadline(input.stopReason, iterations, input.maxIterations);
  const title = escapeMarkdown(input.title?.trim() || 'Agent harness');

  const head = [`## ${title} — ${headline}`, '', ...progressLines(input, totals).flatMap((l) => [l, ''])];
  const stopLine =
    `**Stop reason:** ${escapeMarkdown(input.stopReason || 'unknown', 80)} ` +
    `(exit code ${Number.isFinite(input.exitCode) ? input.exitCode : '-'})`;
  const tail = [stopLine, '', ...failureLines(input.lastFailure ?? null), artifactLine(input, runUrl), ''];
  if (runUrl !== null) tail.push(`[View the workflow run](${runUrl})`, '');
  const chartRows = sessions.slice(Math.max(0, sessions.length - chartCount));
  const chart =
    chartRows.length > 0 && chartCount > 0
      ? [
          '### Session durations',
          '',
          renderChart(chartRows),
          '',
          `Bars by global session number, coloured by outcome: ${CHART_LEGEND}${
            chartRows.some((r) => r.outcome === 'failed') ? CHART_LEGEND_FAILED : ''
          }${chartRows.some((r) => !OUTCOME_ORDER.includes(r.outcome ?? '')) ? CHART_LEGEND_OTHER : ''}.`,
          '',
        ]
      : [];

  const build = (withChart: boolean): string => {
    const table: string[] = ['### Sessions', ''];
    if (sessions.length === 0) {
      table.push('No sessions ran in this run.', '');
    }
    const fixed = [...head, ...table, ...tail, ...(withChart ? chart : [])].join('\n');
    const hasArtifact = Boolean(input.artifact);
    // Reserve room for the table frame, the totals row and the longest possible fold note.
    const frame =
      sessions.length === 0
        ? 0
        : bytesOf(TABLE_HEADER) +
          bytesOf(totalsRowMarkdown(totals)) +
          bytesOf(foldNote(sessions.length, hasArtifact)) +
          8;
    let budget = limit - bytesOf(fixed) - frame - 2;
    const shown: string[] = [];
    for (let i = sessions.length - 1; i >= 0 && shown.length < maxRows; i--) {
      const row = sessionRowMarkdown(sessions[i] as SessionRow);
      const cost = bytesOf(row) + 1;
      if (cost > budget) break;
      budget -= cost;
      shown.push(row);
    }
    shown.reverse();
    if (sessions.length > 0) {
      const hidden = sessions.length - shown.length;
      if (hidden > 0) table.push(foldNote(hidden, hasArtifact), '');
      table.push(TABLE_HEADER, ...shown, totalsRowMarkdown(totals), '');
    }
    return [...head, ...table, ...tail, ...(withChart ? chart : [])].join('\n');
  };

  let doc = build(chart.length > 0);
  if (bytesOf(doc) > limit && chart.length > 0) doc = build(false);
  return truncateToBytes(doc, limit);
}
