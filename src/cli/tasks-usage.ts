// The help of `agent-harness tasks` and of each of its commands (tasks-command.ts).
import { commandUsage, familyUsage, type CommandEntry } from './command-usage.js';
import type { NestedName } from './command-names.js';

type TasksCommand = NestedName<'tasks'>;

const TASKS: Record<TasksCommand, CommandEntry> = {
  init: {
    synopsis: 'init [--init-script]',
    what: 'create harness-tasks.json and harness-progress.txt (and harness-init.sh)',
  },
  add: {
    synopsis:
      'add "<title>" [--priority P0|P1|P2] [--depends-on ID,...] [--validate CMD] [--timeout SECS]\n' +
      '    [--max-attempts N] [--cleanup CMD]',
    what: 'add a pending task; its --validate command decides whether an attempt succeeded',
  },
  status: {
    synopsis: 'status',
    what: 'the task summary, one line per task, the last progress lines (read-only)',
  },
  list: { synopsis: 'list [--json]', what: 'the tasks (as JSON with --json)' },
  ready: { synopsis: 'ready [--json]', what: 'ids of the tasks that can start now (for a strategy.matrix)' },
  checkpoint: {
    synopsis: 'checkpoint <id> --step M/N "<description>"',
    what: "record step M of N of a task's work (the agent of a running session may, too)",
  },
  merge: { synopsis: 'merge <outcome.json>...', what: "fold fan-out jobs' task files into this one" },
};

const MORE = 'docs/tasks.md has the details.';

export const TASKS_USAGE = familyUsage(
  'tasks',
  '',
  TASKS,
  35,
  `agent-harness tasks <command> --help shows one command; ${MORE}`,
);

export const tasksUsageOf = (command: TasksCommand): string => commandUsage('tasks', TASKS[command], MORE);
