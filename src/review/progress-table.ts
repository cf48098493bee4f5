// A plan's progress as a table, the same one in three places: `agent-harness plan status` (plain text), the pull
// request's body and the job summary (GitHub-flavoured Markdown). One row per task in dependency order: its
// status, the tries it used of those it may use, each try's gate result and review verdict, and what its
// sessions cost; then the planning sessions and the totals. Titles come from the planner, which may have read an
// untrusted issue, so every piece of plan text is escaped before it reaches Markdown. Pure.
import { textTable, type Align } from '../os/text-table.js';
import { taskOrder } from './plan-order.js';
import {
  addSpend,
  NO_SPEND,
  taskSpend,
  type PlanProgress,
  type Spend,
  type TryRecord,
  type VerdictRecord,
} from './progress.js';
import type { Plan } from './schemas.js';
import type { GateScript } from './gate.js';

export type TaskRowStatus = 'todo' | 'doing' | 'done' | 'needs human';

/**
 * `pass`, `failed at build.sh` (`… (timed out)` when it ran out of time), `refused (verify.sh changed)` (a script
 * not as the gate accepted them), or `not run` (yet, or never); `pass (build.sh changed)` under review.allow_gate_changes.
 */
export type GateCell =
  | 'pass'
  | `pass (${string} changed)`
  | `failed at ${GateScript}`
  | `failed at ${GateScript} (timed out)`
  | `refused (${string} changed)`
  | 'not run';

export interface TryRow {
  n: number;
  gate: GateCell;
  /** `—` when no review ran (yet, or the gate failed). */
  verdict: VerdictRecord | '—';
}

export interface TaskRow {
  id: string;
  title: string;
  status: TaskRowStatus;
  /** Tries started. */
  triesUsed: number;
  /** The last try allowed; null when the task has no record yet and no default was given. */
  maxTries: number | null;
  tries: TryRow[];
  spend: Spend;
}

export interface ProgressTable {
  planId: string;
  rows: TaskRow[];
  planning: Spend;
  /** Every task's sessions. */
  tasks: Spend;
  /** Planning and tasks. */
  total: Spend;
}

export interface TableOptions {
  /** The tries a task without a record yet will get (`--max-tries`, `review.max_tries`). */
  maxTries?: number;
}

function gateCell(record: TryRecord): GateCell {
  const gate = record.gate;
  if (!gate) return 'not run';
  const changed = gate.changed?.map((c) => c.script).join(' and ');
  if (gate.passed) return changed ? `pass (${changed} changed)` : 'pass';
  if (gate.failed_at === null) return 'not run';
  const failedStep = gate.steps.some(
    (s) => s.script === gate.failed_at && (s.exit_code !== 0 || s.timed_out),
  );
  if (changed && !failedStep) return `refused (${changed} changed)`;
  const timedOut = gate.steps.some((s) => s.script === gate.failed_at && s.timed_out);
  return timedOut ? `failed at ${gate.failed_at} (timed out)` : `failed at ${gate.failed_at}`;
}

/** The table's rows and totals from the planfile and the loop's record. */
export function progressTable(plan: Plan, progress: PlanProgress, options: TableOptions = {}): ProgressTable {
  const rows = taskOrder(plan).map((task): TaskRow => {
    const record = progress.tasks[task.id];
    const tries = (record?.tries ?? []).map((t): TryRow => ({
      n: t.n,
      gate: gateCell(t),
      verdict: t.verdict ?? '—',
    }));
    const status: TaskRowStatus = record?.escalated ? 'needs human' : task.status;
    return {
      id: task.id,
      title: task.title,
      status,
      triesUsed: tries.length,
      maxTries: record?.max_try ?? options.maxTries ?? null,
      tries,
      spend: record ? taskSpend(record) : NO_SPEND,
    };
  });
  const tasks = rows.reduce((sum, row) => addSpend(sum, row.spend), NO_SPEND);
  return {
    planId: plan.id,
    rows,
    planning: progress.planning,
    tasks,
    total: addSpend(progress.planning, tasks),
  };
}

/** `$0.1234`; `≥ $0.1234` when some session reported no cost (the sum is then a lower bound). */
export function formatSpendCost(spend: Spend): string {
  const cost = `$${spend.cost_usd.toFixed(4)}`;
  return spend.unpriced_sessions > 0 ? `≥ ${cost}` : cost;
}

/** 1234567 -> "1,234,567". */
const count = (n: number): string => String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** `12,345 in / 678 out`. */
export const formatSpendTokens = (spend: Spend): string =>
  `${count(spend.input_tokens)} in / ${count(spend.output_tokens)} out`;

const triesCell = (row: TaskRow): string =>
  row.maxTries === null ? String(row.triesUsed) : `${row.triesUsed}/${row.maxTries}`;

