// A word that names no command: the closest name when one is plausibly meant (the config keys' did-you-mean,
// config/suggest.ts), else every name. At the top, the loop run's one-shot flags are names too: `agent-harness
// status` means `--status`. The matcher is loaded on this error path only, so a command that runs never loads the
// config module for it.
import { RUN_OPTIONS, UsageError } from './args.js';
import { COMMAND_NAMES, SUBCOMMANDS, type CommandName } from './command-names.js';

/** `--status`, `--dry-run`, ...: the loop run's flags that take no value, but -v, -q and -h. */
const ONE_SHOT_FLAGS = Object.entries(RUN_OPTIONS)
  .filter(([, option]) => option.type === 'boolean' && !('short' in option))
  .map(([name]) => `--${name}`);

/** The usage error for `word` where a command (of `parent`, when given) was expected; `usage` follows it. */
export async function unknownCommand(
  word: string,
  parent?: CommandName,
  usage?: string,
): Promise<UsageError> {
  const { closestMatch } = await import('../config/index.js');
  const names: readonly string[] = parent === undefined ? COMMAND_NAMES : SUBCOMMANDS[parent];
  const flag = parent === undefined ? closestMatch(`--${word}`, ONE_SHOT_FLAGS) : undefined;
  const close = closestMatch(word, names) ?? flag;
  const hint =
    close !== undefined
      ? `; did you mean "${close}"?`
      : `: expected one of ${names.join(', ')}${parent === undefined ? ', or a number (MAX_ITERATIONS) for the loop run' : ''}`;
  const tail = usage ?? 'Run agent-harness --help for the commands and options.';
  return new UsageError(
    `unknown ${parent === undefined ? '' : `${parent} `}command "${word}"${hint}\n${tail}`,
  );
}
