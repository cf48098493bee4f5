// The names of the subcommands, apart from their modules: cliMain dispatches on them and loads only the module
// of the command it runs (a loop run never loads the review templates, the metrics store or the worker).
export const REVIEW_COMMANDS = ['attach', 'tmplvars'] as const;
export const CYCLE_COMMANDS = ['plan', 'loop'] as const;
export const HISTORY_COMMANDS = ['metrics', 'improvement', 'brief', 'self-improvement'] as const;

/**
 * Every subcommand with its own subcommands (none: it takes arguments of its own). The command line finds the
 * subcommand here wherever the global flags are, offers the closest name for a typo, and each dispatcher's
 * switch is typed by its list (a case missing here does not compile); the `--help` walk test reads it too.
 */
export const SUBCOMMANDS = {
  tasks: ['init', 'add', 'status', 'list', 'ready', 'checkpoint', 'merge'],
  worker: ['new', 'run', 'stop', 'ls', 'supervise'],
  attach: [],
  tmplvars: [],
  plan: ['status'],
  loop: [],
  metrics: ['status', 'targets', 'query', 'export', 'ingest', 'rebuild', 'migrate'],
  improvement: ['add', 'list', 'fix', 'search'],
  brief: [],
  'self-improvement': ['log', 'backfill', 'status', 'analyze', 'targets', 'brief', 'improvement'],
} as const satisfies Record<
  (typeof REVIEW_COMMANDS | typeof CYCLE_COMMANDS | typeof HISTORY_COMMANDS)[number] | 'tasks' | 'worker',
  readonly string[]
>;

export type CommandName = keyof typeof SUBCOMMANDS;
export type NestedName<C extends CommandName> = (typeof SUBCOMMANDS)[C][number];

export const COMMAND_NAMES = Object.keys(SUBCOMMANDS) as CommandName[];
