// How a task reaches the agent: template variables in the prompt file ({{task_id}}, {{task_title}},
// {{task_validation}}, {{task_errors}}, {{task_checkpoints}}, {{task_attempt}}, {{task_max_attempts}},
// {{checkpoint_command}}), or, when the prompt uses none of them, a task block appended after it.
import type { Task } from './schema.js';

const VARIABLE =
  /\{\{\s*(task_id|task_title|task_validation|task_errors|task_checkpoints|task_attempt|task_max_attempts|checkpoint_command)\s*\}\}/g;

export function taskVariables(task: Task, checkpointCommand: string): Record<string, string> {
  const errors = task.error_log.slice(-3);
  return {
    task_id: task.id,
    task_title: task.title,
    task_validation: task.validation.command ?? '(none: the task completes when the session ends)',
    task_errors: errors.length > 0 ? errors.map((e) => `- ${e}`).join('\n') : '(none)',
    task_checkpoints:
      task.checkpoints.length > 0
        ? task.checkpoints.map((c) => `- step ${c.step}/${c.total}: ${c.description}`).join('\n')
        : '(none)',
    task_attempt: String(task.attempts + 1),
    task_max_attempts: String(task.max_attempts),
    checkpoint_command: `${checkpointCommand} ${task.id} --step M/N "what was done"`,
  };
}

export function renderTaskPrompt(assembled: string, task: Task, checkpointCommand: string): string {
  const vars = taskVariables(task, checkpointCommand);
  if (VARIABLE.test(assembled)) {
    VARIABLE.lastIndex = 0;
    return assembled.replace(VARIABLE, (_, name: string) => vars[name] ?? '');
  }
  const block = [
    `## Current task: ${vars.task_id} — ${vars.task_title}`,
    '',
    `Attempt ${vars.task_attempt} of ${vars.task_max_attempts}. Work only on this task and commit your work with the`,
    `task id (${vars.task_id}) in the commit message. The harness runs the validation command after this session;`,
    'the task is complete only if it passes. If it fails, your changes are rolled back and the task is retried.',
    '',
    `Validation: ${vars.task_validation}`,
    '',
    'Errors from earlier attempts:',
    vars.task_errors,
    '',
    'Checkpoints recorded so far:',
    vars.task_checkpoints,
    '',
    `Record a checkpoint after each significant step: ${vars.checkpoint_command}`,
  ].join('\n');
  return `${assembled.trimEnd()}\n\n---\n${block}\n`;
}
