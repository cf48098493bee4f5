import { tmpdir, constants } from 'node:os';
import { dirname, isAbsolute, join, resolve, relative, sep, basename } from 'node:path';
import { realpathSync, statSync, readdirSync, readSync, readFileSync, closeSync, fstatSync, openSync, mkdirSync, existsSync } from 'node:fs';
import { d as isWorkerFormat, e as workerInvocation } from './worker-agent-CEPc612X.js';
import { mkdir, rename, chmod, writeFile, readdir, lstat, readlink, readFile, unlink, statfs, stat, copyFile, utimes, rmdir } from 'node:fs/promises';
import { execFile, spawn } from 'node:child_process';
import { l as localGitPathsFromFiles, c as cgroupSetting, C as CGROUP_VAR, s as sweepLeftIsolations, d as startRunRecord, e as agentUserName, f as createAgentUser, g as grantTree, h as removeAgentUser, i as endAgentProcesses, j as handBack, k as asAgentUser, O as OWNER_PLACES, m as agentUserEnv, p as probePrivilege, n as revokeTree, w as writeStatus, o as environmentMovesRepository, q as findGitPlace, t as configAllowsFileRefs, u as readOrNull, v as need, x as parseRefFile, y as parsePackedRefs, z as resolveRefs, A as AskGit, R as Refused, B as isPlainRefName, D as workTreeTree, E as keepWork, W as WIP_REF_PREFIX, F as writeCounter, r as readStatus, b as resumeNumbering, G as recoverPreviousRun, H as runName, I as parseScopeUnit, J as orphanRuns, K as scopeUnit, L as cgroupDir, M as endCgroup, N as inScope, P as readFacts, Q as chooseContainment, S as BASE_NAME, T as subdirectories, U as removeCgroup, V as pidNamespace, X as sessionName, Y as moveInto, Z as isPopulated, _ as escapes } from './keep-work-B_dXZy8G.js';
import { E as EXIT, H as HarnessError, L as LoopError } from './exit-codes-BkuRLrXJ.js';
import { g as git, l as lookUpExecutable, r as runGit, f as findExecutable, N as NO_SPEND, a as addSpend, s as spendOf, e as spentBudget, b as gitFailure, H as HARNESS_IDENTITY } from './spend-D-HHXpeX.js';
import { r as readInputText, a3 as refusal, f as agentEnvironment, w as withCookie, I as InputFileError, a4 as endCarriersSaying, o as openInputFile, n as newCookie, e as endCarriers, x as processStart } from './input-file-Cbt1w_j3.js';
import { randomBytes } from 'node:crypto';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import { h as harnessFiles, j as inFamily, H as HarnessFileError, g as harnessGitView, n as namingFile, T as TASK_FILE, P as PROGRESS_FILE } from './harness-files-B0x0nX25.js';
import { r as resolvePaths, a as rememberSha256, t as transcriptFiles, z as zstdAvailable, b as compressFile, s as sha256File } from './paths-CsbkJmHS.js';
import { w as writeFileAtomic, A as AgentProcesses, d as terminateAgent, e as strongerEnd, c as sweepStaleTemps } from './process-group-v69azfoj.js';
import { R as RESET_RECHECK_MS, k as adapterFor, l as fileSha256, m as transcriptPass, o as scanTranscript, q as withTurnShape, v as classifyOutcome, x as fatalAdvice, y as backoffMs, z as rateLimitWait, A as resetWaitLeftMs, e as extractOptions, B as recordPending, C as loopFacts } from './reconcile-DxxRVzih.js';
import { b as compilePattern, C as CONFIG_FILE_NAMES } from './load-Bmhg6nfv.js';
import { w as within } from './holder-DYQPLy_j.js';
import { r as runShell } from './shell-xIIC2Ow-.js';
import { r as runHandlersInstalled } from './late-signals-DLG8WlDk.js';
import { u as usableBlocks, v as sqliteModule, w as historyRoom, x as roomMessage, M as MetricsStore, y as isSpaceError } from './store-jcKbTIeG.js';
import { i as isoSeconds } from './event-log-BGV3jqas.js';
import { w as withChunkReader } from './chunk-reader-0BRVJma9.js';
import { r as readTail, T as TAIL_BYTES, W as WIDE_TAIL_BYTES } from './tail-CzdcGSBg.js';
import 'node:worker_threads';
import { promisify } from 'node:util';
import { s as startReaper } from './reaper-ON8grmD8.js';
import { a as acquireInstanceLock } from './instance-lock-BqpK38Bs.js';
import 'node:buffer';
import { s as shortHash, d as lockReleased, P as ProgressLog, a as acquireLock, e as lockAcquired, f as runInitScript, g as completedMessage, h as failedForGood, i as remainingWork, v as validateDependencies, j as selectNextTask, k as startingMessage } from './lock-YHFNiW80.js';
import { t as taskStats, f as formatStats, r as readTaskFile, w as writeTaskFile, a as TaskFileError } from './store-B8ORO4c2.js';
import { systemClock } from './system-clock-uwg5zo-s.js';
import 'node:readline';

async function repoPrefix(cwd) {
  const read = localGitPathsFromFiles(cwd);
  if (read === null) throw new Error(`not in a git repository: ${cwd}`);
  if (read !== "ask-git") return read.prefix;
  return (await git(cwd, ["rev-parse", "--show-prefix"])).trim();
}
async function excludeFile(cwd) {
  const read = localGitPathsFromFiles(cwd);
  if (read !== null && read !== "ask-git") return read.excludeFile;
  const where = (await git(cwd, ["rev-parse", "--git-path", "info/exclude"])).trim();
  return isAbsolute(where) ? where : join(realpathSync(cwd), where);
}
const BLOCK_START = "# >>> agent-harness: its own files (written by the harness; do not edit) >>>";
const BLOCK_END = "# <<< agent-harness <<<";
async function excludeLocally(cwd, patterns) {
  const path = await excludeFile(cwd);
  let current = "";
  try {
    current = await readInputText(path, { what: "git exclude file" });
  } catch (error) {
    if (error.code !== "ENOENT") throw error;
  }
  const start = current.indexOf(BLOCK_START);
  const end = current.indexOf(BLOCK_END, start);
  const outside = start >= 0 && end >= 0 ? current.slice(0, start) + current.slice(end + BLOCK_END.length).replace(/^\n/, "") : current;
  const block = patterns.length === 0 ? "" : [BLOCK_START, ...patterns, BLOCK_END].join("\n") + "\n";
  const next = block === "" ? outside : `${outside}${outside === "" || outside.endsWith("\n") ? "" : "\n"}${block}`;
  if (next === current) return false;
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, next);
  return true;
}

class PreflightError extends HarnessError {
  name = "PreflightError";
  constructor(message, exitCode = EXIT.usage) {
    super(message, exitCode);
  }
}
function preflight(config, cwd, options = {}) {
  const problems = preflightProblems(config, cwd, options);
  if (problems.length > 0)
    throw new PreflightError(problems.map((p) => p.message).join("\n"), problems[0].exitCode);
}
function preflightProblems(config, cwd, options = {}) {
  const paths = resolvePaths(config, cwd);
  const problems = [];
  const usage = (message) => problems.push({ message, exitCode: EXIT.usage });
  if (options.promptFile !== false) {
    try {
      const refused = refusal(paths.promptFile, statSync(paths.promptFile), { what: "prompt file" });
      if (refused) problems.push({ message: refused.message, exitCode: refused.exitCode });
    } catch {
      usage(
        `prompt file ${paths.promptFile} not found: create it, or set prompt.file / session.prompt_file (or -p PATH)`
      );
    }
  }
  try {
    if (!statSync(paths.outputDir).isDirectory())
      usage(`output directory ${paths.outputDir} is not a directory`);
  } catch {
    usage(`output directory ${paths.outputDir} not found: create it or set session.output_dir (or -o PATH)`);
  }
  if (config.agent.format === "json-actions") {
    if (options.self === false)
      usage(
        `agent.format = "json-actions" runs the harness's own worker, which this caller cannot start: use the CLI or the Action`
      );
  } else {
    const problem = agentCommandProblem(config.agent.command, cwd, { ...process.env, ...config.agent.env });
    if (problem !== null) problems.push({ message: problem, exitCode: EXIT.agentNotStarted });
  }
  try {
    cgroupSetting(process.env[CGROUP_VAR]);
  } catch (error) {
    usage(error.message);
  }
  return problems;
}
function agentCommandProblem(command, cwd, env) {
  const found = lookUpExecutable(command, cwd, env);
  if (found.kind === "found") return null;
  if (found.kind === "not_executable") {
    const fix = found.permission ? `chmod +x ${found.path}` : "set agent.command to an executable file";
    return `agent command "${command}" exists at ${found.path} but is not executable (${found.why}): ${fix}`;
  }
  return command.includes("/") ? `agent command "${command}" not found (resolved from ${resolve(cwd)}): install it or set agent.command` : `agent command "${command}" not found on PATH: install it or set agent.command (resolved from ${resolve(cwd)})`;
}

const RISKY = /^(core\.(hookspath|fsmonitor|pager|sshcommand|editor|askpass|gitproxy|attributesfile|worktree)|sequence\.editor|include\.path|includeif\..*|filter\..*|diff\..*\.(textconv|command)|diff\.external|merge\..*\.driver|credential\..*|url\..*\.(insteadof|pushinsteadof)|remote\..*\.(url|pushurl|receivepack|uploadpack|proxy|vcs)|http\..*|alias\..*|gpg\..*program|ssh\.variant|protocol\..*)$/;
const SYMLINK = -1;
async function riskyConfig(cwd) {
  const result = await runGit(cwd, ["config", "--local", "--list", "--null"]);
  const config = /* @__PURE__ */ new Map();
  if (result.code !== 0) return config;
  for (const entry of result.stdout.split("\0")) {
    if (entry === "") continue;
    const nl = entry.indexOf("\n");
    const key = nl < 0 ? entry : entry.slice(0, nl);
    const value = nl < 0 ? "" : entry.slice(nl + 1);
    if (!RISKY.test(key)) continue;
    config.set(key, [...config.get(key) ?? [], value]);
  }
  return config;
}
async function readHooks(dir) {
  const hooks = /* @__PURE__ */ new Map();
  let names;
  try {
    names = await readdir(dir);
  } catch {
    return hooks;
  }
  for (const name of names) {
    if (name.endsWith(".sample")) continue;
    const path = join(dir, name);
    try {
      const info = await lstat(path);
      if (info.isSymbolicLink())
        hooks.set(name, { content: Buffer.from(await readlink(path)), mode: SYMLINK });
      else if (info.isFile()) hooks.set(name, { content: await readFile(path), mode: info.mode & 4095 });
    } catch {
    }
  }
  return hooks;
}
async function snapshotRepoConfig(cwd) {
  const dir = await runGit(cwd, ["rev-parse", "--absolute-git-dir"]).catch(() => null);
  if (dir === null || dir.code !== 0) return null;
  const gitDir = dir.stdout.trim();
  if (!isAbsolute(gitDir)) return null;
  const hooksDir = join(gitDir, "hooks");
  return { gitDir, hooksDir, config: await riskyConfig(cwd), hooks: await readHooks(hooksDir) };
}
const same = (a, b) => (a ?? []).length === (b ?? []).length && (a ?? []).every((value, i) => value === b?.[i]);
async function realDirectory(path) {
  const info = await lstat(path).catch(() => null);
  return info !== null && info.isDirectory();
}
async function restoreRepoConfig(cwd, before, label) {
  const now = await riskyConfig(cwd);
  const keys = [.../* @__PURE__ */ new Set([...before.config.keys(), ...now.keys()])].filter(
    (key) => !same(before.config.get(key), now.get(key))
  );
  for (const key of keys) {
    await runGit(cwd, ["config", "--local", "--unset-all", key]);
    for (const value of before.config.get(key) ?? [])
      await runGit(cwd, ["config", "--local", "--add", key, value]);
  }
  if (!await realDirectory(before.gitDir) || !await realDirectory(before.hooksDir))
    return { keys, hooks: [], quarantine: null };
  const hooksNow = await readHooks(before.hooksDir);
  const kept = (name, hook) => {
    const was = before.hooks.get(name);
    return was !== void 0 && was.mode === hook.mode && was.content.equals(hook.content);
  };
  const moved = [...hooksNow].filter(([name, hook]) => !kept(name, hook)).map(([name]) => name);
  let quarantine = null;
  if (moved.length > 0) {
    quarantine = join(before.gitDir, `agent-harness-quarantine-${label}-${randomBytes(3).toString("hex")}`);
    await mkdir(quarantine, { mode: 448 });
    for (const name of moved) {
      const target = join(quarantine, name);
      await rename(join(before.hooksDir, name), target);
      if (hooksNow.get(name)?.mode !== SYMLINK) await chmod(target, 384);
    }
  }
  for (const [name, hook] of before.hooks) {
    if (hooksNow.has(name) && !moved.includes(name)) continue;
    const path = join(before.hooksDir, name);
    if (hook.mode === SYMLINK) continue;
    await writeFile(path, hook.content, { mode: hook.mode, flag: "wx" });
    await chmod(path, hook.mode);
  }
  return { keys, hooks: moved, quarantine };
}

const OWN_PLACE_NAMES = [
  "HOME",
  "TMPDIR",
  "CLAUDE_CONFIG_DIR",
  "CODEX_HOME",
  "GEMINI_CLI_HOME",
  "XDG_CONFIG_HOME",
  "XDG_CACHE_HOME",
  "XDG_DATA_HOME",
  "XDG_STATE_HOME"
];
const isDirectory = (path) => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};
function ownPlaces(agentEnv, cwd) {
  const dirs = [];
  for (const name of OWN_PLACE_NAMES) {
    const value = agentEnv[name];
    if (value === void 0 || !isAbsolute(value)) continue;
    const dir = resolve(value);
    if (within(cwd, dir)) continue;
    if (within(dir, cwd))
      return {
        refused: `agent.env ${name}=${value} holds the working tree: under agent.isolation = "user" the agent's user is given that directory, so name one of its own (or leave ${name} out: the agent's user has a home of its own)`
      };
    if (isDirectory(dir)) dirs.push(dir);
  }
  const sorted = [...new Set(dirs)].sort((a, b) => a.length - b.length);
  return { dirs: sorted.filter((dir, i) => !sorted.slice(0, i).some((outer) => within(outer, dir))) };
}

class IsolationError extends HarnessError {
  name = "IsolationError";
  constructor(message) {
    super(message, EXIT.usage);
  }
}
const NEEDED_TOOLS = [
  ["setpriv", "util-linux"],
  ["setfacl", "acl"],
  ["getfacl", "acl"],
  ["useradd", "passwd"]
];
async function userUnavailable(cwd) {
  if (process.platform !== "linux") return { why: "it needs Linux" };
  const privilege = await probePrivilege();
  if (privilege === null)
    return { why: "the harness is neither root nor allowed passwordless sudo (`sudo -n true` fails)" };
  const missing = NEEDED_TOOLS.filter(([tool]) => findExecutable(tool, cwd, process.env) === null);
  if (missing.length > 0)
    return {
      why: `${missing.map(([tool]) => tool).join(", ")} not found (install the ${[...new Set(missing.map(([, pkg]) => pkg))].join(", ")} package)`
    };
  return { privilege };
}
function existingHarnessFiles(paths) {
  const files = harnessFiles(paths);
  const inFamilies = files.families.flatMap((family) => {
    try {
      return readdirSync(family.dir).filter((name) => inFamily(family, name)).map((name) => join(family.dir, name));
    } catch {
      return [];
    }
  });
  return [...files.files, ...files.dirs, ...inFamilies];
}
async function gitIdentity(cwd) {
  const read = async (key) => {
    const result = await runGit(cwd, ["config", "--get", key]).catch(() => null);
    return result?.code === 0 ? result.stdout.trim() || null : null;
  };
  return { name: await read("user.name"), email: await read("user.email") };
}
const passed = (config) => [
  ...config.agent.pass_env,
  ...config.agent.format === "json-actions" && config.llm.api_key_env ? [config.llm.api_key_env] : []
];
function plainIsolation(config, mode = plainMode(config), fallback = null, guard = () => Promise.resolve()) {
  const pass = passed(config);
  return {
    mode,
    fallback,
    user: null,
    env: (base, set) => agentEnvironment(base, { isolation: mode, pass, set }),
    command: (command, args) => ({ command, args: [...args] }),
    afterSession: guard,
    close: () => Promise.resolve()
  };
}
async function repoGuard(cwd, cookie, logger) {
  const before = await snapshotRepoConfig(cwd);
  if (before === null) return () => Promise.resolve();
  let session = 0;
  return async () => {
    const restored = await restoreRepoConfig(cwd, before, `${cookie.slice(0, 8)}-${++session}`);
    if (restored.keys.length > 0 || restored.hooks.length > 0)
      logger.log("warn", {
        agent_left: "git configuration that makes git run or send something; put back as it was",
        ...restored.keys.length > 0 ? { keys: restored.keys.join(",") } : {},
        ...restored.quarantine !== null ? { hooks: restored.hooks.join(","), moved_to: restored.quarantine } : {}
      });
  };
}
const plainMode = (config) => (config.agent.isolation ?? "none") === "none" ? "none" : "env";
async function prepareIsolation(input) {
  const { config, paths, logger, clock } = input;
  const requested = config.agent.isolation ?? "none";
  if (requested === "none") return plainIsolation(config, "none");
  const guard = await repoGuard(paths.cwd, input.cookie, logger);
  if (requested === "env") return plainIsolation(config, "env", null, guard);
  const available = await userUnavailable(paths.cwd);
  if ("why" in available) {
    if (requested === "user")
      throw new IsolationError(
        `agent.isolation = "user" cannot be had: ${available.why}. Run the harness as root or as a user with passwordless sudo, or set agent.isolation = "env" (docs/security.md)`
      );
    const why = `"user" isolation is not available: ${available.why}`;
    logger.log("warn", {
      isolation: "env",
      why,
      agent_can_still: "read every process of this user (/proc/<pid>/environ) and write what this user may",
      fix: "run as root or with passwordless sudo and install acl (docs/security.md)"
    });
    return plainIsolation(config, "env", why, guard);
  }
  const places = ownPlaces(config.agent.env, paths.cwd);
  if ("refused" in places) throw new IsolationError(places.refused);
  const privilege = available.privilege;
  await sweepLeftIsolations({ privilege, clock, logger, ...input.emit ? { emit: input.emit } : {} });
  let record;
  try {
    record = startRunRecord(agentUserName(input.cookie), privilege);
  } catch (error) {
    throw new IsolationError(
      `the run's isolation record (what lets a later start undo what a killed run leaves) cannot be written: ${error.message}`
    );
  }
  const user = await createAgentUser({
    privilege,
    cookie: input.cookie,
    baseDir: tmpdir(),
    identity: await gitIdentity(paths.cwd)
  });
  record.userMade({ uid: user.uid, gid: user.gid });
  const grants = [];
  const revokeAll = async () => {
    for (const grant of grants.reverse()) await revokeTree(user, grant);
  };
  try {
    const planned = (grant) => {
      record.granting(grant);
      grants.push(grant);
    };
    await grantTree(user, paths.cwd, existingHarnessFiles(paths), planned);
    for (const place of places.dirs) await grantTree(user, place, [], planned);
  } catch (error) {
    const undone = await revokeAll().then(
      () => true,
      () => false
    );
    const removed = await removeAgentUser(user, clock).then(
      () => true,
      () => false
    );
    if (undone && removed) record.remove();
    throw error;
  }
  const roots = grants.map((grant) => grant.root);
  logger.log("info", { isolation: "user", agent_user: user.name, uid: user.uid, via: user.privilege });
  let closed = false;
  const pass = passed(config);
  return {
    mode: "user",
    fallback: null,
    user,
    env: (base, set) => {
      const own = {};
      for (const [name, value] of Object.entries(base)) if (!OWNER_PLACES.test(name)) own[name] = value;
      return agentEnvironment(own, { isolation: "user", pass, set: { ...agentUserEnv(user), ...set } });
    },
    command: (command, args, env) => asAgentUser(user, command, args, env),
    afterSession: async () => {
      await endAgentProcesses(user, clock);
      for (const root of roots) await handBack(user, root);
      await guard();
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await endAgentProcesses(user, clock).catch(() => void 0);
      for (const root of roots) await handBack(user, root).catch(() => void 0);
      await revokeAll();
      await removeAgentUser(user, clock);
      record.remove();
    }
  };
}

