import { spawn } from 'node:child_process';
import { v as valueAt, s as systemClock, r as resolvePaths, a as readStatus, b as readCounter, p as processAlive, T as TASK_FILE, m as mergeOutcomes, w as writeTaskFile, c as TASK_ID, P as PROGRESS_FILE, l as loadTasksForRead, t as taskStats, i as isPermanentlyFailed, d as PRIORITIES, n as newTaskFile, e as readTaskFile, h as harnessDir, f as writeFileAtomic, g as readInputText, j as looseObject, k as record, o as number$1, q as string, u as planfilePath, F as FileEventLog, x as nullEventSink, C as ConsoleLogger, y as isoSeconds, z as TARGET_METRICS, A as TARGET_RULE, B as transcriptName, D as sha256File, E as decompressorFor, G as compressionOf, H as transcriptSlot, M as MetricsStore, S as SESSION_COLUMNS, K as KIND_NAMES, I as withCookie, J as terminateGroup, L as endCarriers, N as DEFAULT_BASE_URLS, O as namingFile, Q as describeCause$1, R as fatalWriteKind, U as within, V as strictObject, W as int, X as literal, Y as array, Z as union, _ as toJSONSchema, $ as unknown, a0 as HarnessFileError, a1 as acquireInstanceLock, a2 as parseHolder, a3 as judgeHolderOf, a4 as AlreadyRunningError, a5 as sweepStaleTemps, a6 as COOKIE_VAR, a7 as formatLine, a8 as configSchema, a9 as newCookie, aa as InputFileError, ab as killCarriersNow } from './layout-DuHUZrzi.js';
import { l as leafKeyPaths, i as installSignalHandlers, a as acquireLock, r as readLockPid, b as lockDirFor, P as ProgressLog, c as checkpointMessage, v as validateDependencies, d as readyTasks, n as nextTaskId, I as INIT_SCRIPT, S as StopController, e as loadConfig, u as usd, f as compact, g as num, h as duration, t as table, j as extractOptions, p as pendingFacts, k as extractTranscript, m as ingestFacts, s as sessionNumberOf, o as pendingSessions, w as when, q as rebuildFacts, x as ingestLine, y as ingestSummary, z as transcriptNumber, A as inRange, L as LlmError, N as NO_USAGE$1, B as renderPrompt, C as taskFile, D as writeState, E as pendingState, F as writePending, G as appendPendingResult, H as readState, W as WorkerStateError, J as writeHeartbeat, K as appendActionLine, T as TASK_FILES, M as readTask, O as adoptTaskDefinition, Q as readActionLog, R as readPending, U as removePending, V as WORKER_SETTINGS_ENV, X as exitForError, Y as WORKER_TASK_ENV, Z as WORKER_DENIED_ENV, _ as readHeartbeat, $ as workerDenied, a0 as startReaper, a1 as configJsonSchema, a2 as runHarness } from './task-files-8uO9-3gP.js';
import { H as HarnessError, E as EXIT } from './exit-codes-BIDj-cBV.js';
import { parseArgs } from 'node:util';
import { statSync, existsSync, mkdirSync, constants, closeSync, readdirSync, openSync, realpathSync, lstatSync, fstatSync, readlinkSync } from 'node:fs';
import { f as formatStatus, t as trendDirection, s as sparkline, d as direction } from './trends-CdNDe7JS.js';
import { V as VERSION } from './version-DxYW7N98.js';
import { writeFile as writeFile$1, chmod, readdir, mkdir, stat, realpath, open, readlink, lstat, unlink, rename, link, copyFile } from 'node:fs/promises';
import { join, relative, basename, resolve, dirname, isAbsolute, sep } from 'node:path';
import { c as contentHash, D as DEFAULT_TEMPLATES, T as TEMPLATE_VERSION, a as TEMPLATE_VARIABLES, r as runPlanning, b as runReviewCycle, d as readPlanfile, p as progressPath, e as readProgress, f as progressText, g as phaseConfig, i as interactiveArgs, w as waitingTasks } from './progress-table-CY2kscqe.js';
import { randomUUID } from 'node:crypto';
import 'node:stream/promises';
import 'node:stream';
import 'node:zlib';
import 'node:readline';
import 'process';
import 'buffer';
import 'node:os';
import 'fs';

const MAX_VALUE_COLUMN = 40;
function describeConfig(loaded) {
  const rows = leafKeyPaths().map((path) => {
    const value = valueAt(loaded.config, path.split("."));
    return {
      path,
      value: value === void 0 ? "(not set)" : JSON.stringify(value),
      source: loaded.sources[path] ?? "default"
    };
  });
  const keyWidth = Math.max(...rows.map((r) => r.path.length));
  const valueWidth = Math.min(MAX_VALUE_COLUMN, Math.max(...rows.map((r) => r.value.length)));
  const header = loaded.file === null ? "no config file, defaults" : `config file: ${loaded.file}`;
  const lines = rows.map((r) => `${r.path.padEnd(keyWidth)} = ${r.value.padEnd(valueWidth)}   (${r.source})`);
  return [header, ...lines].join("\n") + "\n";
}

function installCliSignals(stop, config, logger) {
  return installSignalHandlers(stop, {
    now: () => systemClock.now(),
    windowMs: config.shutdown.force_window_secs * 1e3,
    onSignal: (signal, action) => {
      if (signal === "SIGHUP") ignoreOutputErrors();
      if (action === "force") logger.log("warn", { signal, action: "killing session now" });
      else if (signal === "SIGINT") logger.summary("Caught SIGINT, finishing current session...");
      else logger.log("info", { signal, action: "finishing current session" });
    }
  });
}
function ignoreOutputErrors() {
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => void 0);
}

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

Structured-action worker: agent-harness worker <new|run|stop|ls> (agent-harness worker --help): a model answers
with JSON file operations, the harness runs them in a sandbox and keeps the task's state on disk.

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
device, a directory or too large, 130 forced interrupt (README: the table).`;
function number(flag, text, integer) {
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value) || integer && !Number.isInteger(value)) {
    throw new UsageError(
      `${flag}: expected ${integer ? "an integer" : "a number"}, found ${JSON.stringify(text)}`
    );
  }
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

async function printStatus(config, io) {
  const paths = resolvePaths(config, io.cwd);
  let status;
  try {
    status = await readStatus(paths.status);
  } catch (error) {
    io.err(`agent-harness: cannot read ${paths.status}: ${error.message}`);
    return 1;
  }
  if (!status) {
    const counter = await readCounter(paths.counter).catch(() => null);
    io.out(`Loop state: not running (no ${config.session.status_file} here)`);
    if (counter !== null) io.out(`Global counter: ${counter}`);
    return 0;
  }
  let currentOutputBytes = null;
  if (status.output_file) {
    try {
      currentOutputBytes = statSync(status.output_file).size;
    } catch {
      currentOutputBytes = null;
    }
  }
  io.out(formatStatus(status, { alive: processAlive(status.pid), currentOutputBytes, nowMs: Date.now() }));
  return 0;
}

const TASKS_USAGE = `Usage: agent-harness tasks <command>

  init [--init-script]             create harness-tasks.json and harness-progress.txt (and harness-init.sh)
  add "<title>" [--priority P0|P1|P2] [--depends-on ID,...] [--validate CMD] [--timeout SECS]
                [--max-attempts N] [--cleanup CMD]
  status                           the task summary, one line per task, the last progress lines (read-only)
  list --json                      the tasks as JSON
  ready --json                     ids of the tasks that can start now (for a strategy.matrix)
  checkpoint <id> --step M/N "<description>"
  merge <outcome.json>...          fold fan-out jobs' task files into this one`;
const iso = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
async function tasksCommand(argv, io) {
  const [sub, ...rest] = argv;
  const path = join(io.cwd, TASK_FILE);
  switch (sub) {
    case "--help":
    case "-h":
    case "help":
      io.out(TASKS_USAGE);
      return 0;
    case "init":
      return init(rest, io, path);
    case "add":
      return add$1(rest, io, path);
    case "status":
      return status$2(io, path);
    case "list":
      return list$1(rest, io, path, "list");
    case "ready":
      return list$1(rest, io, path, "ready");
    case "checkpoint":
      return checkpoint(rest, io, path);
    case "merge":
      return merge(rest, io, path);
    default:
      throw new UsageError(
        `${sub ? `unknown tasks command "${sub}"` : "missing tasks command"}
${TASKS_USAGE}`
      );
  }
}
async function init(argv, io, path) {
  const { values } = parse$3(argv, { "init-script": { type: "boolean" } });
  if (existsSync(path)) throw new UsageError(`${TASK_FILE} already exists here; it is left as it is`);
  await writeTaskFile(path, newTaskFile(iso(io.now())));
  await new ProgressLog(join(io.cwd, PROGRESS_FILE), io.now).append({
    session: 0,
    type: "INIT",
    message: `Harness initialized for project ${io.cwd}`
  });
  if (values["init-script"] && !existsSync(join(io.cwd, INIT_SCRIPT))) {
    await writeFile$1(
      join(io.cwd, INIT_SCRIPT),
      '#!/bin/sh\n# Runs at the start of every task session; must be idempotent. A non-zero exit is retried once,\n# then the session stops with ENV_SETUP.\nset -e\necho "Environment health check complete"\n'
    );
    await chmod(join(io.cwd, INIT_SCRIPT), 493);
  }
  io.out(
    `Created ${TASK_FILE} and ${PROGRESS_FILE}. Task runs keep the harness's own files out of their commits and rollbacks whether git ignores them or not (docs/tasks.md).`
  );
  return 0;
}
async function add$1(argv, io, path) {
  const { values, positionals } = parse$3(argv, {
    priority: { type: "string" },
    "depends-on": { type: "string" },
    validate: { type: "string" },
    timeout: { type: "string" },
    "max-attempts": { type: "string" },
    cleanup: { type: "string" }
  });
  const title = positionals.join(" ").trim();
  if (!title)
    throw new UsageError('tasks add: expected a title, e.g. agent-harness tasks add "Add rate limiting"');
  const priority = str$1(values.priority) ?? "P1";
  if (!PRIORITIES.includes(priority)) {
    throw new UsageError(
      `--priority: expected one of ${PRIORITIES.join(", ")}, found ${JSON.stringify(str$1(values.priority))}`
    );
  }
  const dependsOn = (str$1(values["depends-on"]) ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  const timeout = positiveNumber("--timeout", str$1(values.timeout), 300);
  const maxAttempts = positiveNumber("--max-attempts", str$1(values["max-attempts"]), 3);
  const lock = await acquireLock(io.cwd);
  try {
    const file = await mustRead(path);
    const ids = new Set(file.tasks.map((t) => t.id));
    const unknown = dependsOn.filter((id) => !ids.has(id));
    if (unknown.length > 0)
      throw new UsageError(
        `--depends-on: no such task ${unknown.join(", ")} (have: ${[...ids].join(", ") || "none"})`
      );
    const task = {
      id: nextTaskId(file.tasks),
      title,
      status: "pending",
      priority,
      depends_on: dependsOn,
      attempts: 0,
      max_attempts: Math.round(maxAttempts),
      started_at_commit: null,
      validation: { command: str$1(values.validate) ?? null, timeout_seconds: timeout },
      on_failure: { cleanup: str$1(values.cleanup) ?? null },
      error_log: [],
      checkpoints: [],
      completed_at: null
    };
    await writeTaskFile(path, { ...file, tasks: [...file.tasks, task] });
    io.out(`Added ${task.id}: ${title}`);
    return 0;
  } finally {
    await lock.release();
  }
}
async function status$2(io, path) {
  const loaded = await loadTasksForRead(path);
  if (!loaded) throw new UsageError(`no ${TASK_FILE} here: run agent-harness tasks init`);
  const { file } = loaded;
  const stats = taskStats(file.tasks);
  const lines = [
    `Tasks: ${stats.tasks_total} total, ${stats.completed} completed, ${stats.failed} failed, ${stats.pending} pending, ${stats.blocked} blocked`
  ];
  if (loaded.fromBackup) lines.push(`(read from ${loaded.usedPath}: ${loaded.problem})`);
  const permanent = new Set(file.tasks.filter(isPermanentlyFailed).map((t) => t.id));
  for (const task of file.tasks) {
    const blocked = task.status === "pending" && task.depends_on.some((d) => permanent.has(d));
    lines.push(
      `[${blocked ? "blocked" : task.status}] ${task.id}: ${task.title} (${task.attempts}/${task.max_attempts})`
    );
  }
  const tail = await new ProgressLog(join(io.cwd, PROGRESS_FILE)).tail(5);
  if (tail.length > 0) lines.push("", "Last progress:", ...tail.map((l) => `  ${l}`));
  lines.push("", `Sessions: ${file.session_count}, last ${file.last_session ?? "never"}`);
  io.out(lines.join("\n"));
  return 0;
}
async function list$1(argv, io, path, what) {
  const { values } = parse$3(argv, { json: { type: "boolean" } });
  const loaded = await loadTasksForRead(path);
  if (!loaded) throw new UsageError(`no ${TASK_FILE} here: run agent-harness tasks init`);
  const tasks = validateDependencies(loaded.file.tasks, iso(io.now())).tasks;
  if (what === "ready") {
    const ids = readyTasks(tasks).map((t) => t.id);
    io.out(values.json ? JSON.stringify(ids) : ids.join("\n"));
  } else {
    io.out(
      values.json ? JSON.stringify(tasks, null, 2) : tasks.map((t) => `${t.id}	${t.status}	${t.title}`).join("\n")
    );
  }
  return 0;
}
async function checkpoint(argv, io, path) {
  const { values, positionals } = parse$3(argv, { step: { type: "string" } });
  const [id, ...words] = positionals;
  const step = /^(\d+)\/(\d+)$/.exec(str$1(values.step) ?? "");
  if (!id || !TASK_ID.test(id) || !step || words.length === 0) {
    throw new UsageError('usage: agent-harness tasks checkpoint <task-id> --step M/N "<description>"');
  }
  const [m, n] = [Number(step[1]), Number(step[2])];
  if (n < 1 || m > n)
    throw new UsageError(`--step: expected M/N with 0 <= M <= N and N >= 1, found ${str$1(values.step)}`);
  const description = words.join(" ");
  const holder = await readLockPid(lockDirFor(io.cwd));
  const ours = typeof holder === "number" && String(holder) === io.env.HARNESS_TASK_LOCK_PID;
  const lock = ours ? null : await acquireLock(io.cwd);
  try {
    const file = await mustRead(path);
    const task = file.tasks.find((t) => t.id === id);
    if (!task) throw new UsageError(`no task ${id} in ${TASK_FILE}`);
    const entry = { step: m, total: n, description, timestamp: iso(io.now()) };
    await writeTaskFile(path, {
      ...file,
      tasks: file.tasks.map((t) => t.id === id ? { ...t, checkpoints: [...t.checkpoints, entry] } : t)
    });
    await new ProgressLog(join(io.cwd, PROGRESS_FILE), io.now).append({
      session: Math.max(1, file.session_count),
      type: "CHECKPOINT",
      taskId: id,
      message: checkpointMessage(m, n, description)
    });
    io.out(`Checkpoint ${m}/${n} recorded for ${id}`);
    return 0;
  } finally {
    await lock?.release();
  }
}
async function merge(argv, io, path) {
  const { positionals } = parse$3(argv, {});
  if (positionals.length === 0) throw new UsageError("usage: agent-harness tasks merge <outcome.json>...");
  const lock = await acquireLock(io.cwd);
  try {
    const file = await mustRead(path);
    const merged = await mergeOutcomes(file, positionals);
    await writeTaskFile(path, merged.file);
    for (const line of merged.report) io.out(line);
    return 0;
  } finally {
    await lock.release();
  }
}
async function mustRead(path) {
  const read = await readTaskFile(path);
  if (!read) throw new UsageError(`no ${TASK_FILE} here: run agent-harness tasks init`);
  return read.file;
}
function positiveNumber(flag, text, fallback) {
  if (text === void 0) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0)
    throw new UsageError(`${flag}: expected a positive number, found ${JSON.stringify(text)}`);
  return value;
}
function parse$3(argv, options) {
  try {
    const parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
    return { values: parsed.values, positionals: parsed.positionals };
  } catch (error) {
    throw new UsageError(`${error.message}
${TASKS_USAGE}`);
  }
}
const str$1 = (value) => typeof value === "string" ? value : void 0;

function classify(template, existing) {
  const content = existing.contents[template.path];
  if (content === void 0) return "missing";
  const now = contentHash(content);
  const latest = contentHash(template.content);
  if (now === latest) return "current";
  const recorded = existing.recorded[template.path];
  if (recorded !== void 0 && now === recorded) return "outdated";
  return recorded === latest ? "edited" : "edited-outdated";
}
const ACTION = {
  missing: "write",
  current: "keep",
  outdated: "write",
  edited: "keep",
  "edited-outdated": "write-new"
};
function decide(templates, existing) {
  return templates.map((t) => {
    const state = classify(t, existing);
    return { path: t.path, state, action: ACTION[state] };
  });
}
function nextMeta(templates, templateVersion, harnessVersion, now) {
  return {
    template_version: templateVersion,
    harness_version: harnessVersion,
    attached: now.toISOString().replace("T", " ").replace(/\.\d+Z$/, "Z"),
    templates: Object.fromEntries(templates.map((t) => [t.path, contentHash(t.content)]))
  };
}

const TECHDEBT_START = `# Technical debt

<!-- Shortcuts taken to fix later: a "## Title" per item, then what it is, why it matters, how to fix it. -->
`;
const LOG_START = `# Diary

<!-- One "## Entry YYYY-MM-DD" per develop session: what changed, then a sentence on what it achieved. -->
`;
class HarnessExistsError extends HarnessError {
  constructor(message, decisions) {
    super(message, EXIT.usage);
    this.decisions = decisions;
  }
  decisions;
  name = "HarnessExistsError";
}
const metaSchema = looseObject({
  template_version: number$1().int(),
  templates: record(string(), string()).optional()
});
async function exists(path) {
  return stat(path).then(
    () => true,
    (error) => {
      if (error.code === "ENOENT") return false;
      throw error;
    }
  );
}
async function readOptional(path) {
  return readInputText(path, { what: "template" }).catch((error) => {
    if (error.code === "ENOENT") return void 0;
    throw error;
  });
}
async function readExisting(dir) {
  const contents = {};
  for (const t of DEFAULT_TEMPLATES) {
    const text = await readOptional(join(dir, t.path));
    if (text !== void 0) contents[t.path] = text;
  }
  const metaText = await readOptional(join(dir, "meta.json"));
  let meta;
  try {
    meta = metaText === void 0 ? void 0 : metaSchema.parse(JSON.parse(metaText));
  } catch {
    meta = void 0;
  }
  return {
    ...meta !== void 0 ? { templateVersion: meta.template_version } : {},
    recorded: meta?.templates ?? {},
    contents
  };
}
const STATE_TEXT = {
  missing: "missing",
  current: "current",
  outdated: "outdated (untouched)",
  edited: "edited by you (kept)",
  "edited-outdated": "outdated and edited by you"
};
async function attach(options) {
  const dir = harnessDir(options.cwd);
  const present = await exists(dir);
  const existing = present ? await readExisting(dir) : { recorded: {}, contents: {} };
  const decisions = decide(DEFAULT_TEMPLATES, existing);
  if (present && !options.force) {
    const entries = (await readdir(dir, { withFileTypes: true })).map((e) => e.isDirectory() ? `${e.name}/` : e.name).sort();
    throw new HarnessExistsError(refusal(dir, entries, existing, decisions), decisions);
  }
  const written = [];
  const report = [];
  const write = async (path, content) => {
    const full = join(dir, path);
    await mkdir(join(full, ".."), { recursive: true });
    await writeFileAtomic(full, content);
    written.push(path);
  };
  await mkdir(join(dir, "plans"), { recursive: true });
  for (const d of decisions) {
    const template = DEFAULT_TEMPLATES.find((t) => t.path === d.path);
    if (template === void 0) continue;
    if (d.action === "write") {
      await write(d.path, template.content);
      if (present)
        report.push(`${d.path}: ${d.state === "missing" ? "created" : "updated to the new default"}`);
    } else if (d.action === "write-new") {
      await write(`${d.path}.new`, template.content);
      report.push(
        `${d.path}: edited by you, kept; the new default is in ${d.path}.new \u2014 merge it and delete the .new file`
      );
    }
  }
  for (const [path, start] of [
    ["techdebt.md", TECHDEBT_START],
    ["log.md", LOG_START]
  ]) {
    if (!await exists(join(dir, path))) await write(path, start);
  }
  await write(
    "meta.json",
    `${JSON.stringify(nextMeta(DEFAULT_TEMPLATES, TEMPLATE_VERSION, options.harnessVersion, options.now ?? /* @__PURE__ */ new Date()), null, 2)}
`
  );
  if (!present)
    report.push(`Created ${dir} (template version ${TEMPLATE_VERSION}): ${written.join(", ")}, plans/`);
  else report.push(`Updated ${dir} to template version ${TEMPLATE_VERSION}.`);
  return { created: !present, decisions, written, report };
}
function refusal(dir, entries, existing, decisions) {
  const lines = [`${dir} already exists (it holds ${entries.join(", ") || "nothing"}); nothing was written.`];
  const version = existing.templateVersion;
  if (version !== void 0 && version < TEMPLATE_VERSION)
    lines.push(`Its templates are version ${version}; this agent-harness ships version ${TEMPLATE_VERSION}.`);
  else if (version === void 0) lines.push("Its meta.json is missing or unreadable.");
  const notable = decisions.filter((d) => d.state !== "current" && d.state !== "edited");
  for (const d of notable) lines.push(`  ${d.path}: ${STATE_TEXT[d.state]}`);
  const edited = decisions.filter((d) => d.state === "edited");
  for (const d of edited) lines.push(`  ${d.path}: ${STATE_TEXT[d.state]}`);
  if (notable.length === 0)
    lines.push("Every template is current; techdebt.md, log.md and plans/ are never overwritten.");
  else
    lines.push(
      "agent-harness attach --force creates missing files, replaces untouched outdated templates and writes the new default beside each edited one as <name>.new; it never overwrites an edited template, techdebt.md, log.md or plans/."
    );
  return lines.join("\n");
}

