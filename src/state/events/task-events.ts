// The task list's events (task list mode, docs/tasks.md): a task recovered, started, completed or failed, and
// the list's statistics when the task session closes.
import { z } from 'zod';
import { TASK_ERROR_CATEGORIES, TASK_RECOVERY_OUTCOMES } from './enums.js';
import { count, defineEvent, oneOf, str } from './fields.js';

const taskId = () => str('the task (`task-NNN`)');

export const taskRecovered = defineEvent(
  'task_recovered',
  'On start: a task a dead session left in progress went through recovery.',
  { task_id: taskId(), outcome: oneOf(TASK_RECOVERY_OUTCOMES, 'what recovery decided') },
);

export const taskStarted = defineEvent('task_started', 'A task is claimed for the next iteration.', {
  task_id: taskId(),
  attempt: count('this attempt, from 1'),
  base: z
    .string()
    .nullable()
    .describe('the commit it starts from (rolled back to on failure); null without one'),
});

export const taskCompleted = defineEvent('task_completed', "A task's validation passed (or it has none).", {
  task_id: taskId(),
  commit: z.string().nullable().describe('the commit after the task; null without one'),
  validation: z.enum(['pass', 'skipped']).describe('`skipped`: the task has no validation command'),
});

export const taskFailed = defineEvent('task_failed', "A task's validation failed; its work is rolled back.", {
  task_id: taskId(),
  category: oneOf(TASK_ERROR_CATEGORIES, 'the failure category'),
  message: str('what failed'),
  attempts: count('attempts so far'),
});

export const taskStats = defineEvent('task_stats', "The task session closes: the list's statistics.", {
  reason: str('why the task session closed (a stop reason)'),
  tasks_total: count('tasks in the list'),
  completed: count('completed tasks'),
  failed: count('failed tasks'),
  pending: count('pending tasks'),
  blocked: count('pending tasks that depend on a task that cannot be retried'),
  attempts_total: count('attempts over all tasks'),
  checkpoints: count('checkpoints over all tasks'),
});

export const TASK_EVENTS = [taskRecovered, taskStarted, taskCompleted, taskFailed, taskStats] as const;