async function runHooks(commands, options) {
  for (const command of commands) {
    const result = await runShell(command, { ...options, maxOutputBytes: 64 * 1024 });
    if (result.exitCode !== 0) {
      return {
        command,
        exitCode: result.exitCode,
        timedOut: result.timedOut,
        interrupted: result.interrupted,
        stderrTail: result.stderrTail
      };
    }
  }
  return null;
}
function hookEnv(base, vars) {
  const env = { ...base };
  for (const [key, value] of Object.entries(vars)) env[key] = String(value);
  return env;
}

class StopController {
  reason = null;
  forced = false;
  /** Why the session in flight was ended early: 'forced' (second SIGINT), 'time_budget', 'cancelled'. */
  forcedBy = null;
  forceGraceMs = 0;
  abort = new AbortController();
  interruption = new AbortController();
  forceListeners = [];
  /** Aborts on the first stop request: waits between sessions end at once. */
  get signal() {
    return this.abort.signal;
  }
  /**
   * Aborts on a request that must not wait for the harness's own commands (SIGTERM, SIGHUP, a forced stop):
   * hooks, prompt commands, validation, harness-init.sh and cleanups end at once. A graceful request (the first
   * SIGINT, the STOP file) lets them finish, as it lets the session finish. A forced stop's reason is its grace
   * in milliseconds (SIGTERM to SIGKILL); otherwise the command's own grace applies.
   */
  get interrupt() {
    return this.interruption.signal;
  }
  request(reason, options = {}) {
    if (options.interrupt) this.interruption.abort();
    if (this.reason !== null) return false;
    this.reason = reason;
    this.abort.abort();
    return true;
  }
  /**
   * End the session in flight now: SIGTERM to everything the agent started and SIGKILL after `graceMs`
   * (0: SIGKILL at once). The loop then stops.
   */
  force(options = {}) {
    if (this.forced) return;
    this.forced = true;
    this.forcedBy = options.reason ?? "forced";
    this.forceGraceMs = options.graceMs ?? 0;
    if (this.reason === null) this.reason = this.forcedBy;
    this.abort.abort();
    this.interruption.abort(this.forceGraceMs);
    for (const listener of this.forceListeners) listener(this.forceGraceMs);
  }
  onForce(listener) {
    this.forceListeners.push(listener);
    if (this.forced) listener(this.forceGraceMs);
    return () => {
      this.forceListeners = this.forceListeners.filter((l) => l !== listener);
    };
  }
}
async function consumeStopFile(path) {
  try {
    await unlink(path);
    return true;
  } catch (error) {
    const code = error.code;
    if (code === "ENOENT") return false;
    if (code === "EISDIR" || code === "EPERM") return true;
    throw error;
  }
}
function decideSignal(signal, nowMs, lastSigintMs, windowMs) {
  if (signal !== "SIGINT") return { action: "graceful" };
  if (lastSigintMs !== null && nowMs - lastSigintMs <= windowMs) return { action: "force" };
  return { action: "graceful" };
}
function installSignalHandlers(stop, options) {
  let lastSigint = null;
  const handle = (signal) => {
    const now = options.now();
    const decision = decideSignal(signal, now, lastSigint, options.windowMs);
    if (signal === "SIGINT") lastSigint = now;
    options.onSignal(signal, decision.action);
    if (decision.action === "force") stop.force();
    else if (signal === "SIGINT") stop.request("sigint");
    else stop.request(signal === "SIGTERM" ? "sigterm" : "sighup", { interrupt: true });
  };
  const handlers = new Map(
    ["SIGINT", "SIGTERM", "SIGHUP"].map((signal) => [signal, () => handle(signal)])
  );
  for (const [signal, handler] of handlers) process.on(signal, handler);
  const removed = runHandlersInstalled();
  return () => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
    removed();
  };
}