function tmplvarsTable(variables = TEMPLATE_VARIABLES) {
  const rows = [
    ["VARIABLE", "PHASES", "DESCRIPTION"],
    ...variables.map((v) => [`{{.${v.name}}}`, v.phases.join(","), `${v.description}${kindNote(v)}`])
  ];
  const width = (col) => Math.max(...rows.map((r) => (r[col] ?? "").length));
  const [w0, w1] = [width(0), width(1)];
  const lines = rows.map((r) => `${(r[0] ?? "").padEnd(w0)}  ${(r[1] ?? "").padEnd(w1)}  ${r[2] ?? ""}`);
  return [
    ...lines,
    "",
    "Conditionals and loops are Handlebars blocks: {{#if .LatestReview}}\u2026{{else}}\u2026{{/if}},",
    "{{#each .AcceptanceCriteria}}- {{.}}{{/each}}; $.Name reaches a variable from inside a loop."
  ].join("\n");
}
const kindNote = (v) => v.kind === "list" && !v.description.includes("list") ? " (a list)" : v.kind === "flag" && !v.description.toLowerCase().includes("true") ? " (true/false)" : "";

const REVIEW_COMMANDS = ["attach", "tmplvars"];
const ATTACH_USAGE = `Usage: agent-harness attach [--force]

Scaffolds .harness/ here: prompts/{plan,develop,review}.md.tmpl, personas/{planner,developer,architect}.md,
plans/, meta.json, techdebt.md and log.md. If .harness/ exists, reports what is there and which templates are
outdated or edited, and writes nothing.

Options:
      --force   Create missing files, replace untouched outdated templates, and write the new default beside
                each edited template as <name>.new. Never overwrites an edited template, techdebt.md, log.md
                or plans/.
  -h, --help    This text`;
