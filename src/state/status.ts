// harness.status: the loop's state as one JSON object, replaced atomically on every state change so that
// `agent-harness --status` (another process) always reads a whole, current document.
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from './atomic.js';

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
  last_outcome: string | null;
  /** Failed sessions in a row (reset by any session that did not fail). */
  consecutive_failures?: number;
  /** Why the last failed session failed: `<kind>/<reason>: <detail>`; null once a session did not fail. */
  last_failure?: string | null;
  last_commit_evidence: string | null;
  backoff_until: string | null;
  stop_reason: string | null;
}

export async function writeStatus(path: string, status: StatusDocument): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify(status, null, 2)}\n`);
}

/** Reads the status file; null when there is none. A torn or foreign file is reported, not thrown. */
export async function readStatus(path: string): Promise<StatusDocument | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
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