// Control characters (tab, LF and CR are handled before) and bidi overrides, which can disguise text.
const BIDI_AND_CONTROL =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** At most this many characters of a title in a cell. */
export const MAX_TITLE_CHARS = 200;

/** Untrusted text as one line: line breaks and tabs become spaces, control and bidi characters go, capped. */
export function oneLine(text: string, maxChars = MAX_TITLE_CHARS): string {
  const clean = text
    .replace(/\r\n|[\r\n\u2028\u2029\u0085]/g, ' ')
    .replace(/\t/g, ' ')
    .replace(BIDI_AND_CONTROL, '');
  const chars = Array.from(clean);
  return chars.length > maxChars ? `${chars.slice(0, maxChars - 1).join('')}…` : clean;
}

/**
 * Untrusted text made safe for a Markdown table cell: one line, HTML neutralised (`<` `>` `&` as entities) and
 * Markdown punctuation (`|`, backticks, emphasis, links, headings, images, strike-through) backslash-escaped.
 */
export function escapeCell(text: string, maxChars = MAX_TITLE_CHARS): string {
  return oneLine(text, maxChars)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]|~#!()]/g, (c) => `\\${c}`);
}

const perTry = (row: TaskRow, pick: (t: TryRow) => string, separator: string): string =>
  row.tries.length === 0 ? '—' : row.tries.map((t) => `#${t.n} ${pick(t)}`).join(separator);

const HEADER = ['Task', 'Title', 'Status', 'Tries', 'Gate', 'Verdict', 'Cost', 'Tokens'];

/** The table in GitHub-flavoured Markdown, plan text escaped; tries in a cell are separated by `<br>`. */
export function progressMarkdown(plan: Plan, progress: PlanProgress, options: TableOptions = {}): string {
  const table = progressTable(plan, progress, options);
  const cells = (values: string[]) => `| ${values.join(' | ')} |`;
  const lines = [
    cells(HEADER),
    cells(['---', '---', '---', '---:', '---', '---', '---:', '---:']),
    ...table.rows.map((row) =>
      cells([
        escapeCell(row.id),
        escapeCell(row.title),
        row.status,
        triesCell(row),
        perTry(row, (t) => t.gate, '<br>'),
        perTry(row, (t) => t.verdict, '<br>'),
        formatSpendCost(row.spend),
        formatSpendTokens(row.spend),
      ]),
    ),
    cells([
      'planning',
      '',
      '',
      '',
      '',
      '',
      formatSpendCost(table.planning),
      formatSpendTokens(table.planning),
    ]),
    cells([
      '**total**',
      '',
      `${doneCount(table)}/${table.rows.length} done`,
      '',
      '',
      '',
      `**${formatSpendCost(table.total)}**`,
      `**${formatSpendTokens(table.total)}**`,
    ]),
  ];
  return lines.join('\n');
}

const doneCount = (table: ProgressTable): number => table.rows.filter((r) => r.status === 'done').length;

/** How `plan status` aligns each column: numbers (tries, cost, tokens) to the right. */
const TEXT_ALIGN: readonly Align[] = ['left', 'left', 'left', 'right', 'left', 'left', 'right', 'right'];

/** A task's lines: the first try's gate and verdict beside the task, each later try on a line of its own. */
function taskLines(row: TaskRow): string[][] {
  const [first, ...later] = row.tries;
  const tryCells = (t: TryRow | undefined) =>
    t === undefined ? ['—', '—'] : [`#${t.n} ${t.gate}`, `#${t.n} ${t.verdict}`];
  return [
    [
      oneLine(row.id),
      oneLine(row.title, 60),
      row.status,
      triesCell(row),
      ...tryCells(first),
      formatSpendCost(row.spend),
      formatSpendTokens(row.spend),
    ],
    ...later.map((t) => ['', '', '', '', ...tryCells(t), '', '']),
  ];
}

/**
 * The table as aligned plain text for a terminal (`plan status`): titles on one line, capped; one line per try,
 * so the table stays narrow.
 */
export function progressText(plan: Plan, progress: PlanProgress, options: TableOptions = {}): string {
  const table = progressTable(plan, progress, options);
  const rows: string[][] = [
    ...table.rows.flatMap(taskLines),
    ['planning', '', '', '', '', '', formatSpendCost(table.planning), formatSpendTokens(table.planning)],
    [
      'total',
      '',
      `${doneCount(table)}/${table.rows.length} done`,
      '',
      '',
      '',
      formatSpendCost(table.total),
      formatSpendTokens(table.total),
    ],
  ];
  return textTable(
    HEADER.map((h) => h.toUpperCase()),
    rows,
    TEXT_ALIGN,
  ).join('\n');
}
