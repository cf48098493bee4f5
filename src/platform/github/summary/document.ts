// The job summary document: the run's headline, progress, sessions table, failure, links and chart as one
// GitHub-flavoured Markdown document within a UTF-8 byte budget.
//
// The runner drops a step summary over 1 MiB whole, so the document is built to a byte budget: the oldest
// session rows fold into a one-line note (their totals still count), the chart shows only the last sessions
// and goes first when even that does not fit, then the history section's charts (their text lines stay), then
// the history section; the result is cut on a code point as the last resort.
import { chartLegend, renderChart } from './chart.js';
import { renderHistory } from './history.js';
import { counted, escapeMarkdown, formatCost, formatCount, safeUrl } from './format.js';
import { stopHeadline } from './labels.js';
import {
  foldNote,
  sessionRowMarkdown,
  TABLE_HEADER,
  totalsOf,
  totalsRowMarkdown,
  type Totals,
} from './table.js';
import type { LastFailure, SessionRow, SummaryInput } from './types.js';

/** The runner's per-step cap is 1 MiB; keep a margin for anything else the step appends. */
export const DEFAULT_SUMMARY_LIMIT_BYTES = 1024 * 1024 - 64 * 1024;
export const DEFAULT_MAX_TABLE_ROWS = 500;
export const DEFAULT_CHART_SESSIONS = 50;

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

/** Most kept refs named one by one; the rest are counted. */
const MAX_KEPT_REFS = 5;

/** The kept work's bundle and the two commands that restore it, or nothing when none was uploaded. */
function workKeptLines(input: SummaryInput): string[] {
  const kept = input.workKept;
  if (!kept || kept.refs.length === 0) return [];
  // Ref names are the harness's own (os/keep-work.ts): code spans, with anything unexpected made harmless.
  const safe = (text: string) => text.replace(/[^A-Za-z0-9._/-]/g, '_').slice(0, 120);
  const named = kept.refs.slice(0, MAX_KEPT_REFS).map((ref) => `\`${safe(ref)}\``);
  const more = kept.refs.length - named.length;
  const bundle = safe(kept.bundle).replace(/\//g, '_');
  const first = safe(kept.refs[0]!);
  return [
    `**Interrupted work kept:** ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}, in \`${bundle}\` in ` +
      'the artifact. Unzip the artifact in your clone, then:',
    '',
    '```sh',
    `git fetch ${bundle} 'refs/agent-harness/wip/*:refs/agent-harness/wip/*'`,
    `git checkout ${first} -- .`,
    '```',
    '',
  ];
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

const ISOLATION_SAYS: Record<string, string> = {
  user: 'the agent ran as a user of its own, with none of the job’s tokens and no access to its processes',
  env:
    'the agent’s environment held none of the job’s tokens, but it ran as the job’s user: it could read them ' +
    'from other processes of the job (`/proc/<pid>/environ`) and write the runner’s files',
  none: 'the agent had the job’s whole environment, tokens included (`agent-isolation: none`)',
};

/** How the agent was kept from the job; a warning where it could reach the job's tokens. */
function isolationLines(isolation: SummaryInput['isolation']): string[] {
  if (!isolation) return [];
  const says = ISOLATION_SAYS[isolation.mode];
  const mode = escapeMarkdown(isolation.mode, 20);
  const line = `**Agent isolation:** ${mode}${says ? `: ${says}` : ''}.`;
  if (isolation.mode === 'user') return [line, ''];
  const why = isolation.fallback ? ` ${escapeMarkdown(isolation.fallback, 300)}.` : '';
  const fix =
    isolation.mode === 'env'
      ? ' For `user`, run the job as root or with passwordless sudo, with the `acl` package installed (docs/security.md).'
      : '';
  return [`> [!WARNING]\n> ${line}${why}${fix}`, ''];
}

function progressLines(input: SummaryInput, totals: Totals): string[] {
  const thisRun =
    `**This run:** ${counted(totals.sessions, 'session')}, ` +
    `${counted(input.productiveThisRun, 'productive iteration')} (max ${formatCount(input.maxIterations)}), ` +
    `cost ${totals.costUsd === null ? 'unknown' : formatCost(totals.costUsd)}`;
  const lines = [thisRun];
  const prev = input.previous;
  if (prev) {
    const cost =
      prev.costUsd === null && totals.costUsd === null
        ? 'unknown'
        : formatCost((prev.costUsd ?? 0) + (totals.costUsd ?? 0)) +
          (prev.costUsd === null || totals.costUsd === null ? ' (partial)' : '');
    lines.push(
      `**All runs:** run ${formatCount(prev.runs + 1)}, ${counted(prev.sessions + totals.sessions, 'session')}, ` +
        `${formatCount(prev.productive + input.productiveThisRun)} productive, cost ${cost}; ` +
        `global session counter ${formatCount(input.globalCounter)}`,
    );
  } else {
    lines.push(`**All runs:** global session counter ${formatCount(input.globalCounter)}`);
  }
  return lines;
}

function chartLines(rows: readonly SessionRow[]): string[] {
  if (rows.length === 0) return [];
  return [
    '### Session durations',
    '',
    renderChart(rows),
    '',
    `Bars by global session number, coloured by outcome: ${chartLegend(rows)}.`,
    '',
  ];
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
  const idle = input.idleSessions ?? 0;
  const idleLine =
    idle > 0
      ? [
          `**Idle:** the last ${counted(idle, 'session')} changed nothing (no commit, no file, no task done)`,
          '',
        ]
      : [];
  const resume = input.resumeAfter
    ? [
        `**Waiting for a limit:** it resets at ${escapeMarkdown(input.resumeAfter, 40)}; a run before then exits at once, ` +
          'one after it continues.',
        '',
      ]
    : [];
  const tail = [
    stopLine,
    '',
    ...idleLine,
    ...resume,
    ...isolationLines(input.isolation),
    ...failureLines(input.lastFailure ?? null),
    artifactLine(input, runUrl),
    '',
    ...workKeptLines(input),
  ];
  if (runUrl !== null) tail.push(`[View the workflow run](${runUrl})`, '');
  const chart = chartCount > 0 ? chartLines(sessions.slice(Math.max(0, sessions.length - chartCount))) : [];

  const history = input.history ?? null;
  const historyFull = history ? renderHistory(history) : '';
  const historyText = history ? renderHistory(history, { charts: false }) : '';
  const historyLines = (text: string): string[] => (text === '' ? [] : [text]);

  const build = (withChart: boolean, historyPart: string): string => {
    const table: string[] = ['### Sessions', ''];
    if (sessions.length === 0) {
      table.push('No sessions ran in this run.', '');
    }
    const fixed = [
      ...head,
      ...table,
      ...tail,
      ...(withChart ? chart : []),
      ...historyLines(historyPart),
    ].join('\n');
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
    return [...head, ...table, ...tail, ...(withChart ? chart : []), ...historyLines(historyPart)].join('\n');
  };

  // Richest first; each step leaves out the next part the budget can spare.
  const attempts: Array<[boolean, string]> = [
    [chart.length > 0, historyFull],
    [false, historyFull],
    [false, historyText],
    [false, ''],
  ];
  let doc = '';
  for (const [withChart, historyPart] of attempts) {
    doc = build(withChart, historyPart);
    if (bytesOf(doc) <= limit) break;
  }
  return truncateToBytes(doc, limit);
}
