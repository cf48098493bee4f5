// What the supervisor shows, pure: one line per task (short id, status, iteration of max, last tool, heartbeat
// age, tokens, restarts, and its result once it has one), the events it reports (also the --json lines), and the
// final table. The CLI decides where they go: redrawn in place on a terminal, plain lines otherwise.
import type { TerminationReason, WorkerStatus } from '../task-files.js';
import type { FinalResult } from './decide.js';
import { textTable } from '../../os/text-table.js';

export interface TaskView {
  dir: string;
  task_id: string;
  status: WorkerStatus | 'unreadable';
  termination_reason: TerminationReason | null;
  iteration: number;
  max_iterations: number;
  last_tool: string | null;
  heartbeat_age_ms: number | null;
  tokens: number;
  restarts: number;
  /** The running `worker run`'s PID. */
  pid: number | null;
  result: FinalResult | null;
  why: string | null;
}

/** One thing that happened: start, restart, stop, signal, done_check, finish, model_hold. */
export interface SupervisorEvent {
  event: string;
  task?: string;
  dir?: string;
  [field: string]: unknown;
}

export const shortId = (id: string): string => id.slice(0, 8);

const age = (ms: number | null): string => (ms === null ? '-' : `${Math.round(ms / 1000)}s`);

/** A task's progress line; `withAge` false: the line without the heartbeat's age (to tell a real change). */
export function taskLine(view: TaskView, withAge = true): string {
  const parts = [
    shortId(view.task_id).padEnd(8),
    (view.result ?? view.status).padEnd(9),
    `${view.iteration}/${view.max_iterations}`.padEnd(7),
    (view.last_tool ?? '-').padEnd(14),
  ];
  if (withAge) parts.push(`hb ${age(view.heartbeat_age_ms)}`.padEnd(7));
  parts.push(`${view.tokens} tok`, `restarts ${view.restarts}`);
  if (view.result !== null && view.why !== null) parts.push(`(${view.why})`);
  return parts.join('  ').trimEnd();
}

export function holdLine(until: number | null): string | null {
  return until === null ? null : `model held until ${new Date(until).toISOString()}`;
}

/** A plain line for an event. */
export function eventLine(event: SupervisorEvent): string {
  const { event: name, task, dir: _dir, ...fields } = event;
  if (name === 'model_hold')
    return fields.until === null ? 'model hold over' : `model held until ${fields.until as string}`;
  const rest = Object.entries(fields)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(
      ([key, value]) =>
        `${key}=${typeof value === 'string' && /\s/.test(value) ? JSON.stringify(value) : String(value)}`,
    );
  return [task === undefined ? '' : shortId(task), name, ...rest].filter((p) => p !== '').join(' ');
}

/** The final table. */
export function finalTable(views: readonly TaskView[]): string {
  if (views.length === 0) return 'No tasks.';
  const rows = views.map((v) => [
    shortId(v.task_id),
    v.result ?? '-',
    v.status,
    `${v.iteration}/${v.max_iterations}`,
    v.termination_reason ?? '-',
    String(v.restarts),
    String(v.tokens),
    v.why ?? '',
  ]);
  const header = ['TASK', 'RESULT', 'STATUS', 'ITER', 'REASON', 'RESTARTS', 'TOKENS', 'WHY'];
  return textTable(header, rows, header.length).join('\n');
}

/**
 * A tracker of the tasks' plain lines: given a view, its line when it differs from the last one seen for that task
 * (the heartbeat's age left out, so a line is printed on a real change only), else null.
 */
export function lineChanges(): (view: TaskView) => string | null {
  const seen = new Map<string, string>();
  return (view) => {
    const line = taskLine(view, false);
    if (seen.get(view.dir) === line) return null;
    seen.set(view.dir, line);
    return line;
  };
}
