// The task-list driver of the loop (an IterationDriver): the task protocol carried out by the harness, not by the
// agent. One task per iteration, claimed before the session (here), validated after it and rolled back on
// failure (driver-finish.ts). The agent's words never complete a task; only its validation command does. The
// driver holds the lock from its start (driver-open.ts) to its close.
//
// The harness's own files (state/harness-files.ts) are outside every git operation of the protocol, and the
// branch a task started on is where its work is committed or rolled back, whatever the agent checked out.
// A session counts against max_sessions only once it claims a task: a session that crashes or stops before
// working on one is not a session.
import type { DriverStop, IterationDriver, IterationWork } from '../loop/index.js';
import { currentBranch, headCommit, NO_HARNESS_FILES } from './git.js';
import { claimNote, claimTree, taskHasChanges } from './touched.js';
import { selectNextTask } from './graph/index.js';
import { validateDependencies } from './graph/index.js';
import { startingMessage } from './progress.js';
import { renderTaskPrompt } from './prompt.js';
import type { Task } from './schema.js';
import { DriverState, type TaskDriverOptions } from './driver-state.js';
import { openDriverState } from './driver-open.js';
import { finishTask } from './driver-finish.js';
import { nothingLeftStop } from './nothing-left.js';

export class TaskDriver implements IterationDriver {
  private constructor(private readonly state: DriverState) {}

  /**
   * Session start: read the task file (restoring a corrupt one from its backup), take the lock, recover tasks
   * a dead session left in progress, run harness-init.sh, count the session. Null when there is no task file.
   */
  static async open(options: TaskDriverOptions): Promise<TaskDriver | DriverStop | null> {
    const opened = await openDriverState(options);
    return opened instanceof DriverState ? new TaskDriver(opened) : opened;
  }

  async begin(): Promise<IterationWork | DriverStop> {
    const state = this.state;
    if (!state.current) {
      const validated = validateDependencies(state.file.tasks, state.now());
      for (const change of validated.changes) {
        // The change's message carries its own [DEPENDENCY] tag; the line's category says it once.
        await state.note({
          type: 'ERROR',
          taskId: change.id,
          category: 'DEPENDENCY',
          message: change.message.replace(/^\[DEPENDENCY\]\s*/, ''),
        });
      }
      if (validated.changes.length > 0) await state.save({ ...state.file, tasks: validated.tasks });
      const candidates = state.options.onlyTask
        ? state.file.tasks.filter((t) => t.id === state.options.onlyTask)
        : state.file.tasks;
      const next = selectNextTask(candidates);
      if (!next) return nothingLeftStop(state.file.tasks, state.options.onlyTask);
      const base = await headCommit(state.options.cwd);
      const branch = await currentBranch(state.options.cwd);
      // What is in the tree before the task: kept, and kept out of it. Outside a repository, nothing to record.
      const claim =
        state.tree.harness === NO_HARNESS_FILES ? null : await claimTree(state.tree, next.id, state.now());
      const claimed: Task = {
        ...next,
        status: 'in_progress',
        started_at_commit: base,
        started_on_branch: branch,
      };
      let file = state.withTask(claimed);
      if (!state.counted) {
        file = { ...file, session_count: state.session, last_session: state.now() };
        state.counted = true;
      }
      await state.save(file);
      await state.note({ type: 'Starting', taskId: next.id, message: startingMessage(next, base ?? 'none') });
      const dirty = claim ? claimNote(claim) : null;
      if (dirty) await state.note({ type: 'WARN', taskId: next.id, message: dirty });
      await state.options.emit({ event: 'task_started', task_id: next.id, attempt: next.attempts + 1, base });
      state.current = { task: claimed, previous: next, claim };
    }
    const task = state.current.task;
    const command = state.options.checkpointCommand ?? 'agent-harness tasks checkpoint';
    return {
      prompt: (assembled) => renderTaskPrompt(assembled, state.fresh(task.id) ?? task, command),
      eventFields: { task_id: task.id },
      logFields: { task: task.id },
      // Lets the agent's `tasks checkpoint` write while this driver holds the lock.
      env: { HARNESS_TASK_ID: task.id, HARNESS_TASK_LOCK_PID: String(state.lock.pid) },
    };
  }

  /** After the iteration: the validation command decides, never the agent. */
  async finish(): Promise<DriverStop | null> {
    return finishTask(this.state);
  }

  workDone(): boolean {
    return this.state.lastCompleted;
  }

  /** Session end: a task claimed but never worked on goes back to what it was; STATS; the lock is released. */
  async close(reason: string): Promise<void> {
    const state = this.state;
    try {
      if (state.current) {
        const { task, previous, claim } = state.current;
        await state.backOnBranch(task);
        const untouched =
          (await headCommit(state.options.cwd)) === task.started_at_commit &&
          !(await taskHasChanges(state.tree, claim));
        if (untouched) {
          if (claim) await state.settle(task.id, claim, false);
          let file = state.withTask(previous);
          // Nothing was worked on in this session: it does not count against max_sessions.
          if (state.counted && state.tasksThisSession === 0) {
            file = { ...file, session_count: state.session - 1 };
            state.counted = false;
          }
          await state.save(file);
        }
        // Otherwise it stays in_progress: the next session's recovery decides from git and checkpoints.
        state.current = null;
      }
      await state.writeStats(reason);
    } finally {
      await state.lock.release();
    }
  }
}
