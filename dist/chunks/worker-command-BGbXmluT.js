import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { n as newCookie, e as endCarriers, r as readInputText, I as InputFileError, k as killCarriersNow } from './input-file-Cbt1w_j3.js';
import { E as EXIT } from './exit-codes-BkuRLrXJ.js';
import { l as loadConfig } from './load-Bmhg6nfv.js';
import { e as exitForError } from './exit-for-error-p-r9cYNM.js';
import { s as startReaper } from './reaper-ON8grmD8.js';
import { systemClock } from './system-clock-uwg5zo-s.js';
import 'node:fs';
import 'node:crypto';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import './harness-files-B0x0nX25.js';
import { r as resolvePaths } from './paths-CsbkJmHS.js';
import { w as workerDenied } from './worker-agent-CEPc612X.js';
import { C as ConsoleLogger } from './console-logger-CaTkBmJG.js';
import { t as transportFor, r as runTask, a as createTask } from './run-task-D3hRDPnY.js';
import { l as listTasks, a as formatListing, s as stopTask, b as supervisedDenied } from './model-hold-BUrQRjPB.js';
import 'node:os';
import { M as MODEL_HOLD_VAR, h as holdPathFrom } from './task-driver-WpeUzbPL.js';
import { U as UsageError, f as flagNumber, G as GLOBAL_OPTIONS } from './relaunch-BurLyM5A.js';
import { unknownCommand } from './unknown-command-Dvidw1HW.js';
import { r as runHandlersInstalled } from './late-signals-DLG8WlDk.js';

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"];
function installWorkerSignals(options) {
  let first = null;
  const onSignal = (signal) => {
    if (signal === "SIGHUP")
      for (const stream of [process.stdout, process.stderr]) stream.on("error", () => void 0);
    const at = options.now();
    if (first !== null && at - first <= options.windowMs) return options.force(signal);
    first = at;
    options.stop(signal);
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
  const removed = runHandlersInstalled();
  return () => {
    for (const signal of SIGNALS) process.removeListener(signal, onSignal);
    removed();
  };
}

const USAGES = {
  worker: `Usage: agent-harness worker <command> [options]

The structured-action worker: a model answers with JSON file operations, the harness runs them in a sandbox.

  new    create a task directory           (agent-harness worker new --help)
  run    run or resume task directories    (agent-harness worker run --help)
  stop   ask a running task to stop        (agent-harness worker stop --help)
  ls     list tasks and their liveness     (agent-harness worker ls --help)
  supervise  run and watch many tasks      (agent-harness worker supervise --help)

Every command takes -c/--config PATH (default: harness.yml, harness.yaml or harness.toml here); [llm] and [worker]
configure the model and the limits. See docs/worker.md.`,
  new: `Usage: agent-harness worker new (--prompt TEXT | --prompt-file FILE) [options]

Creates <dir>/<task_id>/ with task.json, state.json (pending) and artifacts/, and prints its path.

      --prompt TEXT          the task
      --prompt-file FILE     the task, from a file
      --max-iterations N     constraints.max_iterations (default: worker.max_iterations)
      --timeout SECS         constraints.timeout_seconds, running time (default: worker.timeout_secs)
      --allow PATH           a directory the tools may use; repeatable; the first is the workspace
                             (default: worker.allowed_paths)
      --dir DIR              where to create it (default: worker.tasks_dir)
  -c, --config PATH          config file`,
  run: `Usage: agent-harness worker run DIR... [-c PATH]

Runs each task directory in turn until it ends (iterations, timeout, stop, fatal error), resuming one that was
stopped, failed or killed; a completed task is reported and left alone. SIGINT/SIGTERM/SIGHUP stop the task
cleanly; a second one within shutdown.force_window_secs ends it at once (exit 130; the next run resumes it).
Exit code: the first task's non-zero code (the others still run): 5 another worker runs it, 8 a file could not be
written, 16 the model is unreachable, 17 task.json/state.json is missing or corrupt (nothing overwritten).
With ${MODEL_HOLD_VAR} naming a file (a supervisor sets it), a 429 from the model holds every worker's calls
until its Retry-After instead of failing the task (docs/worker.md, "Sharing the model").`,
  stop: `Usage: agent-harness worker stop DIR [-c PATH]

Writes "status": "stopped" to DIR/state.json (other fields kept); a running worker ends before its next step.`,
  ls: `Usage: agent-harness worker ls [DIR] [--json] [--stale-after SECS] [-c PATH]

Lists the tasks under DIR (default: worker.tasks_dir), or the task DIR: status, iteration/max, termination
reason, liveness (alive; stale: its heartbeat is older than --stale-after, default worker.stale_after_secs;
dead: its worker is gone; - not running) and the prompt's first line.`
};
function parse(sub, argv, options) {
  try {
    return parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: { ...options, ...GLOBAL_OPTIONS }
    });
  } catch (error) {
    throw new UsageError(`worker ${sub}: ${error.message}
${USAGES[sub]}`);
  }
}
const loadedWithFile = (io, configPath) => loadConfig({ cwd: io.cwd, ...typeof configPath === "string" ? { configPath } : {} });
const loaded = async (io, configPath) => (await loadedWithFile(io, configPath)).config;
async function workerCommand(argv, io) {
  const [sub, ...rest] = argv;
  switch (sub) {
    case "new":
      return newCommand(rest, io);
    case "run":
      return runCommand(rest, io);
    case "stop":
      return stopCommand(rest, io);
    case "ls":
      return lsCommand(rest, io);
    case "supervise": {
      const { superviseCommand } = await import('./worker-supervise-rhTsgH3E.js');
      return superviseCommand(rest, io);
    }
    case void 0:
    case "help":
    case "--help":
    case "-h":
      io.out(USAGES.worker);
      return sub === void 0 ? EXIT.usage : EXIT.ok;
    default:
      throw await unknownCommand(sub, "worker", USAGES.worker);
  }
}
async function newCommand(argv, io) {
  const { values, positionals } = parse("new", argv, {
    prompt: { type: "string" },
    "prompt-file": { type: "string" },
    "max-iterations": { type: "string" },
    timeout: { type: "string" },
    allow: { type: "string", multiple: true },
    dir: { type: "string" }
  });
  if (values.help) return io.out(USAGES.new), EXIT.ok;
  if (positionals.length > 0)
    throw new UsageError(`worker new: unexpected argument ${positionals[0]}
${USAGES.new}`);
  const inline = values.prompt;
  const file = values["prompt-file"];
  if (inline === void 0 === (file === void 0))
    throw new UsageError(`worker new: give the task with --prompt TEXT or --prompt-file FILE (one of them)`);
  const prompt = inline ?? await readInputText(resolve(io.cwd, file), { what: "prompt file" }).catch((error) => {
    if (error instanceof InputFileError) throw error;
    throw new UsageError(`--prompt-file ${file}: cannot be read (${error.message})`);
  });
  if (prompt.trim() === "") throw new UsageError("worker new: the prompt is empty");
  const config = await loaded(io, values.config);
  const allow = values.allow ?? config.worker.allowed_paths;
  const allowed = allow.map((path) => resolve(io.cwd, path));
  for (const path of allowed) {
    const info = await stat(path).catch(() => null);
    if (!info?.isDirectory()) throw new UsageError(`--allow ${path}: not a directory`);
  }
  const dir = await createTask(
    resolve(io.cwd, values.dir ?? config.worker.tasks_dir),
    {
      prompt,
      max_iterations: flagNumber("--max-iterations", values["max-iterations"], "positive integer") ?? config.worker.max_iterations,
      timeout_seconds: flagNumber("--timeout", values.timeout, "positive number") ?? config.worker.timeout_secs,
      allowed_paths: allowed
    },
    systemClock
  );
  io.out(dir);
  return EXIT.ok;
}
async function runCommand(argv, io) {
  const { values, positionals } = parse("run", argv, {});
  if (values.help) return io.out(USAGES.run), EXIT.ok;
  if (positionals.length === 0)
    throw new UsageError(`worker run: name at least one task directory
${USAGES.run}`);
  const { config, file } = await loadedWithFile(io, values.config);
  const own = workerDenied(resolvePaths(config, io.cwd), file);
  const taskDirs = positionals.map((dir) => resolve(io.cwd, dir));
  const supervised = supervisedDenied(holdPathFrom(io.env).path, taskDirs);
  const denied = {
    paths: [...own.paths, ...supervised.paths],
    prefixes: [...own.prefixes, ...supervised.prefixes]
  };
  const cookie = newCookie();
  const reaper = startReaper(cookie, config.watchdog.kill_grace_secs * 1e3, spawn);
  const transport = transportFor(config.llm, { env: io.env, spawn, clock: systemClock, cookie });
  const logger = new ConsoleLogger("normal", () => systemClock.now(), io.err);
  const stop = new AbortController();
  const removeSignals = installWorkerSignals({
    windowMs: config.shutdown.force_window_secs * 1e3,
    now: () => systemClock.monotonic(),
    stop: (signal) => {
      logger.log("warn", { signal, action: "stopping the task" });
      stop.abort();
    },
    force: (signal) => {
      logger.log("warn", { signal, action: "ending the task now" });
      killCarriersNow(cookie);
      process.exit(EXIT.forced);
    }
  });
  let code = EXIT.ok;
  try {
    for (const dir of positionals) {
      let exit;
      if (stop.signal.aborted) {
        io.err(`agent-harness: ${dir}: not run (interrupted)`);
        exit = EXIT.ok;
      } else {
        try {
          const outcome = await runTask(resolve(io.cwd, dir), config, {
            clock: systemClock,
            transport,
            log: (level, fields) => logger.log(level, fields),
            signal: stop.signal,
            env: io.env,
            cookie,
            denied
          });
          io.out(summary(outcome));
          if (outcome.error !== null && outcome.exit_code !== EXIT.ok)
            io.err(`agent-harness: ${dir}: ${outcome.error.kind}: ${outcome.error.message}`);
          exit = outcome.exit_code;
        } catch (error) {
          const verdict = exitForError(error);
          io.err(`agent-harness: ${dir}: ${verdict.message}`);
          exit = verdict.code;
        }
      }
      if (code === EXIT.ok) code = exit;
    }
  } finally {
    removeSignals();
    await endCarriers(cookie, config.watchdog.kill_grace_secs * 1e3, systemClock);
    reaper.close();
  }
  return code;
}
function summary(outcome) {
  const reason = outcome.termination_reason === null ? "" : ` (${outcome.termination_reason})`;
  return `${outcome.task_dir}: ${outcome.status}${reason} at iteration ${outcome.iteration}; this run: ${plural(outcome.iterations_run, "iteration")}, ${plural(outcome.actions, "action")}, ${plural(outcome.violations, "refused path")}`;
}
const plural = (n, noun) => `${n} ${noun}${n === 1 ? "" : "s"}`;
async function stopCommand(argv, io) {
  const { values, positionals } = parse("stop", argv, {});
  if (values.help) return io.out(USAGES.stop), EXIT.ok;
  if (positionals.length !== 1) throw new UsageError(`worker stop: name one task directory
${USAGES.stop}`);
  const dir = resolve(io.cwd, positionals[0]);
  const result = await stopTask(dir, systemClock);
  io.out(
    result.changed ? `${dir}: stopped (was ${result.before.status} at iteration ${result.before.iteration})` : `${dir}: already ${result.before.status}; left as it is`
  );
  return EXIT.ok;
}
async function lsCommand(argv, io) {
  const { values, positionals } = parse("ls", argv, {
    json: { type: "boolean" },
    "stale-after": { type: "string" }
  });
  if (values.help) return io.out(USAGES.ls), EXIT.ok;
  if (positionals.length > 1) throw new UsageError(`worker ls: at most one directory
${USAGES.ls}`);
  const config = await loaded(io, values.config);
  const staleAfter = flagNumber("--stale-after", values["stale-after"], "positive number") ?? config.worker.stale_after_secs;
  const dir = resolve(io.cwd, positionals[0] ?? config.worker.tasks_dir);
  const listings = await listTasks(dir, systemClock.now(), staleAfter);
  io.out(values.json ? JSON.stringify(listings, null, 2) : formatListing(listings));
  return EXIT.ok;
}

var workerCommand$1 = /*#__PURE__*/Object.freeze({
  __proto__: null,
  summary: summary,
  workerCommand: workerCommand
});

export { installWorkerSignals as i, workerCommand$1 as w };
