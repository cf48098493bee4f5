// What the Action adds around a task list: a fan-out job's own branch, and the `tasks` output.
import { git } from '../../../os/git.js';
import { join } from 'node:path';
import { taskStats } from '../../../tasks/graph/index.js';
import { TASK_FILE } from '../../../state/index.js';
import { loadTasksForRead } from '../../../tasks/index.js';

/** A job scoped to one task works on `agent-harness/<task-id>`; pushing it is the workflow's business. */
export function checkoutTaskBranch(
  cwd: string,
  taskId: string,
  warn: (message: string) => void,
): Promise<void> {
  return git(cwd, ['checkout', '-B', `agent-harness/${taskId}`]).then(
    () => undefined,
    (error: Error) => warn(`could not switch to branch agent-harness/${taskId}: ${error.message}`),
  );
}

export interface TasksOutput {
  stats: ReturnType<typeof taskStats>;
  tasks: Array<{
    id: string;
    status: string;
    attempts: number;
    max_attempts: number;
    last_validation: string | null;
  }>;
}

/** The task summary as the `tasks` output (the first 500 tasks; the stats cover all). */
export async function tasksOutput(cwd: string): Promise<TasksOutput | null> {
  const loaded = await loadTasksForRead(join(cwd, TASK_FILE)).catch(() => null);
  if (!loaded) return null;
  const tasks = loaded.file.tasks;
  return {
    stats: taskStats(tasks),
    tasks: tasks.slice(0, 500).map((t) => ({
      id: t.id,
      status: t.status,
      attempts: t.attempts,
      max_attempts: t.max_attempts,
      last_validation: t.last_validation?.result ?? null,
    })),
  };
}
