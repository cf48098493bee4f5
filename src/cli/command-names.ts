// The names of the subcommands, apart from their modules: cliMain dispatches on them and loads only the module
// of the command it runs (a loop run never loads the review templates, the metrics store or the worker).
export const REVIEW_COMMANDS = ['attach', 'tmplvars'] as const;
export const CYCLE_COMMANDS = ['plan', 'loop'] as const;
export const HISTORY_COMMANDS = ['metrics', 'improvement', 'brief', 'self-improvement'] as const;