const TMPLVARS_USAGE = `Usage: agent-harness tmplvars

Prints every variable the templates in .harness/prompts and .harness/personas can use, with the phases that set it.`;
function parse$2(argv, withForce) {
  try {
    return parseArgs({
      args: [...argv],
      allowPositionals: false,
      strict: true,
      options: {
        help: { type: "boolean", short: "h" },
        ...withForce ? { force: { type: "boolean" } } : {}
      }
    }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
async function reviewCommand(command, argv, io) {
  if (command === "tmplvars") {
    const values2 = parse$2(argv, false);
    io.out(values2.help === true ? TMPLVARS_USAGE : tmplvarsTable());
    return EXIT.ok;
  }
  const values = parse$2(argv, true);
  if (values.help === true) return io.out(ATTACH_USAGE), EXIT.ok;
  const result = await attach({ cwd: io.cwd, force: values.force === true, harnessVersion: VERSION });
  for (const line of result.report) io.out(line);
  return EXIT.ok;
}

const CYCLE_COMMANDS = ["plan", "loop"];
const PLAN_USAGE = `Usage: agent-harness plan "<description>" [--headless]
       agent-harness plan status <plan_id>

The planner persona writes .harness/plans/<plan_id>/planfile.json for the description. On a terminal it runs
interactively so it can ask you questions; --headless runs it unattended, stating its assumptions in the plan's
context. The plan is checked against schema/planfile.schema.json; a malformed plan gets one corrective session
with every problem, then fails with exit code 11. \`plan status\` shows every task's tries, gate results,
verdicts, cost and tokens.

Options:
      --headless        No questions: the planner runs as an unattended session (always in the Action)
  -c, --config <PATH>   Config file (default: harness.yml, harness.yaml or harness.toml here)
  -v, --verbose / -q, --quiet
  -h, --help`;
const LOOP_USAGE = `Usage: agent-harness loop [--max-tries N] [--reply TEXT [--task ID]] <plan_id>

For each task of the plan, in dependency order: a develop session (developer persona), the gate (./build.sh then
./verify.sh, each with review.gate_timeout_mins), and a review session (architect persona) whose "Result: PASS"
ends the task; anything else is a failed try, up to --max-tries. Resumes where it stopped.

Options:
      --max-tries <N>   Tries per task (review.max_tries, default 2)
      --reply <TEXT>    Your answer to a task that waits for a human: it resumes with your words in the
                        develop prompt and gets --max-tries more tries
      --task <ID>       The task --reply answers (needed when several wait)
  -c, --config <PATH>   Config file
  -v, --verbose / -q, --quiet
  -h, --help

Exit codes: 0 every task done, 12 review.max_cost_usd reached, 13 a task waits for a human, 2 build.sh or
verify.sh missing or not executable, 11 an invalid plan or progress file.`;
function parse$1(argv, options) {
  try {
    const parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        help: { type: "boolean", short: "h" },
        config: { type: "string", short: "c" },
        verbose: { type: "boolean", short: "v" },
        quiet: { type: "boolean", short: "q" },
        ...options
      }
    });
    return { values: parsed.values, positionals: parsed.positionals };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
const verbosityOf = (values) => values.quiet === true ? "quiet" : values.verbose === true ? "verbose" : "normal";
async function loadFor(cwd, values) {
  return loadConfig({
    cwd,
    ...typeof values.config === "string" ? { configPath: values.config } : {},
    overrides: {}
  });
}
async function configFor(cwd, values) {
  return (await loadFor(cwd, values)).config;
}
function localPorts(config, cwd, verbosity) {
  const stop = new StopController();
  const logger = new ConsoleLogger(verbosity, () => systemClock.now());
  const paths = resolvePaths(config, cwd);
  const dispose = installCliSignals(stop, config, logger);
  return {
    config,
    cwd,
    env: process.env,
    clock: systemClock,
    spawn,
    stop,
    logger,
    events: paths.eventLog ? new FileEventLog(paths.eventLog, () => systemClock.now()) : nullEventSink,
    dispose
  };
}
async function cycleCommand(command, argv, io) {
  return command === "plan" ? plan(argv, io) : loop(argv, io);
}
async function plan(argv, io) {
  const { values, positionals } = parse$1(argv, { headless: { type: "boolean" } });
  if (values.help === true) return io.out(PLAN_USAGE), EXIT.ok;
  if (positionals[0] === "status" && positionals.length === 2) return status$1(positionals[1], io);
  const description = positionals.join(" ").trim();
  if (description === "")
    throw new UsageError(
      `plan: expected a description, e.g. agent-harness plan "Add a CSV export"
${PLAN_USAGE}`
    );
  const headless = values.headless === true;
  if (!headless && io.isTty === false)
    throw new UsageError(
      "plan: the planner runs interactively and needs a terminal (stdin is not one): add --headless to plan unattended"
    );
  const config = await configFor(io.cwd, values);
  const ports = localPorts(config, io.cwd, verbosityOf(values));
  try {
    const result = await runPlanning({
      ...ports,
      description,
      headless,
      ...headless ? {} : { interactive: terminalPlanner(config, io.cwd) }
    });
    if (result.exitCode !== EXIT.ok) {
      io.err(`agent-harness: ${result.message ?? `planning ended with exit code ${result.exitCode}`}`);
      return result.exitCode;
    }
    io.out(result.planId);
    return EXIT.ok;
  } finally {
    ports.dispose();
  }
}
function terminalPlanner(config, cwd) {
  const agent = phaseConfig(config, "plan").agent;
  return (prompt, env) => new Promise((resolve, reject) => {
    const ignore = () => void 0;
    process.on("SIGINT", ignore);
    const args = interactiveArgs(config).map((arg) => arg.replaceAll("{prompt}", prompt));
    const child = spawn(agent.command, args, {
      cwd,
      stdio: "inherit",
      env: { ...process.env, ...env, ...agent.env }
    });
    child.once("error", (error) => {
      process.off("SIGINT", ignore);
      reject(error);
    });
    child.once("exit", (code, signal) => {
      process.off("SIGINT", ignore);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}
async function status$1(planId, io) {
  const file = planfilePath(io.cwd, planId);
  const planfile = await readPlanfile(file, { expectedId: planId, display: relative(io.cwd, file) });
  const path = progressPath(io.cwd, planId);
  const progress = await readProgress(path, planId, relative(io.cwd, path));
  io.out(progressText(planfile, progress));
  return EXIT.ok;
}
async function loop(argv, io) {
  const { values, positionals } = parse$1(argv, {
    "max-tries": { type: "string" },
    reply: { type: "string" },
    task: { type: "string" }
  });
  if (values.help === true) return io.out(LOOP_USAGE), EXIT.ok;
  if (positionals.length !== 1)
    throw new UsageError(`loop: expected one plan id (the directory under .harness/plans/)
${LOOP_USAGE}`);
  const planId = positionals[0];
  const loaded = await loadFor(io.cwd, values);
  const config = loaded.config;
  const maxTries = maxTriesOf(values["max-tries"], config.review.max_tries);
  const replies = await repliesFor(io.cwd, planId, values.reply, values.task);
  const ports = localPorts(config, io.cwd, verbosityOf(values));
  let summary;
  try {
    summary = await runReviewCycle({ ...ports, planId, maxTries, replies, configFile: loaded.file });
  } finally {
    ports.dispose();
  }
  for (const e of summary.escalated) {
    io.out(`
=== Task ${e.taskId} waits for a human: ${e.why}`);
    if (e.review !== null) io.out(`--- The last review (${e.reviewFile ?? ""}):
${e.review.trimEnd()}`);
    if (e.gateOutput !== "") io.out(`--- The gate's output:
${e.gateOutput.trimEnd()}`);
  }
  if (summary.escalated.length > 0)
    io.out(
      `
Answer with: agent-harness loop --reply "<what to do>"${summary.escalated.length > 1 ? " --task <id>" : ""} ${planId}`
    );
  if (summary.message !== void 0 && summary.exitCode !== EXIT.ok)
    io.err(`agent-harness: ${summary.message}`);
  return summary.exitCode;
}
function maxTriesOf(text, fallback) {
  if (typeof text !== "string") return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`--max-tries: expected a whole number of at least 1, found ${JSON.stringify(text)}`);
  return n;
}
async function repliesFor(cwd, planId, reply, task) {
  if (typeof reply !== "string") {
    if (typeof task === "string") throw new UsageError("--task names the task --reply answers: add --reply");
    return [];
  }
  if (reply.trim() === "") throw new UsageError("--reply: the answer is empty");
  const path = progressPath(cwd, planId);
  const progress = await readProgress(path, planId, relative(cwd, path));
  const waiting = waitingTasks(progress);
  const taskId = typeof task === "string" ? task : waiting.length === 1 ? waiting[0] : void 0;
  if (taskId === void 0)
    throw new UsageError(
      waiting.length === 0 ? `--reply: no task of plan ${planId} waits for a human` : `--reply: ${waiting.length} tasks wait for a human (${waiting.join(", ")}): name one with --task`
    );
  if (!waiting.includes(taskId))
    throw new UsageError(
      `--task ${taskId}: that task does not wait for a human (waiting: ${waiting.join(", ") || "none"})`
    );
  return [{ taskId, at: isoSeconds(Date.now()), by: process.env.USER ?? "you", text: reply }];
}

function sessionTokens(row) {
  if (row.input_tokens === null && row.output_tokens === null) return null;
  return (row.input_tokens ?? 0) + (row.output_tokens ?? 0);
}
function sessionName(row) {
  return row.global !== null ? `#${row.global}` : row.key.replace(/^sha256:/, "").slice(0, 8);
}

const METRIC_INFO = {
  completion_rate: { label: "Completion rate", unit: "%", good: "up" },
  narration_only_pct: { label: "Narration-only turns", unit: "%", good: "down" },
  parallel_turns_pct: { label: "Parallel tool turns", unit: "%", good: "up" },
  turns_per_session: { label: "Turns per session", unit: "", good: "down" },
  cost_per_session: { label: "Cost per session", unit: "$", good: "down" },
  tokens_per_session: { label: "Tokens per session", unit: "", good: "down" },
  tool_calls_per_session: { label: "Tool calls per session", unit: "", good: "down" },
  duration_secs: { label: "Duration (s)", unit: "s", good: "down" }
};
function parseTarget(metric, text) {
  const match = TARGET_RULE.exec(text);
  if (match === null) throw new Error(`metrics.targets.${metric}: cannot read ${JSON.stringify(text)}`);
  if (match[1] === void 0) return null;
  return { metric, op: match[1], threshold: Number(match[2]) };
}
function targetRules(targets) {
  return TARGET_METRICS.flatMap((metric) => {
    const rule = parseTarget(metric, targets[metric]);
    return rule === null ? [] : [rule];
  });
}
function compare(value, op, threshold) {
  switch (op) {
    case "<":
      return value < threshold;
    case "<=":
      return value <= threshold;
    case ">":
      return value > threshold;
    case ">=":
      return value >= threshold;
  }
}
const avg = (values) => values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
const known = (values) => values.filter((v) => v !== null);
function turnsPct(rows, part) {
  let parts = 0;
  let turns = 0;
  for (const row of rows) {
    const p = part(row);
    if (p === null || row.turns === null) continue;
    parts += p;
    turns += row.turns;
  }
  return turns === 0 ? null : parts / turns * 100;
}
function metricValue(metric, rows) {
  switch (metric) {
    case "completion_rate": {
      const committed = known(rows.map((r) => r.committed));
      return committed.length === 0 ? null : committed.filter(Boolean).length / committed.length * 100;
    }
    case "narration_only_pct":
      return turnsPct(rows, (r) => r.narration_turns);
    case "parallel_turns_pct":
      return turnsPct(rows, (r) => r.parallel_turns);
    case "turns_per_session":
      return avg(known(rows.map((r) => r.turns)));
    case "cost_per_session":
      return avg(known(rows.map((r) => r.cost_usd)));
    case "tokens_per_session":
      return avg(known(rows.map(sessionTokens)));
    case "tool_calls_per_session":
      return avg(known(rows.map((r) => r.tool_calls)));
    case "duration_secs":
      return avg(known(rows.map((r) => r.duration_secs)));
  }
}
function sessionValue(metric, row) {
  return metricValue(metric, [row]);
}
function formatMetric(metric, value) {
  const { unit } = METRIC_INFO[metric];
  if (unit === "%") return `${Math.round(value)}%`;
  if (unit === "$") return usd(value);
  if (unit === "s") return `${Math.round(value)}s`;
  return metric === "tokens_per_session" ? compact(Math.round(value)) : num(value);
}
function formatRule(rule) {
  const { unit } = METRIC_INFO[rule.metric];
  if (unit === "$") return `${rule.op} ${usd(rule.threshold)}`;
  return `${rule.op} ${num(rule.threshold)}${unit === "%" ? "%" : unit === "s" ? "s" : ""}`;
}
function evaluateTarget(rule, rows) {
  const value = metricValue(rule.metric, rows);
  if (value === null) return { rule, value, status: "not available" };
  return { rule, value, status: compare(value, rule.op, rule.threshold) ? "pass" : "miss" };
}
const evaluateTargets = (rules, rows) => rules.map((rule) => evaluateTarget(rule, rows));
function missStreak(rule, rows) {
  let streak = 0;
  for (let i = rows.length - 1; i >= 0; i--) {
    const value = sessionValue(rule.metric, rows[i]);
    if (value === null || compare(value, rule.op, rule.threshold)) break;
    streak++;
  }
  return streak;
}
function targetLines(results) {
  const width = Math.max(0, ...results.map((r) => METRIC_INFO[r.rule.metric].label.length));
  const valueWidth = Math.max(
    0,
    ...results.map((r) => r.value === null ? 1 : formatMetric(r.rule.metric, r.value).length)
  );
  return results.map((r) => {
    const value = r.value === null ? "-" : formatMetric(r.rule.metric, r.value);
    const status = r.status === "pass" ? "ok" : r.status === "miss" ? "MISS" : "not available";
    const target = `(target ${formatRule(r.rule)})`;
    return `${METRIC_INFO[r.rule.metric].label.padEnd(width)}  ${value.padStart(valueWidth)}  ${target.padEnd(18)}  ${status}`;
  });
}

const STREAK = 3;
const BRIEF_IMPROVEMENTS = 5;
const SEVERITY_ORDER = ["critical", "high", "medium", "low"];
const severityRank = (s) => {
  const i = SEVERITY_ORDER.indexOf(s);
  return i === -1 ? SEVERITY_ORDER.length : i;
};
const BAD_OUTCOMES = /* @__PURE__ */ new Set(["failed", "empty", "rate_limited", "cancelled", "timeout", "cut_short"]);
function why(row) {
  const reason = [row.failure_kind, row.failure_reason].filter((s) => s !== null && s !== "").join(": ");
  return reason === "" ? row.outcome ?? "unknown" : `${row.outcome ?? "unknown"} (${reason})`;
}
function worstSessions(rows) {
  const lines = [];
  for (const row of rows.filter((r) => r.outcome !== null && BAD_OUTCOMES.has(r.outcome)).slice(-3))
    lines.push(`${sessionName(row)} ${why(row)}`);
  const most = (pick) => rows.length < 2 ? void 0 : rows.reduce((best, r) => {
    const v = pick(r);
    return v !== null && v > 0 && (best === void 0 || v > pick(best)) ? r : best;
  }, void 0);
  const turns = most((r) => r.turns);
  if (turns !== void 0) lines.push(`${sessionName(turns)} most turns: ${turns.turns}`);
  const cost = most((r) => r.cost_usd);
  if (cost !== void 0)
    lines.push(
      `${sessionName(cost)} most cost: ${usd(cost.cost_usd)}` + (cost.duration_secs === null ? "" : ` in ${duration(cost.duration_secs)}`)
    );
  return lines;
}
function renderBrief(input) {
  const { rows, rules } = input;
  if (rows.length === 0 && input.open.length === 0) return "";
  const out = [];
  if (rows.length > 0) {
    const last = rows[rows.length - 1];
    out.push(
      `## PERFORMANCE BRIEF (last ${rows.length} session${rows.length === 1 ? "" : "s"}, newest ${sessionName(last)})`
    );
    const results = evaluateTargets(rules, rows);
    if (results.length > 0) {
      out.push("", "Targets:");
      for (const r of results) {
        const { label } = METRIC_INFO[r.rule.metric];
        const value = r.value === null ? "not available" : formatMetric(r.rule.metric, r.value);
        const verdict = r.status === "pass" ? "OK" : r.status === "miss" ? "MISS" : "-";
        out.push(`  ${label}: ${value} (target ${formatRule(r.rule)}) ${verdict}`);
      }
      const warnings = rules.flatMap((rule) => {
        const streak = missStreak(rule, rows);
        return streak >= STREAK ? [
          `WARNING: ${METRIC_INFO[rule.metric].label.toLowerCase()} missed its target (${formatRule(rule)}) in each of the last ${streak} sessions.`
        ] : [];
      });
      const misses = results.filter((r) => r.status === "miss").length;
      if (warnings.length > 0) out.push("", ...warnings);
      else if (misses === 0 && results.some((r) => r.status === "pass")) out.push("All targets met.");
    }
    if (rows.length >= 2) {
      const trends = TARGET_METRICS.flatMap((metric) => {
        const values = rows.map((r) => sessionValue(metric, r));
        const dir = trendDirection(values, METRIC_INFO[metric].good);
        return dir === null ? [] : [[metric, values, dir]];
      }).filter(([metric]) => metric !== "duration_secs" && metric !== "tool_calls_per_session");
      if (trends.length > 0) {
        out.push("", "Trends (oldest to newest):");
        const width = Math.max(...trends.map(([m]) => METRIC_INFO[m].label.length));
        for (const [metric, values, dir] of trends)
          out.push(`  ${METRIC_INFO[metric].label.padEnd(width)}  ${sparkline(values)}  ${dir}`);
      }
    }
    const worst = worstSessions(rows);
    if (worst.length > 0) out.push("", "Worst sessions:", ...worst.map((l) => `  ${l}`));
  }
  if (input.open.length > 0) {
    if (out.length > 0) out.push("");
    const shown = [...input.open].sort((a, b) => severityRank(a.severity) - severityRank(b.severity)).slice(0, BRIEF_IMPROVEMENTS);
    out.push(`## OPEN IMPROVEMENTS (${input.open.length} of ${input.improvementsTotal})`, "");
    for (const i of shown) out.push(`${i.ref} [${i.category}/${i.severity}] ${i.title}`);
    if (input.open.length > shown.length) out.push(`... and ${input.open.length - shown.length} more`);
  }
  return out.join("\n");
}

const SEVERITIES = ["low", "medium", "high", "critical"];
function renderImprovements(rows) {
  return table(
    ["Ref", "Status", "Severity", "Category", "Created", "Title"],
    rows.map((r) => [
      r.ref,
      r.status,
      r.severity,
      r.category,
      r.created.slice(0, 10),
      r.impact === null || r.impact === "" ? r.title : `${r.title} (impact: ${r.impact})`
    ]),
    6
  ).join("\n");
}

function ingestContext(config, cwd, dedupeContent) {
  const paths = resolvePaths(config, cwd);
  return {
    config,
    dedupeContent,
    reconcile: {
      eventLog: paths.eventLog,
      outputDir: paths.outputDir,
      prefix: paths.outputPrefix,
      format: config.agent.format,
      extract: extractOptions(config)
    },
    pending: null
  };
}
const reason = (error) => {
  const e = error;
  if (e.code === "ENOENT") return "no such file";
  if (e.code === "EACCES") return "permission denied";
  if (e.code === "EISDIR") return "is a directory";
  return e.message;
};
const slotOf = (entry) => entry.kind === "cut_short" ? transcriptSlot(entry.file.global, entry.file.path) : transcriptSlot(entry.event.global, entry.event.output_file);
async function pendingFor(store, context, path) {
  const global = sessionNumberOf(basename(path));
  if (global === null) return null;
  context.pending ??= new Map(
    (await pendingSessions(store, context.reconcile)).map((entry2) => [slotOf(entry2), entry2])
  );
  const slot = transcriptSlot(global, path);
  const entry = context.pending.get(slot) ?? null;
  if (entry !== null) context.pending.delete(slot);
  return entry;
}
async function ingestOne(store, context, path, shown) {
  const name = transcriptName(path);
  let mtimeMs;
  let facts;
  try {
    const info = await stat(path);
    if (info.isDirectory()) return { file: shown, kind: "error", message: "is a directory" };
    mtimeMs = info.mtimeMs;
    if (info.size > 0 && store.knowsTranscriptName(name)) {
      const sha256 = await sha256File(path, decompressorFor(path));
      if (store.isRecordedAs(sha256, name)) return { file: shown, kind: "already" };
    }
    const entry = await pendingFor(store, context, path);
    if (entry !== null) {
      const pending = await pendingFacts(entry, context.reconcile, "ingest");
      const outcome2 = store.record(pending.facts, "ingest", { ...pending.transcript, tags: [entry.kind] });
      return outcome2 === "already" ? { file: shown, kind: "already" } : { file: shown, kind: "recorded", facts: pending.facts };
    }
    facts = await extractTranscript(path, context.reconcile.extract);
  } catch (error) {
    return { file: shown, kind: "error", message: reason(error) };
  }
  if (facts.sha256 === null || facts.bytes === 0) return { file: shown, kind: "skipped" };
  if (store.isRecordedAs(facts.sha256, name)) return { file: shown, kind: "already" };
  if (context.dedupeContent) {
    const same = store.recordedContent(facts.sha256);
    if (same !== null) return { file: shown, kind: "already", sameAs: same };
  }
  const session = ingestFacts({ ...facts, sha256: facts.sha256 }, { path, name: basename(path), mtimeMs });
  const state = compressionOf(path) ?? "plain";
  const outcome = store.record(session, "ingest", { path, bytes: facts.bytes, state });
  return outcome === "already" ? { file: shown, kind: "already" } : { file: shown, kind: "recorded", facts: session };
}

const COMMON_OPTIONS = {
  db: { type: "string" },
  config: { type: "string", short: "c" },
  help: { type: "boolean", short: "h" }
};
function parseFlags(command, argv, options) {
  try {
    const parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: { ...COMMON_OPTIONS, ...options }
    });
    return { values: parsed.values, positionals: parsed.positionals };
  } catch (error) {
    throw new UsageError(`${command}: ${error.message}
Run agent-harness ${command} --help.`);
  }
}
const str = (value) => typeof value === "string" ? value : void 0;
function lastOf(command, values, fallback) {
  const text = str(values["last"]);
  if (text === void 0) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`${command} --last: expected a positive integer, found ${JSON.stringify(text)}`);
  return n;
}
function intOf(command, values, flag) {
  const text = str(values[flag]);
  if (text === void 0) return void 0;
  const n = Number(text);
  if (text.trim() === "" || !Number.isInteger(n) || n < 0)
    throw new UsageError(`${command} --${flag}: expected a whole number, found ${JSON.stringify(text)}`);
  return n;
}
async function history(io, values) {
  const configPath = str(values["config"]);
  const loaded = await loadConfig({ cwd: io.cwd, ...configPath !== void 0 ? { configPath } : {} });
  const dbShown = str(values["db"]) ?? loaded.config.metrics.database;
  return {
    config: loaded.config,
    db: resolve(io.cwd, dbShown),
    dbShown,
    rules: targetRules(loaded.config.metrics.targets),
    notify: io.err
  };
}
function openForRead(h) {
  return existsSync(h.db) ? noted(h, MetricsStore.open(h.db, { readonly: true })) : null;
}
function noted(h, store) {
  for (const note of store.notes) h.notify(`agent-harness: ${note}`);
  return store;
}
function openForWrite(h) {
  mkdirSync(dirname(h.db), { recursive: true });
  return noted(h, MetricsStore.open(h.db));
}
async function withStore(store, use) {
  try {
    return await use(store);
  } finally {
    store.close();
  }
}
const noHistory = (h) => `No sessions recorded yet (no metrics database at ${h.dbShown}).`;

const IMPROVEMENT_USAGE = `Usage: agent-harness improvement <command> [--db PATH] [-c CONFIG]

  add ["<title>"] [--title T] [--severity low|medium|high|critical] [--category C] [--desc D] [--rec R]
      [--tags a,b] [--status S]        record one; it gets the next ref (R1, R2, ...)
  list [--status S]                    all improvements, or those with status S (open, fixed, ...)
  fix <REF> [--impact "<what changed>"]
                                       mark one fixed, with its measured impact
  search <text>                        those whose ref, title, description, recommendation or tags contain it`;
async function improvementCommand(argv, io) {
  const [sub, ...rest] = argv;
  switch (sub) {
    case "--help":
    case "-h":
    case "help":
      io.out(IMPROVEMENT_USAGE);
      return EXIT.ok;
    case "add":
      return add(rest, io);
    case "list":
      return list(rest, io);
    case "fix":
      return fix(rest, io);
    case "search":
      return search(rest, io);
    default:
      throw new UsageError(
        `${sub === void 0 ? "missing improvement command" : `unknown improvement command "${sub}"`}
${IMPROVEMENT_USAGE}`
      );
  }
}
async function add(argv, io) {
  const { values, positionals } = parseFlags("improvement add", argv, {
    title: { type: "string" },
    severity: { type: "string" },
    category: { type: "string" },
    desc: { type: "string" },
    description: { type: "string" },
    rec: { type: "string" },
    recommendation: { type: "string" },
    tags: { type: "string" },
    status: { type: "string" }
  });
  if (values["help"] === true) return io.out(IMPROVEMENT_USAGE), EXIT.ok;
  const title = (str(values["title"]) ?? positionals.join(" ")).trim();
  if (title === "")
    throw new UsageError(
      'improvement add: expected a title, e.g. improvement add --title "Batch file reads"'
    );
  if (str(values["title"]) !== void 0 && positionals.length > 0)
    throw new UsageError(`improvement add: a title both as --title and as "${positionals.join(" ")}"`);
  const severity = str(values["severity"]) ?? "medium";
  if (!SEVERITIES.includes(severity))
    throw new UsageError(
      `improvement add --severity: expected one of ${SEVERITIES.join(", ")}, found ${JSON.stringify(severity)}`
    );
  const h = await history(io, values);
  await withStore(openForWrite(h), (store) => {
    const added = store.improvements.add({
      title,
      severity,
      category: str(values["category"]) ?? "general",
      description: str(values["desc"]) ?? str(values["description"]) ?? null,
      recommendation: str(values["rec"]) ?? str(values["recommendation"]) ?? null,
      tags: str(values["tags"]) ?? null,
      ...str(values["status"]) !== void 0 ? { status: str(values["status"]) } : {}
    });
    io.out(`Added ${added.ref} [${added.category}/${added.severity}] ${added.title}`);
  });
  return EXIT.ok;
}
async function list(argv, io) {
  const { values, positionals } = parseFlags("improvement list", argv, { status: { type: "string" } });
  if (values["help"] === true) return io.out(IMPROVEMENT_USAGE), EXIT.ok;
  if (positionals.length > 0)
    throw new UsageError(`improvement list: unexpected argument "${positionals[0]}"`);
  const status = str(values["status"]);
  const h = await history(io, values);
  const store = openForRead(h);
  const none = status === void 0 ? "No improvements recorded." : `No ${status} improvements.`;
  if (store === null) return io.out(none), EXIT.ok;
  await withStore(store, (s) => {
    const rows = s.improvements.list(status);
    io.out(rows.length === 0 ? none : renderImprovements(rows));
  });
  return EXIT.ok;
}
async function fix(argv, io) {
  const { values, positionals } = parseFlags("improvement fix", argv, { impact: { type: "string" } });
  if (values["help"] === true) return io.out(IMPROVEMENT_USAGE), EXIT.ok;
  if (positionals.length !== 1)
    throw new UsageError('improvement fix: expected one ref, e.g. improvement fix R3 --impact "turns -20%"');
  const ref = positionals[0].toUpperCase();
  const h = await history(io, values);
  await withStore(openForWrite(h), (store) => {
    const fixed = store.improvements.fix(ref, str(values["impact"]));
    io.out(`Fixed ${fixed.ref}: ${fixed.title}${fixed.impact === null ? "" : ` (impact: ${fixed.impact})`}`);
  });
  return EXIT.ok;
}
async function search(argv, io) {
  const { values, positionals } = parseFlags("improvement search", argv, {});
  if (values["help"] === true) return io.out(IMPROVEMENT_USAGE), EXIT.ok;
  const text = positionals.join(" ").trim();
  if (text === "")
    throw new UsageError("improvement search: expected some text, e.g. improvement search lint");
  const h = await history(io, values);
  const store = openForRead(h);
  const none = `No improvements match "${text}".`;
  if (store === null) return io.out(none), EXIT.ok;
  await withStore(store, (s) => {
    const rows = s.improvements.search(text);
    io.out(rows.length === 0 ? none : renderImprovements(rows));
  });
  return EXIT.ok;
}

const VERDICT = { improving: "better", worse: "worse", flat: "same" };
function renderAnalyze(rows, n, rules) {
  if (rows.length === 0) return "No sessions recorded yet.";
  const recent = rows.slice(-n);
  const previous = rows.slice(0, Math.max(0, rows.length - recent.length)).slice(-n);
  const body = TARGET_METRICS.map((metric) => {
    const info = METRIC_INFO[metric];
    const before = previous.length === 0 ? null : metricValue(metric, previous);
    const after = metricValue(metric, recent);
    const cell = (v) => v === null ? "n/a" : formatMetric(metric, v);
    let change = "";
    let verdict = "n/a";
    if (before !== null && after !== null) {
      const delta = after - before;
      const rel = before === 0 ? "" : ` (${delta >= 0 ? "+" : ""}${Math.round(delta / Math.abs(before) * 100)}%)`;
      change = `${delta >= 0 ? "+" : "-"}${formatMetric(metric, Math.abs(delta))}${rel}`;
      verdict = VERDICT[direction(before, after, info.good)];
    }
    return [info.label, cell(before), cell(after), change, verdict];
  });
  const lines = [
    previous.length === 0 ? `Last ${recent.length} sessions (no earlier sessions to compare with)` : `Last ${recent.length} sessions against the ${previous.length} before them`,
    "",
    ...table(["Metric", "Previous", "Recent", "Change", "Verdict"], body)
  ];
  const results = evaluateTargets(rules, recent);
  if (results.length > 0)
    lines.push("", `Targets (last ${recent.length}):`, ...targetLines(results).map((l) => `  ${l}`));
  return lines.join("\n");
}

function csvField(value) {
  if (value === null || value === void 0) return "";
  let text;
  if (typeof value === "string") text = value;
  else if (typeof value === "number" || typeof value === "boolean") text = String(value);
  else text = JSON.stringify(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
function exportCsv(rows) {
  const lines = [SESSION_COLUMNS.join(",")];
  for (const row of rows) lines.push(SESSION_COLUMNS.map((c) => csvField(row[c])).join(","));
  return `${lines.join("\r\n")}\r
`;
}
function exportJson(rows) {
  return JSON.stringify(
    rows.map((row) => Object.fromEntries(SESSION_COLUMNS.map((c) => [c, row[c] ?? null]))),
    null,
    2
  );
}

const show = (value) => value === null || value === void 0 ? "-" : typeof value === "string" ? value : JSON.stringify(value);
const numeric = (value) => typeof value === "number" ? value : typeof value === "boolean" ? value ? 1 : 0 : null;
const name = (p) => p.global !== null ? `#${p.global}` : p.session.replace(/^sha256:/, "").slice(0, 8);
function renderQuery(kind, points, aggregate) {
  if (points.length === 0) return `No values of ${kind} recorded.`;
  const values = points.map((p) => numeric(p.value));
  const present = values.filter((v) => v !== null);
  if (aggregate === "avg") {
    if (present.length === 0) return `${kind}: no numeric values in ${points.length} sessions`;
    const avg = present.reduce((a, b) => a + b, 0) / present.length;
    return `${kind}: avg ${Number(avg.toFixed(4))} over ${present.length} of ${points.length} sessions`;
  }
  if (aggregate === "trend") {
    if (present.length === 0) return `${kind}: no numeric values in ${points.length} sessions`;
    return `${kind}: ${sparkline(values)}  ${show(present[0])} -> ${show(present[present.length - 1])} (min ${Math.min(...present)}, max ${Math.max(...present)}, ${points.length} sessions)`;
  }
  return table(
    ["Session", "When (UTC)", "Value"],
    points.map((p) => [name(p), when(p.ended_at), show(p.value)]),
    2
  ).join("\n");
}

function aggregate(values) {
  const present = values.filter((v) => v !== null);
  const sum = present.reduce((a, b) => a + b, 0);
  return { count: present.length, sum, avg: present.length === 0 ? null : sum / present.length };
}
function summarize(rows) {
  const outcomes = /* @__PURE__ */ new Map();
  for (const row of rows) {
    const outcome = row.outcome ?? "unknown";
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  }
  return {
    sessions: rows.length,
    committed: rows.filter((r) => r.committed === true).length,
    committedKnown: rows.filter((r) => r.committed !== null).length,
    outcomes: [...outcomes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
    turns: aggregate(rows.map((r) => r.turns)),
    toolCalls: aggregate(rows.map((r) => r.tool_calls)),
    tokens: aggregate(rows.map(sessionTokens)),
    cost: aggregate(rows.map((r) => r.cost_usd)),
    duration: aggregate(rows.map((r) => r.duration_secs))
  };
}

const DASH = "-";
const pct = (part, whole) => part === null || whole === null || whole === 0 ? DASH : `${Math.round(part / whole * 100)}%`;
const opt = (n, f) => n === null ? DASH : f(n);
const committedCell = (c) => c === null ? DASH : c ? "yes" : "no";
const STATUS_HEADER = [
  "Session",
  "When (UTC)",
  "Outcome",
  "Turns",
  "Narr",
  "Par",
  "Tools",
  "Tokens",
  "Cost",
  "Duration",
  "Commit"
];
function statusRow(row) {
  return [
    sessionName(row),
    when(row.ended_at),
    row.outcome ?? DASH,
    opt(row.turns, String),
    pct(row.narration_turns, row.turns),
    pct(row.parallel_turns, row.turns),
    opt(row.tool_calls, String),
    opt(sessionTokens(row), compact),
    opt(row.cost_usd, usd),
    opt(row.duration_secs, duration),
    committedCell(row.committed)
  ];
}
const avgOf = (a, f) => a.avg === null ? "n/a" : f(a.avg);
const sumOf = (a, f) => a.count === 0 ? "n/a" : f(a.sum);
const rate = (part, whole) => whole === 0 ? "" : ` (${Math.round(part / whole * 100)}%)`;
function renderStatus(rows, all, targets) {
  if (rows.length === 0) return "No sessions recorded yet.";
  const s = summarize(rows);
  const total = all.sessions;
  const lines = [
    `Last ${rows.length} of ${total} session${total === 1 ? "" : "s"} (oldest first)`,
    "",
    ...table(STATUS_HEADER, rows.map(statusRow), 3),
    "",
    `Averages: turns ${avgOf(s.turns, num)}, tool calls ${avgOf(s.toolCalls, num)}, tokens ${avgOf(s.tokens, (n) => compact(Math.round(n)))}, cost ${avgOf(s.cost, usd)}, duration ${avgOf(s.duration, duration)}`,
    `Totals: ${s.sessions} session${s.sessions === 1 ? "" : "s"}, ${s.committed} committed${rate(s.committed, s.committedKnown)}, tokens ${sumOf(s.tokens, compact)}, cost ${sumOf(s.cost, usd)}, duration ${sumOf(s.duration, duration)}`,
    `Outcomes: ${s.outcomes.map(([o, n]) => `${o} ${n}`).join(", ")}`
  ];
  if (total > rows.length) {
    const sum = (v, f) => v === null ? "n/a" : f(v);
    lines.push(
      `All time: ${total} sessions, ${all.committed} committed${rate(all.committed, all.commit_known)}, tokens ${sum(all.tokens.sum, compact)}, cost ${sum(all.cost_usd.sum, usd)}, duration ${sum(all.duration_secs.sum, duration)}`
    );
  }
  if (targets.length > 0) lines.push("", "Targets:", ...targetLines(targets).map((l) => `  ${l}`));
  return lines.join("\n");
}

const METRICS_USAGE = `Usage: agent-harness metrics <command> [--db PATH] [-c CONFIG]

  status [--last N]                    the last N sessions (default 10): a table, averages, totals, targets
  targets [--last N]                   each target over the last N sessions (default 10): ok, MISS or not available
  query <kind> [--last N] [--aggregate avg|trend]
                                       one event kind's values per session (kinds: turns.total, cost.usd, ...)
  export [--format json|csv]           every session row (default json) on stdout
  ingest [--dedupe-content] FILE...    record transcripts (.jsonl, .jsonl.gz, .jsonl.zst; any agent format);
                                       a transcript already recorded (same name and content) is not counted
                                       twice; --dedupe-content: nor one whose content is recorded under any name
  rebuild                              re-extract each session from its transcript (when it still exists) and
                                       derive the sessions table again from the events
  migrate --from PATH                  import the bash loop's tools/self-improvement.db (sessions, improvements)

  --db PATH       the database (default: metrics.database, harness-metrics.db)
  -c, --config    the config file (default: harness.yml, harness.yaml or harness.toml here)

Exit codes: 0 done; 1 a transcript could not be read (the others are still recorded); 2 usage;
15 the database cannot be used (unreadable, corrupt, not a metrics database, or newer than this agent-harness).
See docs/metrics.md.`;
const QUERY_AGGREGATES = ["avg", "trend"];
const FORMATS = ["json", "csv"];
async function metricsCommand(argv, io) {
  const [sub, ...rest] = argv;
  switch (sub) {
    case void 0:
      throw new UsageError(`missing metrics command
${METRICS_USAGE}`);
    case "--help":
    case "-h":
    case "help":
      io.out(METRICS_USAGE);
      return EXIT.ok;
    case "status":
      return status("metrics status", rest, io, 10);
    case "targets":
      return targets("metrics targets", rest, io, 10);
    case "query":
      return query(rest, io);
    case "export":
      return exportRows(rest, io);
    case "ingest":
      return ingest(rest, io);
    case "rebuild":
      return rebuild(rest, io);
    case "migrate":
      return migrate(rest, io);
    default:
      throw new UsageError(`unknown metrics command "${sub}"
${METRICS_USAGE}`);
  }
}
function helpOr(values, io, usage) {
  if (values["help"] === true) io.out(usage);
  return values["help"] === true;
}
async function reading(h, io, use) {
  const store = openForRead(h);
  if (store === null) {
    io.out(noHistory(h));
    return EXIT.ok;
  }
  await withStore(store, use);
  return EXIT.ok;
}
async function windowed(command, argv, io, fallback, body) {
  const { values, positionals } = parseFlags(command, argv, { last: { type: "string" } });
  if (helpOr(values, io, METRICS_USAGE)) return EXIT.ok;
  noPositionals(command, positionals);
  const n = lastOf(command, values, fallback);
  const h = await history(io, values);
  return reading(h, io, (store) => body(store, n, h));
}
function status(command, argv, io, fallback) {
  return windowed(command, argv, io, fallback, (store, n, h) => {
    const rows = store.lastSessions(n);
    io.out(renderStatus(rows, store.allTime(), evaluateTargets(h.rules, rows)));
  });
}
function targets(command, argv, io, fallback) {
  return windowed(command, argv, io, fallback, (store, n, h) => {
    const rows = store.lastSessions(n);
    if (rows.length === 0) return io.out("No sessions recorded yet.");
    if (h.rules.length === 0) return io.out('Every target is "off" ([metrics.targets]).');
    const results = evaluateTargets(h.rules, rows);
    const count = (s) => results.filter((r) => r.status === s).length;
    io.out(
      [
        `Targets over the last ${rows.length} session${rows.length === 1 ? "" : "s"} (${sessionName(rows[0])} to ${sessionName(rows[rows.length - 1])}):`,
        "",
        ...targetLines(results).map((l) => `  ${l}`),
        "",
        `${count("pass")} ok, ${count("miss")} missed, ${count("not available")} not available`
      ].join("\n")
    );
  });
}
function analyze(command, argv, io, fallback) {
  return windowed(
    command,
    argv,
    io,
    fallback,
    (store, n, h) => io.out(renderAnalyze(store.lastSessions(2 * n), n, h.rules))
  );
}
async function query(argv, io) {
  const { values, positionals } = parseFlags("metrics query", argv, {
    last: { type: "string" },
    aggregate: { type: "string" }
  });
  if (helpOr(values, io, METRICS_USAGE)) return EXIT.ok;
  const [kind, ...extra] = positionals;
  if (kind === void 0 || extra.length > 0)
    throw new UsageError(`metrics query: expected one event kind, one of: ${KIND_NAMES.join(", ")}`);
  if (!KIND_NAMES.includes(kind))
    throw new UsageError(`metrics query: unknown kind "${kind}"; the kinds are: ${KIND_NAMES.join(", ")}`);
  const aggregate = str(values["aggregate"]);
  if (aggregate !== void 0 && !QUERY_AGGREGATES.includes(aggregate))
    throw new UsageError(
      `metrics query --aggregate: expected avg or trend, found ${JSON.stringify(aggregate)}`
    );
  const n = values["last"] === void 0 ? null : lastOf("metrics query", values, 0);
  const h = await history(io, values);
  return reading(
    h,
    io,
    (store) => io.out(
      renderQuery(kind, store.query(kind, n), aggregate)
    )
  );
}
async function exportRows(argv, io) {
  const { values, positionals } = parseFlags("metrics export", argv, { format: { type: "string" } });
  if (helpOr(values, io, METRICS_USAGE)) return EXIT.ok;
  noPositionals("metrics export", positionals);
  const format = str(values["format"]) ?? "json";
  if (!FORMATS.includes(format))
    throw new UsageError(`metrics export --format: expected json or csv, found ${JSON.stringify(format)}`);
  const h = await history(io, values);
  const store = openForRead(h);
  if (store === null) {
    io.out(format === "csv" ? exportCsv([]).trimEnd() : "[]");
    return EXIT.ok;
  }
  await withStore(store, (s) => {
    const rows = [...s.sessions()];
    io.out(format === "csv" ? exportCsv(rows).replace(/\r\n$/, "") : exportJson(rows));
  });
  return EXIT.ok;
}
async function ingestFiles(h, io, files, summary, options = {}) {
  const results = [];
  const context = ingestContext(h.config, io.cwd, options.dedupeContent === true);
  await withStore(openForWrite(h), async (store) => {
    for (const file of files) {
      const result = await ingestOne(store, context, file.path, file.shown);
      results.push(result);
      if (result.kind === "error") io.err(ingestLine(result));
      else io.out(ingestLine(result));
    }
  });
  if (summary) io.out(ingestSummary(results));
  return results.some((r) => r.kind === "error") ? EXIT.failure : EXIT.ok;
}
async function ingest(argv, io) {
  const { values, positionals } = parseFlags("metrics ingest", argv, {
    "dedupe-content": { type: "boolean" }
  });
  if (helpOr(values, io, METRICS_USAGE)) return EXIT.ok;
  if (positionals.length === 0)
    throw new UsageError(
      "metrics ingest: expected one or more transcript files, e.g. claude-iteration-*.jsonl"
    );
  const h = await history(io, values);
  const files = positionals.map((p) => ({ path: resolve(io.cwd, p), shown: p }));
  return ingestFiles(h, io, files, files.length > 1, { dedupeContent: values["dedupe-content"] === true });
}
async function rebuild(argv, io) {
  const { values, positionals } = parseFlags("metrics rebuild", argv, {});
  if (helpOr(values, io, METRICS_USAGE)) return EXIT.ok;
  noPositionals("metrics rebuild", positionals);
  const h = await history(io, values);
  if (!existsSync(h.db)) {
    io.out(noHistory(h));
    return EXIT.ok;
  }
  const options = extractOptions(h.config);
  await withStore(openForWrite(h), async (store) => {
    const where = /* @__PURE__ */ new Map();
    for (const t of store.transcripts())
      if (t.state !== "deleted") where.set(t.session, [...where.get(t.session) ?? [], t.path]);
    const reextract = async (row) => {
      const candidates = [
        ...where.get(row.key) ?? [],
        ...row.transcript === null ? [] : [row.transcript, `${row.transcript}.zst`, `${row.transcript}.gz`]
      ].map((p) => resolve(io.cwd, p));
      const path = candidates.find((p) => existsSync(p));
      if (path === void 0) return null;
      try {
        return rebuildFacts(row, await extractTranscript(path, options));
      } catch (error) {
        io.err(`agent-harness: cannot re-read ${relative(io.cwd, path)}: ${error.message}`);
        return null;
      }
    };
    const result = await store.rebuild(reextract);
    io.out(
      `Rebuilt ${result.sessions} session${result.sessions === 1 ? "" : "s"} from the events (${result.reextracted} re-extracted from their transcripts).`
    );
  });
  return EXIT.ok;
}
async function migrate(argv, io) {
  const { values, positionals } = parseFlags("metrics migrate", argv, { from: { type: "string" } });
  if (helpOr(values, io, METRICS_USAGE)) return EXIT.ok;
  noPositionals("metrics migrate", positionals);
  const from = str(values["from"]);
  if (from === void 0)
    throw new UsageError("metrics migrate: expected --from PATH, e.g. --from tools/self-improvement.db");
  const source = resolve(io.cwd, from);
  if (!existsSync(source)) throw new UsageError(`metrics migrate: ${from} does not exist`);
  const h = await history(io, values);
  await withStore(openForWrite(h), (store) => {
    const r = store.importSelfImprovement(source);
    io.out(
      `Imported ${r.sessions} session${r.sessions === 1 ? "" : "s"} and ${r.improvements} improvement${r.improvements === 1 ? "" : "s"} from ${from} into ${h.dbShown} (${r.skipped} already there).`
    );
  });
  return EXIT.ok;
}
function noPositionals(command, positionals) {
  if (positionals.length > 0) throw new UsageError(`${command}: unexpected argument "${positionals[0]}"`);
}

const HISTORY_COMMANDS = ["metrics", "improvement", "brief", "self-improvement"];
const BRIEF_USAGE = `Usage: agent-harness brief [--last N] [--db PATH] [-c CONFIG]

A short performance brief over the last N sessions (default 5) for prompt.prepend_commands: targets (a miss in
each of the last 3 sessions is a WARNING), trends, the worst sessions and why, open improvements. Prints nothing
at all when there is no history yet.`;
const SELF_IMPROVEMENT_USAGE = `Usage: agent-harness self-improvement [--db PATH] <command>

The bash loop's tools/self-improvement command lines, answered from the metrics database:
  log <file>                                   = metrics ingest <file>
  backfill [--from N] [--to N] [--sessions-dir D]
                                               ingest <prefix>-N.jsonl[.gz|.zst] (or N.jsonl) in D
                                               (default session.output_dir) with N in range
  status [--last N]                            = metrics status
  analyze [--last N]                           the last N sessions (default 10) against the N before
  targets [--last N]                           = metrics targets (default the last 5)
  brief [--last N]                             = brief
  improvement add|list|fix|search ...          = improvement ...
--db PATH selects the database (default: metrics.database, harness-metrics.db).`;
async function historyCommand(command, argv, io) {
  switch (command) {
    case "metrics":
      return metricsCommand(argv, io);
    case "improvement":
      return improvementCommand(argv, io);
    case "brief":
      return brief(argv, io);
    case "self-improvement":
      return selfImprovement(argv, io);
  }
}
async function brief(argv, io) {
  const { values, positionals } = parseFlags("brief", argv, { last: { type: "string" } });
  if (values["help"] === true) return io.out(BRIEF_USAGE), EXIT.ok;
  if (positionals.length > 0) throw new UsageError(`brief: unexpected argument "${positionals[0]}"`);
  const n = lastOf("brief", values, 5);
  const h = await history(io, values);
  const store = openForRead(h);
  if (store === null) return EXIT.ok;
  await withStore(store, (s) => {
    const all = s.improvements.list();
    const text = renderBrief({
      rows: s.lastSessions(n),
      rules: h.rules,
      open: all.filter((i) => i.status === "open"),
      improvementsTotal: all.length
    });
    if (text !== "") io.out(text);
  });
  return EXIT.ok;
}
function takeDb(argv) {
  const rest = [];
  const db = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--db" && i + 1 < argv.length) db.push("--db", argv[++i]);
    else if (arg.startsWith("--db=")) db.push("--db", arg.slice("--db=".length));
    else rest.push(arg);
  }
  return { db: db.slice(-2), rest };
}
async function selfImprovement(argv, io) {
  const { db, rest } = takeDb(argv);
  const [sub, ...args] = rest;
  const withDb = [...args, ...db];
  switch (sub) {
    case void 0:
      throw new UsageError(`missing self-improvement command
${SELF_IMPROVEMENT_USAGE}`);
    case "--help":
    case "-h":
    case "help":
      io.out(SELF_IMPROVEMENT_USAGE);
      return EXIT.ok;
    case "log":
      return log(withDb, io);
    case "backfill":
      return backfill(withDb, io);
    case "status":
      return status("self-improvement status", withDb, io, 10);
    case "analyze":
      return analyze("self-improvement analyze", withDb, io, 10);
    case "targets":
      return targets("self-improvement targets", withDb, io, 5);
    case "brief":
      return brief(withDb, io);
    case "improvement":
      return improvementCommand(withDb, io);
    case "seed":
      throw new UsageError(
        "self-improvement seed: import the old database instead: agent-harness metrics migrate --from tools/self-improvement.db"
      );
    default:
      throw new UsageError(`unknown self-improvement command "${sub}"
${SELF_IMPROVEMENT_USAGE}`);
  }
}
async function log(argv, io) {
  const { values, positionals } = parseFlags("self-improvement log", argv, {});
  if (values["help"] === true) return io.out(SELF_IMPROVEMENT_USAGE), EXIT.ok;
  if (positionals.length !== 1)
    throw new UsageError(
      "self-improvement log: expected one transcript file, e.g. log claude-iteration-3.jsonl"
    );
  const h = await history(io, values);
  return ingestFiles(h, io, [{ path: resolve(io.cwd, positionals[0]), shown: positionals[0] }], false);
}
async function backfill(argv, io) {
  const { values, positionals } = parseFlags("self-improvement backfill", argv, {
    from: { type: "string" },
    to: { type: "string" },
    "sessions-dir": { type: "string" }
  });
  if (values["help"] === true) return io.out(SELF_IMPROVEMENT_USAGE), EXIT.ok;
  if (positionals.length > 0)
    throw new UsageError(`self-improvement backfill: unexpected argument "${positionals[0]}"`);
  const from = intOf("self-improvement backfill", values, "from");
  const to = intOf("self-improvement backfill", values, "to");
  const h = await history(io, values);
  const dir = resolve(io.cwd, str(values["sessions-dir"]) ?? h.config.session.output_dir);
  let names;
  try {
    names = await readdir(dir);
  } catch {
    io.err(`agent-harness: sessions directory not found: ${relative(io.cwd, dir) || "."}`);
    return EXIT.failure;
  }
  const files = names.map((name) => ({ name, n: transcriptNumber(name, h.config.session.output_prefix) })).filter((f) => f.n !== null && inRange(f.n, from, to)).sort((a, b) => a.n - b.n || a.name.localeCompare(b.name)).map((f) => {
    const path = join(dir, f.name);
    return { path, shown: relative(io.cwd, path) };
  });
  if (files.length === 0) {
    io.out(`No session files found in ${relative(io.cwd, dir) || "."}`);
    return EXIT.ok;
  }
  return ingestFiles(h, io, files, true);
}

const SERVER_TEXT_CHARS = 300;
function parseRetryAfter(value, nowMs) {
  if (value === null || value === void 0) return null;
  const text = value.trim();
  if (text === "") return null;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1e3);
  if (/^\d/.test(text) || !/[a-z]/i.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}
function retryAfterMs(headers, nowMs) {
  const ms = headers.get("retry-after-ms")?.trim();
  if (ms !== void 0 && /^\d+(\.\d+)?$/.test(ms)) return Math.round(Number(ms));
  return parseRetryAfter(headers.get("retry-after"), nowMs);
}
function shorten(text, secrets = [], max = SERVER_TEXT_CHARS) {
  let clean = text;
  for (const secret of secrets) if (secret.length > 0) clean = clean.split(secret).join("***");
  clean = clean.replace(/\s+/g, " ").trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}\u2026` : clean;
}
function serverError(body) {
  let parsed;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { text: body, code: null };
  }
  if (parsed !== null && typeof parsed === "object" && "error" in parsed) {
    const error = parsed.error;
    if (typeof error === "string") return { text: error, code: null };
    if (error !== null && typeof error === "object") {
      const { message, code, type } = error;
      const words = typeof message === "string" ? message : JSON.stringify(error);
      const codeText = typeof code === "string" || typeof code === "number" ? String(code) : null;
      return { text: words, code: codeText ?? (typeof type === "string" ? type : null) };
    }
  }
  if (parsed !== null && typeof parsed === "object" && "message" in parsed) {
    const message = parsed.message;
    if (typeof message === "string") return { text: message, code: null };
  }
  return { text: body, code: null };
}
const isModelNotFound = (status, text, code) => status === 404 && (code === "model_not_found" || /model/i.test(text) && /not found|does not exist/i.test(text));
function httpFailure(input) {
  const { url, status, hints } = input;
  const { text, code } = serverError(input.body);
  const said = shorten(text, input.secrets);
  const answered = `${hints.service} at ${url} answered ${status}${said === "" ? "" : ` (${said})`}`;
  let kind = "http_error";
  let fix;
  let wait = null;
  if (status === 401 || status === 403) {
    kind = "authentication";
    fix = hints.authentication;
  } else if (status === 429) {
    kind = "rate_limited";
    wait = retryAfterMs(input.headers, input.nowMs);
    fix = wait === null ? "it is rate limiting: wait, or lower the request rate" : `it is rate limiting and asks to wait ${Math.ceil(wait / 1e3)} s`;
  } else if (isModelNotFound(status, text, code)) {
    kind = "model_not_found";
    fix = hints.modelNotFound;
  } else if (status === 404) {
    fix = "check llm.base_url: nothing answers at this path";
  } else if (status >= 500) {
    fix = "the server failed: see its log";
  } else {
    fix = "the server refused the request";
  }
  return new LlmError(`${answered}: ${fix}`, kind, status, wait);
}
function describeCause(error) {
  const parts = [];
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = e.code;
    if (typeof code === "string") return e.message.includes(code) ? e.message : `${code}: ${e.message}`;
    if (e.message !== "" && e.message !== "fetch failed") parts.push(e.message);
  }
  return parts[0] ?? (error instanceof Error ? error.message : String(error));
}
async function readCapped(response, limit) {
  if (response.body === null) return "";
  const chunks = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.length;
    if (size > limit) {
      await response.body.cancel().catch(() => void 0);
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}
async function postJson(options) {
  const { url, hints } = options;
  if (options.signal?.aborted) throw new LlmError(`the call to ${url} was cancelled`, "cancelled");
  const timeout = AbortSignal.timeout(Math.max(1, Math.round(options.timeoutMs)));
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...options.headers },
      body: JSON.stringify(options.body),
      signal,
      redirect: "error"
    });
    const text = await readCapped(response, options.maxBodyBytes);
    if (text === null)
      return { status: response.status, headers: response.headers, text: "", overLimit: true };
    return { status: response.status, headers: response.headers, text };
  } catch (error) {
    if (error instanceof LlmError) throw error;
    if (options.signal?.aborted) throw new LlmError(`the call to ${url} was cancelled`, "cancelled");
    if (timeout.aborted)
      throw new LlmError(
        `${hints.service} at ${url} did not answer within ${options.timeoutMs / 1e3} s: raise llm.timeout_secs, or use a smaller or already loaded model`,
        "timeout"
      );
    const cause = shorten(describeCause(error), options.secrets);
    throw new LlmError(
      `cannot reach ${hints.service} at ${url} (${cause}): ${hints.unreachable}`,
      "unreachable"
    );
  }
}
function parseJsonReply(reply, url, hints) {
  try {
    return JSON.parse(reply.text);
  } catch {
    const start = shorten(reply.text, [], 120);
    throw new LlmError(
      `${hints.service} at ${url} answered ${reply.status} with a body that is not JSON${start === "" ? " (empty)" : ` (${start})`}: check that llm.base_url points at ${hints.service}`,
      "bad_response",
      reply.status
    );
  }
}
const tokenCount = (value) => typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null;
const joinUrl = (base, path) => `${base.replace(/\/+$/, "")}${path}`;
const overLongReply = (model) => ({
  text: "",
  usage: NO_USAGE$1,
  model,
  truncated: true
});

const MODEL_PLACEHOLDER = "{model}";
function defaultCommand(platform) {
  return platform === "win32" ? ["wsl", "bash", "-c", `ollama run ${MODEL_PLACEHOLDER}`] : ["ollama", "run", MODEL_PLACEHOLDER];
}
const usesModel = (argv) => argv.some((arg) => arg.includes(MODEL_PLACEHOLDER));
const substituteModel = (argv, model) => argv.map((arg) => arg.split(MODEL_PLACEHOLDER).join(model));
const commandLine = (argv) => argv.map((arg) => arg === "" || /[\s"'\\$`]/.test(arg) ? JSON.stringify(arg) : arg).join(" ");
const DRAIN_MS = 500;
async function runCommand$1(argv, stdin, options) {
  const { clock } = options;
  const grace = options.killGraceMs ?? 2e3;
  const out = [];
  let kept = 0;
  let seen = 0;
  let errTail = "";
  let child;
  try {
    child = options.spawn(argv[0], argv.slice(1), {
      cwd: options.cwd,
      env: withCookie(options.env, options.cookie),
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
      windowsHide: true
    });
  } catch (error) {
    const words = error instanceof Error ? error.message : String(error);
    return {
      outcome: "not_started",
      exitCode: null,
      signal: null,
      stdout: "",
      truncated: false,
      stderrTail: words
    };
  }
  let startError = null;
  const exited = new Promise((resolve) => {
    child.once("error", (error) => {
      startError = error;
      resolve({ code: null, signal: null });
    });
    child.once("exit", (code2, signal2) => resolve({ code: code2, signal: signal2 }));
  });
  const closed = new Promise((resolve) => {
    child.once("close", () => resolve());
    child.once("error", () => resolve());
  });
  child.stdout?.on("data", (chunk) => {
    seen += chunk.length;
    if (kept >= options.maxStdoutBytes) return;
    const part = chunk.subarray(0, options.maxStdoutBytes - kept);
    out.push(part);
    kept += part.length;
  });
  child.stderr?.on("data", (chunk) => {
    errTail = (errTail + chunk.toString("utf8")).slice(-4096);
  });
  child.stdin?.on("error", () => void 0);
  child.stdin?.end(stdin);
  const stopWaiting = new AbortController();
  const onAbort = () => stopWaiting.abort();
  options.signal?.addEventListener("abort", onAbort, { once: true });
  if (options.signal?.aborted) stopWaiting.abort();
  const winner = await Promise.race([
    exited.then(() => "exited"),
    clock.sleep(options.timeoutMs, stopWaiting.signal).then((elapsed) => elapsed ? "timeout" : options.signal?.aborted ? "cancelled" : "exited")
  ]);
  options.signal?.removeEventListener("abort", onAbort);
  stopWaiting.abort();
  const pid = child.pid;
  const endLeftovers = async () => {
    await Promise.all([
      pid === void 0 ? null : terminateGroup(pid, grace, clock),
      options.cookie === void 0 ? null : endCarriers(options.cookie, grace, clock)
    ]);
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  if (winner !== "exited") await endLeftovers();
  const { code, signal } = await exited;
  const drained = new AbortController();
  closed.then(
    () => drained.abort(),
    () => drained.abort()
  );
  await clock.sleep(winner === "exited" ? DRAIN_MS : 0, drained.signal);
  if (winner === "exited" && pid !== void 0) await endLeftovers();
  child.stdout?.destroy();
  child.stderr?.destroy();
  await closed;
  const failed = startError;
  return {
    outcome: failed !== null ? "not_started" : winner,
    exitCode: code,
    signal,
    stdout: Buffer.concat(out).toString("utf8"),
    truncated: seen > kept,
    stderrTail: failed !== null ? failed.message : errTail.trim()
  };
}
const tail = (text) => shorten(text.slice(-600), [], 600);
function commandTransport(options) {
  const line = commandLine(options.argv);
  const seconds = options.timeoutMs / 1e3;
  return {
    provider: "command",
    model: options.model,
    endpoint: line,
    async call(request) {
      if (request.signal?.aborted) throw new LlmError(`llm.command \`${line}\` was cancelled`, "cancelled");
      const started = options.clock.now();
      const run = await runCommand$1(options.argv, renderPrompt(request.messages), {
        ...options,
        maxStdoutBytes: options.maxAnswerBytes + 1,
        signal: request.signal
      });
      if (run.outcome === "not_started")
        throw new LlmError(
          `cannot start llm.command \`${line}\` (${tail(run.stderrTail)}): install ${options.argv[0]} or set llm.command`,
          "command_failed"
        );
      if (run.outcome === "cancelled")
        throw new LlmError(`llm.command \`${line}\` was cancelled (its processes were ended)`, "cancelled");
      if (run.outcome === "timeout")
        throw new LlmError(
          `llm.command \`${line}\` gave no answer within ${seconds} s and was ended: raise llm.timeout_secs, or use a smaller or already loaded model`,
          "timeout"
        );
      if (run.exitCode !== 0) {
        const how = run.exitCode === null ? `was killed by ${run.signal ?? "a signal"}` : `exited with ${run.exitCode}`;
        const said = run.stderrTail === "" ? "nothing on stderr" : tail(run.stderrTail);
        throw new LlmError(`llm.command \`${line}\` ${how} (${said})`, "command_failed");
      }
      return {
        text: run.stdout,
        usage: NO_USAGE$1,
        model: options.model,
        duration_ms: options.clock.now() - started,
        ...run.truncated ? { truncated: true } : {}
      };
    }
  };
}

const maxBodyBytes = (maxAnswerBytes) => maxAnswerBytes * 6 + 64 * 1024;
function httpTransport(wire, options) {
  const url = joinUrl(options.baseUrl, wire.path);
  const hints = wire.hints(options.model, options.apiKeyEnv);
  const secrets = options.apiKey === void 0 ? [] : [options.apiKey];
  const headers = options.apiKey === void 0 ? {} : { authorization: `Bearer ${options.apiKey}` };
  return {
    provider: wire.provider,
    model: options.model,
    endpoint: url,
    async call(request) {
      const started = options.clock.now();
      const reply = await postJson({
        url,
        body: wire.body(options.model, options.temperature, request),
        headers,
        timeoutMs: options.timeoutMs,
        signal: request.signal,
        maxBodyBytes: maxBodyBytes(options.maxAnswerBytes),
        hints,
        secrets
      });
      if (reply.status < 200 || reply.status > 299)
        throw httpFailure({ ...reply, body: reply.text, url, nowMs: options.clock.now(), hints, secrets });
      if (reply.overLimit)
        return { ...overLongReply(options.model), duration_ms: options.clock.now() - started };
      const answer = wire.reply(parseJsonReply(reply, url, hints), url, hints, secrets);
      return { ...answer, model: answer.model ?? options.model, duration_ms: options.clock.now() - started };
    }
  };
}

function ollamaHints(model, apiKeyEnv) {
  return {
    service: "Ollama",
    unreachable: "start Ollama (`ollama serve`) or set llm.base_url",
    modelNotFound: `pull the model: \`ollama pull ${model}\`, or set llm.model to one \`ollama list\` shows`,
    authentication: apiKeyEnv === void 0 ? "it wants an API key: set llm.api_key_env to the name of the variable that holds it" : `set the variable named by llm.api_key_env (${apiKeyEnv}) to a key this server accepts`
  };
}
function ollamaBody(model, temperature, request) {
  return {
    model,
    messages: request.messages.map(({ role, content }) => ({ role, content })),
    stream: false,
    format: request.schema,
    options: { temperature }
  };
}
function ollamaReply(parsed, url, hints, secrets) {
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
    throw new LlmError(`${hints.service} at ${url} answered with JSON that is not an object`, "bad_response");
  const body = parsed;
  const content = body.message?.content;
  if (body.message == null && typeof body.error === "string")
    throw new LlmError(
      `${hints.service} at ${url} answered with an error: ${shorten(body.error, secrets)}`,
      "http_error"
    );
  return {
    text: typeof content === "string" ? content : "",
    usage: { input_tokens: tokenCount(body.prompt_eval_count), output_tokens: tokenCount(body.eval_count) },
    model: typeof body.model === "string" ? body.model : null
  };
}
const ollamaWire = {
  provider: "ollama",
  path: "/api/chat",
  hints: ollamaHints,
  body: ollamaBody,
  reply: ollamaReply
};

const SCHEMA_NAME = "worker_answer";
function openaiHints(model, apiKeyEnv) {
  return {
    service: "the OpenAI-compatible server",
    unreachable: "start it (llama.cpp: `llama-server -m MODEL.gguf`, which listens on 127.0.0.1:8080) or set llm.base_url",
    modelNotFound: `set llm.model to a model this server serves (it has no "${model}")`,
    authentication: apiKeyEnv === void 0 ? "it wants an API key: set llm.api_key_env to the name of the variable that holds it" : `set the variable named by llm.api_key_env (${apiKeyEnv}) to a valid key`
  };
}
function openaiBody(model, temperature, request) {
  return {
    model,
    messages: request.messages.map(({ role, content }) => ({ role, content })),
    temperature,
    stream: false,
    response_format: {
      type: "json_schema",
      json_schema: { name: SCHEMA_NAME, schema: request.schema, strict: false }
    }
  };
}
function openaiReply(parsed, url, hints, secrets) {
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
    throw new LlmError(`${hints.service} at ${url} answered with JSON that is not an object`, "bad_response");
  const body = parsed;
  const choice = Array.isArray(body.choices) ? body.choices[0] : void 0;
  if (body.choices === void 0 && body.error !== void 0 && body.error !== null)
    throw new LlmError(
      `${hints.service} at ${url} answered with an error: ${shorten(JSON.stringify(body.error), secrets)}`,
      "http_error"
    );
  const content = choice !== null && typeof choice === "object" ? choice.message?.content : void 0;
  return {
    text: typeof content === "string" ? content : "",
    usage: {
      input_tokens: tokenCount(body.usage?.prompt_tokens),
      output_tokens: tokenCount(body.usage?.completion_tokens)
    },
    model: typeof body.model === "string" ? body.model : null
  };
}
const openaiWire = {
  provider: "openai",
  path: "/chat/completions",
  hints: openaiHints,
  body: openaiBody,
  reply: openaiReply
};

class LlmConfigError extends HarnessError {
  constructor(message, key) {
    super(message, EXIT.usage);
    this.key = key;
  }
  key;
  name = "LlmConfigError";
}
function apiKeyFrom(llm, env) {
  const name = llm.api_key_env;
  if (name === void 0) return void 0;
  const value = env[name];
  if (value === void 0 || value.trim() === "")
    throw new LlmConfigError(
      `llm.api_key_env names ${name}, which is not set${value === void 0 ? "" : " (it is empty)"}: export ${name} with the API key, or remove llm.api_key_env if the server needs none`,
      "llm.api_key_env"
    );
  return value.trim();
}
function transportFor(llm, deps) {
  const timeoutMs = llm.timeout_secs * 1e3;
  if (llm.provider === "command") {
    const argv = llm.command ?? defaultCommand(deps.platform ?? process.platform);
    const configured = llm.command !== void 0;
    if (argv.length === 0 || argv[0] === "")
      throw new LlmConfigError(
        'llm.command[0] is empty: name the program to run, e.g. ["ollama", "run", "{model}"]',
        "llm.command"
      );
    if (usesModel(argv) && llm.model === void 0)
      throw new LlmConfigError(
        configured ? "llm.command uses {model} but llm.model is not set: set llm.model, or write the model into llm.command" : 'llm.model is not set: the default llm.command (`ollama run {model}`) needs it; set llm.model (e.g. "qwen2.5-coder:7b") or llm.command',
        "llm.model"
      );
    return commandTransport({
      argv: llm.model === void 0 ? [...argv] : substituteModel(argv, llm.model),
      model: llm.model ?? null,
      env: deps.env,
      timeoutMs,
      maxAnswerBytes: llm.max_answer_bytes,
      spawn: deps.spawn,
      clock: deps.clock,
      cookie: deps.cookie
    });
  }
  if (llm.model === void 0)
    throw new LlmConfigError(
      `llm.model is not set: llm.provider = "${llm.provider}" needs the model's name${llm.provider === "ollama" ? ' (one `ollama list` shows, e.g. "qwen2.5-coder:7b")' : " (the one the server serves)"}`,
      "llm.model"
    );
  const options = {
    baseUrl: llm.base_url ?? DEFAULT_BASE_URLS[llm.provider],
    model: llm.model,
    temperature: llm.temperature,
    timeoutMs,
    apiKey: apiKeyFrom(llm, deps.env),
    apiKeyEnv: llm.api_key_env,
    maxAnswerBytes: llm.max_answer_bytes,
    clock: deps.clock
  };
  return httpTransport(llm.provider === "ollama" ? ollamaWire : openaiWire, options);
}

async function createTask(parentDir, input, clock) {
  const taskId = randomUUID();
  return createTaskAt(join(parentDir, taskId), input, clock, taskId);
}
async function createTaskAt(dir, input, clock, taskId = randomUUID()) {
  const relative2 = input.allowed_paths.filter((path) => !isAbsolute(path));
  if (relative2.length > 0)
    throw new Error(`createTask: allowed_paths must be absolute: ${relative2.join(", ")}`);
  if (existsSync(taskFile(dir, "task"))) throw new Error(`createTask: ${dir} already holds a task`);
  const now = new Date(clock.now()).toISOString();
  await namingFile(dir, () => mkdir(join(dir, "artifacts"), { recursive: true }));
  const task = {
    task_id: taskId,
    prompt: input.prompt,
    constraints: {
      max_iterations: input.max_iterations,
      timeout_seconds: input.timeout_seconds,
      allowed_paths: input.allowed_paths.map((path) => fromTaskDir(dir, path))
    },
    created_at: now
  };
  await writeFileAtomic(taskFile(dir, "task"), `${JSON.stringify(task, null, 2)}
`);
  writeState(dir, pendingState(now));
  return dir;
}
function fromTaskDir(dir, path) {
  const rel = relative(dir, path);
  return rel === "" ? "." : isAbsolute(rel) ? path : rel;
}

class ToolFatalError extends HarnessError {
  constructor(message, kind, options) {
    super(message, EXIT.writeFailed, options);
    this.kind = kind;
  }
  kind;
  name = "ToolFatalError";
}
class ToolFailure extends Error {
  constructor(message, violation2 = false) {
    super(message);
    this.violation = violation2;
  }
  violation;
  name = "ToolFailure";
}
const WORDS = {
  ENOENT: "no such file or directory",
  ENOTDIR: "a part of the path is not a directory",
  EISDIR: "is a directory",
  EEXIST: "already exists",
  ENAMETOOLONG: "the name is too long",
  ELOOP: "too many levels of symbolic links",
  ENOTEMPTY: "the directory is not empty",
  EFBIG: "the file is too large",
  EIO: "input/output error",
  EMFILE: "too many open files",
  ENFILE: "too many open files",
  EBUSY: "busy",
  ETXTBSY: "busy",
  EINVAL: "invalid path",
  ENXIO: "not a regular file",
  EMLINK: "too many links",
  EXDEV: "crosses a device boundary"
};
function errnoCode(error) {
  const code = error?.code;
  return typeof code === "string" ? code : void 0;
}
function toolFailureFor(error, tool, given) {
  if (error instanceof ToolFailure || error instanceof ToolFatalError) {
    if (error instanceof ToolFatalError) throw error;
    return error;
  }
  const code = errnoCode(error);
  if (code === void 0) throw error;
  const fatal = fatalWriteKind(code);
  if (fatal) throw new ToolFatalError(`${tool} ${given}: ${describeCause$1(error)}`, fatal, { cause: error });
  return new ToolFailure(`${given}: ${WORDS[code] ?? "cannot be used"} (${code})`);
}
function shown$1(given) {
  return given.length <= 240 ? given : `${given.slice(0, 200)}\u2026 (${given.length} characters)`;
}
const failure = (given, what) => new ToolFailure(`${shown$1(given)}: ${what}`);
const violation = (given, what) => new ToolFailure(`${shown$1(given)}: ${what}`, true);

const PATH_MAX = 4096;
const NAME_MAX = 255;
const PROTECTED_NAMES = /* @__PURE__ */ new Set([".git", ".harness"]);
class SandboxRootError extends HarnessError {
  constructor(path, reason) {
    super(`allowed path ${path}: ${reason}`, EXIT.workerState);
    this.path = path;
  }
  path;
  name = "SandboxRootError";
}
async function openSandbox(options) {
  if (options.allowed.length === 0) throw new SandboxRootError("(none)", "no allowed path given");
  const roots = [];
  for (const given of options.allowed) {
    const real = await realpath(resolve(given)).catch(() => null);
    if (real === null) throw new SandboxRootError(given, "does not exist");
    if (!(await stat(real)).isDirectory()) throw new SandboxRootError(given, "is not a directory");
    if (!roots.includes(real)) roots.push(real);
  }
  const denied = [];
  for (const given of options.denied) {
    const absolute = resolve(given);
    for (const form of [absolute, await realpath(absolute).catch(() => absolute)])
      if (!denied.includes(form)) denied.push(form);
  }
  const deniedPrefixes = [];
  for (const family of options.deniedPrefixes ?? []) {
    const absolute = resolve(family.dir);
    for (const dir of [absolute, await realpath(absolute).catch(() => absolute)])
      if (!deniedPrefixes.some((known) => known.dir === dir && known.prefix === family.prefix))
        deniedPrefixes.push({ dir, prefix: family.prefix });
  }
  return { roots, workspace: roots[0], denied, deniedPrefixes };
}
const isDenied = (sandbox, path) => protectedBelowRoots(sandbox, path) || (sandbox.deniedPrefixes ?? []).some((family) => inFamily(family, path)) || sandbox.denied.some(
  (denied) => within(denied, path) && !sandbox.roots.some((root) => root !== denied && within(denied, root) && within(root, path))
);
function inFamily(family, path) {
  const lead = family.dir.endsWith(sep) ? family.dir : family.dir + sep;
  return path.startsWith(lead + family.prefix) && (family.prefix !== "" || path.length > lead.length);
}
function protectedBelowRoots(sandbox, path) {
  let inside = false;
  for (const root of sandbox.roots) {
    if (!within(root, path)) continue;
    inside = true;
    if (!below(root, path).split(sep).some(isProtectedName)) return false;
  }
  return inside;
}
const isProtectedName = (name) => PROTECTED_NAMES.has(name.toLowerCase());
function below(base, path) {
  if (path === base) return "";
  return path.slice(base.endsWith(sep) ? base.length : base.length + 1);
}
const isAllowed = (sandbox, path) => sandbox.roots.some((root) => within(root, path)) && !isDenied(sandbox, path);
const isRoot = (sandbox, path) => sandbox.roots.includes(path);
function resolveModelPath(sandbox, given) {
  if (given.includes("\0")) throw violation(given, "a path may not hold a NUL byte");
  if (given.split(/[/\\]/).includes(".."))
    throw violation(given, 'a path may not go up with ".." (use a path inside the workspace)');
  const absolute = isAbsolute(given) ? resolve(given) : resolve(sandbox.workspace, given);
  if (!sandbox.roots.some((root) => within(root, absolute)))
    throw violation(given, "outside the allowed paths");
  if (isDenied(sandbox, absolute)) throw violation(given, "a protected path (not available to the worker)");
  if (Buffer.byteLength(absolute) >= PATH_MAX) throw failure(given, "the path is too long (ENAMETOOLONG)");
  if (absolute.split(sep).some((name) => Buffer.byteLength(name) > NAME_MAX))
    throw failure(given, `a name in the path is longer than ${NAME_MAX} bytes (ENAMETOOLONG)`);
  return { given, absolute, trailingSlash: /[/\\]$/.test(given) && given.length > 1 };
}
function modelPath(sandbox, absolute) {
  if (!within(sandbox.workspace, absolute)) return absolute;
  return relative(sandbox.workspace, absolute) || ".";
}

const PROC_FD = process.platform === "linux" && existsSync("/proc/self/fd");
const flag = (name) => constants[name] ?? 0;
const READ_FLAGS = constants.O_RDONLY | flag("O_NOFOLLOW") | flag("O_NONBLOCK");
const DIR_FLAGS = constants.O_RDONLY | flag("O_DIRECTORY") | flag("O_NOFOLLOW") | flag("O_NONBLOCK");
const TEMP_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | flag("O_NOFOLLOW") | flag("O_NONBLOCK");
function at(dir, name) {
  return PROC_FD ? `/proc/self/fd/${dir.handle.fd}/${name}` : join(dir.real, name);
}
async function listDir(sandbox, dir, given) {
  if (PROC_FD) return readdir(`/proc/self/fd/${dir.handle.fd}`, { withFileTypes: true });
  const entries = await readdir(dir.real, { withFileTypes: true });
  await verify(sandbox, dir.handle, dir.real, given);
  return entries;
}
async function verify(sandbox, handle, real, given) {
  const stats = await handle.stat();
  let actual;
  try {
    actual = PROC_FD ? await readlink(`/proc/self/fd/${handle.fd}`) : await realpath(real);
  } catch {
    throw violation(given, "changed while in use");
  }
  if (!actual.startsWith("/") && !/^[A-Za-z]:\\/.test(actual)) throw violation(given, "changed while in use");
  if (!isAllowed(sandbox, actual)) throw violation(given, "resolves outside the allowed paths");
  const seen = await lstat(actual).catch(() => null);
  if (seen === null || seen.dev !== stats.dev || seen.ino !== stats.ino)
    throw violation(given, "changed while in use");
  return actual;
}
async function closeQuietly(handle) {
  await handle?.close().catch(() => void 0);
}
async function openDir(sandbox, real, given) {
  const handle = await openOrRefuse(real, DIR_FLAGS, given);
  try {
    return { handle, real: await verify(sandbox, handle, real, given) };
  } catch (error) {
    await closeQuietly(handle);
    throw error;
  }
}
async function openAt(sandbox, dir, name, flags, given, mode) {
  const handle = await openOrRefuse(at(dir, name), flags, given, mode);
  try {
    return { handle, real: await verify(sandbox, handle, join(dir.real, name), given) };
  } catch (error) {
    await closeQuietly(handle);
    throw error;
  }
}
async function openOrRefuse(path, flags, given, mode) {
  try {
    return await open(path, flags, mode);
  } catch (error) {
    const code = errnoCode(error);
    if (code === "ELOOP") throw violation(given, "is a symbolic link where none was expected (refused)");
    if (code === "ENXIO") throw violation(given, "is a socket or device, not a regular file");
    throw error;
  }
}
async function realInside(sandbox, absolute, given) {
  let real;
  try {
    real = await realpath(absolute);
  } catch (error) {
    if (errnoCode(error) !== "ENOENT") throw error;
    await existingAncestor(sandbox, absolute, given);
    return null;
  }
  if (!isAllowed(sandbox, real)) throw violation(given, "resolves outside the allowed paths");
  return real;
}
async function existingAncestor(sandbox, absolute, given) {
  const missing = [];
  let existing = absolute;
  let real;
  for (; ; ) {
    try {
      real = await realpath(existing);
      break;
    } catch (error) {
      if (errnoCode(error) !== "ENOENT") throw error;
      if (sandbox.roots.includes(existing) || dirname(existing) === existing) throw error;
      await refuseDanglingOut(sandbox, existing, given);
      missing.unshift(basename(existing));
      existing = dirname(existing);
    }
  }
  if (!isAllowed(sandbox, real)) throw violation(given, "resolves outside the allowed paths");
  return { real, missing };
}
async function refuseDanglingOut(sandbox, absolute, given) {
  const stats = await lstat(absolute).catch(() => null);
  if (!stats?.isSymbolicLink()) return;
  const target = await readlink(absolute).catch(() => null);
  if (target === null) return;
  const parent = await realpath(dirname(absolute)).catch(() => dirname(absolute));
  if (!isAllowed(sandbox, resolve(parent, target)))
    throw violation(given, "is a symbolic link leading outside the allowed paths");
  throw failure(given, "is a symbolic link to something that does not exist");
}

let sequence = 0;
function tempName(name) {
  let cut = name;
  while (Buffer.byteLength(cut) > 200) cut = cut.slice(0, -1);
  return `.${cut}.${process.pid}.${sequence++}.tmp`;
}
async function placeFile(sandbox, path, content, maxBytes, mode) {
  const target = resolveModelPath(sandbox, path);
  const given = target.given;
  const bytes = Buffer.byteLength(content, "utf8");
  if (bytes > maxBytes)
    throw failure(given, `the content is ${bytes} bytes, over the ${maxBytes}-byte write limit`);
  if (target.trailingSlash) throw failure(given, 'names a directory (it ends with "/"), not a file');
  if (isRoot(sandbox, target.absolute)) throw failure(given, "is a directory");
  const dir = await openParent(sandbox, dirname(target.absolute), given);
  try {
    await placeIn(sandbox, dir, basename(target.absolute), content, mode, given, 0);
  } finally {
    await closeQuietly(dir.handle);
  }
}
async function openParent(sandbox, parent, given) {
  const { real, missing } = await existingAncestor(sandbox, parent, given);
  let dir = await openDir(sandbox, real, given);
  try {
    for (const name of missing) {
      if (isDenied(sandbox, join(dir.real, name)))
        throw violation(given, "a protected path (not available to the worker)");
      await mkdir(at(dir, name)).catch((error) => {
        if (errnoCode(error) !== "EEXIST") throw error;
      });
      const next = await openAt(sandbox, dir, name, DIR_FLAGS, given);
      await closeQuietly(dir.handle);
      dir = { handle: next.handle, real: next.real };
    }
    return dir;
  } catch (error) {
    await closeQuietly(dir.handle);
    throw error;
  }
}
async function placeIn(sandbox, dir, name, content, mode, given, hops) {
  if (isDenied(sandbox, join(dir.real, name)))
    throw violation(given, "a protected path (not available to the worker)");
  const existing = await lstat(at(dir, name)).catch((error) => {
    if (errnoCode(error) === "ENOENT") return null;
    throw error;
  });
  if (existing !== null && mode === "create")
    throw failure(given, "already exists (use write_file to replace it)");
  if (existing?.isSymbolicLink()) {
    if (hops > 0) throw violation(given, "is a symbolic link where none was expected (refused)");
    const real = await realpath(at(dir, name)).catch(async (error) => {
      if (errnoCode(error) !== "ENOENT") throw error;
      await refuseDanglingOut(sandbox, join(dir.real, name), given);
      throw failure(given, "is a symbolic link to something that does not exist");
    });
    if (!isAllowed(sandbox, real)) throw violation(given, "resolves outside the allowed paths");
    if (isRoot(sandbox, real)) throw failure(given, "is a directory");
    const parent = await openDir(sandbox, dirname(real), given);
    try {
      return await placeIn(sandbox, parent, basename(real), content, mode, given, hops + 1);
    } finally {
      await closeQuietly(parent.handle);
    }
  }
  if (existing?.isDirectory()) throw failure(given, "is a directory");
  if (existing !== null && !existing.isFile())
    throw violation(given, "is not a regular file (a FIFO, socket or device)");
  await writeThrough(sandbox, dir, name, content, mode, given, existing ? existing.mode & 511 : null);
}
async function writeThrough(sandbox, dir, name, content, mode, given, fileMode) {
  const temp = tempName(name);
  let made = false;
  try {
    const file = await openAt(sandbox, dir, temp, TEMP_FLAGS, given, fileMode ?? 438).catch(
      async (error) => {
        if (errnoCode(error) !== "EEXIST") await unlink(at(dir, temp)).catch(() => void 0);
        throw error;
      }
    );
    made = true;
    try {
      if (fileMode !== null) await file.handle.chmod(fileMode);
      await verify(sandbox, dir.handle, dir.real, given);
      await file.handle.writeFile(content, "utf8");
    } catch (error) {
      await closeQuietly(file.handle);
      throw error;
    }
    await file.handle.close();
    await verify(sandbox, dir.handle, dir.real, given);
    if (mode === "replace") {
      await rename(at(dir, temp), at(dir, name));
      made = false;
    } else {
      await createExclusive(at(dir, temp), at(dir, name)).catch((error) => {
        throw errnoCode(error) === "EEXIST" ? failure(given, "already exists (use write_file to replace it)") : error;
      });
    }
  } finally {
    if (made) await unlink(at(dir, temp)).catch(() => void 0);
  }
}
async function createExclusive(temp, target) {
  try {
    await link(temp, target);
  } catch (error) {
    const code = errnoCode(error);
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP") throw error;
    await copyFile(temp, target, constants.COPYFILE_EXCL);
  }
}

async function createFile(sandbox, args, limits) {
  await placeFile(sandbox, args.path, args.content, limits.max_write_bytes, "create");
  return true;
}

const MAX_ALTERNATIVES = 256;
function globMatcher(pattern) {
  const alternatives = expandBraces(pattern.replace(/^\.\//, ""), pattern).map(
    (alt) => alt.split("/").map((segment) => segment === "**" ? "globstar" : tokens(segment))
  );
  const match = (segments) => alternatives.some((alt) => matchPath(alt, segments));
  return pattern.includes("/") ? (relativePath) => match(relativePath.split("/")) : (_path, name) => match([name]);
}
function expandBraces(pattern, given) {
  let results = [""];
  let i = 0;
  while (i < pattern.length) {
    const char = pattern[i];
    if (char === "\\" && i + 1 < pattern.length) {
      results = results.map((r) => r + pattern.slice(i, i + 2));
      i += 2;
      continue;
    }
    const close = char === "{" ? closingBrace(pattern, i) : -1;
    if (close < 0) {
      results = results.map((r) => r + char);
      i++;
      continue;
    }
    const options = splitTopLevel(pattern.slice(i + 1, close)).flatMap(
      (option) => expandBraces(option, given)
    );
    results = results.flatMap((r) => options.map((o) => r + o));
    if (results.length > MAX_ALTERNATIVES)
      throw failure(given, `the pattern expands to over ${MAX_ALTERNATIVES} alternatives`);
    i = close + 1;
  }
  return results;
}
function closingBrace(pattern, open) {
  let depth = 0;
  let comma = false;
  for (let i = open; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === "\\") i++;
    else if (char === "{") depth++;
    else if (char === "," && depth === 1) comma = true;
    else if (char === "}" && --depth === 0) return comma ? i : -1;
  }
  return -1;
}
function splitTopLevel(body) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (char === "\\") i++;
    else if (char === "{") depth++;
    else if (char === "}") depth--;
    else if (char === "," && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}
function tokens(segment) {
  const out = [];
  const chars = [...segment];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i];
    if (char === "\\" && i + 1 < chars.length) out.push({ kind: "char", char: chars[++i] });
    else if (char === "*") {
      if (out.at(-1)?.kind !== "star") out.push({ kind: "star" });
    } else if (char === "?") out.push({ kind: "one" });
    else if (char === "[") {
      const set = characterSet(chars, i);
      if (set === null) out.push({ kind: "char", char });
      else {
        out.push({ kind: "set", test: set.test });
        i = set.end;
      }
    } else out.push({ kind: "char", char });
  }
  return out;
}
function characterSet(chars, open) {
  let i = open + 1;
  const negated = chars[i] === "!" || chars[i] === "^";
  if (negated) i++;
  const ranges = [];
  for (let first = true; i < chars.length; i++, first = false) {
    const char = chars[i];
    if (char === "]" && !first) {
      const test = (c) => ranges.some(([lo2, hi]) => c >= lo2 && c <= hi) !== negated;
      return { test, end: i };
    }
    const lo = char === "\\" && i + 1 < chars.length ? chars[++i] : char;
    if (chars[i + 1] === "-" && i + 2 < chars.length && chars[i + 2] !== "]") {
      ranges.push([lo, chars[i + 2]]);
      i += 2;
    } else ranges.push([lo, lo]);
  }
  return null;
}
function matchName(pattern, name) {
  const chars = /[\ud800-\udfff]/.test(name) ? [...name] : name;
  let p = 0;
  let n = 0;
  let star = -1;
  let resume = 0;
  while (n < chars.length) {
    const token = pattern[p];
    if (token !== void 0 && token.kind !== "star" && fits(token, chars[n])) {
      p++;
      n++;
    } else if (token?.kind === "star") {
      star = p++;
      resume = n;
    } else if (star >= 0) {
      p = star + 1;
      n = ++resume;
    } else return false;
  }
  while (pattern[p]?.kind === "star") p++;
  return p === pattern.length;
}
function fits(token, char) {
  if (token.kind === "char") return token.char === char;
  if (token.kind === "one") return true;
  return token.test(char);
}
function matchPath(pattern, segments) {
  let p = 0;
  let s = 0;
  let star = -1;
  let resume = 0;
  while (s < segments.length) {
    const segment = pattern[p];
    if (segment !== void 0 && segment !== "globstar" && matchName(segment, segments[s])) {
      p++;
      s++;
    } else if (segment === "globstar") {
      star = p++;
      resume = s;
    } else if (star >= 0) {
      p = star + 1;
      s = ++resume;
    } else return false;
  }
  while (pattern[p] === "globstar") p++;
  return p === pattern.length;
}

const SLICE_MS = 10;
async function findFiles(sandbox, args, limits) {
  const matches = globMatcher(args.pattern);
  const start = resolveModelPath(sandbox, args.start_path);
  const given = start.given;
  const real = await realInside(sandbox, start.absolute, given);
  if (real === null) throw failure(given, "no such directory");
  const top = await openDir(sandbox, real, given).catch((error) => {
    const refused = toolFailureFor(error, "find_files", given);
    throw refused.message.includes("(ENOTDIR)") ? failure(given, "is not a directory") : refused;
  });
  const found = [];
  const stack = [];
  const inWorkspace = within(sandbox.workspace, top.real);
  const base = modelPath(sandbox, top.real);
  const shown = (absolute) => {
    if (!inWorkspace) return absolute;
    const rest = below(top.real, absolute);
    return base === "." ? rest : `${base}/${rest}`;
  };
  const walk = { sandbox, maxDepth: args.max_depth, matches, found, shown };
  try {
    stack.push(frame(walk, top.handle.fd, top.real, "", 0));
    let slice = performance.now();
    while (stack.length > 0) {
      if (performance.now() - slice > SLICE_MS) {
        await new Promise((resume) => setImmediate(resume));
        slice = performance.now();
      }
      const current = stack[stack.length - 1];
      const name = current.pending.pop();
      if (name === void 0) {
        stack.pop();
        if (stack.length > 0) closeSync(current.fd);
        continue;
      }
      const fd = openChild(sandbox, current, name);
      if (fd === null) continue;
      const rel = current.rel === "" ? name : `${current.rel}/${name}`;
      try {
        stack.push(frame(walk, fd, childOf(current.real, name), rel, current.depth + 1));
      } catch (error) {
        closeSync(fd);
        throw error;
      }
    }
  } finally {
    for (const open of stack.splice(1)) closeSync(open.fd);
    await closeQuietly(top.handle);
  }
  found.sort();
  if (found.length <= limits.max_find_results) return { result: found };
  return {
    result: found.slice(0, limits.max_find_results),
    note: `cut at ${limits.max_find_results} of ${found.length} paths: narrow the pattern, start deeper or lower max_depth`
  };
}
const childOf = (real, name) => real.endsWith(sep) ? `${real}${name}` : `${real}${sep}${name}`;
function frame(walk, fd, real, rel, depth) {
  const entries = readdirSync(PROC_FD ? `/proc/self/fd/${fd}` : real, { withFileTypes: true });
  if (!PROC_FD && !samePlace(walk.sandbox, fd, real)) return { fd, real, rel, depth, pending: [] };
  const pending = [];
  for (const entry of entries) {
    const path = rel === "" ? entry.name : `${rel}/${entry.name}`;
    const absolute = childOf(real, entry.name);
    if (isDenied(walk.sandbox, absolute)) continue;
    const directory = entry.isDirectory();
    if (walk.matches(path, entry.name))
      walk.found.push(directory ? `${walk.shown(absolute)}/` : walk.shown(absolute));
    if (directory && depth < walk.maxDepth) pending.push(entry.name);
  }
  return { fd, real, rel, depth, pending };
}
function openChild(sandbox, parent, name) {
  let fd;
  try {
    fd = openSync(PROC_FD ? `/proc/self/fd/${parent.fd}/${name}` : join(parent.real, name), DIR_FLAGS);
  } catch (error) {
    const code = errnoCode(error);
    if (code === "ENOENT" || code === "ENOTDIR" || code === "ELOOP" || code === "EACCES" || code === "EPERM")
      return null;
    throw error;
  }
  const expected = join(parent.real, name);
  if (PROC_FD ? kernelPathIs(sandbox, fd, expected) : samePlace(sandbox, fd, expected)) return fd;
  closeSync(fd);
  return null;
}
function kernelPathIs(sandbox, fd, expected) {
  try {
    const actual = readlinkSync(`/proc/self/fd/${fd}`);
    return actual === expected && isAllowed(sandbox, actual);
  } catch {
    return false;
  }
}
function samePlace(sandbox, fd, path) {
  try {
    const actual = realpathSync(path);
    const seen = lstatSync(actual);
    const open = fstatSync(fd);
    return isAllowed(sandbox, actual) && seen.ino === open.ino && seen.dev === open.dev;
  } catch {
    return false;
  }
}

async function listDirectory(sandbox, args, limits) {
  const target = resolveModelPath(sandbox, args.path);
  const given = target.given;
  const real = await realInside(sandbox, target.absolute, given);
  if (real === null) throw failure(given, "no such directory");
  let dir;
  try {
    dir = await openDir(sandbox, real, given);
  } catch (error) {
    const refused = toolFailureFor(error, "list_directory", given);
    if (refused.message.includes("(ENOTDIR)")) throw failure(given, "is not a directory (use read_file)");
    throw refused;
  }
  try {
    const entries = await listDir(sandbox, dir, given);
    const names = entries.filter((entry) => !isDenied(sandbox, join(dir.real, entry.name))).map((entry) => entry.isDirectory() ? `${entry.name}/` : entry.name).sort();
    if (names.length <= limits.max_list_entries) return { result: names };
    return {
      result: names.slice(0, limits.max_list_entries),
      note: `cut at ${limits.max_list_entries} of ${names.length} entries: list a subdirectory or use find_files with a pattern`
    };
  } finally {
    await closeQuietly(dir.handle);
  }
}

async function readFile(sandbox, args, limits) {
  const target = resolveModelPath(sandbox, args.path);
  const given = target.given;
  const real = await realInside(sandbox, target.absolute, given);
  if (real === null) throw failure(given, "no such file");
  if (isRoot(sandbox, real)) throw failure(given, "is a directory (use list_directory)");
  const before = await lstat(real);
  if (before.isDirectory()) throw failure(given, "is a directory (use list_directory)");
  if (!before.isFile()) throw violation(given, "is not a regular file (a FIFO, socket or device)");
  let parent = null;
  let file = null;
  try {
    parent = await openDir(sandbox, dirname(real), given);
    file = await openAt(sandbox, parent, basename(real), READ_FLAGS, given);
    const stats = await file.handle.stat();
    if (stats.isDirectory()) throw failure(given, "is a directory (use list_directory)");
    if (!stats.isFile()) throw violation(given, "is not a regular file (a FIFO, socket or device)");
    if (target.trailingSlash) throw failure(given, "is a file, not a directory");
    if (stats.size > limits.max_read_bytes)
      throw failure(given, `is ${stats.size} bytes, over the ${limits.max_read_bytes}-byte read limit`);
    const buffer = Buffer.alloc(limits.max_read_bytes + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await file.handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > limits.max_read_bytes)
      throw failure(given, `is over the ${limits.max_read_bytes}-byte read limit`);
    const bytes = buffer.subarray(0, length);
    if (bytes.includes(0)) throw failure(given, "is a binary file (it holds NUL bytes)");
    return bytes.toString("utf8");
  } finally {
    await closeQuietly(file?.handle);
    await closeQuietly(parent?.handle);
  }
}

const TOOL_NAMES = ["read_file", "write_file", "create_file", "list_directory", "find_files"];
const path = (what) => string().min(1, "must not be empty").describe(what);
const content = string().describe("The whole new content of the file (UTF-8 text)");
const readFileArgs = strictObject({
  path: path("The file to read, relative to the workspace (or absolute inside an allowed path)")
});
const writeFileArgs = strictObject({
  path: path("The file to write: replaced whole if it exists, created (with its directories) if not"),
  content
});
const createFileArgs = strictObject({
  path: path("The file to create (with its directories); fails if anything exists there"),
  content
});
const listDirectoryArgs = strictObject({
  path: path('The directory to list; "." is the workspace')
});
const findFilesArgs = strictObject({
  pattern: string().min(1, "must not be empty").describe(
    'A glob (*, **, ?, [abc], {a,b}); matched against the base name, or against the path below start_path when it contains "/"'
  ),
  start_path: path('The directory to search from; "." is the workspace'),
  max_depth: int().min(0).max(20).default(3).describe("How many directory levels below start_path to descend (0: start_path itself only)")
});
const TOOL_SCHEMAS = {
  read_file: readFileArgs,
  write_file: writeFileArgs,
  create_file: createFileArgs,
  list_directory: listDirectoryArgs,
  find_files: findFilesArgs
};
function isToolName(name) {
  return TOOL_NAMES.includes(name);
}

async function writeFile(sandbox, args, limits) {
  await placeFile(sandbox, args.path, args.content, limits.max_write_bytes, "replace");
  return true;
}

const RUN = {
  read_file: async (args, ctx) => ({ result: await readFile(ctx.sandbox, args, ctx.limits) }),
  write_file: async (args, ctx) => ({ result: await writeFile(ctx.sandbox, args, ctx.limits) }),
  create_file: async (args, ctx) => ({ result: await createFile(ctx.sandbox, args, ctx.limits) }),
  list_directory: (args, ctx) => listDirectory(ctx.sandbox, args, ctx.limits),
  find_files: (args, ctx) => findFiles(ctx.sandbox, args, ctx.limits)
};
async function runAction(action, ctx) {
  const tool = action.tool;
  if (!isToolName(tool))
    return {
      tool,
      ok: false,
      error: `unknown tool ${JSON.stringify(tool)}: the tools are ${TOOL_NAMES.join(", ")}`
    };
  const parsed = TOOL_SCHEMAS[tool].safeParse(action.args);
  if (!parsed.success)
    return {
      tool,
      ok: false,
      error: `${tool}: bad args: ${describeIssues(parsed.error.issues, action.args)}`
    };
  try {
    const run = RUN[tool];
    const outcome = await run(parsed.data, ctx);
    return outcome.note === void 0 ? { tool, ok: true, result: outcome.result } : { tool, ok: true, result: outcome.result, note: outcome.note };
  } catch (error) {
    const refused = toolFailureFor(error, tool, givenPath(parsed.data));
    const message = `${tool}: ${refused.message}`;
    return refused.violation ? { tool, ok: false, error: message, violation: true } : { tool, ok: false, error: message };
  }
}
function describeIssues(issues, args) {
  return issues.map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join(".") : "args";
    if (issue.code === "unrecognized_keys")
      return `unknown key${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => JSON.stringify(k)).join(", ")} (allowed: the tool's own keys only)`;
    const key = issue.path[0];
    if (issue.code === "invalid_type" && typeof key === "string" && !Object.hasOwn(args, key))
      return `${where}: required`;
    return `${where}: ${issue.message}`;
  }).join("; ");
}
function givenPath(args) {
  const record = args;
  const path = typeof record.path === "string" ? record.path : record.start_path;
  return typeof path === "string" ? path : "(no path)";
}

