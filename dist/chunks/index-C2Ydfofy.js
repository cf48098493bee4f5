import { e as enableCompileCache, r as relaunchWithSmallYoungGeneration } from './relaunch-J2eiQfvI.js';
import { H as HarnessError, E as EXIT } from './exit-codes-B1e2_Xbp.js';
import { e as exitForError } from './exit-for-error-CQQW6d7f.js';
import { parseArgs } from 'node:util';
import { V as VERSION } from './version-DxYW7N98.js';

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
      --dry-run             Validate the config, print resolved settings and their sources, run nothing
      --status              Print the running loop's state and exit
      --print-schema        Print the configuration's JSON Schema
  -v, --verbose             Extra logging, agent output interleaved
  -q, --quiet               Only errors and the summary line
  -h, --help                This text
      --version             The harness version

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
device, a directory or too large, 19 sessions in a row changed nothing, 20 worker supervise: a task did not
complete, 130 forced interrupt (README: the table).`;
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
function parseCliArgs(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        config: { type: "string", short: "c" },
        prompt: { type: "string", short: "p" },
        "output-dir": { type: "string", short: "o" },
        timeout: { type: "string" },
        retries: { type: "string" },
        "time-budget": { type: "string" },
        task: { type: "string" },
        "dry-run": { type: "boolean" },
        status: { type: "boolean" },
        "print-schema": { type: "boolean" },
        verbose: { type: "boolean", short: "v" },
        quiet: { type: "boolean", short: "q" },
        help: { type: "boolean", short: "h" },
        version: { type: "boolean" }
      }
    });
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

const REVIEW_COMMANDS = ["attach", "tmplvars"];
const CYCLE_COMMANDS = ["plan", "loop"];
const HISTORY_COMMANDS = ["metrics", "improvement", "brief", "self-improvement"];

class ReaderGone extends Error {
  name = "ReaderGone";
  constructor() {
    super("the reader of the output went away");
  }
}
let stdoutClosed = false;
let watching = false;
function watchStdout() {
  if (watching) return;
  watching = true;
  process.stdout.on("error", () => {
    stdoutClosed = true;
  });
}
const defaultIo = () => {
  watchStdout();
  return {
    cwd: process.cwd(),
    out: (text) => {
      if (!stdoutClosed) process.stdout.write(`${text}
`);
    },
    err: (text) => process.stderr.write(`${text}
`),
    stream: (text) => writeWaiting(process.stdout, `${text}
`)
  };
};
function writeWaiting(stream, text) {
  if (stdoutClosed) return Promise.reject(new ReaderGone());
  if (stream.write(text)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (error) => {
      stream.off("drain", done);
      stream.off("error", done);
      if (error) reject(new ReaderGone());
      else resolve();
    };
    stream.once("drain", done);
    stream.once("error", done);
  });
}

async function cliMain(argv, io = defaultIo()) {
  try {
    if (argv[0] === "worker" && argv[1] === "session") {
      const { processSessionIo, workerSession } = await import('./worker-session-B7KNSd39.js');
      return await workerSession(argv.slice(2), processSessionIo(io.cwd));
    }
    if (argv[0] === "tasks") {
      const [{ tasksCommand }, { systemClock }] = await Promise.all([
        import('./tasks-command-YY9s4BGe.js'),
        import('./system-clock-uwg5zo-s.js')
      ]);
      return await tasksCommand(argv.slice(1), {
        cwd: io.cwd,
        out: io.out,
        now: () => systemClock.now(),
        env: process.env
      });
    }
    if (argv[0] === "worker") {
      const { workerCommand } = await import('./worker-command-Bm89A-2R.js').then(function (n) { return n.w; });
      return await workerCommand(argv.slice(1), { ...io, env: process.env });
    }
    const review = REVIEW_COMMANDS.find((name) => name === argv[0]);
    if (review !== void 0) {
      const { reviewCommand } = await import('./review-commands-BVRbV8Lh.js');
      return await reviewCommand(review, argv.slice(1), io);
    }
    const cycle = CYCLE_COMMANDS.find((name) => name === argv[0]);
    if (cycle !== void 0) {
      const { cycleCommand } = await import('./cycle-commands-BAwZH56S.js');
      return await cycleCommand(cycle, argv.slice(1), { ...io, isTty: process.stdin.isTTY === true });
    }
    const history = HISTORY_COMMANDS.find((name) => name === argv[0]);
    if (history !== void 0) {
      const { historyCommand } = await import('./history-commands-CDTSRTzU.js');
      return await historyCommand(history, argv.slice(1), io);
    }
    const args = parseCliArgs(argv);
    if (args.command === "help") return io.out(USAGE), EXIT.ok;
    if (args.command === "version") return io.out(VERSION), EXIT.ok;
    if (args.command === "schema") {
      const { configJsonSchema } = await import('./config-C571CVfq.js');
      return io.out(JSON.stringify(configJsonSchema(), null, 2)), EXIT.ok;
    }
    const { runCommand } = await import('./run-command-DiYiPjrq.js');
    return await runCommand(args, io);
  } catch (error) {
    if (error instanceof ReaderGone) return EXIT.ok;
    const verdict = exitForError(error);
    io.err(`agent-harness: ${verdict.message}`);
    return verdict.code;
  }
}

var index = /*#__PURE__*/Object.freeze({
  __proto__: null,
  cliMain: cliMain,
  enableCompileCache: enableCompileCache,
  relaunchWithSmallYoungGeneration: relaunchWithSmallYoungGeneration
});

export { CYCLE_COMMANDS as C, HISTORY_COMMANDS as H, REVIEW_COMMANDS as R, UsageError as U, flagNumber as f, index as i };
