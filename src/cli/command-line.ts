// Where the subcommand is on a command line. The global flags may come before it or after it
// (`agent-harness -c harness.yml tasks status`, `agent-harness -q plan "x" --headless`): the subcommand is the
// first word that is neither a flag nor a flag's value, and the command line is put in the one order the
// commands parse, the subcommand (and its own subcommand) first, every other argument after it as given. A
// first word that is a number is the loop run's MAX_ITERATIONS; any other word is an unknown command. Pure.
import { GLOBAL_OPTIONS, RUN_OPTIONS } from './args.js';
import { COMMAND_NAMES, SUBCOMMANDS, type CommandName } from './command-names.js';

export type CommandLine =
  /** A subcommand; `argv` starts with its name (and its own subcommand's, when one was given). */
  | { kind: 'command'; command: CommandName; argv: string[] }
  /** The loop run (no subcommand): its flags and MAX_ITERATIONS. */
  | { kind: 'run'; argv: string[] }
  /** A first word that names no command and is no number. */
  | { kind: 'unknown'; word: string };

/** The `--name` and `-n` spellings of flags. */
const spellings = (options: Record<string, { type: string; short?: string }>, type?: string): Set<string> =>
  new Set(
    Object.entries(options)
      .filter(([, option]) => type === undefined || option.type === type)
      .flatMap(([name, option]) => [
        `--${name}`,
        ...(option.short !== undefined ? [`-${option.short}`] : []),
      ]),
  );

/** The flags that take a value (`-c FILE`, `--timeout 5`): that value is never a subcommand. */
const VALUE_FLAGS = spellings(RUN_OPTIONS, 'string');
const GLOBAL_FLAGS = spellings(GLOBAL_OPTIONS);

const isCommand = (word: string): word is CommandName => (COMMAND_NAMES as readonly string[]).includes(word);

const looksNumeric = (word: string): boolean => word.trim() !== '' && !Number.isNaN(Number(word));

/**
 * The index of the first argument that is neither a flag nor a flag's value; -1 when there is none before `--`,
 * or, with `globalOnly`, before a flag that is not a global one (its value, if it takes one, is not known here).
 */
function firstWord(argv: readonly string[], globalOnly = false): number {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') return -1;
    if (!arg.startsWith('-') || arg === '-') return i;
    const name = arg.split('=')[0]!;
    if (globalOnly && !GLOBAL_FLAGS.has(name)) return -1;
    if (VALUE_FLAGS.has(arg)) i++;
  }
  return -1;
}

const without = (argv: readonly string[], at: number): string[] => [
  ...argv.slice(0, at),
  ...argv.slice(at + 1),
];

export function commandLine(argv: readonly string[]): CommandLine {
  const at = firstWord(argv);
  const word = at < 0 ? undefined : argv[at]!;
  if (word === undefined || looksNumeric(word)) return { kind: 'run', argv: [...argv] };
  if (word === 'help') {
    // `agent-harness help` and `agent-harness help tasks`: the help of the whole, or of that command.
    const rest = commandLine(without(argv, at));
    return rest.kind === 'command'
      ? { ...rest, argv: [...rest.argv, '--help'] }
      : { kind: 'run', argv: ['--help'] };
  }
  if (!isCommand(word)) return { kind: 'unknown', word };
  // Its own subcommand, after global flags only (`tasks -q status`); a word there that names none of them
  // is the command's to refuse (with its own did-you-mean), or the first word of a plan's description.
  const rest = without(argv, at);
  const nestedAt = SUBCOMMANDS[word].length > 0 ? firstWord(rest, true) : -1;
  if (nestedAt > 0)
    return { kind: 'command', command: word, argv: [word, rest[nestedAt]!, ...without(rest, nestedAt)] };
  return { kind: 'command', command: word, argv: [word, ...rest] };
}

/** Whether `-h`/`--help` is among the flags (before any `--`): the command prints its help and does nothing else. */
export function asksHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).some((arg) => arg === '-h' || arg === '--help');
}