const INTERRUPTED = "not run: the worker was interrupted";
const TIMED_OUT = "not run: the task ran out of time (timeout_seconds)";
async function runActions(step, results) {
  const pending = {
    iteration: step.iteration,
    timestamp: step.timestamp,
    llm_response: step.answer,
    results: [],
    usage: step.usage,
    duration_ms: { model: step.modelMs }
  };
  writePending(step.dir, pending);
  for (const action of step.answer.actions) {
    if (step.signal?.aborted) {
      results.push({ tool: action.tool, ok: false, error: INTERRUPTED });
      continue;
    }
    if (step.overdue()) {
      results.push({ tool: action.tool, ok: false, error: TIMED_OUT });
      continue;
    }
    const result = await step.refreshing(
      () => runAction(action, { sandbox: step.sandbox, limits: step.limits })
    );
    if (!result.ok && result.violation === true) step.onViolation(action.tool, result.error);
    appendPendingResult(step.dir, results.length, result);
    results.push(result);
  }
}

const actionSchema = strictObject({
  tool: string().min(1, "must name a tool"),
  args: record(string(), unknown())
});
const answerSchema = strictObject({
  reasoning: string().optional(),
  actions: array(actionSchema)
});
const FENCE = /^```(?:json|JSON)?[ \t]*\r?\n([\s\S]*?)\r?\n?```$/;
function parseAnswer(text, maxBytes, truncated = false) {
  if (truncated)
    return fail("too_large", `the answer is over the limit of ${maxBytes} bytes (llm.max_answer_bytes)`);
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > maxBytes)
    return fail(
      "too_large",
      `the answer is ${bytes} bytes, over the limit of ${maxBytes} (llm.max_answer_bytes)`
    );
  let body = text.trim();
  if (body === "") return fail("empty", "the answer was empty: answer with one JSON object");
  const fence = FENCE.exec(body);
  if (fence) body = fence[1].trim();
  if (body === "") return fail("empty", "the answer was an empty code block: answer with one JSON object");
  let value;
  try {
    value = JSON.parse(body);
  } catch (error) {
    return fail("invalid_json", `the answer is not one JSON object: ${error.message}`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return fail("invalid_json", `the answer is not one JSON object (found ${describe(value)})`);
  const result = answerSchema.safeParse(value);
  if (!result.success) return fail("schema", schemaProblems(result.error));
  return { ok: true, answer: result.data };
}
function fail(kind, message) {
  return { ok: false, error: { kind, message } };
}
function describe(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}
function schemaProblems(error) {
  const problems = error.issues.slice(0, 5).map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join(".") : "(top level)";
    return `${where}: ${issue.message}`;
  });
  const more = error.issues.length > 5 ? ` (and ${error.issues.length - 5} more)` : "";
  return `the answer does not match the schema: ${problems.join("; ")}${more}`;
}
let cached = null;
function answerJsonSchema() {
  if (cached !== null) return cached;
  const actions = TOOL_NAMES.map(
    (name) => strictObject({ tool: literal(name), args: TOOL_SCHEMAS[name] })
  );
  const schema = strictObject({
    reasoning: string().optional(),
    actions: array(union(actions))
  });
  const json = toJSONSchema(schema, { io: "input", target: "draft-7" });
  delete json.$schema;
  cached = json;
  return json;
}

