// A task's end after its iteration: the validation command decides, never the agent. A pass commits what the task
// made on the branch it started on and completes it; a failure rolls the task back to its starting commit, runs
// its cleanup command and records the attempt. Stopped mid-validation, the task stays in progress for the next
// start's recovery.
import { EXIT } from '../errors/exit-codes.js';
import type { DriverStop } from '../loop/index.js';
import { runShell } from '../os/shell.js';
import type { ClaimRecord } from './claim.js';
import { commitExists, headCommit } from './git.js';
import { commitTask, rollbackLine, rollbackTask } from './touched.js';
import { completedMessage } from './progress.js';
import type { ErrorCategory, Task } from './schema.js';
import { runValidation } from './validation.js';
import type { DriverState } from './driver-state.js';

/** After the iteration: the validation command decides, never the agent. */
export async function finishTask(state: DriverState): Promise<DriverStop | null> {
  state.lastCompleted = false;
  if (!state.current) return null;
  await state.takeCheckpoints(state.current.task.id);
  const task = state.fresh(state.current.task.id) ?? state.current.task;
  const claim = state.current.claim;
  state.current = null;
  const { cwd, env } = state.options;
  await state.backOnBranch(task);
  const outcome = await runValidation(task, {
    cwd,
    env,
    clock: state.options.clock,
    spawn: state.options.spawn,
    ...state.containment(),
  });
  // Stopped mid-validation: the task stays in_progress on disk and the next start's recovery validates it.
  if (outcome.result === 'interrupted') {
    state.options.log('warn', { task: task.id, validation: 'interrupted' });
    return null;
  }
  const at = state.now();
  const lastValidation = {
    result: outcome.result === 'skipped' ? ('pass' as const) : outcome.result,
    at,
    exit_code: outcome.exitCode,
  };
  if (outcome.result === 'pass' || outcome.result === 'skipped') {
    const message = `${task.id}: ${task.title} (work left uncommitted by the agent)`;
    const commit = (await commitTask(state.tree, message, claim)) ?? (await headCommit(cwd));
    if (claim) await state.settle(task.id, claim, false);
    await state.save(
      state.withTask({ ...task, status: 'completed', completed_at: at, last_validation: lastValidation }),
    );
    await state.note({ type: 'Completed', taskId: task.id, message: completedMessage(commit ?? 'none') });
    await state.options.emit({
      event: 'task_completed',
      task_id: task.id,
      commit,
      validation: outcome.result,
    });
    state.options.log('info', { task: task.id, task_status: 'completed', validation: outcome.result });
    state.lastCompleted = true;
  } else {
    await failTask(state, task, claim, outcome.category ?? 'TEST_FAIL', outcome.message, lastValidation);
    if (outcome.category === 'ENV_SETUP') return { stop: 'env_setup', exitCode: EXIT.taskEnvironment };
  }
  state.tasksThisSession++;
  if (state.tasksThisSession >= state.file.session_config.max_tasks_per_session) {
    return { stop: 'max_tasks_per_session' };
  }
  return null;
}

async function failTask(
  state: DriverState,
  task: Task,
  claim: ClaimRecord | null,
  category: ErrorCategory,
  message: string,
  lastValidation: Task['last_validation'],
) {
  const { cwd } = state.options;
  const entry = `[${category}] ${message}`;
  let failed: Task = {
    ...task,
    status: 'failed',
    attempts: task.attempts + 1,
    error_log: [...task.error_log, entry],
    failed_at: state.now(),
    last_validation: lastValidation ?? null,
  };
  await state.note({ type: 'ERROR', taskId: task.id, category, message });
  const base = task.started_at_commit;
  if (!base || !(await commitExists(cwd, base))) {
    // Nothing to roll back to: the task cannot be retried safely.
    failed = { ...failed, attempts: Math.max(failed.attempts, failed.max_attempts) };
    await state.note({
      type: 'WARN',
      taskId: task.id,
      message: `started_at_commit ${base ?? 'null'} not found; no rollback, no retry`,
    });
    if (claim) await state.settle(task.id, claim, false);
  } else {
    const report = await rollbackTask(state.tree, base, claim, { task: task.id, number: failed.attempts });
    await state.note({ type: 'ROLLBACK', taskId: task.id, message: rollbackLine(base, report) });
    if (claim) await state.settle(task.id, claim, true);
    if (task.on_failure.cleanup) {
      const cleanup = await runShell(task.on_failure.cleanup, {
        cwd,
        env: state.options.env,
        timeoutMs: 600_000,
        clock: state.options.clock,
        spawn: state.options.spawn,
        ...state.containment(),
      });
      if (cleanup.exitCode !== 0) {
        await state.note({
          type: 'WARN',
          taskId: task.id,
          message: `cleanup failed (exit ${cleanup.exitCode})`,
        });
      }
    }
  }
  await state.save(state.withTask(failed));
  await state.options.emit({
    event: 'task_failed',
    task_id: task.id,
    category,
    message,
    attempts: failed.attempts,
  });
  state.options.log('warn', {
    task: task.id,
    task_status: 'failed',
    category,
    attempts: `${failed.attempts}/${failed.max_attempts}`,
  });
}
