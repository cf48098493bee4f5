// The `--status` display, a pure function of the status document and what the caller observed.
import type { LoopState, StatusDocument } from './status.js';

/** States inside an iteration: the document's `iteration` (0-based, as events and hooks count) is in progress. */
const IN_ITERATION: ReadonlySet<LoopState> = new Set([
  'pre_hooks',
  'session_running',
  'watchdog_kill',
  'retrying',
  'post_hooks',
  'rate_limited_backoff',
  'failure_backoff',
]);

/**
 * The iteration line, in the numbers the log lines, events, hooks and transcript names use: `iteration` is 0-based
 * (the iterations done so far) and `global` is the session's own number (claude-iteration-<global>.jsonl). Inside
 * an iteration it names both as the log does (`iteration=13 global=362`); between iterations and at the end it
 * gives the count done.
 */
function iterationLine(
  status: Pick<StatusDocument, 'state' | 'iteration' | 'global_iteration' | 'max_iterations'>,
): string {
  const done = `${status.iteration} of ${status.max_iterations} done`;
  return IN_ITERATION.has(status.state)
    ? `Current iteration: iteration=${status.iteration} global=${status.global_iteration} (${done})`
    : `Iterations: ${done}`;
}

/** The counter as the run's last line names it (`global counter: N`): the number the next session uses. */
export function counterLine(counter: number): string {
  return `Global counter: ${counter} (the number the next session uses)`;
}

export interface Observed {
  /** Whether the recorded harness PID is alive. */
  alive: boolean;
  /** Current size of the session transcript, if it exists. */
  currentOutputBytes: number | null;
  nowMs: number;
  /** The counter file's value (`.iteration_counter`), or null when it cannot be read. */
  counter?: number | null;
}

/** "48.2 KB" as the seed's status display writes it, or "48.2 KiB" with `binaryUnits`. */
export function formatBytes(bytes: number, binaryUnits = false): string {
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  const units = binaryUnits ? ['KiB', 'MiB', 'GiB', 'TiB'] : ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return `${h}h ${m}m`;
  if (m > 0) return `${m}m ${s % 60}s`;
  return `${s}s`;
}

export function formatStatus(status: StatusDocument, observed: Observed): string {
  const lines: string[] = [];
  const running = observed.alive && status.state !== 'stopped';
  if (running) {
    lines.push(
      `Loop state: ${status.state === 'session_running' ? 'running' : status.state} (PID ${status.pid})`,
    );
  } else if (status.state === 'stopped') {
    lines.push(`Loop state: not running (ended: ${status.stop_reason ?? 'unknown'})`);
  } else {
    lines.push(`Loop state: not running (PID ${status.pid} is gone; last recorded state: ${status.state})`);
  }
  lines.push(iterationLine(status));
  if (status.output_file && running && status.state === 'session_running') {
    const size = observed.currentOutputBytes ?? status.output_bytes;
    const growing = size > status.output_bytes ? 'growing' : 'no growth since last update';
    lines.push(`Session output: ${formatBytes(size)} (${growing})`);
  }
  if (status.state === 'rate_limited_backoff' && status.backoff_until) {
    lines.push(
      `Rate limited: ${status.consecutive_rate_limits} in a row, waiting until ${status.backoff_until}`,
    );
  }
  if (status.state === 'failure_backoff' && status.backoff_until) {
    lines.push(
      `Failed: ${status.consecutive_failures ?? 0} in a row, backing off until ${status.backoff_until}`,
    );
  }
  if (status.last_failure) lines.push(`Last failure: ${status.last_failure}`);
  if (status.work_kept) lines.push(`Interrupted work kept: ${status.work_kept}`);
  const started = Date.parse(status.started_at);
  if (running && Number.isFinite(started)) {
    lines.push(`Uptime: ${formatDuration((observed.nowMs - started) / 1000)}`);
  }
  if (status.last_completed_iteration !== null) {
    const committed = status.last_committed
      ? `committed${status.last_commit_evidence ? ` (${status.last_commit_evidence})` : ''}`
      : 'no commit';
    const outcome =
      status.last_outcome && status.last_outcome !== 'productive' ? `${status.last_outcome}, ` : '';
    lines.push(`Last completed: global=${status.last_completed_iteration} — ${outcome}${committed}`);
  }
  if (status.idle_sessions !== undefined && status.idle_sessions > 0)
    lines.push(`Idle: ${status.idle_sessions} completed session(s) in a row changed nothing`);
  if (observed.counter !== undefined && observed.counter !== null) lines.push(counterLine(observed.counter));
  return lines.join('\n');
}
