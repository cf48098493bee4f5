// The job summary's task table: status, attempts and the last validation result of every task (the first
// 200; the counts cover all), escaped like every other piece of outside text in the summary.
import { join } from 'node:path';
import { isPermanentlyFailed } from '../../../tasks/graph/index.js';
import { formatStats, taskStats } from '../../../tasks/graph/index.js';
import { TASK_FILE } from '../../../state/index.js';
import { loadTasksForRead } from '../../../tasks/index.js';
import type { Task } from '../../../tasks/index.js';
import { counted, escapeMarkdown } from './format.js';

const MAX_ROWS = 200;

export function renderTaskTable(tasks: readonly Task[]): string {
  const permanent = new Set(tasks.filter(isPermanentlyFailed).map((t) => t.id));
  const lines = [
    '### Tasks',
    '',
    `\`${formatStats(taskStats(tasks))}\``,
    '',
    '| Task | Status | Attempts | Last validation | Title |',
    '| --- | --- | ---: | --- | --- |',
  ];
  for (const task of tasks.slice(0, MAX_ROWS)) {
    const blocked = task.status === 'pending' && task.depends_on.some((d) => permanent.has(d));
    const validation = task.last_validation
      ? `${task.last_validation.result} (${task.last_validation.at})`
      : '—';
    lines.push(
      `| ${task.id} | ${blocked ? 'blocked' : task.status} | ${task.attempts}/${task.max_attempts} | ${escapeMarkdown(validation)} | ${escapeMarkdown(task.title, 120)} |`,
    );
  }
  if (tasks.length > MAX_ROWS)
    lines.push(
      '',
      `… ${counted(tasks.length - MAX_ROWS, 'more task')} in harness-tasks.json (see the artifact)`,
    );
  return lines.join('\n');
}

export async function taskSummaryMarkdown(cwd: string): Promise<string | null> {
  const loaded = await loadTasksForRead(join(cwd, TASK_FILE)).catch(() => null);
  return loaded ? renderTaskTable(loaded.file.tasks) : null;
}
