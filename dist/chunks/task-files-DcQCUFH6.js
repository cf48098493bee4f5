import { H as HarnessError, E as EXIT } from './exit-codes-BIDj-cBV.js';
import { unlinkSync, appendFileSync, existsSync, mkdirSync, writeFileSync, linkSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { a as writeFileAtomicSync } from './atomic-BcKaoj99.js';
import { a as readInputTextSync, b as INPUT_MAX_BYTES, I as InputFileError, H as HarnessFileError } from './write-error-Du9mN06c.js';
import { _ as _isoDateTime, Z as ZodISODateTime, o as object, a as array, s as string, n as number, d as looseObject, e as _enum } from './proc-BHgIj9ip.js';

function datetime(params) {
    return _isoDateTime(ZodISODateTime, params);
}

class WorkerStateError extends HarnessError {
  constructor(file, problem, advice = "fix or restore it by hand (it is left as it is), or create a new task with `agent-harness worker new`") {
    super(`${file}: ${problem}; ${advice}`, EXIT.workerState);
    this.file = file;
  }
  file;
  name = "WorkerStateError";
}

const LLM_FAILURE_KINDS = [
  "unreachable",
  "timeout",
  "http_error",
  "rate_limited",
  "authentication",
  "model_not_found",
  "bad_response",
  "command_failed",
  "cancelled"
];
class LlmError extends HarnessError {
  constructor(message, kind, status = null, retryAfterMs = null) {
    super(message, EXIT.modelUnreachable);
    this.kind = kind;
    this.status = status;
    this.retryAfterMs = retryAfterMs;
  }
  kind;
  status;
  retryAfterMs;
  name = "LlmError";
}
function renderPrompt(messages) {
  return messages.map((message) => message.content).join("\n\n");
}
const NO_USAGE = { input_tokens: null, output_tokens: null };

function appendFileNamed(path, data) {
  try {
    appendFileSync(path, data);
  } catch (error) {
    throw new HarnessFileError(path, error);
  }
}
function removeFileNamed(path) {
  try {
    unlinkSync(path);
  } catch (error) {
    if (error.code !== "ENOENT")
      throw new HarnessFileError(path, error, "cannot remove");
  }
}
function readText(path, { what = "worker file", maxBytes = INPUT_MAX_BYTES } = {}) {
  try {
    return { text: readInputTextSync(path, { what, maxBytes }) };
  } catch (error) {
    if (error instanceof InputFileError) throw error;
    const e = error;
    return { code: e.code ?? "EIO", message: e.message };
  }
}

const TASK_FILES = {
  task: "task.json",
  state: "state.json",
  heartbeat: "heartbeat.json",
  actions: "actions.jsonl",
  pending: "pending.json",
  lock: "worker.lock",
  artifacts: "artifacts"
};
const WORKER_STATUSES = ["pending", "running", "stopped", "completed", "failed"];
const TERMINATION_REASONS = ["max_iterations", "timeout", "stopped", "interrupted", "fatal"];
const isoString = datetime({ offset: true, error: "must be an ISO 8601 timestamp" });
const count = number().int().nonnegative();
const taskSpecSchema = object({
  task_id: string().min(1),
  prompt: string(),
  constraints: object({
    max_iterations: number().int().positive(),
    timeout_seconds: number().positive(),
    allowed_paths: array(string().min(1)).min(1)
  }),
  created_at: isoString
});
const workerStateSchema = looseObject({
  status: _enum(WORKER_STATUSES),
  iteration: count,
  started_at: isoString.nullable(),
  updated_at: isoString,
  termination_reason: _enum(TERMINATION_REASONS).nullable(),
  error: object({ kind: string(), message: string() }).nullable().default(null),
  elapsed_ms: count.default(0),
  security_violations: count.default(0)
});
const taskFile = (dir, name) => join(dir, TASK_FILES[name]);
function readJson(path, what) {
  const read = readText(path, { what: what.replace(/^the /, "") });
  if ("code" in read) {
    if (read.code === "ENOENT")
      throw new WorkerStateError(
        path,
        `missing (${what})`,
        "is this a task directory? Create one with `agent-harness worker new`"
      );
    throw new WorkerStateError(path, `cannot be read (${read.code})`);
  }
  try {
    return JSON.parse(read.text);
  } catch (error) {
    throw new WorkerStateError(path, `is not valid JSON (${error.message})`);
  }
}
function validated(path, what, schema, value) {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.slice(0, 5).map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(top level)"}: ${issue.message}`);
  throw new WorkerStateError(path, `is not a valid ${what} (${problems.join("; ")})`);
}
function readTask(dir) {
  const path = taskFile(dir, "task");
  return validated(path, "task definition", taskSpecSchema, readJson(path, "the task definition"));
}
function readState(dir) {
  const path = taskFile(dir, "state");
  return validated(path, "task state", workerStateSchema, readJson(path, "the task state"));
}
function pendingState(now) {
  return {
    status: "pending",
    iteration: 0,
    started_at: null,
    updated_at: now,
    termination_reason: null,
    error: null,
    elapsed_ms: 0,
    security_violations: 0
  };
}
function adoptTaskDefinition(dir, now) {
  const path = taskFile(dir, "state");
  if (existsSync(path)) return false;
  readTask(dir);
  if (["actions", "heartbeat", "pending"].some((name) => existsSync(taskFile(dir, name))))
    return false;
  mkdirSync(join(dir, "artifacts"), { recursive: true });
  const aside = `${path}.${process.pid}.adopt`;
  writeFileSync(aside, `${JSON.stringify(pendingState(now), null, 2)}
`, { mode: 420 });
  try {
    linkSync(aside, path);
    return true;
  } catch (error) {
    if (error.code === "EEXIST") return false;
    throw error;
  } finally {
    rmSync(aside, { force: true });
  }
}
function writeState(dir, state) {
  writeFileAtomicSync(taskFile(dir, "state"), `${JSON.stringify(state, null, 2)}
`);
}
function writeHeartbeat(dir, heartbeat) {
  writeFileAtomicSync(taskFile(dir, "heartbeat"), `${JSON.stringify(heartbeat)}
`);
}
function readHeartbeat(dir) {
  try {
    const read = readText(taskFile(dir, "heartbeat"));
    if (!("text" in read)) return null;
    const value = JSON.parse(read.text);
    if (typeof value?.timestamp !== "string" || typeof value.iteration !== "number") return null;
    return value;
  } catch {
    return null;
  }
}
function writePending(dir, pending) {
  const path = taskFile(dir, "pending");
  try {
    writeFileSync(path, `${JSON.stringify(pending)}
`, { mode: 420 });
  } catch (error) {
    throw new HarnessFileError(path, error);
  }
}
function appendPendingResult(dir, index, result) {
  appendFileNamed(taskFile(dir, "pending"), `${JSON.stringify({ action: index, result })}
`);
}
function readPending(dir) {
  const read = readText(taskFile(dir, "pending"), { what: "pending iteration", maxBytes: Infinity });
  if (!("text" in read)) return null;
  const [first = "", ...rest] = read.text.split("\n");
  let pending;
  try {
    const value = JSON.parse(first);
    if (value === null || !Number.isSafeInteger(value.iteration) || typeof value.llm_response !== "object" || !Array.isArray(value.results))
      return null;
    pending = value;
  } catch {
    return null;
  }
  for (const raw of rest) {
    if (raw === "") break;
    let entry;
    try {
      entry = JSON.parse(raw);
    } catch {
      break;
    }
    if (entry?.action !== pending.results.length || typeof entry.result !== "object" || entry.result === null)
      break;
    pending.results.push(entry.result);
  }
  return pending;
}
function removePending(dir) {
  removeFileNamed(taskFile(dir, "pending"));
}
function readActionLog(dir) {
  const read = readText(taskFile(dir, "actions"), { what: "action log", maxBytes: Infinity });
  if ("code" in read) {
    if (read.code === "ENOENT") return { lines: [], torn: false };
    throw new WorkerStateError(taskFile(dir, "actions"), `cannot be read (${read.message})`);
  }
  const text = read.text;
  const lines = [];
  for (const raw of text.split("\n")) {
    if (raw.trim() === "") continue;
    try {
      const value = JSON.parse(raw);
      if (value !== null && typeof value === "object" && Number.isSafeInteger(value.iteration))
        lines.push(value);
    } catch {
    }
  }
  return { lines, torn: text.length > 0 && !text.endsWith("\n") };
}
function appendActionLine(dir, line, torn = false) {
  appendFileNamed(taskFile(dir, "actions"), `${torn ? "\n" : ""}${JSON.stringify(line)}
`);
}

export { LLM_FAILURE_KINDS as L, NO_USAGE as N, TASK_FILES as T, WorkerStateError as W, adoptTaskDefinition as a, readState as b, LlmError as c, readHeartbeat as d, renderPrompt as e, writePending as f, appendPendingResult as g, removePending as h, writeHeartbeat as i, appendActionLine as j, readActionLog as k, readPending as l, pendingState as p, readTask as r, taskFile as t, writeState as w };