class FaultLatch {
  fault = null;
  listeners = /* @__PURE__ */ new Set();
  get first() {
    return this.fault;
  }
  report(error) {
    if (this.fault !== null) return;
    this.fault = error instanceof Error ? error : new Error(String(error));
    for (const listener of [...this.listeners]) listener(this.fault);
  }
  /**
   * Calls `listener` with the first fault: now (in a microtask) when it is already latched, so a session that
   * starts listening after a write in passing failed is still ended, never left running.
   */
  onFault(listener) {
    const latched = this.fault;
    if (latched !== null) {
      let cancelled = false;
      queueMicrotask(() => {
        if (!cancelled) listener(latched);
      });
      return () => {
        cancelled = true;
      };
    }
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  throwIfFaulted() {
    if (this.fault !== null) throw this.fault;
  }
}
async function noSpaceLeft(dir) {
  try {
    const fs = await statfs(dir);
    return fs.blocks > 0 && usableBlocks(fs) === 0;
  } catch {
    return false;
  }
}
function transcriptFull(transcript) {
  const cause = Object.assign(new Error("no space left on device"), { code: "ENOSPC" });
  return new HarnessFileError(transcript, cause, "cannot record the agent's output in");
}

const STOP_FILE_POLL_MS = 1e3;
function createContext(input) {
  const { config, platform, stop, position } = input;
  const faults = input.faults ?? new FaultLatch();
  const emit = (event) => platform.events.emit(event).catch((error) => {
    faults.report(error);
    throw error;
  });
  const paths = resolvePaths(config, input.cwd);
  const stopFile = {
    name: "stop_file",
    pollMs: STOP_FILE_POLL_MS,
    check: () => consumeStopFile(paths.stopFile)
  };
  return {
    config,
    self: input.self ?? null,
    configFile: input.configFile ?? null,
    paths,
    stopSources: [stopFile, ...input.stopSources ?? []],
    platform,
    stop,
    adapter: adapterFor(config.agent.format),
    commitPatterns: config.commit_detection.patterns.map((p) => compilePattern(p)),
    ratePatterns: config.rate_limit.patterns.map((p) => compilePattern(p)),
    status: input.status,
    position,
    work: null,
    faults,
    cookie: input.cookie,
    isolation: plainIsolation(config),
    ...input.containment ? { containment: input.containment } : {},
    ...input.reaper ? { reaper: input.reaper } : {},
    spend: NO_SPEND,
    userFiles: null,
    log(level, fields) {
      platform.logger.log(level, {
        iteration: position.iteration,
        global: position.global,
        ...this.work?.logFields ?? {},
        ...fields
      });
    },
    emit,
    post: (event) => void emit(event).catch(() => void 0),
    env: (vars) => {
      const base = { ...process.env };
      delete base.CLAUDECODE;
      return withCookie(hookEnv(base, vars), input.cookie);
    },
    shellOptions: (env) => ({
      cwd: paths.cwd,
      env,
      timeoutMs: config.hooks.timeout_secs * 1e3,
      clock: platform.clock,
      spawn: platform.spawn,
      cookie: input.cookie,
      signal: stop.interrupt,
      killGraceMs: config.watchdog.kill_grace_secs * 1e3
    }),
    pause: async (ms) => {
      if (ms > 0 && stop.reason === null) await platform.clock.sleep(ms, stop.signal);
    },
    pauseWhile: async (left) => {
      for (let ms = left(); ms > 0 && stop.reason === null; ms = left())
        if (!await platform.clock.sleep(Math.min(ms, RESET_RECHECK_MS), stop.signal)) return;
    }
  };
}

const CHECK_TIMEOUT_MS = 3e4;
async function askStopSources(ctx, sources) {
  for (const source of sources) {
    if (ctx.stop.reason !== null) return true;
    if (await askOne(ctx, source)) return true;
  }
  return ctx.stop.reason !== null;
}
function checkStop(ctx) {
  return askStopSources(ctx, ctx.stopSources);
}
async function askOne(ctx, source) {
  let stop;
  let timer;
  try {
    const deadline = new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS / 1e3} s`)),
        CHECK_TIMEOUT_MS
      );
    });
    stop = await Promise.race([source.check(), deadline]);
  } catch (error) {
    ctx.log("warn", {
      stop_source: source.name,
      check: "failed",
      error: error.message.slice(0, 200)
    });
    return false;
  } finally {
    clearTimeout(timer);
  }
  if (stop && ctx.stop.request(source.name)) {
    ctx.log("info", { stop: source.name });
    await ctx.emit({
      event: "stop_requested",
      reason: source.name,
      iteration: ctx.position.iteration,
      global: ctx.position.global
    });
  }
  return stop;
}
function pollStopSources(ctx, sources) {
  const abort = new AbortController();
  for (const source of sources) {
    void (async () => {
      while (!abort.signal.aborted && ctx.stop.reason === null) {
        if (!await ctx.platform.clock.sleep(source.pollMs, abort.signal)) return;
        if (await askOne(ctx, source)) return;
      }
    })().catch(() => void 0);
  }
  return { cancel: () => abort.abort() };
}

const GROWTH_WRITE_MS = 2e3;
class StatusTracker {
  constructor(path, clock, initial, faults) {
    this.path = path;
    this.clock = clock;
    this.faults = faults;
    const now = isoSeconds(clock.now());
    this.doc = {
      pid: process.pid,
      state: "starting",
      iteration: 0,
      max_iterations: 0,
      global_iteration: 0,
      output_file: null,
      output_bytes: 0,
      session_start: null,
      last_update: now,
      last_completed_iteration: null,
      last_committed: null,
      consecutive_rate_limits: 0,
      consecutive_failures: 0,
      last_failure: null,
      started_at: now,
      productive: 0,
      agent_pgid: null,
      last_outcome: null,
      last_commit_evidence: null,
      backoff_until: null,
      stop_reason: null,
      ...initial
    };
  }
  path;
  clock;
  faults;
  doc;
  lastWrite = -Infinity;
  chain = Promise.resolve();
  /**
   * Writes are serialised so an older document can never land after a newer one. `lastWord`: the loop's final
   * write, which may replace the file in place when the disk is full (writeStatus). The returned promise rejects
   * when this write fails (a HarnessFileError naming the file); the failure also goes to the fault latch.
   */
  set(change, options = {}) {
    this.doc = { ...this.doc, ...change, last_update: isoSeconds(this.clock.now()) };
    const snapshot = this.doc;
    this.lastWrite = this.clock.monotonic();
    const write = this.chain.then(() => writeStatus(this.path, snapshot, options));
    this.chain = write.catch((error) => this.faults?.report(error));
    return write;
  }
  /** The document as the next write would write it. */
  get document() {
    return this.doc;
  }
  /** A change held until the next write: nothing waits before that write, so no reader can miss it. */
  note(change) {
    this.doc = { ...this.doc, ...change };
  }
  /** A write made in passing (from a callback): never rejects; a failure reaches the fault latch only. */
  post(change) {
    this.set(change).catch(() => void 0);
  }
  /** Growth updates (many per second): at most one write per GROWTH_WRITE_MS, made in passing. */
  postThrottled(change) {
    if (this.clock.monotonic() - this.lastWrite < GROWTH_WRITE_MS) this.note(change);
    else this.post(change);
  }
}

function isStop(value) {
  return value !== null && "stop" in value;
}
function driverEnd(stop) {
  return {
    reason: stop.stop,
    exitCode: stop.exitCode ?? EXIT.ok,
    ...stop.error !== void 0 ? { error: stop.error } : {}
  };
}

function canStartSession(budget, nowMs, longestSessionMs) {
  return nowMs + Math.max(longestSessionMs, budget.estimateMs) <= budget.deadlineMs;
}

function looseBranches(commonDir) {
  const root = join(commonDir, "refs", "heads");
  const refs = /* @__PURE__ */ new Map();
  let entries;
  try {
    entries = readdirSync(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if (error.code === "ENOENT") return refs;
    throw new AskGit();
  }
  for (const entry of entries) {
    if (entry.isDirectory()) continue;
    if (!entry.isFile()) throw new AskGit();
    const path = join(entry.parentPath, entry.name);
    const name = `refs/heads/${relative(root, path).split(sep).join("/")}`;
    if (!isPlainRefName(name)) throw new AskGit();
    refs.set(name, need(parseRefFile(need(readOrNull(path)))));
  }
  return refs;
}
function readRefsFromFiles(cwd, env = process.env) {
  if (environmentMovesRepository(env)) return "ask-git";
  try {
    const place = findGitPlace(cwd);
    if (place === null) return null;
    const { gitDir, commonDir } = place;
    if (!configAllowsFileRefs(readOrNull(join(commonDir, "config")) ?? "")) return "ask-git";
    const head = need(parseRefFile(need(readOrNull(join(gitDir, "HEAD")))));
    const packedText = readOrNull(join(commonDir, "packed-refs"));
    const packed = packedText === null ? /* @__PURE__ */ new Map() : need(parsePackedRefs(packedText));
    return resolveRefs(head, looseBranches(commonDir), packed) ?? "ask-git";
  } catch (error) {
    if (error instanceof AskGit) return "ask-git";
    if (error instanceof Refused) return null;
    throw error;
  }
}

async function gitCode(cwd, args) {
  return runGit(cwd, args, 1e4).catch(() => ({ code: -1, stdout: "" }));
}
async function gitRefs(cwd) {
  const read = readRefsFromFiles(cwd);
  return read === "ask-git" ? gitShowRefs(cwd) : read;
}
async function gitShowRefs(cwd) {
  const out = await gitCode(cwd, ["show-ref", "--head", "--heads"]);
  if (out.code !== 0 && out.code !== 1) return null;
  const refs = { head: null, branches: {} };
  for (const line of out.stdout.split("\n")) {
    const space = line.indexOf(" ");
    if (space <= 0) continue;
    const sha = line.slice(0, space);
    const name = line.slice(space + 1);
    if (name === "HEAD") refs.head = sha;
    else if (name.startsWith("refs/heads/")) refs.branches[name] = sha;
  }
  return refs;
}
function refMoves(before, after) {
  const known = new Set(Object.values(before.branches));
  if (before.head !== null) known.add(before.head);
  const moved = (sha) => sha != null && !known.has(sha);
  const branches = Object.keys(after.branches).filter((name) => after.branches[name] !== before.branches[name] && moved(after.branches[name])).sort();
  return { head: after.head !== before.head && moved(after.head), branches };
}

async function userPathspecs(paths) {
  let prefix;
  try {
    prefix = await repoPrefix(paths.cwd);
  } catch {
    return null;
  }
  return [":/", ...harnessGitView(harnessFiles(paths), paths.cwd, prefix).excludes];
}
async function userTree(ctx) {
  if (ctx.userFiles === null) return null;
  try {
    return await workTreeTree(ctx.paths.cwd, ctx.userFiles);
  } catch (error) {
    ctx.log("warn", { work_tree: `could not read the work tree: ${error.message}` });
    return null;
  }
}

const RUN_ID_LENGTH = 8;
function interruption(endReason, forcedBy) {
  if (endReason === "forced") return forcedBy ?? "forced";
  if (endReason === "watchdog") return "watchdog";
  return null;
}
function wipRef(cookie, global) {
  return `${WIP_REF_PREFIX}${cookie.slice(0, RUN_ID_LENGTH)}-${global}`;
}
function wipMessage(input) {
  const task = input.task === void 0 ? "" : ` (task ${input.task})`;
  return `agent-harness: work of session ${input.global}${task}, interrupted by ${input.reason}

Run ${input.run}. The agent's uncommitted changes when the session was ended, on top of HEAD; nothing of the user's branch, HEAD or index was moved.
`;
}
async function keepInterruptedWork(ctx, session) {
  const reason = interruption(session.endReason, ctx.stop.forcedBy);
  if (reason === null || ctx.userFiles === null) return null;
  if (session.treeBefore === null) {
    ctx.log("warn", { work_kept: "none", why: "the work tree before the session could not be read" });
    return null;
  }
  const ref = wipRef(ctx.cookie, session.global);
  const task = ctx.work?.eventFields.task_id ?? void 0;
  try {
    const kept = await keepWork({
      cwd: ctx.paths.cwd,
      pathspecs: ctx.userFiles,
      headBefore: session.headBefore,
      treeBefore: session.treeBefore,
      ref,
      message: wipMessage({
        run: ctx.cookie.slice(0, RUN_ID_LENGTH),
        global: session.global,
        reason,
        ...task === void 0 ? {} : { task }
      })
    });
    if (kept === null) return null;
    ctx.log("warn", {
      work_kept: kept.ref,
      interrupted_by: reason,
      restore: `git checkout ${kept.ref} -- .`
    });
    ctx.status.note({ work_kept: kept.ref });
    await ctx.emit({
      event: "work_kept",
      iteration: ctx.position.iteration,
      global: session.global,
      reason,
      ref: kept.ref,
      commit: kept.commit
    });
    return kept.ref;
  } catch (error) {
    ctx.log("warn", { work_kept: "none", error: error.message });
    return null;
  }
}

const PROMPT_SEPARATOR = "\n---\n";
function assemblePrompt(prepended, promptFile, extra = []) {
  const parts = prepended.map((text) => text.trim()).filter((text) => text !== "");
  parts.push(promptFile);
  for (const part of extra) if (part.trim() !== "") parts.push(part);
  return parts.join(PROMPT_SEPARATOR);
}
const MAX_ARG_BYTES = 128 * 1024 - 1;
function placePrompt(args, via, prompt, promptPath) {
  const substitute = (value) => value.replaceAll("{prompt_file}", promptPath ?? "").replaceAll("{prompt}", via === "arg" ? prompt : "");
  const out = args.map(substitute);
  const filtered = via === "arg" ? out : out.filter((value, index) => !(args[index] === "{prompt}" && value === ""));
  return { args: filtered, stdinText: via === "stdin" ? prompt : null };
}
function promptTooLongForArg(prompt) {
  return Buffer.byteLength(prompt, "utf8") > MAX_ARG_BYTES;
}

async function buildPrompt(ctx, vars) {
  const { config, paths } = ctx;
  const prepended = [];
  for (const command of config.prompt.prepend_commands) {
    const out = await runShell(command, ctx.shellOptions(ctx.env(vars)));
    if (out.exitCode !== 0) ctx.log("warn", { prepend_command: command, exit_code: out.exitCode });
    if (out.stdoutTruncated) {
      ctx.log("warn", {
        prepend_command: command,
        output: "truncated",
        kept_bytes: Buffer.byteLength(out.stdout),
        produced_bytes: out.stdoutBytes
      });
    }
    prepended.push(out.stdout);
  }
  let file;
  try {
    file = ctx.work?.promptText ?? await readInputText(paths.promptFile, { what: "prompt file" });
  } catch (error) {
    if (error instanceof InputFileError) throw new LoopError(error.message, error.exitCode, "input_refused");
    throw new LoopError(
      `cannot read the prompt file ${paths.promptFile}: ${error.message}`,
      EXIT.failure
    );
  }
  const assembled = assemblePrompt(prepended, file);
  const prompt = ctx.work ? ctx.work.prompt(assembled) : assembled;
  if (isWorkerFormat(config)) return prompt;
  if (config.agent.prompt_via === "arg" && promptTooLongForArg(prompt)) {
    throw new LoopError(
      `the prompt is ${Buffer.byteLength(prompt)} bytes, longer than one command-line argument may be; set agent.prompt_via to "stdin" or "file"`,
      EXIT.agentNotStarted,
      "agent_not_started"
    );
  }
  if (config.agent.prompt_via === "arg" && prompt.includes("\0")) {
    throw new LoopError(
      `the prompt contains a NUL byte (at character ${prompt.indexOf("\0")}), which no command-line argument can carry; remove it from ${paths.promptFile} (or the prepend_commands output), or set agent.prompt_via to "stdin" or "file"`,
      EXIT.agentNotStarted,
      "agent_not_started"
    );
  }
  return prompt;
}

const CHUNK_BYTES = 1024 * 1024;
const MAX_LINE_BYTES = 1024 * 1024;
const NEWLINE = 10;
class MarkedLineFollower {
  constructor(fd, marker) {
    this.fd = fd;
    this.marker = Buffer.from(marker, "utf8");
  }
  fd;
  marker;
  /** Everything before this offset has been searched; it always sits just after a newline (or at 0). */
  searched = 0;
  /** One buffer for every chunk searched: a transcript of gigabytes must not churn the heap a MiB at a time. */
  scratch = Buffer.allocUnsafe(CHUNK_BYTES);
  /** The newest complete line containing the marker among the bytes appended since the last call, or null. */
  update(size) {
    const end = this.lastNewlineBefore(size);
    if (end <= this.searched) return null;
    let hit = -1;
    const overlap = this.marker.length - 1;
    for (let from = this.searched; from < end; from += CHUNK_BYTES - overlap) {
      const chunk = this.readScratch(from, Math.min(CHUNK_BYTES, end - from));
      const at = chunk.lastIndexOf(this.marker);
      if (at >= 0) hit = from + at;
      if (from + chunk.length >= end) break;
    }
    const start = this.searched;
    this.searched = end;
    return hit < 0 ? null : this.lineAround(hit, start, end);
  }
  /** Offset just after the last newline before `size` within the unsearched region, or `searched` if none. */
  lastNewlineBefore(size) {
    for (let to = size; to > this.searched; ) {
      const from = Math.max(this.searched, to - CHUNK_BYTES);
      const at = this.readScratch(from, to - from).lastIndexOf(NEWLINE);
      if (at >= 0) return from + at + 1;
      to = from;
    }
    return this.searched;
  }
  lineAround(hit, floor, end) {
    const back = Math.max(floor, hit - MAX_LINE_BYTES);
    const before = this.read(back, hit - back);
    const newline = before.lastIndexOf(NEWLINE);
    if (newline < 0 && back > floor) return null;
    const lineStart = newline < 0 ? back : back + newline + 1;
    const after = this.read(hit, Math.min(end - hit, MAX_LINE_BYTES));
    const lineEnd = after.indexOf(NEWLINE);
    if (lineEnd < 0) return null;
    return this.read(lineStart, hit + lineEnd - lineStart).toString("utf8");
  }
  /** Reads into the shared scratch buffer: the view is valid until the next read. */
  readScratch(position, length) {
    return this.fill(this.scratch.subarray(0, length), position);
  }
  read(position, length) {
    return this.fill(Buffer.allocUnsafe(length), position);
  }
  fill(buffer, position) {
    const length = buffer.length;
    let filled = 0;
    while (filled < length) {
      const read = readSync(this.fd, buffer, filled, length - filled, position + filled);
      if (read <= 0) break;
      filled += read;
    }
    return buffer.subarray(0, filled);
  }
}

const TAIL_PEEK_BYTES = 64 * 1024;
function peekTail(fd, size) {
  const length = Math.min(size, TAIL_PEEK_BYTES);
  const buffer = Buffer.allocUnsafe(length);
  const read = readSync(fd, buffer, 0, length, size - length);
  return buffer.subarray(0, read).toString("utf8");
}
function echoAgentOutput(echo, fd, from, to) {
  if (!echo || to <= from) return to;
  const buffer = Buffer.allocUnsafe(Math.min(to - from, 1024 * 1024));
  let position = from;
  while (position < to) {
    const read = readSync(fd, buffer, 0, Math.min(buffer.length, to - position), position);
    if (read <= 0) break;
    echo(buffer.subarray(0, read).toString("utf8"));
    position += read;
  }
  return position;
}

function forksSinceBoot() {
  try {
    const match = /^processes (\d+)$/m.exec(readFileSync("/proc/stat", "utf8"));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}
function readNumber(path) {
  try {
    const value = Number.parseInt(readFileSync(path, "utf8"), 10);
    return Number.isSafeInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}
function inPidRange(pid, from, last) {
  return from <= last ? pid >= from && pid <= last : pid >= from || pid <= last;
}
function windowHolds(forks, pidMax) {
  return forks !== null && pidMax !== null && forks >= 0 && forks < pidMax - 1e3;
}
class PidWindow {
  constructor(from, forksAtOpen, pidMax) {
    this.from = from;
    this.forksAtOpen = forksAtOpen;
    this.pidMax = pidMax;
  }
  from;
  forksAtOpen;
  pidMax;
  /** A window from `firstPid` (the agent's, just spawned). */
  static open(firstPid) {
    return new PidWindow(firstPid, forksSinceBoot(), readNumber("/proc/sys/kernel/pid_max"));
  }
  /**
   * The test for PIDs listed by a look at /proc just made: true for those in the window. Null (look at every one)
   * when the window cannot be trusted any more or /proc cannot say where it ends.
   */
  filter() {
    const last = readNumber("/proc/sys/kernel/ns_last_pid");
    const forks = forksSinceBoot();
    if (last === null || this.forksAtOpen === null || forks === null) return null;
    if (!windowHolds(forks - this.forksAtOpen, this.pidMax)) return null;
    return (pid) => inPidRange(pid, this.from, last);
  }
}

function initialWatchdog(now, size = 0) {
  return { lastSize: size, lastGrowthAt: now, lastObservedAt: now, warnings: 0, resultSeenAt: null };
}
function watchdogStep(state, obs, limits) {
  let next = { ...state, lastObservedAt: Math.max(state.lastObservedAt, obs.now) };
  let grew = false;
  if (obs.size !== state.lastSize) {
    grew = true;
    const window = Math.max(0, obs.now - state.lastObservedAt);
    const ago = Math.min(window, Math.max(0, obs.grewAgoMs ?? 0));
    const at = Math.max(state.lastGrowthAt, obs.now - ago);
    next = {
      ...next,
      lastSize: obs.size,
      lastGrowthAt: at,
      warnings: 0,
      resultSeenAt: obs.finalSeen ? at : null
    };
  }
  if (next.resultSeenAt !== null) {
    const sinceResultMs = obs.now - next.resultSeenAt;
    if (sinceResultMs >= limits.resultGraceMs)
      return { state: next, action: { kind: "kill_result_grace", sinceResultMs } };
  }
  const staleMs = obs.now - next.lastGrowthAt;
  if (staleMs >= limits.staleTimeoutMs) return { state: next, action: { kind: "kill_stale", staleMs } };
  if (grew) return { state: next, action: { kind: "grew" } };
  if (limits.warnIntervalMs > 0 && staleMs >= (next.warnings + 1) * limits.warnIntervalMs) {
    return { state: { ...next, warnings: next.warnings + 1 }, action: { kind: "warn", staleMs } };
  }
  return { state: next, action: { kind: "none" } };
}
function napMs(state, limits, pollMs, now) {
  const due = [state.lastGrowthAt + limits.staleTimeoutMs];
  if (state.resultSeenAt !== null) due.push(state.resultSeenAt + limits.resultGraceMs);
  if (limits.warnIntervalMs > 0) due.push(state.lastGrowthAt + (state.warnings + 1) * limits.warnIntervalMs);
  return Math.max(1, Math.min(pollMs, Math.ceil(Math.min(...due) - now)));
}
function pollIntervalMs(limits) {
  const finest = Math.min(limits.staleTimeoutMs, limits.resultGraceMs > 0 ? limits.resultGraceMs : Infinity);
  return Math.max(20, Math.min(250, Math.floor(finest / 20)));
}

const WATCHDOG_EXIT_CODE = 124;
const DESCENDANT_SCAN_MS = 250;
function openTranscript(path) {
  return openSync(path, "wx+", 420);
}
function startSession(spec, fd, deps, hooks = {}) {
  const { clock } = deps;
  let forced = null;
  let wake = null;
  const control = {
    force: (graceMs) => {
      if (forced === null) forced = graceMs;
      wake?.();
    }
  };
  const result = (async () => {
    const startedAt = clock.now();
    const startedMono = clock.monotonic();
    const elapsed = () => Math.max(0, clock.monotonic() - startedMono);
    let child;
    const cgroup = spec.cgroup;
    const run = cgroup?.wrap(spec.command, spec.args) ?? { command: spec.command, args: spec.args };
    const spawnAgent = () => deps.spawn(run.command, run.args, {
      cwd: spec.cwd,
      env: withCookie(spec.env, spec.cookie),
      detached: true,
      stdio: [spec.stdinText === null ? "ignore" : "pipe", fd, fd]
    });
    try {
      child = cgroup ? await cgroup.spawnInsideWhenReady(spawnAgent) : spawnAgent();
    } catch (error) {
      closeSync(fd);
      await cgroup?.remove();
      return spawnFailure(startedAt, clock.now(), elapsed(), error.message);
    }
    if (cgroup?.placementError)
      deps.logger.log("warn", { session: "cgroup", cgroup: cgroup.where, error: cgroup.placementError });
    let exited = null;
    let spawnError = null;
    const done = new Promise((resolve) => {
      child.once("error", (error) => {
        spawnError = error.message;
        resolve();
      });
      child.once("exit", (code, signal2) => {
        exited = { code, signal: signal2 };
        resolve();
      });
    });
    done.then(
      () => wake?.(),
      () => wake?.()
    );
    if (spec.stdinText !== null && child.stdin) {
      child.stdin.on("error", () => void 0);
      child.stdin.end(spec.stdinText);
    }
    const pgid = child.pid ?? null;
    if (pgid !== null) deps.logger.log("debug", { session: "spawned", pid: pgid });
    if (pgid !== null) hooks.onSpawn?.(pgid);
    const procs = pgid !== null ? new AgentProcesses(pgid, PidWindow.open(pgid)) : null;
    const none = { count: 0, how: "gone" };
    const endAll = async (group, graceMs) => {
      const [groupHow, byCookie, byCgroup] = await Promise.all([
        terminateAgent(group, graceMs, clock),
        spec.cookie === void 0 ? none : endCarriersSaying(spec.cookie, graceMs, clock, group.window),
        cgroup ? cgroup.end(graceMs, clock) : none
      ]);
      const how = strongerEnd(strongerEnd(groupHow, byCookie.how), byCgroup.how);
      return { how, carriers: byCookie.count, inCgroup: byCgroup.count };
    };
    let endReason = "exited";
    let state = initialWatchdog(startedMono);
    const poll = pollIntervalMs(spec.limits);
    let printed = 0;
    let lastScan = -Infinity;
    let escapedCount = 0;
    const announcements = spec.backgroundWork ? new MarkedLineFollower(fd, spec.backgroundWork.marker) : null;
    let backgroundRunning = 0;
    while (exited === null && spawnError === null && procs !== null) {
      if (forced !== null) {
        endReason = "forced";
        await endAll(procs, forced);
        break;
      }
      if (!cgroup?.holdsAll && clock.monotonic() - lastScan >= DESCENDANT_SCAN_MS) {
        procs.refresh();
        lastScan = clock.monotonic();
        const escaped = procs.escaped();
        if (escaped.length !== escapedCount) {
          escapedCount = escaped.length;
          hooks.onEscaped?.(escaped);
        }
      }
      const stat = fstatSync(fd);
      const size = stat.size;
      let finalSeen = false;
      if (size > 0 && size !== state.lastSize) {
        const line = announcements?.update(size) ?? null;
        const running = line === null ? null : spec.backgroundWork?.running(line) ?? null;
        if (running !== null) backgroundRunning = running;
        finalSeen = backgroundRunning === 0 && spec.hasFinalResult(peekTail(fd, size));
      }
      printed = echoAgentOutput(hooks.echo, fd, printed, size);
      const step = watchdogStep(
        state,
        { now: clock.monotonic(), size, finalSeen, grewAgoMs: clock.now() - stat.mtimeMs },
        spec.limits
      );
      state = step.state;
      const action = step.action;
      if (action.kind === "grew") hooks.onGrowth?.(size);
      else if (action.kind === "warn") hooks.onStaleWarning?.(action.staleMs);
      else if (action.kind === "kill_stale" || action.kind === "kill_result_grace") {
        endReason = action.kind === "kill_stale" ? "watchdog" : "result_grace";
        hooks.onKill?.(endReason, action.kind === "kill_stale" ? action.staleMs : action.sinceResultMs);
        await endAll(procs, spec.killGraceMs);
        break;
      }
      const nap = new AbortController();
      await new Promise((resolve) => {
        wake = resolve;
        clock.sleep(napMs(state, spec.limits, poll, clock.monotonic()), nap.signal).then(
          () => resolve(),
          () => resolve()
        );
      });
      nap.abort();
      wake = null;
    }
    await done;
    cgroup?.prime();
    if (procs !== null && !cgroup?.emptied()) {
      const { how, carriers, inCgroup } = await endAll(procs, forced ?? spec.killGraceMs);
      if (how !== "gone" || carriers > 0 || inCgroup > 0)
        hooks.onLeftovers?.(how === "gone" ? "term" : how, carriers, inCgroup);
    }
    if (cgroup && !await cgroup.remove())
      deps.logger.log("warn", { session: "cgroup_not_removed", cgroup: cgroup.where });
    const outputBytes = fstatSync(fd).size;
    echoAgentOutput(hooks.echo, fd, printed, outputBytes);
    closeSync(fd);
    const endedAt = clock.now();
    const durationMs = elapsed();
    if (spawnError !== null)
      return { ...spawnFailure(startedAt, endedAt, durationMs, spawnError), outputBytes };
    const exit = exited;
    const exitCode = exit?.code ?? null;
    const signal = exit?.signal ?? null;
    return {
      endReason,
      exitCode,
      signal,
      reportedExitCode: reportedCode(endReason, exitCode, signal),
      outputBytes,
      startedAt,
      endedAt,
      durationMs,
      pgid,
      spawnError: null
    };
  })();
  return { force: control.force, result };
}
function reportedCode(reason, code, signal) {
  if (reason === "watchdog") return WATCHDOG_EXIT_CODE;
  if (code !== null) return code;
  if (signal !== null) return signalExitCode(signal);
  return 1;
}
function signalExitCode(signal) {
  const number = constants.signals[signal];
  return number === void 0 ? 128 : 128 + number;
}
function spawnFailure(startedAt, endedAt, durationMs, message) {
  return {
    endReason: "spawn_error",
    exitCode: null,
    signal: null,
    reportedExitCode: 127,
    outputBytes: 0,
    startedAt,
    endedAt,
    durationMs,
    pgid: null,
    spawnError: message
  };
}

function followTranscript(path, options) {
  let position = 0;
  let finishing = false;
  let woken = true;
  let sleeper = null;
  const wake = () => {
    woken = true;
    sleeper?.();
  };
  const follow = async (handle, sha256, reader) => {
    const pass = transcriptPass(options, sha256);
    const push = (chunk) => {
      pass.push(chunk);
      position += chunk.length;
    };
    for (; ; ) {
      const final = finishing;
      await reader.readToEnd(handle, position, push);
      if (final) break;
      if (finishing) continue;
      if (!woken) await new Promise((resolve) => sleeper = resolve);
      sleeper = null;
      woken = false;
    }
    await sha256.done();
    const facts = pass.end();
    const info = await handle.stat();
    if (info.size !== facts.bytes) return null;
    rememberSha256(path, info, facts.sha256);
    return facts;
  };
  const done = openInputFile(path, { what: "transcript", maxBytes: Infinity }).then(async (handle) => {
    const sha256 = fileSha256(handle.fd, { release: true });
    try {
      return await withChunkReader((reader) => follow(handle, sha256, reader));
    } finally {
      sha256.settle();
      await handle.close();
    }
  });
  const settled = done.catch(() => null);
  return {
    wake,
    get position() {
      return position;
    },
    finish() {
      finishing = true;
      wake();
      return settled;
    }
  };
}

function round(value, digits) {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

function commitEvidence(patternMatched, moves) {
  if (moves === null) return { committed: patternMatched, evidence: patternMatched ? "pattern" : null };
  const git = moves.head ? "head" : moves.branches.length > 0 ? "branch" : null;
  if (git === null) return { committed: false, evidence: patternMatched ? "pattern" : null };
  return { committed: true, evidence: patternMatched ? `pattern+${git}` : git };
}
function describeCommitEvidence(input) {
  const { evidence, committed, pattern } = input;
  if (evidence === null) return null;
  const parts = [];
  if (evidence.endsWith("head")) parts.push("HEAD moved");
  if (evidence.endsWith("branch")) {
    const names = (input.branches ?? []).map((ref) => ref.replace(/^refs\/heads\//, ""));
    parts.push(names.length > 0 ? `branch ${names.join(", ")} moved` : "a branch moved");
  }
  if (pattern !== null) parts.push(`${pattern} detected`);
  if (evidence === "pattern" && !committed) parts.push("but no commit was made");
  return parts.join(", ");
}

async function classifyTranscript(ctx, transcript, exit) {
  const options = { patterns: ctx.ratePatterns, now_ms: ctx.platform.clock.now(), exit };
  let tail = await readTail(transcript, TAIL_BYTES);
  if (!tail.complete && !tail.text.trimEnd().includes("\n"))
    tail = await readTail(transcript, WIDE_TAIL_BYTES);
  return ctx.adapter.classify(tail.text, tail.complete, options);
}
async function findCommit(ctx, record) {
  const scan = await completeMetrics(ctx, record, ctx.commitPatterns);
  const before = record.gitBefore;
  const gitAfter = before === null ? null : await gitRefs(ctx.paths.cwd);
  const moves = before === null || gitAfter === null ? null : refMoves(before, gitAfter);
  const { committed, evidence } = commitEvidence(scan.matchedPattern !== null, moves);
  return {
    committed,
    evidence,
    pattern: scan.matchedPattern,
    patternText: scan.matchedText,
    headAfter: gitAfter?.head ?? null,
    branchesMoved: moves?.branches ?? []
  };
}
async function completeMetrics(ctx, record, patterns = []) {
  const followed = await record.followed;
  const usable = followed != null && (patterns.length === 0 || patterns === ctx.commitPatterns);
  const scan = usable ? patterns.length > 0 ? followed : { ...followed, matchedPattern: null, matchedText: null } : await scanTranscript(record.transcript, scanOptions(ctx, patterns));
  if (record.verdict.metrics.tool_calls === null && scan.toolCalls !== null) {
    record.verdict.metrics.tool_calls = scan.toolCalls;
  }
  record.verdict.metrics = withTurnShape(record.verdict.metrics, scan.turns, ctx.adapter.reportsTurns);
  return scan;
}
function scanOptions(ctx, patterns) {
  return {
    patterns,
    agentText: ctx.adapter.agentText,
    toolCalls: ctx.adapter.toolCalls,
    turnShape: ctx.adapter.turnShape,
    lineMarkers: ctx.adapter.lineMarkers ?? null
  };
}

const SPACE_CHECK_MS = 1e3;
async function dispatchSession(ctx, vars) {
  const { config, paths, platform, status, position, stop } = ctx;
  const { clock } = platform;
  ctx.faults.throwIfFaulted();
  ctx.containment?.prime();
  const prompt = await buildPrompt(ctx, vars);
  const { fd, number } = reserveTranscript(
    paths,
    position.next,
    (skipped) => ctx.log("warn", { transcript: "exists", skipped, reason: "never overwritten" })
  );
  const previous = { global: position.global, next: position.next };
  position.global = number;
  position.next = number + 1;
  const transcript = paths.transcript(number);
  try {
    await writeCounter(paths.counter, position.next);
  } catch (error) {
    closeSync(fd);
    await unlink(transcript).catch(() => void 0);
    Object.assign(position, previous);
    throw error;
  }
  const worker = isWorkerFormat(config) ? await workerInvocation(config, paths, ctx.self, number, ctx.configFile).catch(
    async (error) => {
      closeSync(fd);
      await unlink(transcript).catch(() => void 0);
      Object.assign(position, previous);
      throw error;
    }
  ) : null;
  let promptPath = null;
  if (worker === null && config.agent.prompt_via === "file") {
    const copy = paths.promptCopy(number);
    promptPath = copy;
    await namingFile(copy, () => writeFile(copy, prompt));
  }
  const invocation = worker === null ? placePrompt(config.agent.args, config.agent.prompt_via, prompt, promptPath) : { args: worker.args, stdinText: prompt };
  const env = ctx.isolation.env(
    ctx.env({ ...vars, HARNESS_GLOBAL_ITERATION: number, HARNESS_OUTPUT_FILE: transcript }),
    { ...ctx.work?.env, ...config.agent.env, ...worker?.env }
  );
  const command = worker?.command ?? config.agent.command;
  const launch = ctx.isolation.command(command, invocation.args, env);
  const gitBefore = await gitRefs(paths.cwd);
  const treeBefore = await userTree(ctx);
  await status.set({
    state: "session_running",
    iteration: position.iteration,
    global_iteration: number,
    output_file: transcript,
    output_bytes: 0,
    session_start: new Date(clock.now()).toISOString()
  });
  platform.logger.startGroup?.(
    `Session ${number} (iteration ${position.iteration + 1}/${config.session.max_iterations})`
  );
  const cgroup = sessionCgroup(ctx, number);
  const follower = followTranscript(transcript, scanOptions(ctx, ctx.commitPatterns));
  const control = startSession(
    {
      command: launch.command,
      args: launch.args,
      env,
      cwd: paths.cwd,
      stdinText: invocation.stdinText,
      transcriptPath: transcript,
      limits: {
        staleTimeoutMs: config.watchdog.stale_timeout_mins * 6e4,
        warnIntervalMs: config.watchdog.check_interval_secs * 1e3,
        resultGraceMs: config.watchdog.result_grace_secs * 1e3
      },
      killGraceMs: config.watchdog.kill_grace_secs * 1e3,
      cookie: ctx.cookie,
      ...cgroup ? { cgroup } : {},
      hasFinalResult: (tail) => ctx.adapter.hasFinalResult(tail),
      ...ctx.adapter.backgroundWork ? { backgroundWork: ctx.adapter.backgroundWork } : {}
    },
    fd,
    { clock, spawn: platform.spawn, logger: platform.logger },
    {
      onSpawn: (pgid) => {
        status.post({ agent_pgid: pgid });
        ctx.reaper?.watch({ group: pgid, escaped: [] });
        ctx.log("info", { status: "session_running", pid: pgid, output: basename(transcript) });
      },
      onGrowth: (bytes) => {
        follower.wake();
        status.postThrottled({ output_bytes: bytes });
      },
      onEscaped: (escaped) => {
        status.post({ agent_escaped: escaped });
        ctx.reaper?.watch({ escaped });
      },
      onStaleWarning: (staleMs) => ctx.log("warn", {
        watchdog: "stale",
        stale_secs: Math.round(staleMs / 1e3),
        limit: Math.round(config.watchdog.stale_timeout_mins * 60)
      }),
      onKill: (reason, ms) => {
        status.post({ state: "watchdog_kill" });
        if (reason === "watchdog")
          ctx.log("error", { watchdog: "killed", stale_mins: round(ms / 6e4, 2) });
        else ctx.log("warn", { watchdog: "result_grace", lingered_secs: round(ms / 1e3, 1) });
        ctx.post({
          event: "watchdog_kill",
          reason,
          iteration: position.iteration,
          global: number,
          after_ms: ms
        });
      },
      onLeftovers: (how, carriers, inCgroup) => ctx.log("warn", {
        session: "leftover_processes",
        ended_with: how === "kill" ? "SIGKILL" : "SIGTERM",
        ...carriers > 0 ? { by_cookie: carriers } : {},
        ...inCgroup > 0 ? { by_cgroup: inCgroup } : {}
      }),
      ...platform.logger.agentOutput ? { echo: platform.logger.agentOutput } : {}
    }
  );
  const unForce = stop.onForce((graceMs) => control.force(graceMs));
  const unFault = ctx.faults.onFault(() => control.force(config.watchdog.kill_grace_secs * 1e3));
  const stopPoll = pollStopSources(ctx, ctx.stopSources);
  const spaceWatch = watchTranscriptSpace(ctx, transcript);
  let result;
  let followed;
  try {
    result = await control.result;
  } finally {
    followed = follower.finish();
    unForce();
    unFault();
    stopPoll.cancel();
    spaceWatch.cancel();
  }
  await ctx.isolation.afterSession();
  if (await noSpaceLeft(paths.outputDir)) ctx.faults.report(transcriptFull(transcript));
  ctx.faults.throwIfFaulted();
  ctx.reaper?.watch({ group: null, escaped: [] });
  await status.set({ agent_pgid: null, agent_escaped: null, output_bytes: result.outputBytes });
  ctx.onSession?.(result.durationMs);
  platform.logger.endGroup?.();
  if (result.endReason === "spawn_error") {
    const size = await stat(transcript).then(
      (info) => info.size,
      () => null
    );
    if (result.outputBytes === 0 && size === 0) await unlink(transcript);
    if (promptPath !== null) await unlink(promptPath).catch(() => void 0);
    Object.assign(position, previous);
    throw new LoopError(
      `could not start the agent "${command}": ${result.spawnError}`,
      EXIT.agentNotStarted,
      "agent_not_started"
    );
  }
  await keepInterruptedWork(ctx, {
    global: number,
    endReason: result.endReason,
    headBefore: gitBefore?.head ?? null,
    treeBefore
  });
  const verdict = await classifyTranscript(ctx, transcript, { code: result.exitCode, signal: result.signal });
  const decision = classifyOutcome({
    endReason: result.endReason,
    outputBytes: result.outputBytes,
    minOutputBytes: config.watchdog.min_output_bytes,
    verdict,
    exitCode: result.exitCode
  });
  return {
    global: number,
    transcript,
    result,
    verdict,
    outcome: decision.outcome,
    decidedBy: decision.decided_by,
    failure: decision.failure,
    gitBefore,
    treeBefore,
    followed
  };
}
function sessionCgroup(ctx, number) {
  try {
    return ctx.containment?.session(number) ?? null;
  } catch (error) {
    ctx.log("warn", {
      session: "cgroup",
      error: error.message,
      containment: "process group + cookie"
    });
    return null;
  }
}
function reserveTranscript(paths, first, onSkip) {
  for (let number = first; ; number++) {
    try {
      return { fd: openTranscript(paths.transcript(number)), number };
    } catch (error) {
      if (error.code !== "EEXIST")
        throw new HarnessFileError(paths.transcript(number), error, "cannot create");
      onSkip(number);
    }
  }
}
function watchTranscriptSpace(ctx, transcript) {
  const abort = new AbortController();
  (async () => {
    while (await ctx.platform.clock.sleep(SPACE_CHECK_MS, abort.signal)) {
      if (await noSpaceLeft(ctx.paths.outputDir)) return ctx.faults.report(transcriptFull(transcript));
    }
  })().catch(
    (error) => ctx.log("warn", { event: "free space check failed", path: ctx.paths.outputDir, error: String(error) })
  );
  return { cancel: () => abort.abort() };
}

function sessionEvent(input) {
  const { result, verdict, outcome } = input.record;
  const { committed, ...commit } = input.extra;
  return {
    event: "session_complete",
    iteration: input.iteration,
    global: input.record.global,
    output_bytes: result.outputBytes,
    exit_code: result.reportedExitCode,
    duration_secs: round(result.durationMs / 1e3, 3),
    committed,
    retries: input.retries,
    rate_limited: outcome === "rate_limited",
    outcome,
    decided_by: input.record.decidedBy,
    failure_kind: input.record.failure?.kind ?? null,
    failure_reason: input.record.failure?.reason ?? null,
    failure_source: input.record.failure?.source ?? null,
    failure_detail: input.record.failure?.detail ?? null,
    model_output: verdict.model_output,
    end_reason: result.endReason,
    output_file: input.record.transcript,
    result_error: verdict.is_error,
    rate_limit_source: verdict.rate_limit?.source ?? null,
    rate_limit_resets_at: verdict.rate_limit?.resets_at_ms ? new Date(verdict.rate_limit.resets_at_ms).toISOString() : null,
    ...verdict.metrics,
    ...input.fields,
    ...commit
  };
}

async function previousResumeAt(statusPath) {
  const previous = await readStatus(statusPath).catch(() => null);
  const at = previous?.resume_after ? Date.parse(previous.resume_after) : NaN;
  return Number.isFinite(at) ? at : null;
}
function windowDecision(resumeAtMs, nowMs, maxWaitMins) {
  if (resumeAtMs === null || resumeAtMs <= nowMs) return "go";
  if (maxWaitMins !== void 0 && resumeAtMs - nowMs > maxWaitMins * 6e4) return "stop";
  return "wait";
}
const beyondMaxWait = (delayMs, maxWaitMins) => maxWaitMins !== void 0 && delayMs > maxWaitMins * 6e4;
function stopForReset(ctx, resumeAtMs) {
  const at = new Date(resumeAtMs).toISOString();
  ctx.log("warn", {
    stop: "rate_limited",
    resume_after: at,
    max_wait_mins: ctx.config.backoff.max_wait_mins ?? null,
    rate_limited: `waiting for the limit to reset at ${at}: no agent starts before then`
  });
  ctx.status.note({ resume_after: at });
  return { kind: "stop", reason: "rate_limited", exitCode: EXIT.rateLimited };
}
async function heldByReset(ctx, resumeAtMs) {
  const clock = ctx.platform.clock;
  const decision = windowDecision(resumeAtMs, clock.now(), ctx.config.backoff.max_wait_mins);
  if (decision === "go" || resumeAtMs === null) return null;
  if (decision === "stop") return stopForReset(ctx, resumeAtMs);
  const at = new Date(resumeAtMs).toISOString();
  ctx.log("warn", { rate_limited: `waiting for the limit to reset at ${at}`, resume_after: at });
  await ctx.status.set({ state: "rate_limited_backoff", backoff_until: at, resume_after: at });
  await ctx.pauseWhile(() => Math.max(0, resumeAtMs - clock.now()));
  await ctx.status.set({ backoff_until: null, resume_after: null });
  return null;
}

async function onRateLimit(ctx, record, tally) {
  const { config, platform, status, position } = ctx;
  tally.rateLimits++;
  status.note({ consecutive_rate_limits: tally.rateLimits });
  const info = record.verdict.rate_limit;
  const base = {
    event: "rate_limited",
    iteration: position.iteration,
    global: record.global,
    consecutive: tally.rateLimits,
    source: info?.source ?? null
  };
  if (tally.rateLimits >= config.backoff.max_consecutive_rate_limits) {
    ctx.log("error", { rate_limited: true, consecutive: tally.rateLimits, stop: "rate_limits_exhausted" });
    await ctx.emit({ ...base, wait_ms: 0 });
    return { kind: "stop", reason: "rate_limits_exhausted", exitCode: EXIT.rateLimited };
  }
  const wait = rateLimitWait({
    consecutive: tally.rateLimits,
    initialSecs: config.backoff.initial_delay_secs,
    maxDelaySecs: config.backoff.max_delay_secs,
    maxWaitSecs: config.rate_limit.max_wait_secs,
    resetsAtMs: info?.resets_at_ms ?? null,
    nowMs: platform.clock.now()
  });
  ctx.log("warn", {
    rate_limited: true,
    consecutive: tally.rateLimits,
    source: info?.source ?? null,
    wait_secs: round(wait.delayMs / 1e3, 1),
    basis: wait.basis
  });
  await ctx.emit({
    ...base,
    resets_at: info?.resets_at_ms ? new Date(info.resets_at_ms).toISOString() : null,
    wait_ms: wait.delayMs,
    basis: wait.basis
  });
  if (beyondMaxWait(wait.delayMs, config.backoff.max_wait_mins))
    return stopForReset(
      ctx,
      wait.basis === "reset_time" && info?.resets_at_ms ? info.resets_at_ms + 1e3 : platform.clock.now() + wait.delayMs
    );
  await status.set({
    state: "rate_limited_backoff",
    backoff_until: new Date(platform.clock.now() + wait.delayMs).toISOString()
  });
  const deadlineMono = platform.clock.monotonic() + wait.delayMs;
  const resetsAtMs = wait.basis === "reset_time" ? info?.resets_at_ms ?? null : null;
  await ctx.pauseWhile(
    () => resetWaitLeftMs({
      deadlineMono,
      nowMono: platform.clock.monotonic(),
      resetsAtMs,
      nowMs: platform.clock.now()
    })
  );
  await status.set({ backoff_until: null });
  return { kind: "again" };
}
function endFailureStreak(ctx, tally) {
  if (tally.failures === 0) return;
  tally.failures = 0;
  ctx.status.note({ consecutive_failures: 0, last_failure: null });
}
async function onFailure(ctx, record, tally) {
  const { config, platform, status, position } = ctx;
  const failure = record.failure ?? {
    kind: "error",
    reason: "error_result",
    source: "result",
    detail: record.verdict.result_text ?? ""
  };
  tally.failures++;
  tally.failedTotal++;
  const described = `${failure.kind}/${failure.reason}: ${failure.detail}`.slice(0, 500);
  status.note({ consecutive_failures: tally.failures, last_failure: described });
  const base = {
    event: "session_failed",
    iteration: position.iteration,
    global: record.global,
    consecutive: tally.failures,
    kind: failure.kind,
    reason: failure.reason,
    source: failure.source,
    detail: failure.detail
  };
  if (failure.kind === "fatal") {
    const fix = fatalAdvice(failure.reason, failure.detail);
    const message = `the agent failed fatally (${failure.reason}): ${fix}${failure.detail ? ` \u2014 ${failure.detail}` : ""}`;
    ctx.log("error", {
      failed: failure.reason,
      kind: "fatal",
      stop: "agent_fatal",
      fix,
      detail: failure.detail.slice(0, 300) || null
    });
    await ctx.emit({ ...base, wait_ms: 0, fix });
    return { kind: "stop", reason: "agent_fatal", exitCode: EXIT.agentFatal, error: message };
  }
  if (tally.failures >= config.retry.max_consecutive_failures) {
    ctx.log("error", {
      failed: failure.reason,
      kind: failure.kind,
      consecutive: tally.failures,
      stop: "failures_exhausted"
    });
    await ctx.emit({ ...base, wait_ms: 0 });
    return {
      kind: "stop",
      reason: "failures_exhausted",
      exitCode: EXIT.failuresExhausted,
      error: `${tally.failures} failed sessions in a row (retry.max_consecutive_failures); the last: ${failure.kind}/${failure.reason}${failure.detail ? ` \u2014 ${failure.detail}` : ""}`
    };
  }
  const delayMs = backoffMs(tally.failures, config.backoff.initial_delay_secs, config.backoff.max_delay_secs);
  ctx.log("warn", {
    failed: failure.reason,
    kind: failure.kind,
    consecutive: tally.failures,
    wait_secs: round(delayMs / 1e3, 1),
    detail: failure.detail.slice(0, 300) || null
  });
  await ctx.emit({ ...base, wait_ms: delayMs });
  await status.set({
    state: "failure_backoff",
    backoff_until: new Date(platform.clock.now() + delayMs).toISOString()
  });
  await ctx.pause(delayMs);
  await status.set({ backoff_until: null });
  return { kind: "again" };
}

async function runSlot(ctx, tally) {
  const { config, paths, status, position } = ctx;
  position.global = position.next;
  const vars = {
    HARNESS_ITERATION: position.iteration,
    HARNESS_GLOBAL_ITERATION: position.next,
    HARNESS_PROMPT_FILE: paths.promptFile
  };
  ctx.log("info", { status: "starting" });
  const preHooks = {
    state: "pre_hooks",
    iteration: position.iteration,
    global_iteration: position.global
  };
  if (config.hooks.pre_session.length > 0) await status.set(preHooks);
  else status.note(preHooks);
  const preFailure = await runHooks(config.hooks.pre_session, ctx.shellOptions(ctx.env(vars)));
  if (ctx.stop.reason !== null) return { kind: "again" };
  if (preFailure) {
    tally.preFailures++;
    ctx.log("error", {
      hook: "pre_session",
      failed: preFailure.command,
      exit_code: preFailure.exitCode,
      timed_out: preFailure.timedOut,
      consecutive: tally.preFailures,
      stderr: preFailure.stderrTail.slice(-300) || null
    });
    await ctx.emit({
      event: "hook_failed",
      phase: "pre_session",
      iteration: position.iteration,
      ...preFailure,
      consecutive: tally.preFailures
    });
    if (tally.preFailures >= config.hooks.max_consecutive_pre_failures) {
      ctx.log("error", { stop: "pre_hook_failures", limit: config.hooks.max_consecutive_pre_failures });
      return { kind: "stop", reason: "pre_hook_failures", exitCode: EXIT.preHooks };
    }
    await status.set({ state: "idle" });
    await ctx.pause(config.backoff.initial_delay_secs * 1e3);
    return { kind: "again" };
  }
  tally.preFailures = 0;
  for (let retries = 0; ; retries++) {
    const record = await dispatchSession(ctx, vars);
    ctx.spend = addSpend(ctx.spend, spendOf(record.verdict.metrics));
    const event = (extra) => sessionEvent({
      iteration: position.iteration,
      record,
      retries,
      fields: ctx.work?.eventFields ?? {},
      extra
    });
    if (record.outcome === "empty") await completeMetrics(ctx, record);
    if (record.outcome === "cancelled") {
      ctx.log("warn", { status: "cancelled", output_bytes: record.result.outputBytes });
      await ctx.emit(event({ committed: false }));
      const reason = ctx.stop.forcedBy ?? "forced";
      return { kind: "stop", reason, exitCode: reason === "time_budget" ? EXIT.ok : EXIT.forced };
    }
    if (record.outcome === "empty") {
      await ctx.emit(event({ committed: false }));
      endFailureStreak(ctx, tally);
      if (retries >= config.retry.max_empty_retries) {
        ctx.log("error", { status: "skipped", reason: "empty", retries });
        await ctx.emit({
          event: "iteration_skipped",
          iteration: position.iteration,
          global: position.global,
          reason: "empty",
          retries
        });
        return { kind: "done", productive: false };
      }
      ctx.log("warn", {
        retry: `${retries + 1}/${config.retry.max_empty_retries}`,
        output_bytes: record.result.outputBytes
      });
      await ctx.emit({
        event: "empty_retry",
        iteration: position.iteration,
        global: position.global,
        retry: retries + 1,
        output_bytes: record.result.outputBytes
      });
      await status.set({ state: "retrying" });
      await ctx.pause(config.retry.retry_delay_secs * 1e3);
      if (await checkStop(ctx)) return { kind: "again" };
      continue;
    }
    const commit = await findCommit(ctx, record);
    const changed = await changedFiles(ctx, record, commit.committed);
    await runPostHooks(ctx, record, commit, vars);
    await ctx.emit(
      event({
        committed: commit.committed,
        commit_evidence: commit.evidence,
        commit_pattern: commit.pattern,
        commit_text: commit.patternText,
        commit_branches: commit.branchesMoved,
        head_before: record.gitBefore?.head ?? null,
        head_after: commit.headAfter,
        changed
      })
    );
    status.note({
      last_completed_iteration: record.global,
      last_committed: commit.committed,
      last_commit_evidence: describeCommitEvidence({
        evidence: commit.evidence,
        committed: commit.committed,
        pattern: commit.pattern,
        branches: commit.branchesMoved
      }),
      last_outcome: record.outcome
    });
    if (record.outcome === "failed") return onFailure(ctx, record, tally);
    endFailureStreak(ctx, tally);
    if (record.outcome === "rate_limited") return onRateLimit(ctx, record, tally);
    ctx.log("info", {
      status: "completed",
      output_bytes: record.result.outputBytes,
      exit_code: record.result.reportedExitCode,
      committed: commit.committed
    });
    tally.rateLimits = 0;
    status.note({ consecutive_rate_limits: 0 });
    return { kind: "done", productive: true, changed };
  }
}
async function runPostHooks(ctx, record, commit, vars) {
  const { config, status, position } = ctx;
  if (config.hooks.post_session.length > 0) await status.set({ state: "post_hooks" });
  else status.note({ state: "post_hooks" });
  const { result } = record;
  const failure = await runHooks(
    config.hooks.post_session,
    ctx.shellOptions(
      ctx.env({
        ...vars,
        HARNESS_GLOBAL_ITERATION: record.global,
        HARNESS_OUTPUT_FILE: record.transcript,
        HARNESS_EXIT_CODE: result.reportedExitCode,
        HARNESS_OUTPUT_BYTES: result.outputBytes,
        HARNESS_SESSION_DURATION: Math.round(result.durationMs / 1e3),
        HARNESS_COMMITTED: commit.committed,
        HARNESS_OUTCOME: record.outcome,
        HARNESS_COMMIT_EVIDENCE: commit.evidence ?? "none"
      })
    )
  );
  if (failure && !failure.interrupted) {
    ctx.log("error", {
      hook: "post_session",
      failed: failure.command,
      exit_code: failure.exitCode,
      timed_out: failure.timedOut
    });
    await ctx.emit({
      event: "hook_failed",
      phase: "post_session",
      iteration: position.iteration,
      global: record.global,
      ...failure
    });
  }
}
async function changedFiles(ctx, record, committed) {
  if (record.gitBefore === null || record.treeBefore === null) return null;
  if (committed) return true;
  const after = await userTree(ctx);
  return after === null ? null : after !== record.treeBefore;
}

function nextIdle(idle, session) {
  if (!session.completed) return idle;
  if (session.changed !== false || session.workDone) return 0;
  return idle + 1;
}
const idleStop = (idle, max) => max > 0 && idle >= max;
const IDLE_CHECKED = "no new commit on any branch, no change to the work tree outside the harness's files, no task done";

function countIdle(ctx, tally, slot, workDone) {
  tally.idle = nextIdle(tally.idle, { completed: slot.productive, changed: slot.changed ?? null, workDone });
  ctx.status.note({ idle_sessions: tally.idle });
  const limit = ctx.config.progress.max_idle_sessions;
  if (!idleStop(tally.idle, limit)) return false;
  ctx.log("error", { stop: "no_progress", idle_sessions: tally.idle, limit, checked: IDLE_CHECKED });
  return true;
}

function recordStops(ctx, stop) {
  const { position } = ctx;
  const onStop = () => {
    if (stop.reason === "sigint" || stop.reason === "sigterm" || stop.reason === "sighup") {
      ctx.post({
        event: "stop_requested",
        reason: stop.reason,
        iteration: position.iteration,
        global: position.global
      });
    }
  };
  if (stop.signal.aborted) onStop();
  else stop.signal.addEventListener("abort", onStop, { once: true });
  const offForce = stop.onForce(() => {
    ctx.post({ event: "stop_forced", iteration: position.iteration, global: position.global });
  });
  return { offForce, offStop: () => stop.signal.removeEventListener("abort", onStop) };
}

function summaryLine(summary) {
  return `Loop completed: ${summary.productive} productive iterations, ${summary.trailingRateLimits} trailing rate limits (global counter: ${summary.global})`;
}
function failedEnd(ctx, error) {
  const end = error instanceof HarnessFileError ? { reason: "write_failed", exitCode: EXIT.writeFailed, error: error.message } : error instanceof LoopError ? { reason: error.reason, exitCode: error.exitCode, error: error.message } : error instanceof InputFileError ? { reason: "input_refused", exitCode: error.exitCode, error: error.message } : null;
  if (end === null) throw error;
  ctx.log("error", { stop: end.reason, error: end.error });
  return end;
}

async function runLoop(options) {
  const { config, platform, stop } = options;
  const paths = resolvePaths(config, options.cwd);
  const { recorded, next } = await resumeNumbering(paths, config.session.output_prefix);
  const position = { iteration: 0, next, global: next };
  const cookie = options.cookie ?? newCookie();
  const faults = new FaultLatch();
  const status = new StatusTracker(
    paths.status,
    platform.clock,
    {
      max_iterations: config.session.max_iterations,
      global_iteration: position.global,
      cookie,
      containment: options.containment?.containment.kind ?? "none",
      cgroup: options.containment?.path ?? null
    },
    faults
  );
  const ctx = createContext({ ...options, status, position, faults, cookie });
  ctx.userFiles = await userPathspecs(paths);
  const killGraceMs = config.watchdog.kill_grace_secs * 1e3;
  if (!options.previousRunRecovered)
    await recoverPreviousRun(paths.status, {
      clock: platform.clock,
      logger: platform.logger,
      emit: ctx.emit,
      killGraceMs
    });
  for (const dir of /* @__PURE__ */ new Set([dirname(paths.status), dirname(paths.counter), paths.outputDir]))
    await sweepStaleTemps(dir);
  if (position.next !== recorded) await writeCounter(paths.counter, position.next);
  const { offForce, offStop } = recordStops(ctx, stop);
  const tally = { productive: 0, rateLimits: 0, preFailures: 0, failures: 0, failedTotal: 0, idle: 0 };
  const budgetTimer = new AbortController();
  let end = { reason: "completed", exitCode: EXIT.ok };
  const resumeAt = await previousResumeAt(paths.status);
  try {
    await status.set({ state: "starting" });
    ctx.isolation = await prepareIsolation({
      config,
      paths,
      cookie,
      logger: platform.logger,
      clock: platform.clock,
      emit: ctx.emit
    });
    await ctx.emit({
      event: "loop_start",
      max_iterations: config.session.max_iterations,
      global: position.next,
      pid: process.pid,
      containment: options.containment?.containment.kind ?? "none",
      isolation: ctx.isolation.mode,
      ...ctx.isolation.fallback !== null ? { isolation_fallback: ctx.isolation.fallback } : {}
    });
    let longestSessionMs = 0;
    if (options.budget) {
      const { deadlineMs, graceMs } = options.budget;
      platform.clock.sleep(deadlineMs - platform.clock.monotonic(), budgetTimer.signal).then(
        (elapsed) => {
          if (elapsed) stop.force({ reason: "time_budget", graceMs });
        },
        (error) => platform.logger.log("error", { event: "time budget timer failed", error: String(error) })
      );
    }
    ctx.onSession = (durationMs) => {
      longestSessionMs = Math.max(longestSessionMs, durationMs);
    };
    const held = await heldByReset(ctx, resumeAt);
    if (held) end = held;
    else
      while (true) {
        if (await checkStop(ctx)) {
          const reason = stop.forcedBy ?? stop.reason ?? "stopped";
          end = { reason, exitCode: stop.forced && reason !== "time_budget" ? EXIT.forced : EXIT.ok };
          break;
        }
        if (position.iteration >= config.session.max_iterations) break;
        if (options.driver && ctx.work === null) {
          const work = await options.driver.begin();
          if (isStop(work)) {
            end = driverEnd(work);
            break;
          }
          ctx.work = work;
        }
        if (options.budget && !canStartSession(options.budget, platform.clock.monotonic(), longestSessionMs)) {
          ctx.log("info", { stop: "time_budget", longest_session_secs: Math.round(longestSessionMs / 1e3) });
          end = { reason: "time_budget", exitCode: EXIT.ok };
          break;
        }
        if (budgetSpent(ctx)) {
          end = { reason: "budget", exitCode: EXIT.budget };
          break;
        }
        const slot = await runSlot(ctx, tally);
        if (slot.kind === "stop") {
          end = {
            reason: slot.reason,
            exitCode: slot.exitCode,
            ...slot.error !== void 0 ? { error: slot.error } : {}
          };
          break;
        }
        if (slot.kind === "done") {
          position.iteration++;
          if (slot.productive) tally.productive++;
          if (options.driver) {
            const after = await options.driver.finish();
            ctx.work = null;
            if (after) {
              end = driverEnd(after);
              break;
            }
          }
          if (countIdle(ctx, tally, slot, options.driver?.workDone?.() ?? false)) {
            end = { reason: "no_progress", exitCode: EXIT.noProgress };
            break;
          }
          if (stop.reason === null && position.iteration < config.session.max_iterations) {
            const idle = {
              state: "idle",
              iteration: position.iteration,
              productive: tally.productive
            };
            if (config.backoff.initial_delay_secs > 0) await status.set(idle);
            else status.note(idle);
            await ctx.pause(config.backoff.initial_delay_secs * 1e3);
          }
        }
      }
  } catch (error) {
    end = failedEnd(ctx, error);
  }
  offForce();
  budgetTimer.abort();
  await options.driver?.close(end.reason);
  await ctx.isolation.close().catch((error) => {
    ctx.log("error", { isolation: "cleanup_failed", error: String(error) });
  });
  const leftovers = await endCarriers(cookie, stop.forced ? 0 : killGraceMs, platform.clock);
  if (leftovers > 0) ctx.log("warn", { loop: "leftover_processes", count: leftovers });
  offStop();
  const record = async (write) => {
    try {
      await write();
    } catch (error) {
      if (!(error instanceof HarnessFileError)) throw error;
      if (end.error === void 0) end = failedEnd(ctx, error);
    }
  };
  await record(
    () => status.set({ state: "shutting_down", iteration: position.iteration, productive: tally.productive })
  );
  await record(() => writeCounter(paths.counter, position.next));
  const summary = () => ({
    exitCode: end.exitCode,
    stopReason: end.reason,
    productive: tally.productive,
    iterations: position.iteration,
    trailingRateLimits: tally.rateLimits,
    failures: tally.failedTotal,
    idleSessions: tally.idle,
    resumeAfter: status.document.resume_after ?? null,
    global: position.next,
    ...end.error !== void 0 ? { error: end.error } : {}
  });
  await record(
    () => ctx.emit({
      event: "loop_end",
      reason: end.reason,
      exit_code: end.exitCode,
      productive: tally.productive,
      iterations: position.iteration,
      global: position.next,
      trailing_rate_limits: tally.rateLimits,
      failures: tally.failedTotal,
      idle_sessions: tally.idle,
      ...end.error !== void 0 ? { error: end.error } : {}
    })
  );
  await record(
    () => status.set({ state: "stopped", stop_reason: end.reason, agent_pgid: null }, { lastWord: true })
  );
  const result = summary();
  if (tally.failedTotal > 0)
    ctx.log(end.reason === "agent_fatal" || end.reason === "failures_exhausted" ? "error" : "warn", {
      failed_sessions: tally.failedTotal,
      stop: end.reason
    });
  if (options.driver?.ownEndLine !== true) platform.logger.summary(summaryLine(result));
  return result;
}
function budgetSpent(ctx) {
  const spent = spentBudget(ctx.config.session, ctx.spend);
  if (spent === null) return false;
  ctx.log("warn", {
    stop: "budget",
    budget: spent.key,
    limit: spent.limit,
    spent: spent.spent,
    sessions: ctx.spend.sessions,
    ...ctx.spend.unpriced_sessions > 0 ? { unpriced_sessions: ctx.spend.unpriced_sessions } : {}
  });
  return true;
}

const run = promisify(execFile);
async function systemctl(...args) {
  try {
    return (await run("systemctl", ["--user", ...args], { timeout: 1e4 })).stdout;
  } catch {
    return "";
  }
}
async function harnessScopes() {
  const out = await systemctl(
    "list-units",
    "--all",
    "--plain",
    "--no-legend",
    "--full",
    `agent-harness-run-*`
  );
  return out.split("\n").map((line) => line.trim().split(/\s+/)[0] ?? "").filter((unit) => parseScopeUnit(unit) !== null);
}
async function endScope(unit, mount, graceMs, clock) {
  const path = (await systemctl("show", "--property=ControlGroup", "--value", unit)).trim();
  const dir = mount !== null && path !== "" ? cgroupDir(mount, path) : null;
  let result = { count: 0, how: "gone" };
  if (dir !== null) result = await endCgroup(dir, graceMs, clock);
  else if (path !== "") {
    await systemctl("kill", "--signal=SIGKILL", unit);
    result = { count: 0, how: "kill" };
  }
  await systemctl("stop", unit);
  return result;
}
async function openScopes(owner, mount, options) {
  const swept = [];
  const units = await harnessScopes();
  const byRun = /* @__PURE__ */ new Map();
  for (const unit of units) {
    const of = runName(parseScopeUnit(unit));
    byRun.set(of, [...byRun.get(of) ?? [], unit]);
  }
  const stillRunning = (pid, start) => processStart(pid) === start;
  for (const orphan of orphanRuns([...byRun.keys()], owner.pidns, stillRunning)) {
    for (const unit of byRun.get(orphan.name) ?? []) {
      const { count } = await endScope(unit, mount, options.graceMs, options.clock);
      swept.push({ where: unit, previousPid: orphan.owner.pid, count });
    }
  }
  const made = /* @__PURE__ */ new Set();
  const containment = { kind: "systemd-scope" };
  return {
    swept,
    run: {
      containment,
      path: null,
      session(global) {
        const unit = scopeUnit(owner, global);
        made.add(unit);
        return scopeSession(unit, mount, () => made.delete(unit));
      },
      async close(clock) {
        let count = 0;
        for (const unit of made) count += (await endScope(unit, mount, 0, clock)).count;
        return count;
      },
      prime: () => void 0
    }
  };
}
function scopeSession(unit, mount, removed) {
  return {
    where: unit,
    placementError: null,
    holdsAll: false,
    emptied: () => false,
    wrap: (command, args) => inScope(unit, command, args),
    spawnInside: (spawn) => spawn(),
    spawnInsideWhenReady: (spawn) => new Promise((resolve) => resolve(spawn())),
    prime: () => void 0,
    end: (graceMs, clock) => endScope(unit, mount, graceMs, clock),
    remove: async () => {
      await systemctl("stop", unit);
      removed();
      return true;
    }
  };
}

const WARM_EVERY_MS = 8;
const WARM_FOR_MS = 100;
const WARM_LATE_MS = 12;
async function keepMovesWarm(prime, clock, signal) {
  const start = clock.monotonic();
  let last = start;
  while (clock.monotonic() - start + WARM_EVERY_MS <= WARM_FOR_MS) {
    if (!await clock.sleep(WARM_EVERY_MS, signal)) return;
    const now = clock.monotonic();
    if (now - last > WARM_LATE_MS) return;
    prime();
    last = now;
  }
}

function runOwner(cookie) {
  return { pidns: pidNamespace(), pid: process.pid, start: processStart(process.pid) ?? "0", cookie };
}
const stillRunning = (pid, start) => processStart(pid) === start;
async function openContainment(options) {
  const facts = readFacts(options.env);
  const containment = chooseContainment(facts);
  const owner = runOwner(options.cookie);
  if (containment.kind === "systemd-scope") return openScopes(owner, facts.mount, options);
  if (containment.kind === "none") return { run: uncontained(containment), swept: [] };
  const base = join(containment.parent, BASE_NAME);
  const swept = [];
  for (const orphan of orphanRuns(subdirectories(base), owner.pidns, stillRunning)) {
    const dir2 = join(base, orphan.name);
    const { count } = await endCgroup(dir2, options.graceMs, options.clock);
    removeCgroup(dir2);
    swept.push({ where: dir2, previousPid: orphan.owner.pid, count });
  }
  const home = facts.own.dir;
  const dir = join(base, runName(owner));
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    const reason = `cannot make the cgroup ${dir}: ${error.message}`;
    return { run: uncontained({ kind: "none", reason }), swept };
  }
  return { run: new CgroupRun(containment, dir, home, options.cookie, options.clock), swept };
}
function uncontained(containment) {
  return {
    containment,
    path: null,
    session: () => null,
    close: () => Promise.resolve(0),
    prime: () => void 0
  };
}
class CgroupRun {
  constructor(containment, path, home, cookie, clock) {
    this.containment = containment;
    this.path = path;
    this.home = home;
    this.cookie = cookie;
    this.clock = clock;
  }
  containment;
  path;
  home;
  cookie;
  clock;
  session(global) {
    const dir = join(this.path, sessionName(this.cookie, global));
    mkdirSync(dir, { recursive: true });
    return new CgroupSession(dir, this.home, this.clock);
  }
  prime() {
    primeMoves(this.home);
  }
  async close(clock) {
    returnHome(this.home);
    const { count } = await endCgroup(this.path, 0, clock);
    removeCgroup(this.path);
    return count;
  }
}
let away = null;
let priming = null;
function primeMoves(home) {
  if (priming !== null || away !== null) return;
  priming = writeFile(join(home, "cgroup.procs"), `${process.pid}
`).then(
    () => {
      priming = null;
    },
    () => {
      priming = null;
    }
  );
}
function returnHome(home) {
  if (away === null) return true;
  try {
    moveInto(home, process.pid);
    away = null;
    return true;
  } catch {
    return false;
  }
}
class CgroupSession {
  constructor(where, home, clock) {
    this.where = where;
    this.home = home;
    this.clock = clock;
  }
  where;
  home;
  clock;
  placementError = null;
  /** Ends the primes made since the spawn (cgroup-warm.ts). */
  warm = new AbortController();
  wrap(command, args) {
    return { command, args: [...args] };
  }
  async spawnInsideWhenReady(spawn) {
    while (priming !== null) await priming;
    return this.spawnInside(spawn);
  }
  prime() {
    this.warm.abort();
    primeMoves(this.home);
  }
  spawnInside(spawn) {
    if (priming !== null) {
      this.placementError = `a move of the harness into ${this.home} was still in flight`;
      return spawn();
    }
    try {
      moveInto(this.where, process.pid);
      away = this.where;
    } catch (error) {
      this.placementError = `cannot move into ${this.where}: ${error.message}`;
      return spawn();
    }
    try {
      return spawn();
    } finally {
      if (!returnHome(this.home))
        this.placementError = `cannot move the harness back into ${this.home} after the spawn`;
      else keepMovesWarm(() => primeMoves(this.home), this.clock, this.warm.signal).catch(() => void 0);
    }
  }
  get holdsAll() {
    return this.placementError === null;
  }
  emptied() {
    return this.holdsAll && !isPopulated(this.where);
  }
  async end(graceMs, clock) {
    this.warm.abort();
    returnHome(this.home);
    return endCgroup(this.where, graceMs, clock);
  }
  remove() {
    this.warm.abort();
    return Promise.resolve(!isPopulated(this.where) && removeCgroup(this.where));
  }
}

function checkRevision$1(rev) {
  if (rev === "" || rev.startsWith("-")) throw new Error(`not a valid revision: ${JSON.stringify(rev)}`);
}
async function headCommit(cwd) {
  const args = ["rev-parse", "--verify", "-q", "HEAD"];
  const result = await runGit(cwd, args);
  if (result.code === 0) return result.stdout.trim() || null;
  if (result.code === 1 && result.stderr.trim() === "") return null;
  throw gitFailure(cwd, args, result);
}
async function commitExists(cwd, hash) {
  if (hash.trim() === "" || hash.startsWith("-")) return false;
  const args = ["cat-file", "-t", hash];
  const result = await runGit(cwd, args);
  if (result.code === 0) return result.stdout.trim() === "commit";
  if (/not a git repository/i.test(result.stderr)) throw gitFailure(cwd, args, result);
  return false;
}
const NO_HARNESS_FILES = { pathspecs: [], excludes: [], ignorePatterns: [] };
const userFiles = (harness) => [":/", ...harness.excludes];
async function hasUncommittedChanges(cwd, harness = NO_HARNESS_FILES) {
  const out = await git(cwd, ["status", "--porcelain", "--untracked-files=all", "--", ...userFiles(harness)]);
  return out.trim() !== "";
}
const FIELD = "";
const RECORD = "";
async function logSince(cwd, base) {
  checkRevision$1(base);
  const out = await git(cwd, ["log", `--format=%H${FIELD}%s${FIELD}%B${RECORD}`, `${base}..HEAD`, "--"]);
  return out.split(RECORD).map((record) => record.replace(/^\n+/, "")).filter((record) => record !== "").map((record) => {
    const [hash = "", subject = "", message = ""] = record.split(FIELD);
    return { hash, subject, message };
  });
}
function mentionsTask(message, taskId) {
  const escaped = taskId.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`).test(message);
}
async function taskCommitsSince(cwd, base, taskId) {
  return (await logSince(cwd, base)).filter((commit) => mentionsTask(commit.message, taskId)).map(({ hash, subject }) => ({ hash, subject }));
}
async function changedFilesSince(cwd, base, harness = NO_HARNESS_FILES) {
  checkRevision$1(base);
  const out = await git(cwd, ["diff", "--name-only", base, "--", ...userFiles(harness)]);
  return out.split("\n").filter((line) => line !== "");
}
async function unstage(cwd, pathspecs) {
  const from = pathspecs[0]?.startsWith("--pathspec-from-file=") ? [...pathspecs] : ["--", ...pathspecs];
  if (await headCommit(cwd) !== null) await git(cwd, ["reset", "-q", "HEAD", ...from]);
  else await git(cwd, ["rm", "-r", "-q", "--cached", "--ignore-unmatch", ...from]);
}
async function gitDirPath(cwd, name) {
  const where = (await git(cwd, ["rev-parse", "--git-path", name])).trim();
  return isAbsolute(where) ? where : join(realpathSync(cwd), where);
}
let pathspecFiles = 0;
async function withPathspecFile(cwd, pathspecs, use) {
  const file = await gitDirPath(cwd, `agent-harness/pathspecs-${process.pid}-${pathspecFiles++}.tmp`);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, pathspecs.map((p) => `${p}\0`).join(""));
  try {
    return await use([`--pathspec-from-file=${file}`, "--pathspec-file-nul"]);
  } finally {
    await unlink(file).catch(() => void 0);
  }
}
async function configValue(cwd, key) {
  const result = await runGit(cwd, ["config", "--get", key]);
  return result.code === 0 ? result.stdout.trim() : "";
}
async function commitAll(cwd, message, harness = NO_HARNESS_FILES, leaveOut = []) {
  await git(cwd, ["add", "-A", "--", ":/"]);
  if (harness.pathspecs.length > 0) await unstage(cwd, harness.pathspecs);
  if (leaveOut.length > 0) await withPathspecFile(cwd, leaveOut, (file) => unstage(cwd, file));
  const staged = await runGit(cwd, ["diff", "--cached", "--quiet"]);
  if (staged.code === 0) return null;
  if (staged.code !== 1) throw gitFailure(cwd, ["diff", "--cached", "--quiet"], staged);
  const identity = [];
  if (await configValue(cwd, "user.email") === "") {
    identity.push("-c", `user.name=${HARNESS_IDENTITY.name}`, "-c", `user.email=${HARNESS_IDENTITY.email}`);
  } else if (await configValue(cwd, "user.name") === "") {
    identity.push("-c", `user.name=${HARNESS_IDENTITY.name}`);
  }
  await git(cwd, [...identity, "commit", "-q", "-m", message]);
  return headCommit(cwd);
}
async function stashList(cwd) {
  const out = await git(cwd, ["stash", "list"]);
  return out.split("\n").filter((line) => line !== "");
}
async function currentBranch(cwd) {
  const result = await runGit(cwd, ["symbolic-ref", "-q", "--short", "HEAD"]);
  if (result.code === 0) return result.stdout.trim() || null;
  if (result.code === 1) return null;
  throw gitFailure(cwd, ["symbolic-ref", "-q", "--short", "HEAD"], result);
}
async function returnToBranch(cwd, branch, base) {
  const now = await currentBranch(cwd);
  if (now === branch) return null;
  const ref = `refs/heads/${branch}`;
  if (branch.startsWith("-") || (await runGit(cwd, ["check-ref-format", ref])).code !== 0) {
    throw new Error(`not a valid branch name: ${JSON.stringify(branch)}`);
  }
  const where = now === null ? `detached at ${(await headCommit(cwd) ?? "nothing").slice(0, 7)}` : `on ${now}`;
  let recreated = "";
  if ((await runGit(cwd, ["rev-parse", "--verify", "-q", ref])).code !== 0) {
    if (base === null) throw new Error(`branch ${branch} no longer exists and no base commit is recorded`);
    checkRevision$1(base);
    await git(cwd, ["update-ref", ref, base]);
    recreated = ` (it had been deleted; made again at ${base.slice(0, 7)})`;
  }
  await git(cwd, ["symbolic-ref", "HEAD", ref]);
  await git(cwd, ["reset", "-q"]);
  return `agent left branch ${branch} (HEAD was ${where}); back on ${branch}${recreated}, working tree kept`;
}

