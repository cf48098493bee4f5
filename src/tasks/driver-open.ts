// The task driver's start: read the task file (restoring a corrupt one from its backup), take the lock, end what
// a dead session left (tasks in progress go through recovery.ts, claim records are settled), run harness-init.sh
// and check max_sessions. What it opens is the driver's state (driver-state.ts); a start that cannot go on
// writes its STATS, releases the lock and says why it stopped.
import { join } from 'node:path';
import type { DriverStop } from '../loop/index.js';
import { sweepStaleTemps } from '../state/index.js';
import { harnessFiles, harnessGitView, PROGRESS_FILE, TASK_FILE } from '../state/index.js';
import { CONFIG_FILE_NAMES } from '../config/index.js';
import { claimedTasks, placeOf, protectedPaths, readClaim } from './claim.js';
import { excludeLocally, repoPrefix } from '../state/index.js';
import { NO_HARNESS_FILES } from './git.js';
import type { TaskTree } from './touched.js';
import { acquireLock } from './lock.js';
import { lockAcquired, ProgressLog } from './progress.js';
import { recoverInterruptedTask } from './recovery.js';
import { readTaskFile, TaskFileError } from './store.js';
import { DriverState, type TaskDriverOptions } from './driver-state.js';
import { runInitScript } from './init-script.js';

/**
 * Session start: read the task file (restoring a corrupt one from its backup), take the lock, recover tasks
 * a dead session left in progress, run harness-init.sh, count the session. Null when there is no task file.
 */
export async function openDriverState(options: TaskDriverOptions): Promise<DriverState | DriverStop | null> {
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
    const tree = await taskTree(options, lock.dir);
    const self = new DriverState(file, session, lock, progress, options, tree);
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
          self.progress.append({ session, type: line.type, message: line.message }).catch((error: unknown) =>
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

    const init = await runInitScript(self);
    if (init) {
      await closeUnstarted(self, init.stop);
      return init;
    }
    // Counted when it claims its first task (begin): this one would be number `session`.
    if (session > file.session_config.max_sessions) {
      await closeUnstarted(self, 'max_sessions');
      return { stop: 'max_sessions' };
    }
    return self;
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/** A start that stops before any claim: its STATS written, the lock released. */
async function closeUnstarted(state: DriverState, reason: string): Promise<void> {
  try {
    await state.writeStats(reason);
  } finally {
    await state.lock.release();
  }
}

/**
 * The harness's files as git sees them and the user's files never removed; outside a repository, none (the
 * protocol's git steps then fail on their own). The untracked harness files also go into the repository's
 * local exclude file, so the agent's own `git add -A` and `git clean -fd` leave them alone too.
 */
async function taskTree(options: TaskDriverOptions, lockDir: string): Promise<TaskTree> {
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