const TOOLS = `Tools (exactly these five; "args" is an object with exactly these keys):
- read_file {"path": string} -> the file's text, or an error
- write_file {"path": string, "content": string} -> true; overwrites the file, creates it (and its directories) if missing
- create_file {"path": string, "content": string} -> true; fails if the file exists
- list_directory {"path": string} -> the names in the directory (directories end with "/")
- find_files {"pattern": string, "start_path": string, "max_depth"?: integer 0-20, default 3} -> matching paths (glob: *, **, ?, {a,b}; a pattern with "/" matches the path below start_path, otherwise the file name)`;
function systemMessage(input) {
  const [workspace, ...others] = input.roots;
  return [
    "You are a worker inside a harness. Each turn you answer with file operations; the harness runs them and shows you the results next turn. You have no memory between turns except what this message shows.",
    "",
    "Answer format: exactly one JSON object and nothing else (no prose, no Markdown):",
    '{"reasoning": "optional short note", "actions": [{"tool": "read_file", "args": {"path": "src/a.txt"}}]}',
    '"actions" is required and may be empty ([]); "reasoning" is optional and ignored; any other field is refused. Actions run in order; one that fails does not stop the others.',
    "",
    TOOLS,
    "There are no other tools: no shell, no network.",
    "",
    `Paths: relative paths resolve against the workspace ${workspace ?? "(none)"}.` + (others.length > 0 ? ` Absolute paths may also be under: ${others.join(", ")}.` : "") + ` Put files you produce as the task's output in ${input.artifacts}. Anything else (outside these directories, .git, .harness, the task directory) is refused and recorded as a security violation.`,
    "",
    `The harness decides when the task ends (after at most ${input.task.constraints.max_iterations} iterations or ${input.task.constraints.timeout_seconds} seconds, or when it is stopped); you cannot end it. When the work is done, answer {"actions": []}.`
  ].join("\n");
}
function userMessage(input) {
  const parts = [
    "Task:",
    input.task.prompt.trim(),
    "",
    `Iteration ${input.iteration} of ${input.task.constraints.max_iterations}.`
  ];
  const shown = input.historyIterations > 0 ? input.history.slice(-input.historyIterations) : [];
  if (shown.length === 0) parts.push("", "No earlier iterations.");
  else {
    const skipped = input.history.length - shown.length;
    parts.push("", `Earlier iterations (oldest first${skipped > 0 ? `; ${skipped} older not shown` : ""}):`);
    for (const line of shown) parts.push("", ...describeIteration(line, input.maxResultBytes));
  }
  const last = input.history.at(-1);
  const errors = last !== void 0 ? lastErrors(last) : [];
  if (errors.length > 0)
    parts.push("", `Errors in the last iteration (${last.iteration}):`, ...errors.map((e) => `- ${e}`));
  return parts.join("\n");
}
function buildMessages(input) {
  return [
    { role: "system", content: systemMessage(input) },
    { role: "user", content: userMessage(input) }
  ];
}
function describeIteration(line, maxBytes) {
  const out = [
    `## Iteration ${line.iteration}${line.interrupted ? " (interrupted: the worker was killed)" : ""}`
  ];
  if (line.llm_response === null) {
    out.push(`Your answer could not be used (${line.error?.kind ?? "error"}): ${line.error?.message ?? ""}`);
    return out;
  }
  out.push(`Your answer: ${JSON.stringify({ actions: line.llm_response.actions })}`);
  if (line.results.length === 0) out.push("No actions.");
  line.results.forEach(
    (result, i) => out.push(`Result ${i + 1} (${result.tool}): ${describeResult(result, maxBytes)}`)
  );
  return out;
}
function describeResult(result, maxBytes) {
  if (!result.ok) return cut(`error: ${result.error}`, maxBytes);
  const body = typeof result.result === "string" ? result.result : JSON.stringify(result.result);
  return cut(`ok: ${body}${result.note !== void 0 ? ` (${result.note})` : ""}`, maxBytes);
}
function lastErrors(line) {
  if (line.error !== null)
    return [`your answer could not be used (${line.error.kind}): ${line.error.message}`];
  return line.results.flatMap(
    (result, i) => result.ok ? [] : [`action ${i + 1} (${result.tool}): ${cut(result.error, 1024)}`]
  );
}
function firstBytes(text, maxBytes) {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= maxBytes) return text;
  let end = maxBytes;
  while (end > 0 && (bytes[end] & 192) === 128) end--;
  return bytes.subarray(0, end).toString("utf8");
}
function cut(text, maxBytes) {
  const total = Buffer.byteLength(text, "utf8");
  if (total <= maxBytes) return text;
  const head = firstBytes(text, maxBytes);
  return `${head}\u2026 [cut: ${total} bytes, the first ${Buffer.byteLength(head, "utf8")} shown]`;
}

