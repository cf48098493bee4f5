// Command-line parsing for the local home. Flags map onto config key paths so precedence is one rule:
// flags > file > defaults.
import { EXIT, HarnessError } from '../errors/exit-codes.js';
import { parseArgs } from 'node:util';
import { COMMAND_NAMES } from './command-names.js';

/** A command line the CLI cannot use: exit code 2 (EXIT.usage). */
export class UsageError extends HarnessError {
  override readonly name = 'UsageError';

  constructor(message: string) {
    super(message, EXIT.usage);
  }
}

export type Verbosity = 'quiet' | 'normal' | 'verbose';

export interface CliArgs {
  command: 'run' | 'status' | 'dry-run' | 'help' | 'version' | 'schema';
  configPath?: string;
  overrides: Record<string, unknown>;
  verbosity: Verbosity;
  /** Work on this task only (a fan-out job). */
  task?: string;
}

export const USAGE = `Usage: agent-harness [OPTIONS] [MAX_ITERATIONS]

Runs an AI coding agent in a supervised loop (see harness.yml / harness.toml).

Arguments:
  [MAX_ITERATIONS]          Override session.max_iterations

Options:
  -c, --config <PATH>       Config file (default: harness.yml, harness.yaml or harness.toml here)
  -p, --prompt <PATH>       Prompt file (overrides prompt.file / session.prompt_file)
  -o, --output-dir <PATH>   Transcript directory (overrides session.output_dir)
      --timeout <MINS>      Stale timeout in minutes, fractions allowed (watchdog.stale_timeout_mins)
      --retries <N>         Empty-session retries (retry.max_empty_retries)
      --time-budget <MINS>  Stop within this wall time (session.time_budget_mins)
      --task <ID>           With a task list: work on this task only (fan-out jobs)
      --dry-run             Validate the config, print resolved settings and their sources, check the prompt
                            file and agent command (every problem, the run's exit code), run nothing
      --status              Print the running loop's state and exit
      --print-schema        Print the configuration's JSON Schema
  -v, --verbose             Extra logging, agent output interleaved
  -q, --quiet               Only errors and the summary line
  -h, --help                This text
      --version             The harness version

Commands: ${COMMAND_NAMES.join(', ')}.
agent-harness <command> --help (or agent-harness help <command>) shows a command's own help. The global flags
-c, -v, -q and -h go before or after the command: agent-harness -c ci.yml tasks status.

Tasks: agent-harness tasks <init|add|status|list|ready|checkpoint|merge> (agent-harness tasks --help).
With harness-tasks.json here, every iteration works on one task and its validation command decides.

Review mode (plan -> develop -> gate -> review): agent-harness attach [--force] scaffolds .harness/;
agent-harness plan "<description>" [--headless] makes a plan; agent-harness loop [--max-tries N] <plan_id> runs it;
agent-harness plan status <plan_id> shows tries, verdicts and cost; agent-harness tmplvars lists template variables.

Structured-action worker: agent-harness worker <new|run|stop|ls|supervise> (agent-harness worker --help): a model
answers with JSON file operations, the harness runs them in a sandbox and keeps the task's state on disk.

Session history: agent-harness metrics <status|targets|query|export|ingest|rebuild|migrate>, agent-harness
improvement <add|list|fix|search>, agent-harness brief [--last N] (for prompt.prepend_commands), and
agent-harness self-improvement ... (the bash loop's tool's command lines). See docs/metrics.md.

Signals: SIGINT finishes the current session then exits; a second SIGINT within 3 s kills it now;
SIGTERM is graceful like one SIGINT. Touch the STOP file to stop after the current session.

Exit codes: 0 done or stopped, 1 runtime failure, 2 configuration or usage error, 3 rate limits exhausted,
4 pre-session hooks kept failing, 5 another harness runs here, 6 the task environment is broken
(harness-init.sh or a validation binary missing), 7 the agent could not be started, 8 a file could not be
written (disk full, I/O error), 9 the agent failed fatally (credentials, billing, unknown model), 10 failed
sessions in a row, 11 review mode: an invalid plan, 12 review mode: the plan's cost budget, 13 review mode: a
task waits for a human, 14 the run's budget is spent, 15 the metrics database cannot be used, 16 worker: the
model cannot be reached, 17 worker: a task directory cannot be used, 18 a file the harness reads is a FIFO, a
device, a directory or too large, 19 sessions in a row changed nothing, 20 a task did not complete (task mode:
tasks failed for good; worker supervise), 130 forced interrupt (README: the table).`;