const split$1 = (out) => out.split("\0").filter((line) => line !== "");
async function listUntracked(cwd, harness, flags = []) {
  const args = ["ls-files", "-z", "--others", "--exclude-standard", "--full-name", ...flags];
  return split$1(await git(cwd, [...args, "--", ":/", ...harness.excludes]));
}
async function snapshotTree(cwd, harness) {
  return {
    untracked: await listUntracked(cwd, harness),
    untrackedDirs: await listUntracked(cwd, harness, ["--directory"]),
    ignored: await listUntracked(cwd, harness, ["--ignored", "--directory"])
  };
}
const covers = (entry, path) => entry === path || entry.endsWith("/") && (path.startsWith(entry) || `${path}/` === entry);
function existedBefore(snapshot) {
  const exact = /* @__PURE__ */ new Set([...snapshot.untracked, ...snapshot.ignored]);
  const dirs = [...snapshot.untracked, ...snapshot.ignored].filter((e) => e.endsWith("/"));
  return (path) => exact.has(path) || dirs.some((d) => covers(d, path));
}
function dirsBefore(snapshot) {
  const dirs = /* @__PURE__ */ new Set();
  for (const entry of [...snapshot.untracked, ...snapshot.untrackedDirs, ...snapshot.ignored]) {
    const parts = entry.split("/");
    for (let i = 1; i < parts.length; i++) dirs.add(`${parts.slice(0, i).join("/")}/`);
  }
  return dirs;
}
function placeOf(cwd, prefix) {
  const depth = prefix.split("/").filter(Boolean).length;
  return { cwd, prefix, top: depth === 0 ? cwd : resolve(cwd, ...Array(depth).fill("..")) };
}
function inRepo(place, path) {
  const rel = relative(place.cwd, resolve(place.cwd, path));
  if (isAbsolute(rel)) return null;
  const joined = join(place.prefix, rel).split(sep).join("/");
  return joined === "" || joined === "." || joined.startsWith("../") || joined === ".." ? null : joined;
}
function protectedPaths(place, files) {
  const paths = [
    files.configFile ?? null,
    files.promptFile ?? null,
    ...(files.configNames ?? []).map((name) => join(place.cwd, name)),
    join(place.cwd, "harness-init.sh")
  ].filter((p) => p !== null).map((p) => inRepo(place, p)).filter((p) => p !== null);
  const dirs = [join(place.cwd, ".harness"), join(place.top, ".harness")].map((p) => inRepo(place, p)).filter((p) => p !== null).map((p) => `${p}/`);
  return [.../* @__PURE__ */ new Set([...paths, ...dirs])];
}
const literalSpecs = (paths, magic = "top,literal") => paths.map((p) => `:(${magic})${p.replace(/\/$/, "")}`);
const claimFile = (cwd, task) => gitDirPath(cwd, `agent-harness/claims/${task}.json`);
async function writeClaim(cwd, record) {
  const path = await claimFile(cwd, record.task);
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, `${JSON.stringify(record)}
`, { durable: true });
}
const isStrings = (v) => Array.isArray(v) && v.every((s) => typeof s === "string");
async function readClaim(cwd, task) {
  try {
    const text = await readInputText(await claimFile(cwd, task), {
      what: "claim record",
      maxBytes: 64 << 20
    });
    const record = JSON.parse(text);
    const { tree } = record;
    if (record.version !== 1 || record.task !== task || !tree) return null;
    if (!isStrings(tree.untracked) || !isStrings(tree.untrackedDirs) || !isStrings(tree.ignored)) return null;
    return record;
  } catch {
    return null;
  }
}
async function removeClaim(cwd, task) {
  await unlink(await claimFile(cwd, task)).catch((error) => {
    if (error.code !== "ENOENT") throw error;
  });
}
async function claimedTasks(cwd) {
  try {
    const dir = dirname(await claimFile(cwd, "x"));
    return (await readdir(dir)).filter((n) => /^task-\d+\.json$/.test(n)).map((n) => n.slice(0, -5));
  } catch {
    return [];
  }
}
function someNames(paths, max = 5) {
  const shown = paths.slice(0, max).join(", ");
  return paths.length > max ? `${shown} (+${paths.length - max} more)` : shown;
}