class Fatal extends HarnessError {
  constructor(kind, message, exitCode) {
    super(message, exitCode);
    this.kind = kind;
  }
  kind;
  name = "Fatal";
}
function fatalOf(error) {
  if (error instanceof Fatal) return error;
  if (error instanceof ToolFatalError) return new Fatal(error.kind, error.message, EXIT.writeFailed);
  if (error instanceof HarnessFileError)
    return new Fatal(fatalWriteKind(error.code) ?? "write_failed", error.message, EXIT.writeFailed);
  return null;
}
const NO_USAGE = { input_tokens: null, output_tokens: null };
function addUsage(total, more) {
  const add = (a, b) => a === null && b === null ? null : (a ?? 0) + (b ?? 0);
  return {
    input_tokens: add(total.input_tokens, more.input_tokens),
    output_tokens: add(total.output_tokens, more.output_tokens)
  };
}
const violationsIn = (results) => results.filter((result) => !result.ok && result.violation === true).length;
function iterationLine(fields) {
  const line = {
    iteration: fields.iteration,
    timestamp: new Date(fields.now).toISOString(),
    llm_response: fields.answer,
    error: fields.error,
    results: [...fields.results],
    usage: fields.usage,
    duration_ms: { model: fields.modelMs, tools: fields.toolsMs }
  };
  if (fields.fatal !== void 0) line.fatal = { kind: fields.fatal.kind, message: fields.fatal.message };
  return line;
}

