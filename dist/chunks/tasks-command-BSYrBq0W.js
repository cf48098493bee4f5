import { writeFile, chmod } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { w as writeTaskFile, T as TASK_ID, l as loadTasksForRead, t as taskStats, i as isPermanentlyFailed, P as PRIORITIES, n as newTaskFile, r as readTaskFile } from './store-B8ORO4c2.js';
export { a as TaskFileError } from './store-B8ORO4c2.js';
import { a as acquireLock, r as readLockPid, l as lockDirFor, P as ProgressLog, c as checkpointMessage, v as validateDependencies, b as readyTasks, n as nextTaskId, I as INIT_SCRIPT } from './lock-YHFNiW80.js';
import 'node:child_process';
import './input-file-Cbt1w_j3.js';
import './exit-codes-BkuRLrXJ.js';
import 'node:crypto';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import { T as TASK_FILE, P as PROGRESS_FILE, I as INIT_LOG } from './harness-files-B0x0nX25.js';
import 'node:os';
import 'node:perf_hooks';
import { m as mergeOutcomes } from './merge-DwjizXMV.js';
import { S as SUBCOMMANDS, g as asksHelp, U as UsageError, f as flagNumber, G as GLOBAL_OPTIONS } from './relaunch-BurLyM5A.js';
import { unknownCommand } from './unknown-command-Dvidw1HW.js';
import { c as commandUsage, f as familyUsage } from './command-usage-CM5U0tgt.js';
import './errors-CNcu4SPE.js';
import './process-group-v69azfoj.js';
import './error-line-D30764DK.js';
import './tail-CzdcGSBg.js';
import 'node:buffer';
import './chunk-reader-0BRVJma9.js';
import './shell-xIIC2Ow-.js';
import './event-log-BGV3jqas.js';
import './holder-DYQPLy_j.js';
import 'process';
import 'buffer';
import 'node:module';

const TASKS = {
  init: {
    synopsis: "init [--init-script]",
    what: "create harness-tasks.json and harness-progress.txt (and harness-init.sh)"
  },
  add: {
    synopsis: 'add "<title>" [--priority P0|P1|P2] [--depends-on ID,...] [--validate CMD] [--timeout SECS]\n    [--max-attempts N] [--cleanup CMD]',
    what: "add a pending task; its --validate command decides whether an attempt succeeded"
  },
  status: {
    synopsis: "status",
    what: "the task summary, one line per task, the last progress lines (read-only)"
  },
  list: { synopsis: "list [--json]", what: "the tasks (as JSON with --json)" },
  ready: { synopsis: "ready [--json]", what: "ids of the tasks that can start now (for a strategy.matrix)" },
  checkpoint: {
    synopsis: 'checkpoint <id> --step M/N "<description>"',
    what: "record step M of N of a task's work (the agent of a running session may, too)"
  },
  merge: { synopsis: "merge <outcome.json>...", what: "fold fan-out jobs' task files into this one" }
};
const MORE = "docs/tasks.md has the details.";
const TASKS_USAGE = familyUsage(
  "tasks",
  "",
  TASKS,
  35,
  `agent-harness tasks <command> --help shows one command; ${MORE}`
);
const tasksUsageOf = (command) => commandUsage("tasks", TASKS[command], MORE);