function taskWipRef(attempt) {
  const id = attempt.task.replace(/[^A-Za-z0-9_-]+/g, "_").replace(/^[-_]+/, "") || "task";
  return `${WIP_REF_PREFIX}task-${id}-${attempt.number}`;
}
async function notTheAttempt(tree, record) {
  if (!record) return listUntracked(tree.place.cwd, tree.harness);
  const stash = record.stash;
  const stayed = stash ? stash.paths.filter((p) => !stash.cleared.includes(p)) : [];
  return [...record.tree.untracked, ...stayed];
}
async function keepAttempt(tree, record, attempt) {
  try {
    const kept = await keepWork({
      cwd: tree.place.cwd,
      pathspecs: userFiles(tree.harness),
      headBefore: null,
      treeBefore: null,
      leaveOut: await notTheAttempt(tree, record),
      ref: taskWipRef(attempt),
      message: `agent-harness: work of task ${attempt.task}, attempt ${attempt.number}, before its rollback

What the failed attempt changed and did not commit, on top of HEAD; nothing of the user's branch, HEAD or index was moved.
`
    });
    return kept?.ref ?? null;
  } catch (error) {
    return { error: error.message };
  }
}

function checkRevision(rev) {
  if (rev === "" || rev.startsWith("-")) throw new Error(`not a valid revision: ${JSON.stringify(rev)}`);
}
async function rollback(cwd, base, harness = NO_HARNESS_FILES, options = {}) {
  checkRevision(base);
  const protect = options.protect ?? [];
  const restore = [
    "restore",
    "-q",
    `--source=${base}`,
    "--staged",
    "--worktree",
    "--",
    ...userFiles(harness),
    ...literalSpecs(protect, "top,exclude,literal")
  ];
  const restored = await runGit(cwd, restore);
  if (restored.code !== 0 && !/did not match any file/.test(restored.stderr)) {
    throw gitFailure(cwd, restore, restored);
  }
  if (protect.length > 0) {
    const stripped = protect.map((p) => p.replace(/\/$/, ""));
    const inBase = (await git(cwd, ["ls-tree", "-r", "-z", "--name-only", "--full-tree", base, "--", ...stripped])).split("\0").filter((p) => p !== "");
    if (inBase.length > 0) {
      await withPathspecFile(
        cwd,
        literalSpecs(inBase),
        (file) => git(cwd, ["restore", "-q", `--source=${base}`, "--staged", "--worktree", ...file])
      );
    }
  }
  await git(cwd, ["reset", "-q", "--soft", base]);
  const indexToBase = [...harness.pathspecs, ...literalSpecs(protect)];
  if (indexToBase.length > 0) await git(cwd, ["reset", "-q", base, "--", ...indexToBase]);
  if (options.clean !== false) {
    await git(cwd, ["clean", "-fdq", ...harness.ignorePatterns.flatMap((p) => ["-e", p])]);
  }
}