const KILLED_RUNNING = "not run: the worker was killed during this iteration; it may or may not have completed";
const KILLED_NOT_STARTED = "not run: the worker was killed during this iteration";
function lastCounted(lines) {
  let last = 0;
  for (const line of lines) if (line.fatal === void 0 && line.iteration > last) last = line.iteration;
  return last;
}
function decideStart(input) {
  if (input.state.status === "completed") return { kind: "done" };
  let iteration = Math.max(input.state.iteration, lastCounted(input.lines));
  let violations = 0;
  for (const line of input.lines)
    if (line.fatal === void 0 && line.iteration > input.state.iteration)
      violations += violationsIn(line.results);
  let interrupted = null;
  const pending = input.pending;
  if (pending !== null && pending.iteration > iteration) {
    interrupted = interruptedLine(pending, input.now);
    iteration = pending.iteration;
    violations += violationsIn(interrupted.results);
  }
  return { kind: "run", iteration, interrupted, removePending: pending !== null, violations };
}
function interruptedLine(pending, now) {
  const actions = pending.llm_response.actions;
  const done = pending.results.slice(0, actions.length);
  const rest = actions.slice(done.length).map((action, i) => ({
    tool: action.tool,
    ok: false,
    error: i === 0 ? KILLED_RUNNING : KILLED_NOT_STARTED
  }));
  return {
    iteration: pending.iteration,
    timestamp: now,
    llm_response: pending.llm_response,
    error: null,
    results: [...done, ...rest],
    usage: pending.usage,
    duration_ms: { model: pending.duration_ms.model, tools: 0 },
    interrupted: true
  };
}

function lockTask(dir, cookie) {
  return acquireInstanceLock(taskFile(dir, "lock"), cookie !== void 0 ? { cookie } : {});
}
async function lockHolderAlive(dir) {
  try {
    const path = taskFile(dir, "lock");
    const ownerUid = process.platform === "win32" ? null : (await stat(path)).uid;
    const holder = parseHolder(await readInputText(path, { what: "task lock" }));
    return holder !== null && judgeHolderOf(holder, { workDir: null, ownerUid }).held;
  } catch {
    return false;
  }
}
const SETTLE_MS = 20;
async function readStateSettled(dir) {
  try {
    return readState(dir);
  } catch (error) {
    if (!(error instanceof WorkerStateError)) throw error;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return readState(dir);
  }
}
const WAIT_MS = 2;
const GIVE_UP_MS = 1e4;
async function takeMutex(path) {
  let waited = performance.now();
  let last = null;
  for (; ; ) {
    try {
      return await acquireInstanceLock(path);
    } catch (error) {
      if (!(error instanceof AlreadyRunningError)) throw error;
    }
    const seen = await readInputText(path, { what: "task lock" }).catch(() => null);
    if (seen !== last) {
      last = seen;
      waited = performance.now();
    } else if (performance.now() - waited > GIVE_UP_MS) {
      const holder = seen === null ? null : parseHolder(seen);
      throw new Error(
        `held by ${holder ? `PID ${holder.pid}` : "another process"} for over ${GIVE_UP_MS / 1e3} s; if no process is writing state.json, remove the lock by hand`
      );
    }
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
  }
}
async function updateState(dir, change) {
  const mutex = `${taskFile(dir, "state")}.lock`;
  const lock = await namingFile(mutex, () => takeMutex(mutex));
  try {
    const current = await readStateSettled(dir);
    const next = change(current);
    if (next === null) return current;
    writeState(dir, next);
    return next;
  } finally {
    await lock.release();
  }
}

class HeartbeatWriter {
  constructor(dir, clock, intervalMs) {
    this.dir = dir;
    this.clock = clock;
    this.intervalMs = intervalMs;
  }
  dir;
  clock;
  intervalMs;
  beat(status, iteration) {
    const timestamp = new Date(this.clock.now()).toISOString();
    writeHeartbeat(this.dir, { iteration, timestamp, status, pid: process.pid });
  }
  /** Runs `work`, rewriting the heartbeat every interval until it settles (a failed rewrite is not fatal here). */
  async refreshing(status, iteration, work) {
    const stop = new AbortController();
    const refresher = (async () => {
      while (await this.clock.sleep(this.intervalMs, stop.signal)) {
        try {
          this.beat(status, iteration);
        } catch {
        }
      }
    })();
    try {
      return await work();
    } finally {
      stop.abort();
      await refresher;
    }
  }
}

class TaskRecord {
  constructor(dir, clock, state, log, options) {
    this.dir = dir;
    this.clock = clock;
    this.options = options;
    this.state = state;
    this.written = state.status;
    this.torn = log.torn;
    this.history = log.lines.filter(shown).slice(-(options.keep + 1));
    this.runStart = clock.now();
    this.baseElapsed = state.elapsed_ms;
    this.heart = new HeartbeatWriter(dir, clock, options.heartbeatMs);
  }
  dir;
  clock;
  options;
  state;
  /** Recent iterations for the context (fatal lines without results left out). */
  history;
  heart;
  /** The status this process last wrote: a `stopped` it did not write is an external stop, never overwritten. */
  written;
  torn;
  runStart;
  baseElapsed;
  /** Running time: what earlier runs recorded plus this run's. */
  elapsed() {
    return this.baseElapsed + Math.max(0, this.clock.now() - this.runStart);
  }
  iso(ms = this.clock.now()) {
    return new Date(ms).toISOString();
  }
  /** state.json now, read again once if another process is caught mid-write (readStateSettled). */
  async readState() {
    this.state = await readStateSettled(this.dir);
    return this.state;
  }
  /** Writes the state under the mutex with the running time refreshed; an external stop is kept. */
  async setState(change) {
    this.state = await updateState(this.dir, (current) => {
      const next = { ...change(current), updated_at: this.iso(), elapsed_ms: this.elapsed() };
      if (current.status !== "stopped" || this.written === "stopped" || next.status === "stopped")
        return next;
      return { ...next, status: "stopped", termination_reason: current.termination_reason ?? "stopped" };
    });
    this.written = this.state.status;
  }
  logLine(line) {
    appendActionLine(this.dir, line, this.torn);
    this.torn = false;
    if (shown(line)) this.history.push(line);
    if (this.history.length > this.options.keep + 1) this.history.shift();
    this.options.onLine?.(line);
  }
  /** Iteration `iteration`'s line, the model's time from `modelStart` to `toolsStart`, the tools' since. */
  line(iteration, results, usage, modelStart, toolsStart, more) {
    const now = this.clock.now();
    return iterationLine({
      iteration,
      now,
      answer: more.answer ?? null,
      error: more.error ?? null,
      results,
      usage,
      modelMs: Math.max(0, toolsStart - modelStart),
      toolsMs: Math.max(0, now - toolsStart),
      ...more.fatal ? { fatal: more.fatal } : {}
    });
  }
  beat(status, iteration) {
    this.heart.beat(status, iteration);
  }
}
const shown = (line) => line.fatal === void 0 || line.results.length > 0;

async function openTaskSandbox(dir, task, extra = {}) {
  const artifacts = taskFile(dir, "artifacts");
  await namingFile(artifacts, () => mkdir(artifacts, { recursive: true }));
  const allowed = [...task.constraints.allowed_paths.map((path) => resolve(dir, path)), artifacts];
  const { roots } = await openSandbox({ allowed, denied: [] });
  const denied = [dir, ...await otherTasks(dir, roots), ...extra.paths ?? []];
  return openSandbox({ allowed, denied, deniedPrefixes: extra.prefixes ?? [] });
}
async function otherTasks(dir, roots) {
  const realDir = await realpath(dir);
  const parent = dirname(realDir);
  if (parent === realDir) return [];
  const ownArtifacts = join(realDir, TASK_FILES.artifacts);
  const holdsRoot = roots.some(
    (root) => within(parent, root) && !within(realDir, root) && root !== ownArtifacts
  );
  if (!holdsRoot) return [parent];
  const names = await readdir(parent).catch(() => []);
  const siblings = [];
  for (const name of names) {
    const sibling = join(parent, name);
    if (sibling === realDir) continue;
    const info = await stat(join(sibling, TASK_FILES.task)).catch(() => null);
    if (info !== null) siblings.push(sibling);
  }
  return siblings;
}

async function sweepPendingTemps(sandbox, pending) {
  const dirs = /* @__PURE__ */ new Set();
  for (const action of pending.llm_response.actions) {
    const path = action.args.path;
    if (typeof path !== "string") continue;
    try {
      dirs.add(dirname(resolveModelPath(sandbox, path).absolute));
    } catch {
    }
  }
  let removed = 0;
  for (const dir of dirs) {
    const real = await realpath(dir).catch(() => null);
    if (real !== null && isAllowed(sandbox, real) && !isDenied(sandbox, real))
      removed += await sweepStaleTemps(real);
  }
  return removed;
}

function terminationFor(input) {
  if (input.status === "stopped") return "stopped";
  if (input.interrupted) return "interrupted";
  if (input.iteration >= input.maxIterations) return "max_iterations";
  if (timedOut(input.elapsedMs, input.timeoutSeconds)) return "timeout";
  return null;
}
function timedOut(elapsedMs, timeoutSeconds) {
  return elapsedMs > timeoutSeconds * 1e3;
}
function statusFor(reason) {
  switch (reason) {
    case "max_iterations":
    case "timeout":
      return "completed";
    case "stopped":
    case "interrupted":
      return "stopped";
    case "fatal":
      return "failed";
  }
}

