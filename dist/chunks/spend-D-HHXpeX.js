import { statSync, accessSync, constants } from 'node:fs';
import { isAbsolute, resolve, delimiter, join } from 'node:path';
import { execFile, spawnSync } from 'node:child_process';

function unrunnable(path) {
  let info;
  try {
    info = statSync(path);
  } catch {
    return void 0;
  }
  if (info.isDirectory()) return { why: "it is a directory", permission: false };
  if (!info.isFile()) return { why: "it is not a regular file", permission: false };
  try {
    accessSync(path, constants.X_OK);
    return null;
  } catch {
    return { why: "it has no execute permission for this user", permission: true };
  }
}
function lookUpExecutable(command, cwd, env) {
  const candidates = command.includes("/") ? [isAbsolute(command) ? command : resolve(cwd, command)] : (env.PATH ?? "").split(delimiter).filter((dir) => dir !== "").map((dir) => join(isAbsolute(dir) ? dir : resolve(cwd, dir), command));
  let blocked = null;
  for (const path of candidates) {
    const problem = unrunnable(path);
    if (problem === null) return { kind: "found", path };
    if (problem !== void 0) blocked ??= { kind: "not_executable", path, ...problem };
  }
  return blocked ?? { kind: "not_found" };
}
function findExecutable(command, cwd, env) {
  const found = lookUpExecutable(command, cwd, env);
  return found.kind === "found" ? found.path : null;
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

const NO_SPEND = {
  sessions: 0,
  cost_usd: 0,
  input_tokens: 0,
  output_tokens: 0,
  unpriced_sessions: 0
};
function addSpend(a, b) {
  return {
    sessions: a.sessions + b.sessions,
    cost_usd: roundCents(a.cost_usd + b.cost_usd),
    input_tokens: a.input_tokens + b.input_tokens,
    output_tokens: a.output_tokens + b.output_tokens,
    unpriced_sessions: a.unpriced_sessions + b.unpriced_sessions
  };
}
const roundCents = (value) => Math.round(value * 1e6) / 1e6;
const spendOf = (session) => ({
  sessions: 1,
  cost_usd: session.cost_usd ?? 0,
  input_tokens: session.input_tokens ?? 0,
  output_tokens: session.output_tokens ?? 0,
  unpriced_sessions: session.cost_usd === null ? 1 : 0
});
function spentBudget(session, spend) {
  if (session.max_cost_usd !== void 0 && spend.cost_usd >= session.max_cost_usd)
    return { key: "session.max_cost_usd", limit: session.max_cost_usd, spent: spend.cost_usd };
  const tokens = spend.input_tokens + spend.output_tokens;
  if (session.max_tokens !== void 0 && tokens >= session.max_tokens)
    return { key: "session.max_tokens", limit: session.max_tokens, spent: tokens };
  return null;
}

export { HARNESS_IDENTITY as H, NO_SPEND as N, addSpend as a, gitFailure as b, runCommand as c, guardedGitEnv as d, spentBudget as e, findExecutable as f, git as g, harnessIdentityArgs as h, runGitSync as i, lookUpExecutable as l, originUrl as o, runGit as r, spendOf as s, withGitConfig as w };