const split = (out) => out.split("\0").filter((line) => line !== "");
const identity = ["-c", `user.name=${HARNESS_IDENTITY.name}`, "-c", `user.email=${HARNESS_IDENTITY.email}`];
async function firstFreeRef(cwd, task) {
  for (let n = 1; ; n++) {
    const ref = `refs/agent-harness/stash/${task}${n === 1 ? "" : `-${n}`}`;
    if ((await runGit(cwd, ["rev-parse", "--verify", "-q", ref])).code !== 0) return ref;
  }
}
async function keepAside(cwd, task, harness, protect) {
  const base = await headCommit(cwd);
  if (base === null) return null;
  const tmp = await gitDirPath(cwd, `agent-harness/index-${task}.tmp`);
  await mkdir(dirname(tmp), { recursive: true });
  try {
    const real = await gitDirPath(cwd, "index");
    await copyFile(real, tmp);
    const { atime, mtime } = await stat(real);
    await utimes(tmp, atime, mtime);
  } catch (error) {
    if (error.code === "ENOENT") return null;
    throw error;
  }
  const env = { ...process.env, GIT_INDEX_FILE: tmp };
  const run = async (args) => {
    const result = await runGit(cwd, args, void 0, env);
    if (result.code !== 0) throw gitFailure(cwd, args, result);
    return result.stdout.trim();
  };
  let index;
  let tree;
  try {
    if (harness.pathspecs.length > 0) await run(["reset", "-q", base, "--", ...harness.pathspecs]);
    index = await run(["write-tree"]);
    await run(["add", "-u", "--", ":/"]);
    if (harness.pathspecs.length > 0) await run(["reset", "-q", base, "--", ...harness.pathspecs]);
    tree = await run(["write-tree"]);
  } finally {
    await unlink(tmp).catch(() => void 0);
  }
  const names = async (t) => split(await git(cwd, ["diff-tree", "-r", "-z", "--name-only", base, t]));
  const paths = [.../* @__PURE__ */ new Set([...await names(index), ...await names(tree)])].sort();
  if (paths.length === 0) return null;
  const commitTree = async (t, parents, message) => (await git(cwd, [
    ...identity,
    "commit-tree",
    "--no-gpg-sign",
    ...parents.flatMap((p) => ["-p", p]),
    "-m",
    message,
    t
  ])).trim();
  const indexCommit = await commitTree(index, [base], `index on ${task}: kept aside by agent-harness`);
  const commit = await commitTree(
    tree,
    [base, indexCommit],
    `WIP before ${task}: tracked changes kept aside by agent-harness`
  );
  const ref = await firstFreeRef(cwd, task);
  await git(cwd, ["update-ref", "-m", `agent-harness: tracked changes before ${task}`, ref, commit]);
  const cleared = paths.filter((p) => !protect.some((entry) => covers(entry, p)));
  return { ref, commit, index: indexCommit, base, paths, cleared };
}
async function clearKeptAside(cwd, stash) {
  if (stash.cleared.length === 0) return;
  await withPathspecFile(
    cwd,
    literalSpecs(stash.cleared),
    (file) => git(cwd, ["restore", `--source=${stash.base}`, "--staged", "--worktree", ...file])
  );
}
async function giveBack(cwd, stash, options) {
  const specs = literalSpecs(stash.paths);
  const differs = async (rev) => new Set(split(await git(cwd, ["diff", "-z", "--name-only", rev, "--", ...specs])));
  const notBack = await differs(stash.commit);
  const changedSinceBase = options.force ? /* @__PURE__ */ new Set() : await differs(stash.base);
  const conflicts = stash.paths.filter((p) => notBack.has(p) && changedSinceBase.has(p));
  const todo = stash.paths.filter((p) => notBack.has(p) && !changedSinceBase.has(p));
  const restore = options.force ? stash.paths : todo;
  if (restore.length > 0) {
    const inIndex = new Set(
      split(await git(cwd, ["diff-tree", "-r", "-z", "--name-only", stash.base, stash.index]))
    );
    const staged = restore.filter((p) => inIndex.has(p));
    if (staged.length > 0) {
      await withPathspecFile(
        cwd,
        literalSpecs(staged),
        (file) => git(cwd, ["restore", `--source=${stash.index}`, "--staged", ...file])
      );
    }
    const inTree = new Set(
      split(
        await git(cwd, ["ls-tree", "-r", "-z", "--name-only", "--full-tree", stash.commit, "--", ...restore])
      )
    );
    const present = restore.filter((p) => inTree.has(p));
    if (present.length > 0) {
      await withPathspecFile(
        cwd,
        literalSpecs(present),
        (file) => git(cwd, ["restore", `--source=${stash.commit}`, "--worktree", ...file])
      );
    }
    const place = (await git(cwd, ["rev-parse", "--show-cdup"])).trim();
    for (const gone of restore.filter((p) => !inTree.has(p))) {
      await unlink(join(cwd, place, gone)).catch(() => void 0);
    }
  }
  if (conflicts.length === 0) await git(cwd, ["update-ref", "-d", stash.ref]);
  return { restored: options.force ? stash.paths : todo, conflicts };
}

const parentsOf = (path) => {
  const parts = path.replace(/\/$/, "").split("/");
  return parts.slice(1).map((_, i) => `${parts.slice(0, parts.length - 1 - i).join("/")}/`);
};
async function removeEmpty(abs) {
  let entries;
  try {
    entries = await readdir(abs, { withFileTypes: true });
  } catch {
    return false;
  }
  let empty = true;
  for (const entry of entries) {
    if (!entry.isDirectory() || !await removeEmpty(join(abs, entry.name))) empty = false;
  }
  if (!empty) return false;
  try {
    await rmdir(abs);
    return true;
  } catch {
    return false;
  }
}
async function removeNewUntracked(place, harness, before, protect) {
  const existed = existedBefore(before);
  const hadDirs = dirsBefore(before);
  const kept = [];
  const spared = [];
  const removed = [];
  const isProtected = (path) => protect.some((p) => covers(p, path));
  const inCwd = (path) => path.startsWith(place.prefix);
  const abs = (path) => join(place.top, path);
  const candidates = /* @__PURE__ */ new Set();
  for (const path of await listUntracked(place.cwd, harness)) {
    if (path.endsWith("/") || existed(path) || !inCwd(path)) {
      kept.push(path);
      continue;
    }
    if (isProtected(path)) {
      spared.push(path);
      continue;
    }
    await unlink(abs(path)).catch((error) => {
      if (error.code !== "ENOENT") throw error;
    });
    removed.push(path);
    for (const dir of parentsOf(path)) candidates.add(dir);
  }
  for (const entry of await listUntracked(place.cwd, harness, ["--directory"])) {
    if (entry.endsWith("/")) candidates.add(entry);
  }
  const deepestFirst = [...candidates].sort((a, b) => b.split("/").length - a.split("/").length);
  for (const dir of deepestFirst) {
    if (hadDirs.has(dir) || before.untrackedDirs.includes(dir) || existed(dir) || isProtected(dir)) continue;
    if (!inCwd(dir) || dir === place.prefix) continue;
    if (await removeEmpty(abs(dir))) removed.push(dir);
  }
  const dirs = removed.filter((p) => p.endsWith("/"));
  const folded = removed.filter((p) => !dirs.some((d) => d !== p && p.startsWith(d)));
  return { removed: folded.sort(), kept, spared };
}

async function claimTree(tree, task, now) {
  const { cwd } = tree.place;
  const snapshot = await snapshotTree(cwd, tree.harness);
  const stash = await keepAside(cwd, task, tree.harness, tree.protect);
  const record = { version: 1, task, claimed_at: now, tree: snapshot, stash };
  await writeClaim(cwd, record);
  if (stash) await clearKeptAside(cwd, stash);
  return record;
}
function claimNote(record) {
  const stash = record.stash;
  if (!stash) return null;
  const stayed = stash.paths.filter((p) => !stash.cleared.includes(p));
  return `tracked changes present at claim (${stash.paths.length} path(s): ${someNames(stash.paths)}) kept aside in ${stash.ref}; given back after the task` + (stayed.length > 0 ? `; ${someNames(stayed)} stay in the tree, left out of the task's commit` : "");
}
function notTheTask(record) {
  const stash = record.stash;
  const stayed = stash ? stash.paths.filter((p) => !stash.cleared.includes(p)) : [];
  return literalSpecs([...record.tree.untracked, ...record.tree.ignored, ...stayed]);
}
async function taskHasChanges(tree, record) {
  const { cwd } = tree.place;
  if (!record) return hasUncommittedChanges(cwd, tree.harness);
  const stash = record.stash;
  const stayed = stash ? stash.paths.filter((p) => !stash.cleared.includes(p)) : [];
  const status = await git(cwd, [
    "status",
    "--porcelain",
    "--untracked-files=no",
    "--",
    ...userFiles(tree.harness),
    ...literalSpecs(stayed, "top,exclude,literal")
  ]);
  if (status.trim() !== "") return true;
  const existed = existedBefore(record.tree);
  return (await listUntracked(cwd, tree.harness)).some((p) => !existed(p));
}
function commitTask(tree, message, record) {
  return commitAll(tree.place.cwd, message, tree.harness, record ? notTheTask(record) : []);
}
async function rollbackTask(tree, base, record, attempt) {
  const wip = attempt ? { wip: await keepAttempt(tree, record, attempt) } : {};
  await rollback(tree.place.cwd, base, tree.harness, { protect: tree.protect, clean: false });
  if (!record) {
    return {
      removed: [],
      kept: await listUntracked(tree.place.cwd, tree.harness),
      spared: [],
      unknown: true,
      ...wip
    };
  }
  const outcome = await removeNewUntracked(tree.place, tree.harness, record.tree, tree.protect);
  return { ...outcome, unknown: false, ...wip };
}
function rollbackLine(base, report) {
  const parts = [`git reset --hard ${shortHash(base)}`];
  const wip = report.wip;
  const kept = typeof wip === "string" ? `work kept in ${wip} (git checkout ${wip} -- .)` : wip ? `work not kept: ${wip.error}` : null;
  if (report.unknown) {
    parts.push(
      `no untracked path removed: no record of what existed at the claim` + (report.kept.length > 0 ? ` (kept ${report.kept.length}: ${someNames(report.kept)})` : "")
    );
    return [...parts, ...kept ? [kept] : []].join("; ");
  }
  parts.push(
    report.removed.length > 0 ? `removed ${report.removed.length} untracked path(s) the task made: ${someNames(report.removed)}` : "removed no untracked path"
  );
  if (report.kept.length > 0) {
    parts.push(
      `kept ${report.kept.length} untracked path(s) from before the task: ${someNames(report.kept)}`
    );
  }
  if (report.spared.length > 0) {
    parts.push(`kept ${report.spared.length} the harness never removes: ${someNames(report.spared)}`);
  }
  if (kept) parts.push(kept);
  return parts.join("; ");
}
async function settleClaim(tree, record, options) {
  const lines = [];
  const stash = record.stash;
  if (stash) {
    const back = await giveBack(tree.place.cwd, stash, options);
    const given = back.restored.filter((p) => !back.conflicts.includes(p));
    if (given.length > 0 || back.conflicts.length === 0) {
      lines.push(`tracked changes from before the task given back (${someNames(stash.paths)})`);
    }
    if (back.conflicts.length > 0) {
      lines.push(
        `tracked changes from before the task to ${someNames(back.conflicts)} not given back: the task changed them too; they are as the task left them, yours are in ${stash.ref} (git stash apply --index ${stash.ref})`
      );
    }
  }
  await removeClaim(tree.place.cwd, record.task);
  return lines;
}

