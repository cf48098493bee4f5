import { mkdirSync } from 'node:fs';
import module$1 from 'node:module';
import { isAbsolute, join, relative } from 'node:path';
import { H as HarnessError, E as EXIT } from './exit-codes-BkuRLrXJ.js';
import { parseArgs } from 'node:util';

function compileCacheDir(env, cwd) {
  if (env.NODE_COMPILE_CACHE || env.NODE_DISABLE_COMPILE_CACHE) return null;
  const base = env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : env.HOME && isAbsolute(env.HOME) ? join(env.HOME, ".cache") : null;
  if (base === null) return null;
  const dir = join(base, "agent-harness", "compile-cache");
  const fromCwd = relative(cwd, dir);
  const inWorkTree = fromCwd === "" || !fromCwd.startsWith("..") && !isAbsolute(fromCwd);
  return inWorkTree ? null : dir;
}
function enableCompileCache(env = process.env, cwd = process.cwd()) {
  const dir = compileCacheDir(env, cwd);
  const enable = module$1.enableCompileCache;
  if (dir === null || typeof enable !== "function") return;
  try {
    mkdirSync(dir, { recursive: true, mode: 448 });
    enable(dir);
  } catch {
  }
}

const REVIEW_COMMANDS = ["attach", "tmplvars"];
const CYCLE_COMMANDS = ["plan", "loop"];
const HISTORY_COMMANDS = ["metrics", "improvement", "brief", "self-improvement"];
const SUBCOMMANDS = {
  tasks: ["init", "add", "status", "list", "ready", "checkpoint", "merge"],
  worker: ["new", "run", "stop", "ls", "supervise"],
  attach: [],
  tmplvars: [],
  plan: ["status"],
  loop: [],
  metrics: ["status", "targets", "query", "export", "ingest", "rebuild", "migrate"],
  improvement: ["add", "list", "fix", "search"],
  brief: [],
  "self-improvement": ["log", "backfill", "status", "analyze", "targets", "brief", "improvement"]
};
const COMMAND_NAMES = Object.keys(SUBCOMMANDS);

class UsageError extends HarnessError {
  name = "UsageError";
  constructor(message) {
    super(message, EXIT.usage);
  }
}
const USAGE = `Usage: agent-harness [OPTIONS] [MAX_ITERATIONS]

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

Commands: ${COMMAND_NAMES.join(", ")}.
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
function number(flag, text, integer) {
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value) || integer && !Number.isInteger(value)) {
    throw new UsageError(
      `${flag}: expected ${integer ? "an integer" : "a number"}, found ${JSON.stringify(text)}`
    );
  }
  return value;
}
function flagNumber(flag, text, kind) {
  if (text === void 0) return void 0;
  const value = Number(text);
  const integer = kind !== "positive number";
  const min = kind === "whole number" ? 0 : Number.MIN_VALUE;
  if (text.trim() === "" || !Number.isFinite(value) || value < min || integer && !Number.isInteger(value))
    throw new UsageError(
      `${flag}: expected ${kind === "whole number" ? "an integer of 0 or more" : `a ${kind}`}, found ${JSON.stringify(text)}`
    );
  return value;
}
const GLOBAL_OPTIONS = {
  config: { type: "string", short: "c" },
  verbose: { type: "boolean", short: "v" },
  quiet: { type: "boolean", short: "q" },
  help: { type: "boolean", short: "h" }
};
const RUN_OPTIONS = {
  ...GLOBAL_OPTIONS,
  prompt: { type: "string", short: "p" },
  "output-dir": { type: "string", short: "o" },
  timeout: { type: "string" },
  retries: { type: "string" },
  "time-budget": { type: "string" },
  task: { type: "string" },
  "dry-run": { type: "boolean" },
  status: { type: "boolean" },
  "print-schema": { type: "boolean" },
  version: { type: "boolean" }
};
function parseCliArgs(argv) {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: RUN_OPTIONS });
  } catch (error) {
    throw new UsageError(`${error.message}
