// The task protocol carried out by the harness, not by the agent: one task per iteration, claimed before the
// session, validated after it, rolled back on failure. The agent's words never complete a task; only its
// validation command does. A task session holds the lock from start to end.
//
// The harness's own files (state/harness-files.ts) are outside every git operation of the protocol, and the
// branch a task started on is where its work is committed or rolled back, whatever the agent checked out.
// A session counts against max_sessions only once it claims a task: a session that crashes or stops before
// working on one is not a session.
import { EXIT } from '../errors/exit-codes.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { DriverStop, IterationDriver, IterationWork } from '../loop/driver.js';
import type { LoopPaths } from '../state/paths.js';
import { runShell } from '../os/shell.js';
import { sweepStaleTemps } from '../state/atomic.js';
import type { Clock, Spawn } from '../os/clock-spawn.js';
import type { HarnessEvent } from '../state/event-log.js';
import { harnessFiles, harnessGitView, PROGRESS_FILE, TASK_FILE } from '../state/harness-files.js';
import { CONFIG_FILE_NAMES } from '../config/discover.js';
import { claimedTasks, placeOf, protectedPaths, readClaim, type ClaimRecord } from './claim.js';
import {
  commitExists,
  currentBranch,
  excludeLocally,
  headCommit,
  NO_HARNESS_FILES,
  repoPrefix,
  returnToBranch,
} from './git.js';
import {
  claimNote,
  claimTree,
  commitTask,
  rollbackLine,
  rollbackTask,
  settleClaim,
  taskHasChanges,
  type TaskTree,
} from './touched.js';
import { remainingWork } from './graph/blocked.js';
import { selectNextTask } from './graph/selection.js';
import { formatStats, taskStats } from './graph/stats.js';
import { validateDependencies } from './graph/validate.js';
import { acquireLock, type TaskLock } from './lock.js';
import {
  completedMessage,
  lockAcquired,
  lockReleased,
  ProgressLog,
  startingMessage,
  type ProgressEntry,
} from './progress.js';
import { renderTaskPrompt } from './prompt.js';
import { recoverInterruptedTask } from './recovery.js';
import type { ErrorCategory, Task, TaskFile } from './schema.js';
import { readTaskFile, TaskFileError, writeTaskFile } from './store.js';
import { runValidation } from './validation.js';

export { PROGRESS_FILE, TASK_FILE };
export const INIT_SCRIPT = 'harness-init.sh';

export interface TaskSessionOptions {
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
  /** The run's containment cookie, on every command the task session starts (loop/cookie.ts). */
  cookie?: string;
  /** A stop request that must not wait for those commands (SIGTERM, a forced stop): they end at once. */
  signal?: AbortSignal;
  /** The config file loaded (absolute): a rollback never removes it. */
  configFile?: string | null;
}

/** What a stopped task session returns: the loop's stop controller knows why. */
export const INTERRUPTED = 'interrupted';

export class TaskSession implements IterationDriver {
  private current: { task: Task; previous: Task; claim: ClaimRecord | null } | null = null;
  private tasksThisSession = 0;
  /** Whether this session has been counted in session_count (on its first claim). */
  private counted = false;

  private constructor(
    private file: TaskFile,
    private readonly session: number,
    private readonly lock: TaskLock,
    private readonly progress: ProgressLog,
    private readonly options: TaskSessionOptions,
    private readonly tree: TaskTree,
  ) {}

  private get path(): string {
    return join(this.options.cwd, TASK_FILE);
  }