const VARIABLE = /\{\{\s*(task_id|task_title|task_validation|task_errors|task_checkpoints|task_attempt|task_max_attempts|checkpoint_command)\s*\}\}/g;
function taskVariables(task, checkpointCommand) {
  const errors = task.error_log.slice(-3);
  return {
    task_id: task.id,
    task_title: task.title,
    task_validation: task.validation.command ?? "(none: the task completes when the session ends)",
    task_errors: errors.length > 0 ? errors.map((e) => `- ${e}`).join("\n") : "(none)",
    task_checkpoints: task.checkpoints.length > 0 ? task.checkpoints.map((c) => `- step ${c.step}/${c.total}: ${c.description}`).join("\n") : "(none)",
    task_attempt: String(task.attempts + 1),
    task_max_attempts: String(task.max_attempts),
    checkpoint_command: `${checkpointCommand} ${task.id} --step M/N "what was done"`
  };
}
function renderTaskPrompt(assembled, task, checkpointCommand) {
  const vars = taskVariables(task, checkpointCommand);
  if (VARIABLE.test(assembled)) {
    VARIABLE.lastIndex = 0;
    return assembled.replace(VARIABLE, (_, name) => vars[name] ?? "");
  }
  const block = [
    `## Current task: ${vars.task_id} \u2014 ${vars.task_title}`,
    "",
    `Attempt ${vars.task_attempt} of ${vars.task_max_attempts}. Work only on this task and commit your work with the`,
    `task id (${vars.task_id}) in the commit message. The harness runs the validation command after this session;`,
    "the task is complete only if it passes. If it fails, your changes are rolled back and the task is retried.",
    "",
    `Validation: ${vars.task_validation}`,
    "",
    "Errors from earlier attempts:",
    vars.task_errors,
    "",
    "Checkpoints recorded so far:",
    vars.task_checkpoints,
    "",
    `Record a checkpoint after each significant step: ${vars.checkpoint_command}`
  ].join("\n");
  return `${assembled.trimEnd()}

---
${block}
`;
}

class DriverState {
  constructor(file, session, lock, progress, options, tree) {
    this.file = file;
    this.session = session;
    this.lock = lock;
    this.progress = progress;
    this.options = options;
    this.tree = tree;
  }
  file;
  session;
  lock;
  progress;
  options;
  tree;
  current = null;
  tasksThisSession = 0;
  /** The last iteration's task was completed (the loop's no-progress check reads it). */
  lastCompleted = false;
  /** Whether this session has been counted in session_count (on its first claim). */
  counted = false;
  get path() {
    return join(this.options.cwd, TASK_FILE);
  }
  now() {
    return new Date(this.options.clock.now()).toISOString().replace(/\.\d{3}Z$/, "Z");
  }
  async note(entry) {
    await this.progress.append({ ...entry, session: this.session });
  }
  /** The kept-aside changes given back and the claim record removed; the lines it says go to the progress log. */
  async settle(taskId, claim, force) {
    for (const message of await settleClaim(this.tree, claim, { force })) {
      await this.note({ type: "WARN", taskId, message });
    }
  }
  /** HEAD back on the branch the task started on, if the agent left it; noted in the progress log. */
  async backOnBranch(task) {
    if (!task.started_on_branch) return;
    const moved = await returnToBranch(
      this.options.cwd,
      task.started_on_branch,
      task.started_at_commit
    ).catch((error) => `could not return to branch ${task.started_on_branch}: ${error.message}`);
    if (moved !== null) await this.note({ type: "WARN", taskId: task.id, message: moved });
  }
  async writeStats(reason) {
    const stats = taskStats(this.file.tasks);
    await this.note({ type: "STATS", message: formatStats(stats) });
    await this.note({ type: "LOCK", message: lockReleased() });
    await this.options.emit({ event: "task_stats", reason, ...stats });
  }
  /**
   * The agent records checkpoints in the task file while the session runs (`tasks checkpoint`). Only those are
   * taken from disk: statuses, attempts and everything else stay as the harness holds them, so an agent that
   * edits the file cannot complete its own task.
   */
  async takeCheckpoints(id) {
    const onDisk = await readTaskFile(this.path).catch(() => null);
    const theirs = onDisk?.file.tasks.find((t) => t.id === id)?.checkpoints ?? [];
    const ours = this.fresh(id);
    if (ours && theirs.length > ours.checkpoints.length) {
      this.file = this.withTask({ ...ours, checkpoints: theirs });
    }
  }
  containment() {
    const { cookie, signal } = this.options;
    return { ...cookie !== void 0 ? { cookie } : {}, ...signal !== void 0 ? { signal } : {} };
  }
  fresh(id) {
    return this.file.tasks.find((t) => t.id === id);
  }
  withTask(task) {
    return { ...this.file, tasks: this.file.tasks.map((t) => t.id === task.id ? task : t) };
  }
  async save(file) {
    this.file = file;
    await writeTaskFile(this.path, file);
  }
}

