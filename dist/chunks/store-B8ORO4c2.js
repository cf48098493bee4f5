import { y as object, h as string, z as number, B as literal, _ as _enum, g as array, a as MAX_TIMER_SECS, c as TIMER_LIMIT_REASON, E as readInputFile } from './input-file-Cbt1w_j3.js';
import { v as valueAt } from './errors-CNcu4SPE.js';
import { writeFile } from 'node:fs/promises';
import 'node:path';
import { H as HarnessError, E as EXIT } from './exit-codes-BkuRLrXJ.js';
import { w as writeFileAtomic } from './process-group-v69azfoj.js';
import 'node:crypto';
import 'node:fs';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import './harness-files-B0x0nX25.js';
import 'node:child_process';

const DEPENDENCY_TAG = "[DEPENDENCY]";
function hasDependencyError(task) {
  return task.error_log.some((entry) => entry.trimStart().startsWith(DEPENDENCY_TAG));
}
function isPermanentlyFailed(task) {
  return task.status === "failed" && (task.attempts >= task.max_attempts || hasDependencyError(task));
}
function isRetryable(task) {
  return task.status === "failed" && task.attempts < task.max_attempts && !hasDependencyError(task);
}

function taskStats(tasks) {
  const dead = /* @__PURE__ */ new Set();
  for (const task of tasks) if (isPermanentlyFailed(task)) dead.add(task.id);
  const stats = {
    tasks_total: tasks.length,
    completed: 0,
    failed: 0,
    pending: 0,
    blocked: 0,
    attempts_total: 0,
    checkpoints: 0
  };
  for (const task of tasks) {
    if (task.status === "completed") stats.completed++;
    else if (task.status === "failed") stats.failed++;
    else if (task.status === "pending") {
      stats.pending++;
      if (task.depends_on.some((dep) => dead.has(dep))) stats.blocked++;
    }
    stats.attempts_total += task.attempts;
    stats.checkpoints += task.checkpoints.length;
  }
  return stats;
}
function formatStats(stats) {
  return `tasks_total=${stats.tasks_total} completed=${stats.completed} failed=${stats.failed} pending=${stats.pending} blocked=${stats.blocked} attempts_total=${stats.attempts_total} checkpoints=${stats.checkpoints}`;
}

const TASK_STATUSES = ["pending", "in_progress", "completed", "failed"];
const PRIORITIES = ["P0", "P1", "P2"];
const TASK_ID = /^task-\d{3,}$/;
const checkpoint = object({
  step: number().int().nonnegative(),
  total: number().int().positive(),
  description: string(),
  timestamp: string()
}).strict();
const taskSchema = object({
  id: string().regex(TASK_ID, "expected an id like task-001"),
  title: string().min(1),
  status: _enum(TASK_STATUSES),
  priority: _enum(PRIORITIES).default("P1"),
  depends_on: array(string()).default([]),
  attempts: number().int().nonnegative().default(0),
  max_attempts: number().int().positive().default(3),
  started_at_commit: string().nullable().default(null),
  /**
   * The branch HEAD was on when the task was claimed (null: detached). The harness goes back to it before
   * validating, committing or rolling back, whatever the agent checked out. Beyond the protocol's fields;
   * files without it still load.
   */
  started_on_branch: string().nullable().optional(),
  validation: object({
    command: string().nullable().default(null),
    timeout_seconds: number().positive().max(MAX_TIMER_SECS, TIMER_LIMIT_REASON).default(300)
  }).strict().prefault({}),
  on_failure: object({ cleanup: string().nullable().default(null) }).strict().prefault({}),
  error_log: array(string()).default([]),
  checkpoints: array(checkpoint).default([]),
  completed_at: string().nullable().default(null),
  /** When the task last failed (ISO): orders retries, oldest failure first. Beyond the protocol's fields. */
  failed_at: string().nullable().optional(),
  /** The last validation result, for status displays and the job summary. Beyond the protocol's fields. */
  last_validation: object({
    result: _enum(["pass", "fail", "timeout", "missing"]),
    at: string(),
    exit_code: number().nullable()
  }).strict().nullable().optional()
}).strict();
const taskFileSchema = object({
  version: literal(2),
  created: string(),
  session_config: object({
    max_tasks_per_session: number().int().positive().default(20),
    max_sessions: number().int().positive().default(50)
  }).strict().prefault({}),
  tasks: array(taskSchema),
  session_count: number().int().nonnegative().default(0),
  last_session: string().nullable().default(null)
}).strict().superRefine((file, ctx) => {
  const seen = /* @__PURE__ */ new Set();
  file.tasks.forEach((task, index) => {
    if (seen.has(task.id)) {
      ctx.addIssue({
        code: "custom",
        path: ["tasks", index, "id"],
        message: `duplicate task id ${task.id}`
      });
    }
    seen.add(task.id);
  });
  const ids = new Set(file.tasks.map((t) => t.id));
  file.tasks.forEach((task, index) => {
    task.depends_on.forEach((dep, d) => {
      if (!ids.has(dep)) {
        ctx.addIssue({
          code: "custom",
          path: ["tasks", index, "depends_on", d],
          message: `${task.id} depends on ${dep}, which is not in the task list`
        });
      }
    });
  });
});
function newTaskFile(nowIso) {
  return {
    version: 2,
    created: nowIso,
    session_config: { max_tasks_per_session: 20, max_sessions: 50 },
    tasks: [],
    session_count: 0,
    last_session: null
  };
}