  private now(): string {
    return new Date(this.options.clock.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  }

  private async note(entry: Omit<ProgressEntry, 'ts' | 'session'>): Promise<void> {
    await this.progress.append({ ...entry, session: this.session });
  }

  /**
   * Session start: read the task file (restoring a corrupt one from its backup), take the lock, recover tasks
   * a dead session left in progress, run harness-init.sh, count the session. Null when there is no task file.
   */
  static async open(options: TaskSessionOptions): Promise<TaskSession | DriverStop | null> {
    const path = join(options.cwd, TASK_FILE);
    // A harness killed mid-write leaves temp files that git would count as uncommitted work.
    await sweepStaleTemps(options.cwd);
    const progress = new ProgressLog(join(options.cwd, PROGRESS_FILE), options.clock.now);
    let read;
    try {
      read = await readTaskFile(path, { now: options.clock.now });
    } catch (error) {
      if (error instanceof TaskFileError) {
        // The session number lives in the unreadable file; the line is still written, nothing else is.
        await progress.append({ session: 0, type: 'ERROR', category: 'ENV_SETUP', message: error.message });
      }
      throw error;
    }
    if (read === null) return null;
    const lock = await acquireLock(options.cwd, options.lockTmpDir ? { tmpDir: options.lockTmpDir } : {});
    let file = read.file;
    const session = file.session_count + 1;
    try {
      const tree = await TaskSession.taskTree(options, lock.dir);
      const self = new TaskSession(file, session, lock, progress, options, tree);
      if (read.restoredFromBackup) {
        await self.note({
          type: 'WARN',
          message: `harness-tasks.json unparseable (${read.problem}); restored from backup`,
        });
      }
      if (lock.reclaimed)
        await self.note({
          type: 'WARN',
          message: `Removed stale lock from pid=${lock.reclaimedFrom ?? '?'}: ${lock.reclaimedWhy ?? 'stale'}`,
        });
      await self.note({ type: 'LOCK', message: lockAcquired(lock.pid) });

      // Tasks a dead session left in progress go through the recovery decision matrix.
      for (const task of file.tasks.filter((t) => t.status === 'in_progress')) {
        const claim = await readClaim(options.cwd, task.id);
        const recovered = await recoverInterruptedTask(task, {
          cwd: options.cwd,
          env: options.env,
          ...self.containment(),
          now: () => self.now(),
          harness: tree.harness,
          touch: { tree, claim },
          // The line's message already carries the task id and the category.
          log: (line) => {
            self.progress
              .append({ session, type: line.type, message: line.message })
              .catch((error: unknown) =>
                options.log('warn', {
                  event: 'progress log not written',
                  path: self.progress.path,
                  error: String(error),
                }),
              );
          },
        });
        file = { ...file, tasks: file.tasks.map((t) => (t.id === task.id ? recovered.task : t)) };
        // Completed or rolled back: the user's kept-aside changes come back (after a rollback, every one).
        if (claim && (recovered.outcome === 'completed' || recovered.outcome === 'failed')) {
          await self.settle(task.id, claim, recovered.rolledBack === true);
        }
        await options.emit({ event: 'task_recovered', task_id: task.id, outcome: recovered.outcome });
      }
      // Records of tasks no longer in progress: a harness killed between the claim's steps, or after the task's
      // commit or rollback and before the changes were given back.
      for (const id of await claimedTasks(options.cwd)) {
        if (file.tasks.some((t) => t.id === id && t.status === 'in_progress')) continue;
        const claim = await readClaim(options.cwd, id);
        if (claim) await self.settle(id, claim, false);
      }

      if (file !== read.file) await self.save(file);
      self.file = file;

      const init = options.signal?.aborted ? { stop: INTERRUPTED } : await self.runInitScript();
      if (init) {
        await self.close(init.stop);
        return init;
      }
      // Counted when it claims its first task (begin): this one would be number `session`.
      if (session > file.session_config.max_sessions) {
        await self.close('max_sessions');
        return { stop: 'max_sessions' };
      }
      return self;
    } catch (error) {
      await lock.release();
      throw error;
    }
  }

  /**
   * The harness's files as git sees them and the user's files never removed; outside a repository, none (the
   * protocol's git steps then fail on their own). The untracked harness files also go into the repository's
   * local exclude file, so the agent's own `git add -A` and `git clean -fd` leave them alone too.
   */
  private static async taskTree(options: TaskSessionOptions, lockDir: string): Promise<TaskTree> {
    let prefix: string;
    try {
      prefix = await repoPrefix(options.cwd);
    } catch {
      return { place: placeOf(options.cwd, ''), harness: NO_HARNESS_FILES, protect: [] };
    }
    const place = placeOf(options.cwd, prefix);
    const view = harnessGitView(harnessFiles(options.paths, { lockDir }), options.cwd, prefix);
    await excludeLocally(options.cwd, view.ignorePatterns).catch((error: Error) =>
      options.log('warn', { git_exclude: `could not update the local exclude file: ${error.message}` }),
    );
    const protect = protectedPaths(place, {
      configFile: options.configFile ?? null,
      promptFile: options.paths.promptFile,
      configNames: CONFIG_FILE_NAMES,
    });
    return { place, harness: view, protect };
  }

  /** The kept-aside changes given back and the claim record removed; the lines it says go to the progress log. */
  private async settle(taskId: string, claim: ClaimRecord, force: boolean): Promise<void> {
    for (const message of await settleClaim(this.tree, claim, { force })) {
      await this.note({ type: 'WARN', taskId, message });
    }
  }

  /** harness-init.sh, if present; a failure is retried once, a second failure is ENV_SETUP and stops. */
  private async runInitScript(): Promise<DriverStop | null> {
    const script = join(this.options.cwd, INIT_SCRIPT);
    if (!existsSync(script)) return null;
    for (let attempt = 1; attempt <= 2; attempt++) {
      const result = await runShell(`sh ${JSON.stringify(script)}`, {
        cwd: this.options.cwd,
        env: this.options.env,
        timeoutMs: 600_000,
        clock: this.options.clock,
        spawn: this.options.spawn,
        ...this.containment(),
      });
      if (result.interrupted) return { stop: INTERRUPTED };
      if (result.exitCode === 0) {
        await this.note({ type: 'INIT', message: 'Environment health check: PASS' });
        return null;
      }
      await this.note({
        type: 'ERROR',
        category: 'ENV_SETUP',
        message: `harness-init.sh failed (exit ${result.exitCode}, attempt ${attempt}/2): ${lastLine(result.stderrTail)}`,
      });
    }
    return { stop: 'env_setup', exitCode: EXIT.taskEnvironment };
  }

  async begin(): Promise<IterationWork | DriverStop> {
    if (!this.current) {
      const validated = validateDependencies(this.file.tasks, this.now());
      for (const change of validated.changes) {
        // The change's message carries its own [DEPENDENCY] tag; the line's category says it once.
        await this.note({
          type: 'ERROR',
          taskId: change.id,
          category: 'DEPENDENCY',
          message: change.message.replace(/^\[DEPENDENCY\]\s*/, ''),
        });
      }
      if (validated.changes.length > 0) await this.save({ ...this.file, tasks: validated.tasks });
      const candidates = this.options.onlyTask
        ? this.file.tasks.filter((t) => t.id === this.options.onlyTask)
        : this.file.tasks;
      const next = selectNextTask(candidates);
      if (!next) {
        const stop = { stop: remainingWork(this.file.tasks) ? 'no_eligible_tasks' : 'tasks_done' };
        return stop;
      }
      const base = await headCommit(this.options.cwd);
      const branch = await currentBranch(this.options.cwd);
      // What is in the tree before the task: kept, and kept out of it. Outside a repository, nothing to record.
      const claim =
        this.tree.harness === NO_HARNESS_FILES ? null : await claimTree(this.tree, next.id, this.now());
      const claimed: Task = {
        ...next,
        status: 'in_progress',
        started_at_commit: base,
        started_on_branch: branch,
      };
      let file = this.withTask(claimed);
      if (!this.counted) {
        file = { ...file, session_count: this.session, last_session: this.now() };
        this.counted = true;
      }
      await this.save(file);
      await this.note({ type: 'Starting', taskId: next.id, message: startingMessage(next, base ?? 'none') });
      const dirty = claim ? claimNote(claim) : null;
      if (dirty) await this.note({ type: 'WARN', taskId: next.id, message: dirty });
      await this.options.emit({ event: 'task_started', task_id: next.id, attempt: next.attempts + 1, base });
      this.current = { task: claimed, previous: next, claim };
    }
    const task = this.current.task;
    const command = this.options.checkpointCommand ?? 'agent-harness tasks checkpoint';
    return {
      prompt: (assembled) => renderTaskPrompt(assembled, this.fresh(task.id) ?? task, command),
      eventFields: { task_id: task.id },
      logFields: { task: task.id },
      // Lets the agent's `tasks checkpoint` write while this session holds the lock.
      env: { HARNESS_TASK_ID: task.id, HARNESS_TASK_LOCK_PID: String(this.lock.pid) },
    };
  }

  /** After the iteration: the validation command decides, never the agent. */
  async finish(): Promise<DriverStop | null> {
    if (!this.current) return null;
    await this.takeCheckpoints(this.current.task.id);
    const task = this.fresh(this.current.task.id) ?? this.current.task;
    const claim = this.current.claim;
    this.current = null;
    const { cwd, env } = this.options;
    await this.backOnBranch(task);
    const outcome = await runValidation(task, {
      cwd,
      env,
      clock: this.options.clock,
      spawn: this.options.spawn,
      ...this.containment(),
    });
    // Stopped mid-validation: the task stays in_progress on disk and the next start's recovery validates it.
    if (outcome.result === 'interrupted') {
      this.options.log('warn', { task: task.id, validation: 'interrupted' });
      return null;
    }
    const at = this.now();
    const lastValidation = {
      result: outcome.result === 'skipped' ? ('pass' as const) : outcome.result,
      at,
      exit_code: outcome.exitCode,
    };
    if (outcome.result === 'pass' || outcome.result === 'skipped') {
      const message = `${task.id}: ${task.title} (work left uncommitted by the agent)`;
      const commit = (await commitTask(this.tree, message, claim)) ?? (await headCommit(cwd));
      if (claim) await this.settle(task.id, claim, false);
      await this.save(
        this.withTask({ ...task, status: 'completed', completed_at: at, last_validation: lastValidation }),
      );
      await this.note({ type: 'Completed', taskId: task.id, message: completedMessage(commit ?? 'none') });
      await this.options.emit({
        event: 'task_completed',
        task_id: task.id,
        commit,
        validation: outcome.result,
      });
      this.options.log('info', { task: task.id, task_status: 'completed', validation: outcome.result });
    } else {
      await this.fail(task, claim, outcome.category ?? 'TEST_FAIL', outcome.message, lastValidation);
      if (outcome.category === 'ENV_SETUP') return { stop: 'env_setup', exitCode: EXIT.taskEnvironment };
    }
    this.tasksThisSession++;
    if (this.tasksThisSession >= this.file.session_config.max_tasks_per_session) {
      return { stop: 'max_tasks_per_session' };
    }
    return null;
  }

  private async fail(
    task: Task,
    claim: ClaimRecord | null,
    category: ErrorCategory,
    message: string,
    lastValidation: Task['last_validation'],
  ) {
    const { cwd } = this.options;
    const entry = `[${category}] ${message}`;
    let failed: Task = {
      ...task,
      status: 'failed',
      attempts: task.attempts + 1,
      error_log: [...task.error_log, entry],
      failed_at: this.now(),
      last_validation: lastValidation ?? null,
    };
    await this.note({ type: 'ERROR', taskId: task.id, category, message });
    const base = task.started_at_commit;
    if (!base || !(await commitExists(cwd, base))) {
      // Nothing to roll back to: the task cannot be retried safely.
      failed = { ...failed, attempts: Math.max(failed.attempts, failed.max_attempts) };
      await this.note({
        type: 'WARN',
        taskId: task.id,
        message: `started_at_commit ${base ?? 'null'} not found; no rollback, no retry`,
      });
      if (claim) await this.settle(task.id, claim, false);
    } else {
      const report = await rollbackTask(this.tree, base, claim);
      await this.note({ type: 'ROLLBACK', taskId: task.id, message: rollbackLine(base, report) });
      if (claim) await this.settle(task.id, claim, true);
      if (task.on_failure.cleanup) {
        const cleanup = await runShell(task.on_failure.cleanup, {
          cwd,
          env: this.options.env,
          timeoutMs: 600_000,
          clock: this.options.clock,
          spawn: this.options.spawn,
          ...this.containment(),
        });
        if (cleanup.exitCode !== 0) {
          await this.note({
            type: 'WARN',
            taskId: task.id,
            message: `cleanup failed (exit ${cleanup.exitCode})`,
          });
        }
      }
    }
    await this.save(this.withTask(failed));
    await this.options.emit({
      event: 'task_failed',
      task_id: task.id,
      category,
      message,
      attempts: failed.attempts,
    });
    this.options.log('warn', {
      task: task.id,
      task_status: 'failed',
      category,
      attempts: `${failed.attempts}/${failed.max_attempts}`,
    });
  }

  /** Session end: a task claimed but never worked on goes back to what it was; STATS; the lock is released. */
  async close(reason: string): Promise<void> {
    try {
      if (this.current) {
        const { task, previous, claim } = this.current;
        await this.backOnBranch(task);
        const untouched =
          (await headCommit(this.options.cwd)) === task.started_at_commit &&
          !(await taskHasChanges(this.tree, claim));
        if (untouched) {
          if (claim) await this.settle(task.id, claim, false);
          let file = this.withTask(previous);
          // Nothing was worked on in this session: it does not count against max_sessions.
          if (this.counted && this.tasksThisSession === 0) {
            file = { ...file, session_count: this.session - 1 };
            this.counted = false;
          }
          await this.save(file);
        }
        // Otherwise it stays in_progress: the next session's recovery decides from git and checkpoints.
        this.current = null;
      }
      await this.writeStats(reason);
    } finally {
      await this.lock.release();
    }
  }

  /** HEAD back on the branch the task started on, if the agent left it; noted in the progress log. */
  private async backOnBranch(task: Task): Promise<void> {
    if (!task.started_on_branch) return;
    const moved = await returnToBranch(
      this.options.cwd,
      task.started_on_branch,
      task.started_at_commit,
    ).catch((error: Error) => `could not return to branch ${task.started_on_branch}: ${error.message}`);
    if (moved !== null) await this.note({ type: 'WARN', taskId: task.id, message: moved });
  }

  private async writeStats(reason: string): Promise<void> {
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
  private async takeCheckpoints(id: string): Promise<void> {
    const onDisk = await readTaskFile(this.path).catch(() => null);
    const theirs = onDisk?.file.tasks.find((t) => t.id === id)?.checkpoints ?? [];
    const ours = this.fresh(id);
    if (ours && theirs.length > ours.checkpoints.length) {
      this.file = this.withTask({ ...ours, checkpoints: theirs });
    }
  }

  private containment(): { cookie?: string; signal?: AbortSignal } {
    const { cookie, signal } = this.options;
    return { ...(cookie !== undefined ? { cookie } : {}), ...(signal !== undefined ? { signal } : {}) };
  }

  private fresh(id: string): Task | undefined {
    return this.file.tasks.find((t) => t.id === id);
  }

  private withTask(task: Task): TaskFile {
    return { ...this.file, tasks: this.file.tasks.map((t) => (t.id === task.id ? task : t)) };
  }

  private async save(file: TaskFile): Promise<void> {
    this.file = file;
    await writeTaskFile(this.path, file);
  }
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1) ?? '';
}
