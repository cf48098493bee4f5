// What the task driver holds from its start to its end, and the small acts its steps share. The task file is held
// as the harness holds it and saved on every change; only the agent's checkpoints are ever taken from disk. The
// lock, the progress log (every line numbered with this session) and the work tree as git sees it are opened
// once (driver-open.ts) and used by the claim, the validation (driver-finish.ts) and the close (driver.ts).
import { join } from 'node:path';
import type { LoopPaths } from '../state/index.js';
import type { Clock, Spawn } from '../os/clock-spawn.js';
import type { HarnessEvent } from '../state/index.js';
import { TASK_FILE } from '../state/index.js';
import type { ClaimRecord } from './claim.js';
import { returnToBranch } from './git.js';
import { settleClaim, type TaskTree } from './touched.js';
import { formatStats, taskStats } from './graph/index.js';
import type { TaskLock } from './lock.js';
import { lockReleased, type ProgressEntry, type ProgressLog } from './progress.js';
import type { Task, TaskFile } from './schema.js';
import { readTaskFile, writeTaskFile } from './store.js';

export interface TaskDriverOptions {
  cwd: string;
  /** The loop's files: with the task files and the lock, what git operations must leave alone. */
  paths: LoopPaths;
  env: NodeJS.ProcessEnv;
  clock: Clock;
  spawn: Spawn;
  emit: (event: HarnessEvent) => Promise<void>;
  log: (level: 'info' | 'warn' | 'error', fields: Record<string, string | number | boolean | null>) => void;
  /** Only this task (a fan-out job). */
  onlyTask?: string;
  /** The command an agent runs to record a checkpoint. */
  checkpointCommand?: string;
  lockTmpDir?: string;
  /** The run's containment cookie, on every command the task driver starts (loop/cookie.ts). */
  cookie?: string;
  /** A stop request that must not wait for those commands (SIGTERM, a forced stop): they end at once. */
  signal?: AbortSignal;
  /** The config file loaded (absolute): a rollback never removes it. */
  configFile?: string | null;
}

/** The task being worked on: as claimed, as it was before the claim, and the claim's record of the tree. */
export interface CurrentTask {
  task: Task;
  previous: Task;
  claim: ClaimRecord | null;
}

export class DriverState {
  current: CurrentTask | null = null;
  tasksThisSession = 0;
  /** The last iteration's task was completed (the loop's no-progress check reads it). */
  lastCompleted = false;
  /** Whether this session has been counted in session_count (on its first claim). */
  counted = false;

  constructor(
    public file: TaskFile,
    readonly session: number,
    readonly lock: TaskLock,
    readonly progress: ProgressLog,
    readonly options: TaskDriverOptions,
    readonly tree: TaskTree,
  ) {}

  get path(): string {
    return join(this.options.cwd, TASK_FILE);
  }

  now(): string {
    return new Date(this.options.clock.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  }

  async note(entry: Omit<ProgressEntry, 'ts' | 'session'>): Promise<void> {
    await this.progress.append({ ...entry, session: this.session });
  }

  /** The kept-aside changes given back and the claim record removed; the lines it says go to the progress log. */
  async settle(taskId: string, claim: ClaimRecord, force: boolean): Promise<void> {
    for (const message of await settleClaim(this.tree, claim, { force })) {
      await this.note({ type: 'WARN', taskId, message });
    }
  }

  /** HEAD back on the branch the task started on, if the agent left it; noted in the progress log. */
  async backOnBranch(task: Task): Promise<void> {
    if (!task.started_on_branch) return;
    const moved = await returnToBranch(
      this.options.cwd,
      task.started_on_branch,
      task.started_at_commit,
    ).catch((error: Error) => `could not return to branch ${task.started_on_branch}: ${error.message}`);
    if (moved !== null) await this.note({ type: 'WARN', taskId: task.id, message: moved });
  }

  async writeStats(reason: string): Promise<void> {
    const stats = taskStats(this.file.tasks);
    await this.note({ type: 'STATS', message: formatStats(stats) });
    await this.note({ type: 'LOCK', message: lockReleased() });
    await this.options.emit({ event: 'task_stats', reason, ...stats });
  }

  /**
   * The agent records checkpoints in the task file while the session runs (`tasks checkpoint`). Only those are
   * taken from disk: statuses, attempts and everything else stay as the harness holds them, so an agent that
   * edits the file cannot complete its own task.
   */
  async takeCheckpoints(id: string): Promise<void> {
    const onDisk = await readTaskFile(this.path).catch(() => null);
    const theirs = onDisk?.file.tasks.find((t) => t.id === id)?.checkpoints ?? [];
    const ours = this.fresh(id);
    if (ours && theirs.length > ours.checkpoints.length) {
      this.file = this.withTask({ ...ours, checkpoints: theirs });
    }
  }

  containment(): { cookie?: string; signal?: AbortSignal } {
    const { cookie, signal } = this.options;
    return { ...(cookie !== undefined ? { cookie } : {}), ...(signal !== undefined ? { signal } : {}) };
  }

  fresh(id: string): Task | undefined {
    return this.file.tasks.find((t) => t.id === id);
  }

  withTask(task: Task): TaskFile {
    return { ...this.file, tasks: this.file.tasks.map((t) => (t.id === task.id ? task : t)) };
  }

  async save(file: TaskFile): Promise<void> {
    this.file = file;
    await writeTaskFile(this.path, file);
  }
}