class TaskFileError extends HarnessError {
  name = "TaskFileError";
  /** One line per problem, each naming the file and the JSON path. */
  problems;
  constructor(message, problems = []) {
    super(message, EXIT.usage);
    this.problems = Object.freeze([...problems]);
  }
}
const backupPath = (path) => `${path}.bak`;
async function readTaskFile(path, options = {}) {
  const primary = await parseTaskFile(path);
  if (primary === null) return null;
  if (primary.ok) return { file: primary.file, restoredFromBackup: false };
  const bak = backupPath(path);
  const backup = await parseTaskFile(bak);
  if (backup === null || !backup.ok) throw unrecoverable(path, primary.reason, backup);
  const corruptCopy = await keepAside(path, primary.bytes, (options.now ?? Date.now)());
  await writeFileAtomic(path, backup.bytes.toString("utf8"), { durable: true });
  return { file: backup.file, restoredFromBackup: true, corruptCopy, problem: primary.reason };
}
async function loadTasksForRead(path) {
  const primary = await parseTaskFile(path);
  if (primary === null) return null;
  if (primary.ok) return { file: primary.file, usedPath: path, fromBackup: false, problem: null };
  const bak = backupPath(path);
  const backup = await parseTaskFile(bak);
  if (backup === null || !backup.ok) throw unrecoverable(path, primary.reason, backup);
  return { file: backup.file, usedPath: bak, fromBackup: true, problem: primary.reason };
}
async function writeTaskFile(path, file, options = {}) {
  const result = taskFileSchema.safeParse(file);
  if (!result.success) {
    const problems = formatIssues(path, result.error.issues, file);
    throw new TaskFileError(
      `refusing to write ${path}: the task list is invalid
${problems.join("\n")}`,
      problems
    );
  }
  const text = `${JSON.stringify(result.data, null, 2)}
`;
  const current = await parseTaskFile(path);
  if (current?.ok) {
    await writeFileAtomic(backupPath(path), current.bytes.toString("utf8"), { durable: true });
  } else if (current) {
    await keepAside(path, current.bytes, (options.now ?? Date.now)());
  }
  await writeFileAtomic(path, text, { durable: true });
}
function parseTaskFileText(source, text) {
  let data;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    return { ok: false, problems: [`${source}: invalid JSON: ${error.message}`] };
  }
  const result = taskFileSchema.safeParse(data);
  if (result.success) return { ok: true, file: result.data };
  return { ok: false, problems: formatIssues(source, result.error.issues, data) };
}
async function parseTaskFile(path) {
  let bytes;
  try {
    bytes = await readInputFile(path, { what: "task list" });
  } catch (error) {
    if (error.code === "ENOENT") return null;
    throw error;
  }
  const parsed = parseTaskFileText(path, bytes.toString("utf8"));
  return parsed.ok ? { ok: true, file: parsed.file, bytes } : { ok: false, reason: parsed.problems.join("\n"), bytes };
}
function unrecoverable(path, primaryReason, backup) {
  const bak = backupPath(path);
  let backupReason = `${bak}: no backup (the file does not exist)`;
  if (backup !== null && !backup.ok) backupReason = backup.reason;
  const name = path.split(/[\\/]/).pop() ?? path;
  return new TaskFileError(
    `${name} corrupted and unrecoverable (${path}); nothing was changed
${primaryReason}
${backupReason}`,
    [...primaryReason.split("\n"), ...backupReason.split("\n")]
  );
}
async function keepAside(path, bytes, nowMs) {
  const stamp = new Date(nowMs).toISOString().replace(/\.\d{3}Z$/, "Z").replace(/[-:]/g, "");
  for (let n = 0; ; n++) {
    const target = `${path}.corrupt-${stamp}${n === 0 ? "" : `-${n}`}`;
    try {
      await writeFile(target, bytes, { flag: "wx" });
      return target;
    } catch (error) {
      if (error.code !== "EEXIST" || n >= 1e3) throw error;
    }
  }
}
function formatIssues(source, issues, data) {
  return issues.flatMap((issue) => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => `${source}: ${formatJsonPath([...issue.path, key])}: unknown key`);
    }
    return [`${source}: ${formatJsonPath(issue.path)}: ${describeIssue(issue, valueAt(data, issue.path))}`];
  });
}
function formatJsonPath(path) {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else if (typeof key === "string" && /^[A-Za-z_$][\w$]*$/.test(key)) out += out === "" ? key : `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out === "" ? "(top level)" : out;
}
function describeIssue(issue, value) {
  const found = foundText(value);
  switch (issue.code) {
    case "invalid_type":
      return `expected ${typeName(issue.expected)}, ${found}`;
    case "invalid_value": {
      const values = issue.values.map((v) => String(v));
      const expected = values.length === 1 ? `expected ${values[0]}` : `expected one of ${values.join(", ")}`;
      return `${expected}, ${found}`;
    }
    case "too_small":
      return `${boundText(issue.origin, issue.minimum, issue.inclusive ?? true, "min")}, ${found}`;
    case "too_big":
      return `${boundText(issue.origin, issue.maximum, issue.inclusive ?? true, "max")}, ${found}` + (issue.message === TIMER_LIMIT_REASON ? ` (${TIMER_LIMIT_REASON})` : "");
    case "invalid_format": {
      const expected = /^expected /.test(issue.message) ? issue.message : issue.format === "regex" && "pattern" in issue ? `expected a string matching ${String(issue.pattern)}` : `expected a valid ${issue.format}`;
      return `${expected}, ${found}`;
    }
    case "custom":
      return issue.message;
    default:
      return `${issue.message.replace(/^Invalid input: /, "")}, ${found}`;
  }
}
function typeName(expected) {
  switch (expected) {
    case "int":
      return "an integer";
    case "array":
      return "a list";
    case "object":
      return "an object";
    case "null":
      return "null";
    default:
      return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
  }
}
function boundText(origin, bound, inclusive, side) {
  const n = Number(bound);
  if (origin === "string") {
    if (side === "min" && n === 1 && inclusive) return "expected a non-empty string";
    return `expected a string of ${side === "min" ? "at least" : "at most"} ${n} characters`;
  }
  if (origin === "array") return `expected ${side === "min" ? "at least" : "at most"} ${n} items`;
  const op = side === "min" ? inclusive ? ">=" : ">" : inclusive ? "<=" : "<";
  return `expected a number ${op} ${n}`;
}
function foundText(value) {
  if (value === void 0) return "but it is missing";
  if (value === null) return "found null";
  if (Array.isArray(value)) return `found a list`;
  if (typeof value === "object") return "found an object";
  if (typeof value === "string") {
    return `found ${JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}\u2026` : value)}`;
  }
  return typeof value === "number" || typeof value === "boolean" ? `found ${value}` : `found a ${typeof value}`;
}

export { DEPENDENCY_TAG as D, PRIORITIES as P, TASK_ID as T, TaskFileError as a, isRetryable as b, formatStats as f, hasDependencyError as h, isPermanentlyFailed as i, loadTasksForRead as l, newTaskFile as n, readTaskFile as r, taskStats as t, writeTaskFile as w };
