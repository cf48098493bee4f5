// harness.status: the loop's state as one JSON object, replaced atomically on every state change so that
// `agent-harness --status` (another process) always reads a whole, current document.
import { readInputText } from '../os/input-file.js';
import { overwriteInPlace, writeFileAtomic } from './atomic.js';
import { fatalWriteKind, type HarnessFileError } from './write-error.js';

/** The lifecycle states, named as the runner names them. `stopped` is written once the loop has ended. */
export const LOOP_STATES = [
  'starting',
  'pre_hooks',
  'session_running',
  'watchdog_kill',
  'retrying',
  'post_hooks',
  'rate_limited_backoff',
  'failure_backoff',
  'idle',
  'shutting_down',
  'stopped',
] as const;
export type LoopState = (typeof LOOP_STATES)[number];

export interface StatusDocument {
  pid: number;
  state: LoopState;
  iteration: number;
  max_iterations: number;
  global_iteration: number;
  output_file: string | null;
  output_bytes: number;
  session_start: string | null;
  last_update: string;
  last_completed_iteration: number | null;
  last_committed: boolean | null;
  consecutive_rate_limits: number;
  // Beyond the seed: what --status and crash recovery need.
  started_at: string;
  productive: number;
  agent_pgid: number | null;
  /** The agent's descendants that left its process group (pid and start time), while a session runs. */
  agent_escaped?: Array<{ pid: number; start: string }> | null;
  /** The run's containment cookie: a successor ends every process still carrying it (loop/cookie.ts). */
  cookie?: string | null;
  /** How the run's sessions are contained: `cgroup`, `systemd-scope` or `none` (os/cgroup.ts). */
  containment?: string | null;
  /** The run's cgroup directory (containment `cgroup`), removed when the run ends. */
  cgroup?: string | null;
  /** The ref holding the work of the last session a stop interrupted (loop/interrupted-work.ts). */
  work_kept?: string | null;
  last_outcome: string | null;
  /**
   * A limit's reset that was further away than `backoff.max_wait_mins` (ISO): the run stopped instead of waiting,
   * and a start before this instant waits or exits at once (loop/limit-window.ts). Absent or null otherwise.
   */
  resume_after?: string | null;
  /** Completed sessions in a row that changed nothing (loop/progress.ts); absent before the first. */
  idle_sessions?: number;
  /** Failed sessions in a row (reset by any session that did not fail). */
  consecutive_failures?: number;
  /** Why the last failed session failed: `<kind>/<reason>: <detail>`; null once a session did not fail. */
  last_failure?: string | null;
  last_commit_evidence: string | null;
  backoff_until: string | null;
  stop_reason: string | null;
}

/**
 * Replaces the status file whole (atomic.ts). `lastWord`: the loop's final document; when the disk is too full
 * for the temp file it needs (ENOSPC, EDQUOT), it is written over the old file in place instead, where the old
 * file's blocks hold it (overwriteInPlace), so a full disk leaves `stopped` and its reason rather than the last
 * state that could be written. Otherwise the write's HarnessFileError is thrown.
 */
export async function writeStatus(
  path: string,
  status: StatusDocument,
  options: { lastWord?: boolean } = {},
): Promise<void> {
  const text = `${JSON.stringify(status, null, 2)}\n`;
  try {
    await writeFileAtomic(path, text);
  } catch (error) {
    if (!options.lastWord || fatalWriteKind((error as HarnessFileError).code) !== 'disk_full') throw error;
    if (!(await overwriteInPlace(path, text))) throw error;
  }
}

/** Reads the status file; null when there is none. A torn or foreign file is reported, not thrown. */
export async function readStatus(path: string): Promise<StatusDocument | null> {
  let text: string;
  try {
    text = await readInputText(path, { what: 'status file' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parsed = JSON.parse(text) as unknown;
  if (!parsed || typeof parsed !== 'object' || typeof (parsed as StatusDocument).pid !== 'number') {
    throw new Error(`${path}: not a harness status document`);
  }
  return parsed as StatusDocument;
}
