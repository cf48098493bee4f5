// How a task run ends when no task can be selected: `tasks_done` when every task (of the run's scope) is completed,
// `no_eligible_tasks` otherwise. Tasks that failed for good (attempts used up, or blocked by one that did) make the
// run end with EXIT.tasksUnfinished and say how many and where to see why: a run whose tasks failed never ends as
// a success. A fan-out job's run (`--task ID`) answers for its own task only.
import { EXIT } from '../errors/exit-codes.js';
import type { DriverStop } from '../loop/index.js';
import { failedForGood, remainingWork } from './graph/index.js';
import type { Task } from './schema.js';

export function nothingLeftStop(tasks: readonly Task[], onlyTask?: string): DriverStop {
  const doomed = failedForGood(tasks);
  const scope = onlyTask === undefined ? tasks : tasks.filter((t) => t.id === onlyTask);
  const failed = scope.filter((t) => t.status !== 'completed' && doomed.has(t.id));
  if (failed.length > 0) {
    const ids = failed.map((t) => t.id);
    const shown = ids.length > 5 ? `${ids.slice(0, 5).join(', ')}, …` : ids.join(', ');
    const tasksWord = scope.length === 1 ? 'task' : 'tasks';
    return {
      stop: 'no_eligible_tasks',
      exitCode: EXIT.tasksUnfinished,
      error:
        `${failed.length} of ${scope.length} ${tasksWord} failed for good (${shown}), so no task can run: see why ` +
        "with `agent-harness tasks status` (each failed task's last error) and in harness-progress.txt",
    };
  }
  return { stop: remainingWork(tasks, doomed) ? 'no_eligible_tasks' : 'tasks_done' };
}
