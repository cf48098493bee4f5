// `worker ls`: every task directory under a parent (or one task directory), its status, iteration of max,
// termination reason, liveness and the first line of its prompt. Liveness of a running task: alive (the lock
// holder lives and the heartbeat is fresh), stale (it lives, but the heartbeat is older than stale_after_secs),
// dead (no live lock holder: killed; `worker run` resumes it); `-` for a task that is not running. Reading is
// here, the formatting is pure.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { WorkerStateError } from './errors.js';
import { lockHolderAlive } from './state-lock.js';
import {
  pendingState,
  readHeartbeat,
  readState,
  readTask,
  taskFile,
  TASK_FILES,
  type Heartbeat,
  type TaskSpec,
  type WorkerState,
} from './task-files.js';
import { textTable } from '../os/text-table.js';

export type Liveness = 'alive' | 'stale' | 'dead' | '-';

export interface TaskListing {
  dir: string;
  task_id: string;
  status: WorkerState['status'] | 'unreadable';
  iteration: number;
  max_iterations: number;
  termination_reason: WorkerState['termination_reason'];
  liveness: Liveness;
  heartbeat_age_secs: number | null;
  prompt: string;
  created_at: string;
  /** Why task.json or state.json could not be used. */
  problem?: string;
}

/** Pure: the liveness of a task from its status, whether its lock holder lives and its heartbeat's age. */
export function livenessOf(input: {
  status: TaskListing['status'];
  holderAlive: boolean;
  heartbeatAgeMs: number | null;
  staleAfterSecs: number;
}): Liveness {
  if (input.status !== 'running') return '-';
  if (!input.holderAlive) return 'dead';
  if (input.heartbeatAgeMs === null || input.heartbeatAgeMs > input.staleAfterSecs * 1000) return 'stale';
  return 'alive';
}

/** The task directories under `dir`, or `dir` itself when it is one. */
export async function findTaskDirs(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries.some((entry) => entry.isFile() && entry.name === TASK_FILES.task)) return [dir];
  const dirs: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const inner = await readdir(join(dir, entry.name)).catch(() => [] as string[]);
    if (inner.includes(TASK_FILES.task)) dirs.push(join(dir, entry.name));
  }
  return dirs;
}

export async function readListing(dir: string, now: number, staleAfterSecs: number): Promise<TaskListing> {
  let task: TaskSpec | null = null;
  let state: WorkerState | null = null;
  let problem: string | undefined;
  try {
    task = readTask(dir);
    // task.json alone (a supervisor's definition, seed 004): pending until its first `worker run` makes state.json.
    state = existsSync(taskFile(dir, 'state')) ? readState(dir) : pendingState(task.created_at);
  } catch (error) {
    if (!(error instanceof WorkerStateError)) throw error;
    problem = error.message;
  }
  const heartbeat: Heartbeat | null = readHeartbeat(dir);
  // Another process's wall instant: the only time two processes share. A heartbeat dated ahead of `now` (the date
  // was set back since) counts as fresh, never as a negative age.
  const age = heartbeat === null ? null : Math.max(0, now - Date.parse(heartbeat.timestamp));
  const status = state?.status ?? 'unreadable';
  return {
    dir,
    task_id: task?.task_id ?? dir.split(/[\\/]/).at(-1)!,
    status,
    iteration: state?.iteration ?? 0,
    max_iterations: task?.constraints.max_iterations ?? 0,
    termination_reason: state?.termination_reason ?? null,
    liveness: livenessOf({
      status,
      holderAlive: status === 'running' && (await lockHolderAlive(dir)),
      heartbeatAgeMs: age,
      staleAfterSecs,
    }),
    heartbeat_age_secs: age === null ? null : Math.round(age / 1000),
    prompt: task?.prompt ?? '',
    created_at: task?.created_at ?? '',
    ...(problem !== undefined ? { problem } : {}),
  };
}

export async function listTasks(dir: string, now: number, staleAfterSecs: number): Promise<TaskListing[]> {
  const listings = await Promise.all(
    (await findTaskDirs(dir)).map((d) => readListing(d, now, staleAfterSecs)),
  );
  return listings.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.dir.localeCompare(b.dir));
}

export const firstLine = (text: string, max = 60): string => {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** Pure: the table `worker ls` prints. */
export function formatListing(listings: readonly TaskListing[]): string {
  if (listings.length === 0) return 'No tasks.';
  const rows = listings.map((t) => [
    t.task_id.slice(0, 8),
    t.status,
    t.status === 'unreadable' ? '-' : `${t.iteration}/${t.max_iterations}`,
    t.termination_reason ?? '-',
    t.liveness === 'stale' && t.heartbeat_age_secs !== null ? `stale (${t.heartbeat_age_secs}s)` : t.liveness,
    t.problem !== undefined ? t.problem : firstLine(t.prompt),
  ]);
  const header = ['TASK', 'STATUS', 'ITER', 'REASON', 'LIVENESS', 'PROMPT'];
  return textTable(header, rows, header.length).join('\n');
}
