import { accessSync, constants, statSync, realpathSync } from 'node:fs';
import { isAbsolute, resolve as resolve$1, delimiter, join, relative, sep, dirname } from 'node:path';
import { mkdtemp, copyFile, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { execFile, spawnSync } from 'node:child_process';
import { l as readInputTextSync, I as InputFileError, x as object, h as string, y as number, z as literal$1, _ as _enum, g as array, a as MAX_TIMER_SECS, c as TIMER_LIMIT_REASON, L as readInputFile } from './input-file-6q8ve5AP.js';
import { v as valueAt } from './errors-Bb6PJNB8.js';
import { H as HarnessError, E as EXIT } from './exit-codes-B1e2_Xbp.js';
import { w as writeFileAtomic } from './atomic-DSIYmMaW.js';
import 'node:crypto';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import './harness-files-Dukz__AL.js';

function isExecutableFile(path) {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
function findExecutable(command, cwd, env) {
  if (command.includes("/")) {
    const path = isAbsolute(command) ? command : resolve$1(cwd, command);
    return isExecutableFile(path) ? path : null;
  }
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(isAbsolute(dir) ? dir : resolve$1(cwd, dir), command);
    if (isExecutableFile(candidate)) return candidate;
  }
  return null;
}

const STDERR = /* @__PURE__ */ Symbol("stderr");
function stderrOf(error) {
  return error instanceof Error ? error[STDERR] ?? "" : "";
}
function runCommand(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      {
        ...options.cwd !== void 0 ? { cwd: options.cwd } : {},
        ...options.env !== void 0 ? { env: options.env } : {},
        timeout: options.timeoutMs ?? 12e4,
        maxBuffer: options.maxBuffer ?? 16 * 1024 * 1024,
        encoding: "utf8"
      },
      (error, stdout, stderr) => {
        if (error === null) return resolve({ code: 0, stdout, stderr });
        const code = error.code;
        if (typeof code === "number") return resolve({ code, stdout, stderr });
        const failure = new Error(`${command} could not be run: ${error.message}`, { cause: error });
        reject(Object.assign(failure, { [STDERR]: stderr }));
      }
    );
  });
}

const GIT_TIMEOUT_MS = 6e4;
const UNTRUSTED_COMMANDS = [
  ["core.hooksPath", "/dev/null"],
  ["core.fsmonitor", "false"],
  ["core.pager", "cat"]
];
function withGitConfig(base, entries) {
  const env = { ...base };
  const given = Number(base.GIT_CONFIG_COUNT ?? "0");
  let n = Number.isSafeInteger(given) && given > 0 ? given : 0;
  for (const [key, value] of entries) {
    env[`GIT_CONFIG_KEY_${n}`] = key;
    env[`GIT_CONFIG_VALUE_${n}`] = value;
    n++;
  }
  env.GIT_CONFIG_COUNT = String(n);
  return env;
}
function guardedGitEnv(base = process.env) {
  return withGitConfig(base, UNTRUSTED_COMMANDS);
}
const MAX_BUFFER = 64 * 1024 * 1024;
function runGit(cwd, args, timeoutMs = GIT_TIMEOUT_MS, env) {
  return runCommand("git", args, { cwd, timeoutMs, maxBuffer: MAX_BUFFER, env: guardedGitEnv(env) }).catch(
    (error) => {
      const why = stderrOf(error).trim() || error.cause.message;
      throw new Error(`git ${args.join(" ")} failed in ${cwd}: ${why}`);
    }
  );
}
function runGitSync(cwd, args) {
  const result = spawnSync("git", args, {
    cwd,
    env: guardedGitEnv(),
    timeout: GIT_TIMEOUT_MS,
    maxBuffer: MAX_BUFFER,
    encoding: "utf8"
  });
  if (result.error) throw new Error(`git ${args.join(" ")} failed in ${cwd}: ${result.error.message}`);
  return { code: result.status ?? 1, stdout: result.stdout, stderr: result.stderr };
}
function gitFailure(cwd, args, result) {
  const detail = result.stderr.trim() || result.stdout.trim() || `exit code ${result.code}`;
  return new Error(`git ${args.join(" ")} failed in ${cwd}: ${detail}`);
}
async function git(cwd, args) {
  const result = await runGit(cwd, args);
  if (result.code !== 0) throw gitFailure(cwd, args, result);
  return result.stdout;
}
const HARNESS_IDENTITY = { name: "agent-harness", email: "agent-harness@localhost" };
async function harnessIdentityArgs(cwd) {
  const has = async (key) => (await runGit(cwd, ["config", "--get", key])).stdout.trim() !== "";
  const args = [];
  if (!await has("user.name")) args.push("-c", `user.name=${HARNESS_IDENTITY.name}`);
  if (!await has("user.email")) args.push("-c", `user.email=${HARNESS_IDENTITY.email}`);
  return args;
}
async function originUrl(cwd) {
  const result = await runGit(cwd, ["remote", "get-url", "origin"]).catch(() => null);
  const url = result?.code === 0 ? result.stdout.trim() : "";
  return url === "" ? null : url;
}