const iso = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
async function tasksCommand(argv, io) {
  const [sub, ...rest] = argv;
  const path = join(io.cwd, TASK_FILE);
  const known = SUBCOMMANDS.tasks.includes(sub);
  if (known && asksHelp(rest)) return io.out(tasksUsageOf(sub)), 0;
  switch (sub) {
    case "--help":
    case "-h":
    case "help":
      io.out(TASKS_USAGE);
      return 0;
    case "init":
      return init(rest, io, path);
    case "add":
      return add(rest, io, path);
    case "status":
      return status(rest, io, path);
    case "list":
      return list(rest, io, path, "list");
    case "ready":
      return list(rest, io, path, "ready");
    case "checkpoint":
      return checkpoint(rest, io, path);
    case "merge":
      return merge(rest, io, path);
    case void 0:
      throw new UsageError(`missing tasks command
${TASKS_USAGE}`);
    default:
      throw await unknownCommand(sub, "tasks", TASKS_USAGE);
  }
}
async function init(argv, io, path) {
  const { values } = parse(argv, { "init-script": { type: "boolean" } });
  if (existsSync(path)) throw new UsageError(`${TASK_FILE} already exists here; it is left as it is`);
  await writeTaskFile(path, newTaskFile(iso(io.now())));
  await new ProgressLog(join(io.cwd, PROGRESS_FILE), io.now).append({
    session: 0,
    type: "INIT",
    message: `Harness initialized for project ${io.cwd}`
  });
  io.out(
    `Created ${TASK_FILE} and ${PROGRESS_FILE}. Task runs keep the harness's own files out of their commits and rollbacks whether git ignores them or not (docs/tasks.md).`
  );
  if (values["init-script"]) io.out(await createInitScript(io.cwd));
  io.out('Next: add a task with agent-harness tasks add "<title>" --validate "<command that checks it>"');
  return 0;
}
async function createInitScript(cwd) {
  const script = join(cwd, INIT_SCRIPT);
  if (existsSync(script)) return `${script} exists already: left as it is.`;
  await writeFile(
    script,
    '#!/bin/sh\n# Runs at the start of every task session; must be idempotent. A non-zero exit is retried once,\n# then the session stops with ENV_SETUP.\nset -e\necho "Environment health check complete"\n'
  );
  await chmod(script, 493);
  return `Created ${script}: it runs before every task session, and a session starts only when it exits 0 (a failure is retried once). Edit it to check what your tasks need (tools installed, services up); its output goes to ${INIT_LOG} when it fails.`;
}
async function add(argv, io, path) {
  const { values, positionals } = parse(argv, {
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
  const priority = str(values.priority) ?? "P1";
  if (!PRIORITIES.includes(priority)) {
    throw new UsageError(
      `--priority: expected one of ${PRIORITIES.join(", ")}, found ${JSON.stringify(str(values.priority))}`
    );
  }
  const dependsOn = (str(values["depends-on"]) ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  const timeout = flagNumber("--timeout", str(values.timeout), "positive number") ?? 300;
  const maxAttempts = flagNumber("--max-attempts", str(values["max-attempts"]), "positive number") ?? 3;
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
      validation: { command: str(values.validate) ?? null, timeout_seconds: timeout },
      on_failure: { cleanup: str(values.cleanup) ?? null },
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
async function status(argv, io, path) {
  const { positionals } = parse(argv, {});
  if (positionals.length > 0) throw new UsageError(`tasks status: unexpected argument "${positionals[0]}"`);
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
    const why = task.status === "failed" ? task.error_log.at(-1) : void 0;
    if (why !== void 0) lines.push(`    last error: ${why}`);
  }
  const tail = await new ProgressLog(join(io.cwd, PROGRESS_FILE)).tail(5);
  if (tail.length > 0) lines.push("", "Last progress:", ...tail.map((l) => `  ${l}`));
  lines.push("", `Sessions: ${file.session_count}, last ${file.last_session ?? "never"}`);
  io.out(lines.join("\n"));
  return 0;
}
async function list(argv, io, path, what) {
  const { values } = parse(argv, { json: { type: "boolean" } });
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
  const { values, positionals } = parse(argv, { step: { type: "string" } });
  const [id, ...words] = positionals;
  const step = /^(\d+)\/(\d+)$/.exec(str(values.step) ?? "");
  if (!id || !TASK_ID.test(id) || !step || words.length === 0) {
    throw new UsageError('usage: agent-harness tasks checkpoint <task-id> --step M/N "<description>"');
  }
  const [m, n] = [Number(step[1]), Number(step[2])];
  if (n < 1 || m > n)
    throw new UsageError(`--step: expected M/N with 0 <= M <= N and N >= 1, found ${str(values.step)}`);
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
  const { positionals } = parse(argv, {});
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
function parse(argv, options) {
  try {
    const parsed = parseArgs({
      args: [...argv],
      options: { ...GLOBAL_OPTIONS, ...options },
      allowPositionals: true,
      strict: true
    });
    return { values: parsed.values, positionals: parsed.positionals };
  } catch (error) {
    throw new UsageError(`${error.message}
${TASKS_USAGE}`);
  }
}
const str = (value) => typeof value === "string" ? value : void 0;

export { tasksCommand };
