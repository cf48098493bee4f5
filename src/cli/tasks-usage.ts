// The help of `agent-harness tasks` and of each of its commands (tasks-command.ts), from one synopsis and one line
// of what it does per command: `tasks --help` lists them all, `tasks <command> --help` shows its own.
import type { NestedName } from './command-names.js';

type TasksCommand = NestedName<'tasks'>;

const TASKS: Record<TasksCommand, { synopsis: string; what: string }> = {
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

const WIDTH = 32;

const entry = ({ synopsis, what }: { synopsis: string; what: string }): string => {
  const lines = synopsis.split('\n').map((line) => `  ${line}`);
  const last = lines.at(-1)!;
  return last.length < WIDTH
    ? [...lines.slice(0, -1), `${last.padEnd(WIDTH)} ${what}`].join('\n')
    : [...lines, `${' '.repeat(WIDTH + 1)}${what}`].join('\n');
};

export const TASKS_USAGE = `Usage: agent-harness tasks <command>

${Object.values(TASKS).map(entry).join('\n')}

agent-harness tasks <command> --help shows one command; docs/tasks.md has the details.`;

export const tasksUsageOf = (command: TasksCommand): string =>
  `Usage: agent-harness tasks ${TASKS[command].synopsis}\n\n${TASKS[command].what}.\n\n` +
  'agent-harness tasks --help lists every tasks command; docs/tasks.md has the details.';