function number(flag: string, text: string, integer: boolean): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
    throw new UsageError(
      `${flag}: expected ${integer ? 'an integer' : 'a number'}, found ${JSON.stringify(text)}`,
    );
  }
  return value;
}

/** What a numeric flag of a subcommand accepts: a number above 0, an integer above 0, or an integer from 0. */
export type FlagNumberKind = 'positive number' | 'positive integer' | 'whole number';

/**
 * A numeric flag's value, or undefined when the flag was not given; anything else is a usage error naming the
 * flag, what it takes and what it got.
 */
export function flagNumber(flag: string, text: string | undefined, kind: FlagNumberKind): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  const integer = kind !== 'positive number';
  const min = kind === 'whole number' ? 0 : Number.MIN_VALUE;
  if (text.trim() === '' || !Number.isFinite(value) || value < min || (integer && !Number.isInteger(value)))
    throw new UsageError(
      `${flag}: expected ${kind === 'whole number' ? 'an integer of 0 or more' : `a ${kind}`}, found ${JSON.stringify(text)}`,
    );
  return value;
}

/**
 * The global flags: every subcommand takes them, before or after its name (`agent-harness -c harness.yml tasks
 * status`); one that has no use for a flag ignores it (the task list reads no config).
 */
export const GLOBAL_OPTIONS = {
  config: { type: 'string', short: 'c' },
  verbose: { type: 'boolean', short: 'v' },
  quiet: { type: 'boolean', short: 'q' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The loop run's flags. */
export const RUN_OPTIONS = {
  ...GLOBAL_OPTIONS,
  prompt: { type: 'string', short: 'p' },
  'output-dir': { type: 'string', short: 'o' },
  timeout: { type: 'string' },
  retries: { type: 'string' },
  'time-budget': { type: 'string' },
  task: { type: 'string' },
  'dry-run': { type: 'boolean' },
  status: { type: 'boolean' },
  'print-schema': { type: 'boolean' },
  version: { type: 'boolean' },
} as const;

export function parseCliArgs(argv: readonly string[]): CliArgs {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: RUN_OPTIONS });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\nRun agent-harness --help for the options.`);
  }
  const { values, positionals } = parsed;
  if (positionals.length > 1) {
    throw new UsageError(
      `expected at most one argument (MAX_ITERATIONS), found ${positionals.length}: ${positionals.join(' ')}`,
    );
  }
  if (values.verbose && values.quiet) throw new UsageError('--verbose and --quiet cannot be used together');
  const overrides: Record<string, unknown> = {};
  if (positionals[0] !== undefined)
    overrides['session.max_iterations'] = number('MAX_ITERATIONS', positionals[0], true);
  if (values.prompt !== undefined) overrides['prompt.file'] = values.prompt;
  if (values['output-dir'] !== undefined) overrides['session.output_dir'] = values['output-dir'];
  if (values.timeout !== undefined)
    overrides['watchdog.stale_timeout_mins'] = number('--timeout', values.timeout, false);
  if (values['time-budget'] !== undefined) {
    overrides['session.time_budget_mins'] = number('--time-budget', values['time-budget'], false);
  }
  if (values.retries !== undefined)
    overrides['retry.max_empty_retries'] = number('--retries', values.retries, true);
  const command: CliArgs['command'] = values.help
    ? 'help'
    : values.version
      ? 'version'
      : values['print-schema']
        ? 'schema'
        : values.status
          ? 'status'
          : values['dry-run']
            ? 'dry-run'
            : 'run';
  return {
    command,
    ...(values.config !== undefined ? { configPath: values.config } : {}),
    overrides,
    verbosity: values.verbose ? 'verbose' : values.quiet ? 'quiet' : 'normal',
    ...(values.task !== undefined ? { task: values.task } : {}),
  };
}