Run agent-harness --help for the options.`);
  }
  const { values, positionals } = parsed;
  if (positionals.length > 1) {
    throw new UsageError(
      `expected at most one argument (MAX_ITERATIONS), found ${positionals.length}: ${positionals.join(" ")}`
    );
  }
  if (values.verbose && values.quiet) throw new UsageError("--verbose and --quiet cannot be used together");
  const overrides = {};
  if (positionals[0] !== void 0)
    overrides["session.max_iterations"] = number("MAX_ITERATIONS", positionals[0], true);
  if (values.prompt !== void 0) overrides["prompt.file"] = values.prompt;
  if (values["output-dir"] !== void 0) overrides["session.output_dir"] = values["output-dir"];
  if (values.timeout !== void 0)
    overrides["watchdog.stale_timeout_mins"] = number("--timeout", values.timeout, false);
  if (values["time-budget"] !== void 0) {
    overrides["session.time_budget_mins"] = number("--time-budget", values["time-budget"], false);
  }
  if (values.retries !== void 0)
    overrides["retry.max_empty_retries"] = number("--retries", values.retries, true);
  const command = values.help ? "help" : values.version ? "version" : values["print-schema"] ? "schema" : values.status ? "status" : values["dry-run"] ? "dry-run" : "run";
  return {
    command,
    ...values.config !== void 0 ? { configPath: values.config } : {},
    overrides,
    verbosity: values.verbose ? "verbose" : values.quiet ? "quiet" : "normal",
    ...values.task !== void 0 ? { task: values.task } : {}
  };
}

const spellings = (options, type) => new Set(
  Object.entries(options).filter(([, option]) => type === void 0 || option.type === type).flatMap(([name, option]) => [
    `--${name}`,
    ...option.short !== void 0 ? [`-${option.short}`] : []
  ])
);
const VALUE_FLAGS = spellings(RUN_OPTIONS, "string");
const GLOBAL_FLAGS = spellings(GLOBAL_OPTIONS);
const isCommand = (word) => COMMAND_NAMES.includes(word);
const looksNumeric = (word) => word.trim() !== "" && !Number.isNaN(Number(word));
function firstWord(argv, globalOnly = false) {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--") return -1;
    if (!arg.startsWith("-") || arg === "-") return i;
    const name = arg.split("=")[0];
    if (globalOnly && !GLOBAL_FLAGS.has(name)) return -1;
    if (VALUE_FLAGS.has(arg)) i++;
  }
  return -1;
}
const without = (argv, at) => [
  ...argv.slice(0, at),
  ...argv.slice(at + 1)
];
function commandLine(argv) {
  const at = firstWord(argv);
  const word = at < 0 ? void 0 : argv[at];
  if (word === void 0 || looksNumeric(word)) return { kind: "run", argv: [...argv] };
  if (word === "help") {
    const rest2 = commandLine(without(argv, at));
    return rest2.kind === "command" ? { ...rest2, argv: [...rest2.argv, "--help"] } : { kind: "run", argv: ["--help"] };
  }
  if (!isCommand(word)) return { kind: "unknown", word };
  const rest = without(argv, at);
  const nestedAt = SUBCOMMANDS[word].length > 0 ? firstWord(rest, true) : -1;
  if (nestedAt > 0)
    return { kind: "command", command: word, argv: [word, rest[nestedAt], ...without(rest, nestedAt)] };
  return { kind: "command", command: word, argv: [word, ...rest] };
}
function asksHelp(argv) {
  const end = argv.indexOf("--");
  return (end < 0 ? argv : argv.slice(0, end)).some((arg) => arg === "-h" || arg === "--help");
}

const SUPERVISOR_FLAG = "--max-semi-space-size=1";
const BULK_FLAG = "--max-semi-space-size=4";
const ONE_SHOT_FLAGS = /* @__PURE__ */ new Set(["-h", "--help", "--version", "--dry-run", "--status", "--print-schema"]);
const LONG_SUBCOMMANDS = /* @__PURE__ */ new Set(["loop", "plan", "worker"]);
const BULK_SUBCOMMANDS = /* @__PURE__ */ new Set([
  "metrics ingest",
  "metrics export",
  "metrics rebuild",
  "self-improvement backfill"
]);
function subcommandLine(argv) {
  const line = commandLine(argv);
  return line.kind === "command" ? line.argv : null;
}
function streamsBulk(argv) {
  const [first, second] = subcommandLine(argv) ?? [];
  if (asksHelp(argv)) return false;
  return BULK_SUBCOMMANDS.has(`${first} ${second}`);
}
function supervisesAgents(argv) {
  const line = commandLine(argv);
  if (line.kind === "unknown") return false;
  if (line.kind === "run") return !argv.some((arg) => ONE_SHOT_FLAGS.has(arg));
  const [first, second] = line.argv;
  if (!LONG_SUBCOMMANDS.has(first) || asksHelp(argv)) return false;
  return first === "worker" ? second === "run" : second !== "status";
}
function relaunchFlag(argv) {
  return streamsBulk(argv) ? BULK_FLAG : SUPERVISOR_FLAG;
}
function relaunchNeeded(argv, execArgv, env) {
  if (env.AGENT_HARNESS_NO_RELAUNCH === "1") return false;
  const given = [...execArgv, ...(env.NODE_OPTIONS ?? "").split(/\s+/)];
  if (given.some((arg) => arg.startsWith("--max-semi-space-size"))) return false;
  return supervisesAgents(argv) || streamsBulk(argv);
}
function relaunchWithSmallYoungGeneration() {
  if (!relaunchNeeded(process.argv.slice(2), process.execArgv, process.env)) return;
  const execve = process.execve;
  const script = process.argv[1];
  if (typeof execve !== "function" || !script) return;
  try {
    execve(
      process.execPath,
      [
        process.execPath,
        relaunchFlag(process.argv.slice(2)),
        ...process.execArgv,
        script,
        ...process.argv.slice(2)
      ],
      process.env
    );
  } catch {
  }
}

export { COMMAND_NAMES as C, GLOBAL_OPTIONS as G, HISTORY_COMMANDS as H, RUN_OPTIONS as R, SUBCOMMANDS as S, UsageError as U, REVIEW_COMMANDS as a, CYCLE_COMMANDS as b, commandLine as c, USAGE as d, enableCompileCache as e, flagNumber as f, asksHelp as g, parseCliArgs as p, relaunchWithSmallYoungGeneration as r };