const SHELL_BUILTINS = /* @__PURE__ */ new Set([
  ":",
  ".",
  "[",
  "!",
  "{",
  "(",
  "alias",
  "bg",
  "break",
  "case",
  "cd",
  "command",
  "continue",
  "echo",
  "eval",
  "exec",
  "exit",
  "export",
  "false",
  "fg",
  "for",
  "getopts",
  "hash",
  "if",
  "jobs",
  "kill",
  "printf",
  "pwd",
  "read",
  "readonly",
  "return",
  "set",
  "shift",
  "test",
  "times",
  "trap",
  "true",
  "type",
  "ulimit",
  "umask",
  "unalias",
  "unset",
  "until",
  "wait",
  "while"
]);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
function commandBinary(command) {
  const words = command.trim().split(/\s+/);
  for (const word of words) {
    if (word === "") return null;
    if (ASSIGNMENT.test(word)) continue;
    let binary = word;
    const quoted = /^(['"])(.*)\1$/.exec(binary);
    if (quoted) binary = quoted[2] ?? "";
    binary = binary.replace(/[;&|<>].*$/, "");
    if (binary === "") return null;
    if (/[$`*?~]/.test(binary) || binary.startsWith("(") || binary.startsWith("{")) return null;
    return binary;
  }
  return null;
}
function lastLine(text) {
  const lines = text.split("\n").map((line) => line.trim());
  for (let i = lines.length - 1; i >= 0; i--) if (lines[i] !== "") return lines[i];
  return "";
}
async function runValidation(task, options) {
  const command = task.validation.command;
  if (command === null || command.trim() === "") {
    return {
      result: "skipped",
      category: null,
      message: "no validation command",
      exitCode: null,
      output: ""
    };
  }
  const binary = commandBinary(command);
  if (binary !== null && !SHELL_BUILTINS.has(binary) && !findExecutable(binary, options.cwd, options.env)) {
    return {
      result: "missing",
      category: "ENV_SETUP",
      message: `command not found: ${binary}`,
      exitCode: null,
      output: ""
    };
  }
  const timeoutSeconds = task.validation.timeout_seconds;
  const result = await runShell(`exec 1>&2
${command}`, {
    cwd: options.cwd,
    env: options.env,
    timeoutMs: timeoutSeconds * 1e3,
    clock: options.clock ?? systemClock,
    spawn: options.spawn ?? spawn,
    ...options.cookie !== void 0 ? { cookie: options.cookie } : {},
    ...options.signal !== void 0 ? { signal: options.signal } : {}
  });
  const output = result.stderrTail.slice(-2048);
  if (result.interrupted) {
    return {
      result: "interrupted",
      category: null,
      message: `validation interrupted by a stop request: ${command}`,
      exitCode: null,
      output
    };
  }
  if (result.timedOut) {
    return {
      result: "timeout",
      category: "TIMEOUT",
      message: `validation timed out after ${timeoutSeconds}s: ${command}`,
      exitCode: null,
      output
    };
  }
  if (result.exitCode === 0) {
    return { result: "pass", category: null, message: "validation passed", exitCode: 0, output };
  }
  const last = lastLine(output);
  return {
    result: "fail",
    category: "TEST_FAIL",
    message: `validation failed (exit ${result.exitCode})${last === "" ? "" : `: ${last}`}`,
    exitCode: result.exitCode,
    output
  };
}

function decideRecovery(facts) {
  if (facts.uncommitted && facts.taskCommits > 0) return { kind: "commit_then_validate" };
  if (facts.uncommitted) return { kind: "validate_with_uncommitted" };
  if (facts.taskCommits > 0) return { kind: "validate" };
  if (facts.checkpoints === 0) return { kind: "fail_no_progress" };
  return facts.checkpointFilesPresent === true ? { kind: "resume_from_checkpoint" } : { kind: "fail_work_lost" };
}
const PATH_EXTENSION = /^[\w.-]*[\w-]\.[A-Za-z][A-Za-z0-9]{0,9}$/;
function namedPaths(descriptions) {
  const names = /* @__PURE__ */ new Set();
  for (const description of descriptions) {
    for (const raw of description.split(/\s+/)) {
      const word = raw.replace(/^[`'"([{<]+/, "").replace(/[`'")\]}>,;:!?.]+$/, "");
      if (word === "" || /^[a-z]+:\/\//i.test(word)) continue;
      if (/^[\w.-]+(\/[\w.-]+)+\/?$/.test(word) || PATH_EXTENSION.test(word)) {
        names.add(word.replace(/^\.\//, "").replace(/\/$/, ""));
      }
    }
  }
  return [...names];
}
function matchesPath(name, path) {
  return path === name || path.endsWith(`/${name}`) || path.startsWith(`${name}/`);
}
async function checkpointProgressPresent(cwd, base, checkpoints, harness = NO_HARNESS_FILES) {
  const changed = await changedFilesSince(cwd, base, harness);
  if (changed.length === 0) return false;
  const relevant = namedPaths(checkpoints.map((c) => c.description)).filter(
    (name) => existsSync(join(cwd, name)) || changed.some((path) => matchesPath(name, path))
  );
  if (relevant.length === 0) return true;
  return relevant.some((name) => changed.some((path) => matchesPath(name, path)));
}
function quote(text) {
  return text.replace(/"/g, "'").replace(/\s+/g, " ").trim();
}
function describeFacts(facts) {
  const parts = [
    facts.uncommitted ? "uncommitted changes" : "no uncommitted changes",
    facts.taskCommits > 0 ? `${facts.taskCommits} task commit(s)` : "no task commits",
    facts.checkpoints > 0 ? `${facts.checkpoints} checkpoint(s)` : "no checkpoints"
  ];
  if (facts.checkpointFilesPresent !== null) {
    parts.push(
      facts.checkpointFilesPresent ? "files reflect checkpoints" : "files do not reflect checkpoints"
    );
  }
  return parts.join(", ");
}
async function recoverInterruptedTask(task, options) {
  const { cwd, log, now } = options;
  const harness = options.harness ?? NO_HARNESS_FILES;
  const id = task.id;
  const recovery = (action2, reason2) => log({ type: "RECOVERY", message: `[${id}] action="${quote(action2)}" reason="${quote(reason2)}"` });
  const error = (category, message) => log({ type: "ERROR", message: `[${id}] [${category}] ${message}`, category });
  const failed = (category, message, attempts2) => ({
    task: {
      ...structuredClone(task),
      status: "failed",
      attempts: attempts2,
      error_log: [...task.error_log, `[${category}] ${message}`],
      failed_at: now()
    },
    outcome: "failed"
  });
  const base = task.started_at_commit;
  if (base === null || !await commitExists(cwd, base)) {
    const message = base === null ? "started_at_commit is not recorded; cannot roll back" : `started_at_commit ${base} does not exist; cannot roll back`;
    recovery("mark_failed_at_max_attempts", message);
    error("TASK_EXEC", message);
    return failed("TASK_EXEC", message, Math.max(task.attempts, task.max_attempts));
  }
  if (task.started_on_branch) {
    const moved = await returnToBranch(cwd, task.started_on_branch, base).catch(
      (e) => `could not return to branch ${task.started_on_branch}: ${e.message}`
    );
    if (moved !== null) log({ type: "WARN", message: `[${id}] ${moved}` });
  }
  const touch = options.touch;
  const uncommitted = touch ? await taskHasChanges(touch.tree, touch.claim) : await hasUncommittedChanges(cwd, harness);
  const commitWork = (message) => touch ? commitTask(touch.tree, message, touch.claim) : commitAll(cwd, message, harness);
  const taskCommits = (await taskCommitsSince(cwd, base, id)).length;
  const checkpoints = task.checkpoints.length;
  const checkpointFilesPresent = !uncommitted && taskCommits === 0 && checkpoints > 0 ? await checkpointProgressPresent(cwd, base, task.checkpoints, harness) : null;
  const facts = { uncommitted, taskCommits, checkpoints, checkpointFilesPresent };
  const stashes = await stashList(cwd);
  const reason = describeFacts(facts) + (stashes.length > 0 ? `; ${stashes.length} stash entr(ies) left untouched` : "");
  const action = decideRecovery(facts);
  const attempts = task.attempts + 1;
  switch (action.kind) {
    case "fail_no_progress": {
      recovery("mark_failed", reason);
      error("SESSION_TIMEOUT", "No progress detected");
      return failed("SESSION_TIMEOUT", "No progress detected", attempts);
    }
    case "fail_work_lost": {
      const last = task.checkpoints[task.checkpoints.length - 1];
      const message = `Work lost: checkpoint step=${last?.step ?? "?"}/${last?.total ?? "?"} not reflected in the files`;
      recovery("mark_failed", reason);
      error("SESSION_TIMEOUT", message);
      return failed("SESSION_TIMEOUT", message, attempts);
    }
    case "resume_from_checkpoint": {
      const last = task.checkpoints[task.checkpoints.length - 1];
      recovery("resume_from_checkpoint", `${reason}; last step=${last?.step ?? "?"}/${last?.total ?? "?"}`);
      return { task: structuredClone(task), outcome: "resume" };
    }
    case "validate":
    case "validate_with_uncommitted":
    case "commit_then_validate": {
      recovery(action.kind, reason);
      const commitMessage = `[${id}] ${task.title} (recovered after an interrupted session)`;
      if (action.kind === "commit_then_validate") await commitWork(commitMessage);
      const outcome = await runValidation(task, {
        cwd,
        env: options.env,
        ...options.cookie !== void 0 ? { cookie: options.cookie } : {},
        ...options.signal !== void 0 ? { signal: options.signal } : {}
      });
      if (outcome.result === "interrupted") {
        recovery("none", "validation interrupted by a stop request; the next start recovers the task");
        return { task: structuredClone(task), outcome: "interrupted" };
      }
      const lastValidation = recordValidation(outcome, now);
      if (outcome.result === "pass" || outcome.result === "skipped") {
        const commit = action.kind === "validate_with_uncommitted" ? await commitWork(commitMessage) : null;
        const at = now();
        recovery(
          "mark_completed",
          `validation ${outcome.result}${commit === null ? "" : `; commit ${commit}`}`
        );
        return {
          task: {
            ...structuredClone(task),
            status: "completed",
            completed_at: at,
            ...lastValidation === void 0 ? {} : { last_validation: lastValidation }
          },
          outcome: "completed"
        };
      }
      const category = outcome.category ?? "TEST_FAIL";
      error(category, outcome.message);
      if (touch) {
        const report = await rollbackTask(touch.tree, base, touch.claim, { task: id, number: attempts });
        log({ type: "ROLLBACK", message: `[${id}] ${rollbackLine(base, report)}` });
      } else {
        await rollback(cwd, base, harness);
        log({ type: "ROLLBACK", message: `[${id}] git reset --hard ${base} && git clean -fd` });
      }
      recovery("mark_failed", `validation ${outcome.result}; rolled back to ${base}`);
      const result = { ...failed(category, outcome.message, attempts), rolledBack: true };
      if (lastValidation !== void 0) result.task.last_validation = lastValidation;
      return result;
    }
  }
}
function recordValidation(outcome, now) {
  if (outcome.result === "skipped" || outcome.result === "interrupted") return void 0;
  return { result: outcome.result, at: now(), exit_code: outcome.exitCode };
}

async function openDriverState(options) {
  const path = join(options.cwd, TASK_FILE);
  await sweepStaleTemps(options.cwd);
  const progress = new ProgressLog(join(options.cwd, PROGRESS_FILE), options.clock.now);
  let read;
  try {
    read = await readTaskFile(path, { now: options.clock.now });
  } catch (error) {
    if (error instanceof TaskFileError) {
      await progress.append({ session: 0, type: "ERROR", category: "ENV_SETUP", message: error.message });
    }
    throw error;
  }
  if (read === null) return null;
  const lock = await acquireLock(options.cwd, options.lockTmpDir ? { tmpDir: options.lockTmpDir } : {});
  let file = read.file;
  const session = file.session_count + 1;
  try {
    const tree = await taskTree(options, lock.dir);
    const self = new DriverState(file, session, lock, progress, options, tree);
    if (read.restoredFromBackup) {
      await self.note({
        type: "WARN",
        message: `harness-tasks.json unparseable (${read.problem}); restored from backup`
      });
    }
    if (lock.reclaimed)
      await self.note({
        type: "WARN",
        message: `Removed stale lock from pid=${lock.reclaimedFrom ?? "?"}: ${lock.reclaimedWhy ?? "stale"}`
      });
    await self.note({ type: "LOCK", message: lockAcquired(lock.pid) });
    for (const task of file.tasks.filter((t) => t.status === "in_progress")) {
      const claim = await readClaim(options.cwd, task.id);
      const recovered = await recoverInterruptedTask(task, {
        cwd: options.cwd,
        env: options.env,
        ...self.containment(),
        now: () => self.now(),
        harness: tree.harness,
        touch: { tree, claim },
        // The line's message already carries the task id and the category.
        log: (line) => {
          self.progress.append({ session, type: line.type, message: line.message }).catch(
            (error) => options.log("warn", {
              event: "progress log not written",
              path: self.progress.path,
              error: String(error)
            })
          );
        }
      });
      file = { ...file, tasks: file.tasks.map((t) => t.id === task.id ? recovered.task : t) };
      if (claim && (recovered.outcome === "completed" || recovered.outcome === "failed")) {
        await self.settle(task.id, claim, recovered.rolledBack === true);
      }
      await options.emit({ event: "task_recovered", task_id: task.id, outcome: recovered.outcome });
    }
    for (const id of await claimedTasks(options.cwd)) {
      if (file.tasks.some((t) => t.id === id && t.status === "in_progress")) continue;
      const claim = await readClaim(options.cwd, id);
      if (claim) await self.settle(id, claim, false);
    }
    if (file !== read.file) await self.save(file);
    self.file = file;
    const init = await runInitScript(self);
    if (init) {
      await closeUnstarted(self, init.stop);
      return init;
    }
    if (session > file.session_config.max_sessions) {
      await closeUnstarted(self, "max_sessions");
      return { stop: "max_sessions" };
    }
    return self;
  } catch (error) {
    await lock.release();
    throw error;
  }
}
async function closeUnstarted(state, reason) {
  try {
    await state.writeStats(reason);
  } finally {
    await state.lock.release();
  }
}
async function taskTree(options, lockDir) {
  let prefix;
  try {
    prefix = await repoPrefix(options.cwd);
  } catch {
    return { place: placeOf(options.cwd, ""), harness: NO_HARNESS_FILES, protect: [] };
  }
  const place = placeOf(options.cwd, prefix);
  const view = harnessGitView(harnessFiles(options.paths, { lockDir }), options.cwd, prefix);
  await excludeLocally(options.cwd, view.ignorePatterns).catch(
    (error) => options.log("warn", { git_exclude: `could not update the local exclude file: ${error.message}` })
  );
  const protect = protectedPaths(place, {
    configFile: options.configFile ?? null,
    promptFile: options.paths.promptFile,
    configNames: CONFIG_FILE_NAMES
  });
  return { place, harness: view, protect };
}

async function finishTask(state) {
  state.lastCompleted = false;
  if (!state.current) return null;
  await state.takeCheckpoints(state.current.task.id);
  const task = state.fresh(state.current.task.id) ?? state.current.task;
  const claim = state.current.claim;
  state.current = null;
  const { cwd, env } = state.options;
  await state.backOnBranch(task);
  const outcome = await runValidation(task, {
    cwd,
    env,
    clock: state.options.clock,
    spawn: state.options.spawn,
    ...state.containment()
  });
  if (outcome.result === "interrupted") {
    state.options.log("warn", { task: task.id, validation: "interrupted" });
    return null;
  }
  const at = state.now();
  const lastValidation = {
    result: outcome.result === "skipped" ? "pass" : outcome.result,
    at,
    exit_code: outcome.exitCode
  };
  if (outcome.result === "pass" || outcome.result === "skipped") {
    const message = `${task.id}: ${task.title} (work left uncommitted by the agent)`;
    const commit = await commitTask(state.tree, message, claim) ?? await headCommit(cwd);
    if (claim) await state.settle(task.id, claim, false);
    await state.save(
      state.withTask({ ...task, status: "completed", completed_at: at, last_validation: lastValidation })
    );
    await state.note({ type: "Completed", taskId: task.id, message: completedMessage(commit ?? "none") });
    await state.options.emit({
      event: "task_completed",
      task_id: task.id,
      commit,
      validation: outcome.result
    });
    state.options.log("info", { task: task.id, task_status: "completed", validation: outcome.result });
    state.lastCompleted = true;
  } else {
    await failTask(state, task, claim, outcome.category ?? "TEST_FAIL", outcome.message, lastValidation);
    if (outcome.category === "ENV_SETUP") return { stop: "env_setup", exitCode: EXIT.taskEnvironment };
  }
  state.tasksThisSession++;
  if (state.tasksThisSession >= state.file.session_config.max_tasks_per_session) {
    return { stop: "max_tasks_per_session" };
  }
  return null;
}
async function failTask(state, task, claim, category, message, lastValidation) {
  const { cwd } = state.options;
  const entry = `[${category}] ${message}`;
  let failed = {
    ...task,
    status: "failed",
    attempts: task.attempts + 1,
    error_log: [...task.error_log, entry],
    failed_at: state.now(),
    last_validation: lastValidation ?? null
  };
  await state.note({ type: "ERROR", taskId: task.id, category, message });
  const base = task.started_at_commit;
  if (!base || !await commitExists(cwd, base)) {
    failed = { ...failed, attempts: Math.max(failed.attempts, failed.max_attempts) };
    await state.note({
      type: "WARN",
      taskId: task.id,
      message: `started_at_commit ${base ?? "null"} not found; no rollback, no retry`
    });
    if (claim) await state.settle(task.id, claim, false);
  } else {
    const report = await rollbackTask(state.tree, base, claim, { task: task.id, number: failed.attempts });
    await state.note({ type: "ROLLBACK", taskId: task.id, message: rollbackLine(base, report) });
    if (claim) await state.settle(task.id, claim, true);
    if (task.on_failure.cleanup) {
      const cleanup = await runShell(task.on_failure.cleanup, {
        cwd,
        env: state.options.env,
        timeoutMs: 6e5,
        clock: state.options.clock,
        spawn: state.options.spawn,
        ...state.containment()
      });
      if (cleanup.exitCode !== 0) {
        await state.note({
          type: "WARN",
          taskId: task.id,
          message: `cleanup failed (exit ${cleanup.exitCode})`
        });
      }
    }
  }
  await state.save(state.withTask(failed));
  await state.options.emit({
    event: "task_failed",
    task_id: task.id,
    category,
    message,
    attempts: failed.attempts
  });
  state.options.log("warn", {
    task: task.id,
    task_status: "failed",
    category,
    attempts: `${failed.attempts}/${failed.max_attempts}`
  });
}

function nothingLeftStop(tasks, onlyTask) {
  const doomed = failedForGood(tasks);
  const scope = onlyTask === void 0 ? tasks : tasks.filter((t) => t.id === onlyTask);
  const failed = scope.filter((t) => t.status !== "completed" && doomed.has(t.id));
  if (failed.length > 0) {
    const ids = failed.map((t) => t.id);
    const shown = ids.length > 5 ? `${ids.slice(0, 5).join(", ")}, \u2026` : ids.join(", ");
    const tasksWord = scope.length === 1 ? "task" : "tasks";
    return {
      stop: "no_eligible_tasks",
      exitCode: EXIT.tasksUnfinished,
      error: `${failed.length} of ${scope.length} ${tasksWord} failed for good (${shown}), so no task can run: see why with \`agent-harness tasks status\` (each failed task's last error) and in harness-progress.txt`
    };
  }
  return { stop: remainingWork(tasks, doomed) ? "no_eligible_tasks" : "tasks_done" };
}

class TaskDriver {
  constructor(state) {
    this.state = state;
  }
  state;
  /**
   * Session start: read the task file (restoring a corrupt one from its backup), take the lock, recover tasks
   * a dead session left in progress, run harness-init.sh, count the session. Null when there is no task file.
   */
  static async open(options) {
    const opened = await openDriverState(options);
    return opened instanceof DriverState ? new TaskDriver(opened) : opened;
  }
  async begin() {
    const state = this.state;
    if (!state.current) {
      const validated = validateDependencies(state.file.tasks, state.now());
      for (const change of validated.changes) {
        await state.note({
          type: "ERROR",
          taskId: change.id,
          category: "DEPENDENCY",
          message: change.message.replace(/^\[DEPENDENCY\]\s*/, "")
        });
      }
      if (validated.changes.length > 0) await state.save({ ...state.file, tasks: validated.tasks });
      const candidates = state.options.onlyTask ? state.file.tasks.filter((t) => t.id === state.options.onlyTask) : state.file.tasks;
      const next = selectNextTask(candidates);
      if (!next) return nothingLeftStop(state.file.tasks, state.options.onlyTask);
      const base = await headCommit(state.options.cwd);
      const branch = await currentBranch(state.options.cwd);
      const claim = state.tree.harness === NO_HARNESS_FILES ? null : await claimTree(state.tree, next.id, state.now());
      const claimed = {
        ...next,
        status: "in_progress",
        started_at_commit: base,
        started_on_branch: branch
      };
      let file = state.withTask(claimed);
      if (!state.counted) {
        file = { ...file, session_count: state.session, last_session: state.now() };
        state.counted = true;
      }
      await state.save(file);
      await state.note({ type: "Starting", taskId: next.id, message: startingMessage(next, base ?? "none") });
      const dirty = claim ? claimNote(claim) : null;
      if (dirty) await state.note({ type: "WARN", taskId: next.id, message: dirty });
      await state.options.emit({ event: "task_started", task_id: next.id, attempt: next.attempts + 1, base });
      state.current = { task: claimed, previous: next, claim };
    }
    const task = state.current.task;
    const command = state.options.checkpointCommand ?? "agent-harness tasks checkpoint";
    return {
      prompt: (assembled) => renderTaskPrompt(assembled, state.fresh(task.id) ?? task, command),
      eventFields: { task_id: task.id },
      logFields: { task: task.id },
      // Lets the agent's `tasks checkpoint` write while this driver holds the lock.
      env: { HARNESS_TASK_ID: task.id, HARNESS_TASK_LOCK_PID: String(state.lock.pid) }
    };
  }
  /** After the iteration: the validation command decides, never the agent. */
  async finish() {
    return finishTask(this.state);
  }
  workDone() {
    return this.state.lastCompleted;
  }
  /** Session end: a task claimed but never worked on goes back to what it was; STATS; the lock is released. */
  async close(reason) {
    const state = this.state;
    try {
      if (state.current) {
        const { task, previous, claim } = state.current;
        await state.backOnBranch(task);
        const untouched = await headCommit(state.options.cwd) === task.started_at_commit && !await taskHasChanges(state.tree, claim);
        if (untouched) {
          if (claim) await state.settle(task.id, claim, false);
          let file = state.withTask(previous);
          if (state.counted && state.tasksThisSession === 0) {
            file = { ...file, session_count: state.session - 1 };
            state.counted = false;
          }
          await state.save(file);
        }
        state.current = null;
      }
      await state.writeStats(reason);
    } finally {
      await state.lock.release();
    }
  }
}

async function announceContainment(opened, logger, emit) {
  for (const swept of opened.swept) {
    if (swept.count === 0) {
      logger.log("debug", {
        recovery: "orphan_cgroup",
        cgroup: swept.where,
        previous_pid: swept.previousPid
      });
      continue;
    }
    logger.log("warn", {
      recovery: "orphan_cgroup",
      cgroup: swept.where,
      count: swept.count,
      previous_pid: swept.previousPid
    });
    await emit({ event: "orphan_processes_killed", count: swept.count, previous_pid: swept.previousPid });
  }
  const { containment, path } = opened.run;
  if (containment.kind === "none")
    logger.log("warn", { containment: "none", reason: containment.reason, escapes: escapes(containment) });
  else logger.log("info", { containment: containment.kind, ...path !== null ? { cgroup: path } : {} });
}

async function protectLoopFiles(config, paths, logger) {
  let prefix;
  try {
    prefix = await repoPrefix(paths.cwd);
  } catch {
    return;
  }
  const patterns = config.output.git_exclude ? harnessGitView(harnessFiles(paths), paths.cwd, prefix).ignorePatterns : [];
  await excludeLocally(paths.cwd, patterns).catch(
    (error) => logger.log("warn", { git_exclude: `could not update the local exclude file: ${error.message}` })
  );
}

function earlyStopExit(stop, driverStop) {
  return stop.forced && stop.forcedBy !== "time_budget" ? EXIT.forced : driverStop.exitCode ?? EXIT.ok;
}

const DAY_MS = 24 * 60 * 60 * 1e3;
const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
function retentionPlan(input) {
  const { storage, nowMs } = input;
  const compressing = storage.keep_last > 0 || storage.keep_days > 0;
  const deleting = storage.delete_after_days > 0;
  const plan = { actions: [], unrecorded: [] };
  if (!compressing && !deleting) return plan;
  const newestFirst = [...input.files].sort((a, b) => b.global - a.global);
  newestFirst.forEach((file, index) => {
    if (input.running.has(file.path)) return;
    const ageMs = nowMs - file.mtimeMs;
    const kept = storage.keep_last > 0 && index < storage.keep_last || storage.keep_days > 0 && ageMs < storage.keep_days * DAY_MS;
    if (kept) return;
    const wantsDelete = deleting && ageMs >= storage.delete_after_days * DAY_MS;
    const wantsCompress = compressing && file.compression === null;
    if (!wantsDelete && !wantsCompress) return;
    if (file.bytes === 0 && file.compression === null) {
      if (wantsDelete) plan.actions.push({ kind: "delete", file, sha256: EMPTY_SHA256 });
      return;
    }
    const sha256 = input.recorded(file);
    if (sha256 === null) {
      plan.unrecorded.push(file);
      return;
    }
    if (wantsDelete) plan.actions.push({ kind: "delete", file, sha256 });
    else plan.actions.push({ kind: "compress", file, sha256, compression: input.compression });
  });
  return plan;
}

const retentionEnabled = (storage) => storage.keep_last > 0 || storage.keep_days > 0 || storage.delete_after_days > 0;
function recordedLookup(records) {
  const byPath = /* @__PURE__ */ new Map();
  const byName = /* @__PURE__ */ new Map();
  for (const record of records) {
    if (record.state === "deleted") continue;
    byPath.set(record.path, record);
    byName.set(record.name, [...byName.get(record.name) ?? [], record]);
  }
  return (file) => {
    const exact = byPath.get(file.path);
    if (exact) return exact.sha256;
    if (file.compression !== null) return null;
    const named = byName.get(file.name)?.find((r) => r.bytes === file.bytes && r.state === "plain");
    return named?.sha256 ?? null;
  };
}
async function applyRetention(input) {
  const report = { compressed: [], deleted: [], unrecorded: [], problems: [] };
  if (!retentionEnabled(input.storage)) return report;
  const files = await transcriptFiles(input.outputDir, input.prefix);
  const compression = input.storage.compression === "zstd" && !zstdAvailable() ? "gzip" : input.storage.compression;
  const plan = retentionPlan({
    files,
    storage: input.storage,
    nowMs: input.nowMs,
    recorded: recordedLookup(input.store.transcripts()),
    running: new Set(input.running ?? []),
    compression
  });
  report.unrecorded = plan.unrecorded.map((f) => f.path);
  for (const action of plan.actions) {
    const { file, sha256 } = action;
    try {
      if (action.kind === "delete") {
        await unlink(file.path);
        input.store.markTranscript(sha256, file.name, "deleted", file.path);
        report.deleted.push(file.path);
        continue;
      }
      const result = await compressFile(file.path, action.compression, sha256);
      if (result.kind === "changed") {
        report.problems.push({
          path: file.path,
          why: "its bytes changed since it was recorded: left as it is"
        });
        continue;
      }
      input.store.markTranscript(sha256, file.name, action.compression, result.path);
      report.compressed.push(result.path);
    } catch (error) {
      report.problems.push({ path: file.path, why: error instanceof Error ? error.message : String(error) });
    }
  }
  return report;
}

const CHECKPOINT_EVERY_MS = 6e4;
const CHECKPOINT_WAL_BYTES = 4 * 1024 * 1024;
const walBytes = (database) => {
  try {
    return statSync(`${database}-wal`).size;
  } catch {
    return 0;
  }
};
const LATER = "the event log keeps the session; the next start with room on the disk records it (or `agent-harness metrics ingest`)";
function openSessionRecorder(input) {
  const { config, paths, run, clock, logger } = input;
  const database = paths.metricsDb;
  if (database === null) return null;
  if (sqliteModule() === null) {
    logger.log("warn", {
      metrics: "off",
      why: `this Node (${process.version}) has no node:sqlite; sessions are not recorded (Node >= 22.13 has it)`
    });
    return null;
  }
  const others = [
    paths.outputDir,
    dirname(paths.status),
    dirname(paths.counter),
    ...paths.eventLog === null ? [] : [dirname(paths.eventLog)]
  ];
  const reconcile = {
    eventLog: paths.eventLog,
    outputDir: paths.outputDir,
    prefix: paths.outputPrefix,
    format: config.agent.format,
    extract: extractOptions(config, clock.now())
  };
  let store = null;
  let lastCheckpoint = -Infinity;
  let behind = false;
  const storeWithRoom = (global) => {
    const room = historyRoom(database, others);
    if (!room.ok) {
      logger.log("warn", {
        metrics: "deferred",
        ...global === null ? {} : { global },
        why: roomMessage(room),
        fix: LATER
      });
      return null;
    }
    if (store !== null) return store;
    try {
      store = MetricsStore.open(database);
    } catch (error) {
      if (!isSpaceError(error)) throw error;
      logger.log("warn", { metrics: "deferred", why: message(error), fix: LATER });
      return null;
    }
    for (const note of store.notes) logger.log("warn", { metrics: "migrated", note });
    return store;
  };
  if (storeWithRoom(null) === null) behind = true;
  const catchUp = async () => {
    const open = storeWithRoom(null);
    if (open === null) return;
    const report = await recordPending(open, { ...reconcile, hint: await runningHint(paths.status) });
    if (report.completed > 0 || report.cutShort > 0)
      logger.log("warn", {
        metrics: "recorded_later",
        from_event_log: report.completed,
        cut_short: report.cutShort
      });
    for (const problem of report.problems)
      logger.log("warn", { metrics: "not_recorded", file: problem.path, why: problem.why, fix: LATER });
    truncateWal(open);
    behind = false;
  };
  const record = async (event) => {
    const open = storeWithRoom(event.global);
    if (open === null) {
      behind = true;
      return;
    }
    const sha256 = event.output_bytes > 0 ? await sha256File(event.output_file).catch(() => null) : null;
    const facts = loopFacts(event, { sha256, run, format: config.agent.format, endedAtMs: clock.now() });
    try {
      open.record(facts, "loop", { path: event.output_file, bytes: event.output_bytes });
    } finally {
      if (clock.monotonic() - lastCheckpoint >= CHECKPOINT_EVERY_MS || walBytes(database) >= CHECKPOINT_WAL_BYTES) {
        truncateWal(open);
        lastCheckpoint = clock.monotonic();
      }
    }
    if (behind) await catchUp();
  };
  const retain = async () => {
    if (store === null || !retentionEnabled(config.storage)) return;
    const report = await applyRetention({
      store,
      storage: config.storage,
      outputDir: paths.outputDir,
      prefix: paths.outputPrefix,
      nowMs: clock.now()
    });
    if (report.compressed.length > 0 || report.deleted.length > 0)
      logger.log("info", {
        retention: "done",
        compressed: report.compressed.length,
        deleted: report.deleted.length
      });
    if (report.unrecorded.length > 0)
      logger.log("warn", {
        retention: "not_recorded",
        left: report.unrecorded.length,
        fix: "record them with `agent-harness metrics ingest FILE...`"
      });
    for (const problem of report.problems)
      logger.log("warn", { retention: "left", file: problem.path, why: problem.why });
  };
  return {
    wrap: (sink) => ({
      emit: async (event) => {
        if (event.event !== "session_complete") return sink.emit(event);
        await safely(event, "not_recorded", () => record(event));
        await sink.emit(event);
        await safely(event, "retention_failed", retain);
      }
    }),
    catchUp: async () => {
      try {
        await catchUp();
      } catch (error) {
        logger.log("warn", { metrics: "not_recorded", error: message(error), fix: LATER });
      }
    },
    close: () => store?.close()
  };
  async function safely(event, what, work) {
    try {
      await work();
    } catch (error) {
      if (what === "not_recorded") behind = true;
      logger.log("warn", {
        metrics: what,
        global: event.global,
        error: message(error),
        ...what === "not_recorded" ? { fix: LATER } : {}
      });
    }
  }
}
const message = (error) => error instanceof Error ? error.message : String(error);
function truncateWal(store) {
  try {
    store.checkpoint();
  } catch {
  }
}
async function runningHint(statusPath) {
  try {
    const status = await readStatus(statusPath);
    if (status === null || status.state === "stopped" || !status.output_file || !status.cookie) return null;
    return { run: status.cookie, global: status.global_iteration, output_file: status.output_file };
  } catch {
    return null;
  }
}

async function runHarness(options) {
  const { config, cwd, clock, spawn, stop } = options;
  preflight(config, cwd, { promptFile: options.driver === void 0, self: options.self !== void 0 });
  const paths = resolvePaths(config, cwd);
  const cookie = newCookie();
  const lock = await acquireInstanceLock(paths.lock, { cookie, workDir: cwd });
  const reaper = startReaper(cookie, config.watchdog.kill_grace_secs * 1e3, spawn);
  let ports = null;
  let recorder = null;
  let containment = null;
  try {
    ports = await options.start({ config, cwd, paths, cookie, lock });
    const { logger } = ports;
    if (lock.reclaimedWhy !== null) {
      const from = lock.reclaimedFrom;
      const previous = from === null || from === "unreadable" ? "unreadable" : from.pid;
      logger.log("warn", { recovery: "stale_lock", previous_pid: previous, reason: lock.reclaimedWhy });
    }
    recorder = openSessionRecorder({ config, paths, run: cookie, clock, logger });
    const events = recorder ? recorder.wrap(ports.events) : ports.events;
    await recoverPreviousRun(paths.status, {
      clock,
      logger,
      emit: (event) => events.emit(event),
      killGraceMs: config.watchdog.kill_grace_secs * 1e3,
      staleLock: lock.reclaimedFrom
    });
    await recorder?.catchUp();
    const opened = await openContainment({
      cookie,
      env: options.env,
      clock,
      graceMs: config.watchdog.kill_grace_secs * 1e3
    });
    containment = opened.run;
    reaper.watch({ cgroup: containment.path });
    await announceContainment(opened, logger, (event) => events.emit(event));
    const tasks = options.driver ?? await TaskDriver.open({
      cwd,
      paths,
      env: options.env,
      clock,
      spawn,
      emit: (event) => events.emit(event),
      log: (level, fields) => logger.log(level, fields),
      ...options.onlyTask !== void 0 ? { onlyTask: options.onlyTask } : {},
      cookie,
      signal: stop.interrupt,
      configFile: options.configFile ?? null
    });
    if (tasks !== null && "stop" in tasks) {
      logger.summary(`Task session not started: ${tasks.stop}`);
      const { next } = await resumeNumbering(paths, config.session.output_prefix);
      return {
        exitCode: earlyStopExit(stop, tasks),
        stopReason: tasks.stop,
        productive: 0,
        iterations: 0,
        trailingRateLimits: 0,
        global: next,
        started: false,
        ...tasks.error !== void 0 ? { error: tasks.error } : {}
      };
    }
    if (tasks === null) await protectLoopFiles(config, paths, logger);
    const budget = ports.budget?.();
    const summary = await runLoop({
      ...tasks ? { driver: tasks } : {},
      ...budget ? { budget } : {},
      config,
      cwd,
      stop,
      cookie,
      containment,
      reaper,
      previousRunRecovered: true,
      ...options.self ? { self: options.self } : {},
      ...options.configFile ? { configFile: options.configFile } : {},
      ...ports.stopSources ? { stopSources: ports.stopSources } : {},
      platform: { clock, logger, events, spawn }
    });
    return { ...summary, started: true };
  } finally {
    const inCgroups = await containment?.close(clock) ?? 0;
    if (inCgroups > 0) ports?.logger.log("warn", { run: "leftover_processes", by_cgroup: inCgroups });
    await endCarriers(cookie, 0, clock);
    recorder?.close();
    ports?.dispose?.();
    reaper.close();
    await lock.release();
  }
}

export { StopController as S, repoPrefix as a, excludeLocally as e, installSignalHandlers as i, preflightProblems as p, runHarness as r };