const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const NULL_SHA = /^0+$/;
function parseSha(text) {
  return SHA.test(text) && !NULL_SHA.test(text) ? text : null;
}
function parseRefFile(text) {
  const body = text.endsWith("\n") ? text.slice(0, -1) : text;
  if (body.includes("\n")) return null;
  if (body.startsWith("ref: ")) {
    const target = body.slice("ref: ".length).trim();
    return isPlainRefName(target) ? { symref: target } : null;
  }
  const sha = parseSha(body.trim());
  return sha === null ? null : { sha };
}
function isPlainRefName(name) {
  if (!name.startsWith("refs/")) return false;
  const parts = name.split("/");
  if (parts.length < 3) return false;
  return parts.every(
    (part) => /^[A-Za-z0-9._-]+$/.test(part) && !part.startsWith(".") && !part.endsWith(".") && !part.endsWith(".lock") && !part.includes("..")
  );
}
function parsePackedRefs(text) {
  const refs = /* @__PURE__ */ new Map();
  const lines = text.split("\n");
  for (const [index, line] of lines.entries()) {
    if (line === "") {
      if (index === lines.length - 1) continue;
      return null;
    }
    if (line.startsWith("#")) {
      if (index === 0) continue;
      return null;
    }
    if (line.startsWith("^")) {
      if (parseSha(line.slice(1)) === null) return null;
      continue;
    }
    const space = line.indexOf(" ");
    const sha = parseSha(line.slice(0, space));
    const name = line.slice(space + 1);
    if (space <= 0 || sha === null || name === "") return null;
    if (!name.startsWith("refs/heads/")) continue;
    if (!isPlainRefName(name)) return null;
    refs.set(name, sha);
  }
  return refs;
}
function parseGitFile(text) {
  const match = /^gitdir: (.+?)\r?\n?$/.exec(text);
  return match ? match[1] : null;
}
function parseCommonDir(text) {
  const path = text.replace(/\r?\n$/, "");
  return path === "" || path.includes("\n") ? null : path;
}
const HARMLESS_EXTENSIONS = /* @__PURE__ */ new Set([
  "objectformat",
  "worktreeconfig",
  "noop",
  "preciousobjects",
  "partialclone"
]);
function configAllowsFileRefs(text) {
  let section = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    if (line.endsWith("\\")) return false;
    const header = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"[^"]*")?\s*\]\s*(?:[#;].*)?$/.exec(line);
    if (header) {
      section = header[1].toLowerCase();
      if (section === "include" || section === "includeif") return false;
      continue;
    }
    if (line.startsWith("[")) return false;
    const entry = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(line);
    if (!entry) return false;
    const key = entry[1].toLowerCase();
    if (section === "extensions" && !HARMLESS_EXTENSIONS.has(key)) return false;
    if (section === "core" && key === "repositoryformatversion" && !/^[01]\s*$/.test(entry[2] ?? ""))
      return false;
  }
  return true;
}
function resolveRefs(head, loose, packed) {
  const lookup = (name, depth) => {
    if (depth > 5 || !name.startsWith("refs/heads/")) return void 0;
    const value = loose.get(name);
    if (value === void 0) return packed.get(name) ?? null;
    if ("sha" in value) return value.sha;
    const target = lookup(value.symref, depth + 1);
    return target === null ? void 0 : target;
  };
  const branches = {};
  for (const name of /* @__PURE__ */ new Set([...packed.keys(), ...loose.keys()])) {
    const sha2 = lookup(name, 0);
    if (sha2 == null) return null;
    branches[name] = sha2;
  }
  if ("sha" in head) return { head: head.sha, branches };
  const sha = lookup(head.symref, 0);
  if (sha === void 0) return null;
  return { head: sha, branches };
}
function configWorkTree(text) {
  let section = "";
  let worktree = null;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    const header = /^\[\s*([A-Za-z0-9.-]+)/.exec(line);
    if (header) {
      section = header[1].toLowerCase();
      continue;
    }
    const entry = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(line);
    if (section !== "core" || !entry) continue;
    const key = entry[1].toLowerCase();
    const value = entry[2];
    if (key === "bare" && !/^(?:false|no|off|0)$/i.test(value ?? "true")) return void 0;
    if (key === "worktree") {
      if (value === void 0 || value === "" || /["\\#;]/.test(value)) return void 0;
      worktree = value;
    }
  }
  return worktree;
}

const REPOSITORY_ENV = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_COMMON_DIR",
  "GIT_CEILING_DIRECTORIES",
  "GIT_DISCOVERY_ACROSS_FILESYSTEM",
  "GIT_OBJECT_DIRECTORY",
  "GIT_NAMESPACE",
  "GIT_CONFIG_PARAMETERS",
  "GIT_CONFIG_COUNT"
];
class AskGit extends Error {
}
class Refused extends Error {
}
const environmentMovesRepository = (env) => REPOSITORY_ENV.some((name) => env[name] !== void 0);
function statOrNull(path) {
  try {
    return statSync(path);
  } catch (error) {
    const code = error.code;
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    throw new AskGit();
  }
}
function readOrNull(path) {
  try {
    return readInputTextSync(path, { what: "git file", maxBytes: 256 << 20 });
  } catch (error) {
    if (error instanceof InputFileError) throw new Refused();
    if (error.code === "ENOENT") return null;
    throw new AskGit();
  }
}
function need(value) {
  if (value == null) throw new AskGit();
  return value;
}
function realpathOrAsk(path) {
  try {
    return realpathSync(path);
  } catch {
    throw new AskGit();
  }
}
function ownOrAsk(stats) {
  if (typeof process.geteuid === "function" && stats.uid !== process.geteuid()) throw new AskGit();
}
function looksLikeGitDir(dir) {
  return statOrNull(join(dir, "HEAD")) !== null && statOrNull(join(dir, "objects")) !== null;
}
function findGitPlace(cwd) {
  let dir = realpathOrAsk(cwd);
  const start = need(statOrNull(dir));
  if (!start.isDirectory()) throw new AskGit();
  let crossed = false;
  for (; ; ) {
    const dotGit = join(dir, ".git");
    const found = statOrNull(dotGit);
    if (found !== null) {
      if (crossed) throw new AskGit();
      ownOrAsk(need(statOrNull(dir)));
      let gitDir;
      if (found.isDirectory()) {
        if (!looksLikeGitDir(dotGit)) throw new AskGit();
        ownOrAsk(found);
        gitDir = dotGit;
      } else {
        if (!found.isFile()) throw new AskGit();
        gitDir = resolve$1(dir, need(parseGitFile(need(readOrNull(dotGit)))));
        ownOrAsk(need(statOrNull(gitDir)));
      }
      const common = readOrNull(join(gitDir, "commondir"));
      const commonDir = common === null ? gitDir : resolve$1(gitDir, need(parseCommonDir(common)));
      return { top: dir, gitDir, commonDir };
    }
    if (looksLikeGitDir(dir)) throw new AskGit();
    const parent = dirname(dir);
    if (parent === dir) return null;
    const above = need(statOrNull(parent));
    if (above.dev !== start.dev) crossed = true;
    dir = parent;
  }
}
function localGitPathsFromFiles(cwd, env = process.env) {
  if (environmentMovesRepository(env)) return "ask-git";
  try {
    const place = findGitPlace(cwd);
    if (place === null) return null;
    const configs = [readOrNull(join(place.commonDir, "config")) ?? ""];
    const worktreeConfig = readOrNull(join(place.gitDir, "config.worktree"));
    if (worktreeConfig !== null) configs.push(worktreeConfig);
    let top = place.top;
    for (const text of configs) {
      if (!configAllowsFileRefs(text)) return "ask-git";
      const moved = configWorkTree(text);
      if (moved === void 0) return "ask-git";
      if (moved !== null) top = realpathOrAsk(resolve$1(place.gitDir, moved));
    }
    const below = relative(top, realpathOrAsk(cwd));
    if (below.startsWith("..") || isAbsolute(below)) return "ask-git";
    const prefix = below === "" ? "" : `${below.split(sep).join("/")}/`;
    return { prefix, excludeFile: join(place.commonDir, "info", "exclude") };
  } catch (error) {
    if (error instanceof AskGit || error instanceof Refused) return "ask-git";
    throw error;
  }
}

const indexFiles = /* @__PURE__ */ new Map();
async function indexFile(cwd) {
  const known = indexFiles.get(cwd);
  if (known !== void 0) return known;
  let found;
  if (process.env.GIT_INDEX_FILE === void 0) {
    try {
      const paths = localGitPathsFromFiles(cwd);
      if (paths === null) found = null;
      else if (paths !== "ask-git") found = join(findGitPlace(cwd)?.gitDir ?? "", "index");
    } catch (error) {
      if (!(error instanceof AskGit)) throw error;
    }
  }
  if (found === void 0 || found === "index") {
    const result = await runGit(cwd, ["rev-parse", "--path-format=absolute", "--git-path", "index"]);
    found = result.code === 0 ? result.stdout.trim() : null;
  }
  indexFiles.set(cwd, found);
  return found;
}
const ADD_AND_WRITE = 'git add -A --ignore-errors --pathspec-from-file="$1" --pathspec-file-nul; s=$?; [ "$s" -le 1 ] || exit "$s"; exec git write-tree';
async function workTreeTree(cwd, pathspecs) {
  const index = await indexFile(cwd);
  if (index === null) return null;
  const dir = await mkdtemp(join(tmpdir(), "agent-harness-tree-"));
  const scratch = join(dir, "index");
  const specs = join(dir, "pathspecs");
  try {
    await copyFile(index, scratch).catch((error) => {
      if (error.code !== "ENOENT") throw error;
    });
    await writeFile(specs, pathspecs.map((spec) => `${spec}\0`).join(""));
    const result = await runCommand("sh", ["-c", ADD_AND_WRITE, "sh", specs], {
      cwd,
      env: guardedGitEnv({ ...process.env, GIT_INDEX_FILE: scratch }),
      timeoutMs: 6e4
    });
    const tree = result.stdout.trim();
    if (result.code !== 0 || !/^[0-9a-f]{40,64}$/.test(tree))
      throw new Error(
        `git add -A and write-tree failed in ${cwd}: ${result.stderr.trim() || `exit code ${result.code}`}`
      );
    return tree;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const WIP_REF_PREFIX = "refs/agent-harness/wip/";
const INLINE_LEAVE_OUT = 100;
async function resolve(cwd, rev) {
  const result = await runGit(cwd, ["rev-parse", "-q", "--verify", rev]);
  return result.code === 0 ? result.stdout.trim() : null;
}
async function untrackedIn(cwd, head, tree) {
  const out = head === null ? await git(cwd, ["ls-tree", "-r", "-z", "--name-only", "--full-tree", tree]) : await git(cwd, [
    "diff-tree",
    "-r",
    "-z",
    "--no-renames",
    "--name-only",
    "--diff-filter=A",
    head,
    tree
  ]);
  return out.split("\0").filter((p) => p !== "");
}
const literal = (path, magic = "top,literal") => `:(${magic})${path}`;
async function asInBase(cwd, tree, paths, base) {
  if (paths.length === 0) return tree;
  const dir = await mkdtemp(join(tmpdir(), "agent-harness-keep-"));
  const env = { ...process.env, GIT_INDEX_FILE: join(dir, "index") };
  const specs = join(dir, "pathspecs");
  const from = [`--pathspec-from-file=${specs}`, "--pathspec-file-nul"];
  const run = async (args) => {
    const result = await runGit(cwd, args, void 0, env);
    if (result.code !== 0) throw gitFailure(cwd, args, result);
    return result.stdout.trim();
  };
  try {
    await writeFile(specs, paths.map((p) => `${literal(p)}\0`).join(""));
    await run(["read-tree", tree]);
    await run(["rm", "-r", "-q", "-f", "--cached", "--ignore-unmatch", ...from]);
    if (base !== null) {
      const reset = ["reset", "-q", base, ...from];
      const result = await runGit(cwd, reset, void 0, env);
      if (result.code !== 0 && result.code !== 1) throw gitFailure(cwd, reset, result);
    }
    return await run(["write-tree"]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
async function keepWork(input) {
  const { cwd } = input;
  const leaveOut = input.treeBefore === null ? input.leaveOut ?? [] : await untrackedIn(cwd, input.headBefore, input.treeBefore);
  const inline = leaveOut.length <= INLINE_LEAVE_OUT ? leaveOut.map((p) => literal(p, "top,exclude,literal")) : [];
  const now = await workTreeTree(cwd, [...input.pathspecs, ...inline]);
  if (now === null) return null;
  const head = await resolve(cwd, "HEAD^{commit}");
  const tree = await asInBase(cwd, now, leaveOut, head);
  if (input.treeBefore !== null && tree === await asInBase(cwd, input.treeBefore, leaveOut, head))
    return null;
  if (head !== null && tree === await resolve(cwd, `${head}^{tree}`)) return null;
  const parent = head === null ? [] : ["-p", head];
  const commit = (await git(cwd, [...await harnessIdentityArgs(cwd), "commit-tree", tree, ...parent, "-m", input.message])).trim();
  await git(cwd, ["update-ref", "-m", "agent-harness: work kept", input.ref, commit]);
  return { ref: input.ref, commit };
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
  version: literal$1(2),
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

export { parsePackedRefs as A, resolveRefs as B, AskGit as C, DEPENDENCY_TAG as D, isPlainRefName as E, workTreeTree as F, runGitSync as G, HARNESS_IDENTITY as H, guardedGitEnv as I, PRIORITIES as P, Refused as R, TASK_ID as T, WIP_REF_PREFIX as W, TaskFileError as a, runGit as b, runCommand as c, withGitConfig as d, gitFailure as e, findExecutable as f, git as g, harnessIdentityArgs as h, isPermanentlyFailed as i, formatStats as j, localGitPathsFromFiles as k, loadTasksForRead as l, keepWork as m, newTaskFile as n, originUrl as o, isRetryable as p, hasDependencyError as q, readTaskFile as r, environmentMovesRepository as s, taskStats as t, findGitPlace as u, configAllowsFileRefs as v, writeTaskFile as w, readOrNull as x, need as y, parseRefFile as z };
