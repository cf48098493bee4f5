import { unlinkSync, appendFileSync, existsSync, mkdirSync, writeFileSync, linkSync, rmSync, constants } from 'node:fs';
import { realpath, stat, readdir, open, readlink, lstat } from 'node:fs/promises';
import { join, isAbsolute, resolve, sep, relative, dirname, basename } from 'node:path';
import { H as HarnessError, E as EXIT } from './exit-codes-BkuRLrXJ.js';
import 'node:crypto';
import { K as _isoDateTime, Z as ZodISODateTime, l as readInputTextSync, L as INPUT_MAX_BYTES, I as InputFileError, y as object, h as string, g as array, z as number, N as looseObject, _ as _enum, s as strictObject, O as int, B as literal, Q as union, R as toJSONSchema, H as record, S as unknown } from './input-file-Cbt1w_j3.js';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import { H as HarnessFileError, d as describeCause, f as fatalWriteKind } from './harness-files-B0x0nX25.js';
import 'node:child_process';
import { w as within } from './holder-DYQPLy_j.js';
import 'node:os';
import { a as WORKER_TASK_ENV } from './worker-agent-CEPc612X.js';
import 'node:readline';
import 'node:buffer';
import 'node:worker_threads';
import { a as writeFileAtomicSync } from './process-group-v69azfoj.js';

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
const REASONS = ["max_iterations", "timeout", "stopped", "interrupted", "fatal", "done"];
const TERMINATION_REASONS = REASONS;
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
  created_at: isoString,
  /** A shell command a supervisor runs in the workspace: exit 0, the task is done. The worker ignores it. */
  done_when: string().min(1).optional()
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

const MODEL_HOLD_VAR = "AGENT_HARNESS_MODEL_HOLD";
const MAX_HOLD_BYTES = 64 * 1024;
const instant = datetime({ offset: true });
const holdSchema = looseObject({
  until: instant,
  set_at: instant.optional(),
  set_by: string().optional(),
  status: number().int().optional()
});
function holdPathFrom(env) {
  const value = env[MODEL_HOLD_VAR];
  if (value === void 0 || value === "") return { path: null, problem: null };
  if (!isAbsolute(value))
    return { path: null, problem: `${MODEL_HOLD_VAR}=${value} is not an absolute path: ignored` };
  return { path: value, problem: null };
}
function parseHold(text) {
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    return { hold: null, problem: "not JSON" };
  }
  const parsed = holdSchema.safeParse(json);
  if (!parsed.success) return { hold: null, problem: 'not {"until": ISO-8601 timestamp, \u2026}' };
  const { until, set_at = until, set_by = "", status = 429 } = parsed.data;
  return { hold: { until, set_at, set_by, status }, problem: null };
}
function readHold(path) {
  let text;
  try {
    text = readInputTextSync(path, { what: "model hold file", maxBytes: MAX_HOLD_BYTES });
  } catch (error) {
    if (error.code === "ENOENT") return { hold: null, problem: null };
    return { hold: null, problem: `cannot be read (${error.message})` };
  }
  return parseHold(text);
}
const holdEndMs = (hold) => hold === null ? 0 : Date.parse(hold.until);
function laterHold(current, proposed) {
  return holdEndMs(current) >= holdEndMs(proposed) ? current : proposed;
}
function extendHold(path, proposed) {
  const hold = laterHold(readHold(path).hold, proposed);
  if (hold !== proposed) return { hold, problem: null };
  try {
    writeFileAtomicSync(path, `${JSON.stringify(hold)}
`);
    return { hold, problem: null };
  } catch (error) {
    return { hold, problem: `cannot be written (${error.message})` };
  }
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
  if (fatal) throw new ToolFatalError(`${tool} ${given}: ${describeCause(error)}`, fatal, { cause: error });
  return new ToolFailure(`${given}: ${WORDS[code] ?? "cannot be used"} (${code})`);
}
function shown(given) {
  return given.length <= 240 ? given : `${given.slice(0, 200)}\u2026 (${given.length} characters)`;
}
const failure = (given, what) => new ToolFailure(`${shown(given)}: ${what}`);
const violation = (given, what) => new ToolFailure(`${shown(given)}: ${what}`, true);

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

const WORKER_DONE = "worker_done";
const MODEL_FAILURES = new Set(LLM_FAILURE_KINDS);
function taskStop(progress) {
  if (progress?.status === "completed") return { stop: WORKER_DONE };
  if (progress?.status === "failed" && !MODEL_FAILURES.has(progress.error?.kind ?? ""))
    return { stop: WORKER_DONE, exitCode: EXIT.failure };
  return null;
}
function readTaskProgress(taskDir) {
  try {
    const state = readState(taskDir);
    return { status: state.status, iteration: state.iteration, error: state.error };
  } catch (error) {
    if (error instanceof WorkerStateError) return null;
    throw error;
  }
}
function openTaskDriver(taskDir, log) {
  const spec = readTask(taskDir);
  adoptTaskDefinition(taskDir, (/* @__PURE__ */ new Date()).toISOString());
  const work = {
    prompt: (assembled) => assembled,
    promptText: spec.prompt,
    eventFields: {},
    logFields: { worker_task: spec.task_id },
    env: { [WORKER_TASK_ENV]: taskDir }
  };
  const check = () => {
    const progress = readTaskProgress(taskDir);
    const stop = taskStop(progress);
    if (stop !== null)
      log({
        worker_task: spec.task_id,
        status: progress?.status ?? null,
        iteration: progress?.iteration ?? null,
        ...progress?.error ? { error: `${progress.error.kind}: ${progress.error.message}` } : {}
      });
    return stop;
  };
  return {
    begin: () => Promise.resolve(check() ?? work),
    finish: () => Promise.resolve(check()),
    close: () => Promise.resolve()
  };
}

export { readActionLog as $, realInside as A, toolFailureFor as B, modelPath as C, DIR_FLAGS as D, below as E, listDir as F, isToolName as G, TOOL_NAMES as H, TOOL_SCHEMAS as I, writePending as J, appendPendingResult as K, LlmError as L, MODEL_HOLD_VAR as M, NO_USAGE as N, extendHold as O, PROC_FD as P, ToolFatalError as Q, READ_FLAGS as R, answerJsonSchema as S, TASK_FILES as T, parseAnswer as U, removePending as V, WorkerStateError as W, writeHeartbeat as X, appendActionLine as Y, openSandbox as Z, adoptTaskDefinition as _, readTask as a, readPending as a0, readHeartbeat as b, holdEndMs as c, readHold as d, renderPrompt as e, resolveModelPath as f, failure as g, holdPathFrom as h, isRoot as i, closeQuietly as j, existingAncestor as k, openDir as l, isDenied as m, at as n, openTaskDriver as o, pendingState as p, errnoCode as q, readState as r, openAt as s, taskFile as t, refuseDanglingOut as u, violation as v, writeState as w, isAllowed as x, TEMP_FLAGS as y, verify as z };