async function runTask(taskDir, settings, deps) {
  const dir = resolve(taskDir);
  readTask(dir);
  const lock = await lockTask(dir, deps.cookie);
  try {
    return await new TaskRun(dir, settings, deps).run();
  } finally {
    await lock.release();
  }
}
class TaskRun {
  constructor(dir, settings, deps) {
    this.dir = dir;
    this.settings = settings;
    this.deps = deps;
  }
  dir;
  settings;
  deps;
  task;
  rec;
  sandbox;
  tally = { iterations: 0, actions: 0, violations: 0 };
  usage = NO_USAGE;
  model = null;
  async run() {
    adoptTaskDefinition(this.dir, new Date(this.deps.clock.now()).toISOString());
    this.task = readTask(this.dir);
    const state = readState(this.dir);
    const log = readActionLog(this.dir);
    const pending = readPending(this.dir);
    const { worker } = this.settings;
    this.rec = new TaskRecord(this.dir, this.deps.clock, state, log, {
      heartbeatMs: worker.heartbeat_secs * 1e3,
      keep: worker.history_iterations,
      ...this.deps.onLine ? { onLine: this.deps.onLine } : {}
    });
    const decision = decideStart({ state, lines: log.lines, pending, now: this.rec.iso() });
    if (decision.kind === "done") return this.outcome(null);
    this.sandbox = await openTaskSandbox(this.dir, this.task, this.deps.denied);
    try {
      if (pending !== null) await sweepPendingTemps(this.sandbox, pending);
      if (decision.interrupted !== null) this.rec.logLine(decision.interrupted);
      if (decision.removePending) removePending(this.dir);
      await this.rec.setState((current) => ({
        ...current,
        status: "running",
        termination_reason: null,
        error: null,
        iteration: Math.max(current.iteration, decision.iteration),
        started_at: current.started_at ?? this.rec.iso(),
        security_violations: current.security_violations + decision.violations
      }));
      const iteration = this.rec.state.iteration;
      this.deps.log("info", { event: "worker_start", task: this.task.task_id, iteration });
      for (; ; ) {
        const reason = await this.iterate();
        if (reason !== null) return await this.finish(reason);
      }
    } catch (error) {
      const fatal = fatalOf(error);
      if (fatal === null) throw error;
      return this.fail(fatal);
    }
  }
  /** One round of the loop; the reason the task ends, or null to go on. */
  async iterate() {
    const { worker, llm } = this.settings;
    const rec = this.rec;
    if (this.tally.iterations === 0) rec.beat("reading_state", rec.state.iteration);
    await rec.readState();
    const reason = this.termination();
    if (reason !== null) return reason;
    const i = rec.state.iteration + 1;
    const messages = buildMessages({
      task: this.task,
      iteration: i,
      history: rec.history,
      historyIterations: worker.history_iterations,
      maxResultBytes: worker.max_result_bytes,
      roots: this.sandbox.roots,
      artifacts: this.sandbox.roots.at(-1)
    });
    rec.beat("calling_model", i);
    const modelStart = this.deps.clock.now();
    const signal = this.deps.signal;
    let reply;
    try {
      reply = await rec.heart.refreshing(
        "calling_model",
        i,
        () => this.deps.transport.call({ messages, schema: answerJsonSchema(), ...signal ? { signal } : {} })
      );
    } catch (error2) {
      if (signal?.aborted) return "interrupted";
      if (!(error2 instanceof LlmError)) throw error2;
      const fatal = new Fatal(error2.kind, error2.message, EXIT.modelUnreachable);
      rec.logLine(rec.line(i, [], NO_USAGE, modelStart, modelStart, { fatal }));
      throw fatal;
    }
    const toolsStart = this.deps.clock.now();
    this.model = reply.model ?? this.model;
    this.usage = addUsage(this.usage, reply.usage);
    const parsed = parseAnswer(reply.text, llm.max_answer_bytes, reply.truncated === true);
    const answer = parsed.ok ? parsed.answer : null;
    if ((await rec.readState()).status === "stopped") return "stopped";
    const results = [];
    const acting = answer !== null && answer.actions.length > 0;
    if (acting) {
      rec.beat("executing_action", i);
      try {
        await runActions(
          {
            dir: this.dir,
            iteration: i,
            timestamp: rec.iso(),
            answer,
            usage: reply.usage,
            modelMs: toolsStart - modelStart,
            sandbox: this.sandbox,
            limits: worker,
            ...signal ? { signal } : {},
            overdue: () => timedOut(rec.elapsed(), this.task.constraints.timeout_seconds),
            refreshing: (work) => rec.heart.refreshing("executing_action", i, work),
            onViolation: (tool, error2) => this.violation(i, tool, error2)
          },
          results
        );
      } catch (error2) {
        if (!(error2 instanceof ToolFatalError)) throw error2;
        results.push({ tool: answer.actions[results.length]?.tool ?? "", ok: false, error: error2.message });
        const fatal = fatalOf(error2);
        const line2 = rec.line(i, results, reply.usage, modelStart, toolsStart, { answer, fatal });
        try {
          rec.logLine(line2);
          removePending(this.dir);
        } catch {
        }
        throw fatal;
      }
      this.tally.actions += results.filter(
        (r) => r.ok || r.error !== INTERRUPTED && r.error !== TIMED_OUT
      ).length;
    }
    rec.beat("writing_state", i);
    const error = parsed.ok ? null : parsed.error;
    const line = rec.line(i, results, reply.usage, modelStart, toolsStart, { answer, error });
    if (error !== null) {
      line.raw = firstBytes(reply.text, 2048);
      this.deps.log("warn", {
        event: "answer_error",
        iteration: i,
        kind: error.kind,
        message: error.message
      });
    }
    rec.logLine(line);
    const found = violationsIn(results);
    await rec.setState((current) => ({
      ...current,
      iteration: Math.max(current.iteration, i),
      security_violations: current.security_violations + found
    }));
    if (acting) removePending(this.dir);
    this.tally.iterations++;
    rec.beat("sleeping", i);
    return null;
  }
  termination() {
    return terminationFor({
      status: this.rec.state.status,
      iteration: this.rec.state.iteration,
      maxIterations: this.task.constraints.max_iterations,
      elapsedMs: this.rec.elapsed(),
      timeoutSeconds: this.task.constraints.timeout_seconds,
      interrupted: this.deps.signal?.aborted === true
    });
  }
  async finish(reason) {
    await this.rec.setState(
      (current) => current.status === "stopped" ? { ...current, termination_reason: current.termination_reason ?? "stopped" } : { ...current, status: statusFor(reason), termination_reason: reason }
    );
    this.rec.beat("done", this.rec.state.iteration);
    const { status, termination_reason: why, iteration } = this.rec.state;
    this.deps.log("info", { event: "worker_end", task: this.task.task_id, status, reason: why, iteration });
    return this.outcome(null);
  }
  /** Ends the task as failed; a state that cannot be written either is left as it is (the outcome says why). */
  async fail(fatal) {
    const error = { kind: fatal.kind, message: fatal.message };
    this.deps.log("error", { event: "worker_fatal", task: this.task.task_id, ...error });
    const failed = { status: "failed", termination_reason: "fatal", error };
    try {
      await this.rec.setState((current) => ({ ...current, ...failed }));
      this.rec.beat("done", this.rec.state.iteration);
    } catch {
      this.rec.state = { ...this.rec.state, ...failed };
    }
    return this.outcome(fatal.exitCode);
  }
  outcome(exitCode) {
    const state = this.rec.state;
    return {
      task_dir: this.dir,
      task_id: this.task.task_id,
      status: state.status,
      termination_reason: state.termination_reason,
      iteration: state.iteration,
      iterations_run: this.tally.iterations,
      actions: this.tally.actions,
      violations: this.tally.violations,
      usage: this.usage,
      model: this.model ?? this.deps.transport.model,
      error: state.error,
      exit_code: exitCode ?? EXIT.ok
    };
  }
  violation(iteration, tool, error) {
    this.tally.violations++;
    this.deps.log("warn", { event: "security_violation", task: this.task.task_id, iteration, tool, error });
  }
}

const SESSION_USAGE = `Usage: agent-harness worker session --task-dir DIR

Runs the structured-action worker as one loop session (agent.format = "json-actions"); the loop starts it.
The prompt is read from stdin; settings come from ${WORKER_SETTINGS_ENV} ({"llm": ..., "worker": ...}).
Prints the session transcript (JSON lines) on stdout and logs on stderr.`;
const settingsSchema = strictObject({ llm: configSchema.shape.llm, worker: configSchema.shape.worker });
const absolute = string().refine(isAbsolute, "must be an absolute path");
const deniedSchema = strictObject({
  paths: array(absolute),
  prefixes: array(strictObject({ dir: absolute, prefix: string() }))
});
async function workerSession(argv, io) {
  if (argv.includes("--help") || argv.includes("-h")) return io.err(SESSION_USAGE), EXIT.ok;
  const fail = (kind, message, code) => {
    io.out(JSON.stringify({ type: "error", kind, message, exit_code: code }));
    io.err(`agent-harness worker session: ${message}`);
    return code;
  };
  let setup;
  try {
    setup = readSetup(argv, io);
  } catch (error) {
    if (error instanceof UsageError) return fail("settings", error.message, EXIT.usage);
    throw error;
  }
  const { settings, denied } = setup;
  const log = (level, fields) => io.err(formatLine(systemClock.now(), level, fields));
  const prompt = await io.readStdin();
  const abort = new AbortController();
  let stopping = false;
  const uninstall = io.onStop((signal) => {
    if (stopping) return;
    stopping = true;
    log("warn", { signal, action: "stopping the task" });
    abort.abort();
  });
  try {
    const failure = { last: null };
    const transport = recording(
      transportFor(settings.llm, { env: io.env, spawn, clock: systemClock }),
      failure
    );
    let taskDir = setup.taskDir;
    const existing = await readTaskId(taskDir);
    if (existing === null) {
      if (setup.named) return fail("task", `${taskDir} is not a task directory (no task.json)`, EXIT.usage);
      taskDir = await createTaskAt(
        taskDir,
        {
          prompt,
          max_iterations: settings.worker.max_iterations,
          timeout_seconds: settings.worker.timeout_secs,
          allowed_paths: settings.worker.allowed_paths.map((path) => resolve(io.cwd, path))
        },
        systemClock
      );
    }
    io.out(
      JSON.stringify({
        type: "start",
        task_dir: taskDir,
        task_id: existing ?? await readTaskId(taskDir),
        resumed: existing !== null,
        provider: transport.provider,
        model: transport.model,
        endpoint: transport.endpoint,
        pid: process.pid
      })
    );
    let answers = 0;
    const outcome = await runTask(taskDir, settings, {
      clock: systemClock,
      transport,
      log,
      signal: abort.signal,
      denied,
      env: io.env,
      ...io.env[COOKIE_VAR] ? { cookie: io.env[COOKIE_VAR] } : {},
      onLine: (line) => {
        if (line.llm_response !== null) answers++;
        io.out(JSON.stringify({ type: "iteration", ...line }));
      }
    });
    const llm = outcome.status === "failed" ? failure.last : null;
    io.out(
      JSON.stringify({
        type: "result",
        ...outcome,
        answers,
        llm_error: llm === null ? null : { kind: llm.kind, status: llm.status, retry_after_ms: llm.retryAfterMs, message: llm.message }
      })
    );
    log(outcome.exit_code === 0 ? "info" : "error", {
      task: outcome.task_id,
      status: outcome.status,
      reason: outcome.termination_reason,
      iterations: outcome.iterations_run
    });
    return outcome.exit_code;
  } catch (error) {
    const verdict = exitForError(error);
    const kind = verdict.code === EXIT.usage ? "settings" : error instanceof LlmError ? "llm" : "task";
    return fail(kind, verdict.message, verdict.code);
  } finally {
    uninstall();
  }
}
function readSetup(argv, io) {
  const at = argv.indexOf("--task-dir");
  const dir = at >= 0 ? argv[at + 1] : void 0;
  const unknown = argv.filter((arg, i) => i !== at && i !== at + 1);
  if (dir === void 0 || dir === "" || unknown.length > 0)
    throw new UsageError(
      `expected --task-dir DIR${unknown.length > 0 ? `, found ${unknown.join(" ")}` : ""}`
    );
  const settings = parseEnvJson(io.env, WORKER_SETTINGS_ENV, settingsSchema, true);
  const denied = parseEnvJson(io.env, WORKER_DENIED_ENV, deniedSchema, false) ?? { paths: [], prefixes: [] };
  const named = io.env[WORKER_TASK_ENV];
  if (settings === void 0) throw new UsageError(`${WORKER_SETTINGS_ENV} is not set`);
  return {
    settings,
    denied,
    taskDir: resolve(io.cwd, named !== void 0 && named !== "" ? named : dir),
    named: named !== void 0 && named !== ""
  };
}
function parseEnvJson(env, name, schema, required) {
  const text = env[name];
  if (text === void 0 || text === "") {
    if (required)
      throw new UsageError(`${name} is not set: the loop sets it (agent.format = "json-actions")`);
    return void 0;
  }
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${name} is not JSON: ${error.message}`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "(top)"}: ${i.message}`);
    throw new UsageError(`${name} is not usable: ${problems.join("; ")}`);
  }
  return parsed.data;
}
async function readTaskId(dir) {
  try {
    const task = JSON.parse(await readInputText(join(dir, TASK_FILES.task), { what: "task definition" }));
    return typeof task.task_id === "string" ? task.task_id : null;
  } catch {
    return null;
  }
}
function recording(transport, failure) {
  return {
    provider: transport.provider,
    model: transport.model,
    endpoint: transport.endpoint,
    call: async (request) => {
      try {
        const reply = await transport.call(request);
        failure.last = null;
        return reply;
      } catch (error) {
        if (error instanceof LlmError) failure.last = error;
        throw error;
      }
    }
  };
}
function processSessionIo(cwd) {
  return {
    cwd,
    env: process.env,
    out: (line) => process.stdout.write(`${line}
`),
    err: (line) => process.stderr.write(`${line}
`),
    readStdin: async () => {
      const chunks = [];
      for await (const chunk of process.stdin) chunks.push(chunk);
      return Buffer.concat(chunks).toString("utf8");
    },
    onStop: (stop) => {
      const signals = ["SIGTERM", "SIGINT", "SIGHUP"];
      const handler = (signal) => stop(signal);
      for (const signal of signals) process.on(signal, handler);
      return () => {
        for (const signal of signals) process.off(signal, handler);
      };
    }
  };
}

function livenessOf(input) {
  if (input.status !== "running") return "-";
  if (!input.holderAlive) return "dead";
  if (input.heartbeatAgeMs === null || input.heartbeatAgeMs > input.staleAfterSecs * 1e3) return "stale";
  return "alive";
}
async function findTaskDirs(dir) {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  if (entries.some((entry) => entry.isFile() && entry.name === TASK_FILES.task)) return [dir];
  const dirs = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const inner = await readdir(join(dir, entry.name)).catch(() => []);
    if (inner.includes(TASK_FILES.task)) dirs.push(join(dir, entry.name));
  }
  return dirs;
}
async function readListing(dir, now, staleAfterSecs) {
  let task = null;
  let state = null;
  let problem;
  try {
    task = readTask(dir);
    state = existsSync(taskFile(dir, "state")) ? readState(dir) : pendingState(task.created_at);
  } catch (error) {
    if (!(error instanceof WorkerStateError)) throw error;
    problem = error.message;
  }
  const heartbeat = readHeartbeat(dir);
  const age = heartbeat === null ? null : now - Date.parse(heartbeat.timestamp);
  const status = state?.status ?? "unreadable";
  return {
    dir,
    task_id: task?.task_id ?? dir.split(/[\\/]/).at(-1),
    status,
    iteration: state?.iteration ?? 0,
    max_iterations: task?.constraints.max_iterations ?? 0,
    termination_reason: state?.termination_reason ?? null,
    liveness: livenessOf({
      status,
      holderAlive: status === "running" && await lockHolderAlive(dir),
      heartbeatAgeMs: age,
      staleAfterSecs
    }),
    heartbeat_age_secs: age === null ? null : Math.round(age / 1e3),
    prompt: task?.prompt ?? "",
    created_at: task?.created_at ?? "",
    ...problem !== void 0 ? { problem } : {}
  };
}
async function listTasks(dir, now, staleAfterSecs) {
  const listings = await Promise.all(
    (await findTaskDirs(dir)).map((d) => readListing(d, now, staleAfterSecs))
  );
  return listings.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.dir.localeCompare(b.dir));
}
const firstLine = (text, max = 60) => {
  const line = text.trim().split("\n")[0] ?? "";
  return line.length > max ? `${line.slice(0, max - 1)}\u2026` : line;
};
function formatListing(listings) {
  if (listings.length === 0) return "No tasks.";
  const rows = listings.map((t) => [
    t.task_id.slice(0, 8),
    t.status,
    t.status === "unreadable" ? "-" : `${t.iteration}/${t.max_iterations}`,
    t.termination_reason ?? "-",
    t.liveness === "stale" && t.heartbeat_age_secs !== null ? `stale (${t.heartbeat_age_secs}s)` : t.liveness,
    t.problem !== void 0 ? t.problem : firstLine(t.prompt)
  ]);
  const header = ["TASK", "STATUS", "ITER", "REASON", "LIVENESS", "PROMPT"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((cell, i) => i === cells.length - 1 ? cell : cell.padEnd(widths[i])).join("  ").trimEnd();
  return [line(header), ...rows.map(line)].join("\n");
}

async function stopTask(dir, clock) {
  let before = null;
  let changed = false;
  readTask(dir);
  await updateState(dir, (current) => {
    before = current;
    if (current.status === "completed" || current.status === "failed" || current.status === "stopped")
      return null;
    changed = true;
    return {
      ...current,
      status: "stopped",
      termination_reason: "stopped",
      updated_at: new Date(clock.now()).toISOString()
    };
  });
  return { before, changed };
}

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
  return () => {
    for (const signal of SIGNALS) process.removeListener(signal, onSignal);
  };
}

const USAGES = {
  worker: `Usage: agent-harness worker <command> [options]

The structured-action worker: a model answers with JSON file operations, the harness runs them in a sandbox.

  new    create a task directory           (agent-harness worker new --help)
  run    run or resume task directories    (agent-harness worker run --help)
  stop   ask a running task to stop        (agent-harness worker stop --help)
  ls     list tasks and their liveness     (agent-harness worker ls --help)

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
written, 16 the model is unreachable, 17 task.json/state.json is missing or corrupt (nothing overwritten).`,
  stop: `Usage: agent-harness worker stop DIR [-c PATH]

Writes "status": "stopped" to DIR/state.json (other fields kept); a running worker ends before its next step.`,
  ls: `Usage: agent-harness worker ls [DIR] [--json] [--stale-after SECS] [-c PATH]

Lists the tasks under DIR (default: worker.tasks_dir), or the task DIR: status, iteration/max, termination
reason, liveness (alive; stale: its heartbeat is older than --stale-after, default worker.stale_after_secs;
dead: its worker is gone; - not running) and the prompt's first line.`
};
const COMMON = { config: { type: "string", short: "c" }, help: { type: "boolean", short: "h" } };
function parse(sub, argv, options) {
  try {
    return parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: { ...options, ...COMMON }
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
    case void 0:
    case "help":
    case "--help":
    case "-h":
      io.out(USAGES.worker);
      return sub === void 0 ? EXIT.usage : EXIT.ok;
    default:
      throw new UsageError(`unknown worker command "${sub}"
${USAGES.worker}`);
  }
}
function count(flag, text, integer) {
  if (text === void 0) return void 0;
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value) || value <= 0 || integer && !Number.isInteger(value))
    throw new UsageError(
      `${flag}: expected a positive ${integer ? "integer" : "number"}, found ${JSON.stringify(text)}`
    );
  return value;
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
      max_iterations: count("--max-iterations", values["max-iterations"], true) ?? config.worker.max_iterations,
      timeout_seconds: count("--timeout", values.timeout, false) ?? config.worker.timeout_secs,
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
  const denied = workerDenied(resolvePaths(config, io.cwd), file);
  const cookie = newCookie();
  const reaper = startReaper(cookie, config.watchdog.kill_grace_secs * 1e3, spawn);
  const transport = transportFor(config.llm, { env: io.env, spawn, clock: systemClock, cookie });
  const logger = new ConsoleLogger("normal", () => systemClock.now(), io.err);
  const stop = new AbortController();
  const removeSignals = installWorkerSignals({
    windowMs: config.shutdown.force_window_secs * 1e3,
    now: () => systemClock.now(),
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
  const staleAfter = count("--stale-after", values["stale-after"], false) ?? config.worker.stale_after_secs;
  const dir = resolve(io.cwd, positionals[0] ?? config.worker.tasks_dir);
  const listings = await listTasks(dir, systemClock.now(), staleAfter);
  io.out(values.json ? JSON.stringify(listings, null, 2) : formatListing(listings));
  return EXIT.ok;
}

const defaultIo = () => ({
  cwd: process.cwd(),
  out: (text) => process.stdout.write(`${text}
`),
  err: (text) => process.stderr.write(`${text}
`)
});
async function cliMain(argv, io = defaultIo()) {
  try {
    if (argv[0] === "worker" && argv[1] === "session")
      return await workerSession(argv.slice(2), processSessionIo(io.cwd));
    if (argv[0] === "tasks") {
      return await tasksCommand(argv.slice(1), {
        cwd: io.cwd,
        out: io.out,
        now: () => systemClock.now(),
        env: process.env
      });
    }
    if (argv[0] === "worker" && argv[1] !== "session")
      return await workerCommand(argv.slice(1), { ...io, env: process.env });
    const review = REVIEW_COMMANDS.find((name) => name === argv[0]);
    if (review !== void 0) return await reviewCommand(review, argv.slice(1), io);
    const cycle = CYCLE_COMMANDS.find((name) => name === argv[0]);
    if (cycle !== void 0)
      return await cycleCommand(cycle, argv.slice(1), { ...io, isTty: process.stdin.isTTY === true });
    const history = HISTORY_COMMANDS.find((name) => name === argv[0]);
    if (history !== void 0) return await historyCommand(history, argv.slice(1), io);
    const args = parseCliArgs(argv);
    if (args.command === "help") return io.out(USAGE), EXIT.ok;
    if (args.command === "version") return io.out(VERSION), EXIT.ok;
    if (args.command === "schema") return io.out(JSON.stringify(configJsonSchema(), null, 2)), EXIT.ok;
    const loaded = await loadConfig({
      cwd: io.cwd,
      ...args.configPath !== void 0 ? { configPath: args.configPath } : {},
      overrides: args.overrides
    });
    if (args.command === "dry-run") return io.out(describeConfig(loaded)), EXIT.ok;
    if (args.command === "status") return await printStatus(loaded.config, io);
    const config = loaded.config;
    const stop = new StopController();
    const logger = new ConsoleLogger(args.verbosity, () => systemClock.now());
    const summary = await runHarness({
      config,
      cwd: io.cwd,
      env: process.env,
      clock: systemClock,
      spawn,
      stop,
      ...args.task !== void 0 ? { onlyTask: args.task } : {},
      ...selfCommand(),
      configFile: loaded.file,
      start: ({ paths }) => {
        const uninstall = installCliSignals(stop, config, logger);
        const budgetMins = config.session.time_budget_mins;
        return Promise.resolve({
          logger,
          events: paths.eventLog ? new FileEventLog(paths.eventLog, () => systemClock.now()) : nullEventSink,
          budget: () => budgetMins === void 0 ? void 0 : {
            deadlineMs: systemClock.now() + budgetMins * 6e4,
            graceMs: config.watchdog.kill_grace_secs * 1e3,
            estimateMs: 0
          },
          dispose: uninstall
        });
      }
    });
    if (summary.error !== void 0) io.err(`agent-harness: ${summary.error}`);
    return summary.exitCode;
  } catch (error) {
    const verdict = exitForError(error);
    io.err(`agent-harness: ${verdict.message}`);
    return verdict.code;
  }
}
function selfCommand() {
  const script = process.argv[1];
  return script === void 0 ? {} : { self: { command: process.execPath, args: [script] } };
}

export { cliMain };
