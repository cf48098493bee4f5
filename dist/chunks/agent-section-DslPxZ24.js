import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { f as procPids, g as readProcStat, s as string, n as number, e as _enum, r as record, a as array, o as object } from './proc-BHgIj9ip.js';

const COOKIE_VAR = "AGENT_HARNESS_COOKIE";
function newCookie() {
  return randomBytes(12).toString("hex");
}
function isCookie(value) {
  return typeof value === "string" && /^[0-9a-f]{24}$/.test(value);
}
function withCookie(env, cookie) {
  return cookie === void 0 ? env : { ...env, [COOKIE_VAR]: cookie };
}
function environHas(environ, entry) {
  const needle = Buffer.from(`${entry}\0`);
  if (environ.subarray(0, needle.length).equals(needle)) return true;
  const inner = Buffer.from(`\0${entry}\0`);
  if (environ.includes(inner)) return true;
  const last = Buffer.from(`\0${entry}`);
  return environ.length >= last.length && environ.subarray(environ.length - last.length).equals(last);
}
function selfAndAncestors() {
  const spared = /* @__PURE__ */ new Set();
  for (let pid = process.pid; pid !== null && pid > 0 && !spared.has(pid); pid = readProcStat(pid)?.ppid ?? null)
    spared.add(pid);
  return spared;
}
function processesCarrying(cookie, window) {
  const full = `${COOKIE_VAR}=${cookie}`;
  const carriers = [];
  for (const pid of procPids(window)) {
    let environ;
    try {
      environ = readFileSync(`/proc/${pid}/environ`);
    } catch {
      continue;
    }
    if (environHas(environ, full)) carriers.push(Number(pid));
  }
  if (carriers.length === 0) return carriers;
  const spared = selfAndAncestors();
  return carriers.filter((pid) => !spared.has(pid));
}
function signalAll(pids, signal) {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
    }
  }
}
function killCarriersNow(cookie) {
  const carriers = processesCarrying(cookie);
  signalAll(carriers, "SIGKILL");
  return carriers.length;
}
async function endCarriers(cookie, graceMs, clock) {
  return (await endCarriersSaying(cookie, graceMs, clock)).count;
}
async function endCarriersSaying(cookie, graceMs, clock, window) {
  const first = processesCarrying(cookie, window);
  if (first.length === 0) return { count: 0, how: "gone" };
  signalAll(first, "SIGTERM");
  const deadline = clock.monotonic() + graceMs;
  let left = first;
  while (left.length > 0 && clock.monotonic() < deadline) {
    await clock.sleep(Math.min(50, Math.max(1, deadline - clock.monotonic())));
    left = processesCarrying(cookie, window);
  }
  if (left.length === 0) return { count: first.length, how: "term" };
  for (let round = 0; left.length > 0 && round < 50; round++) {
    signalAll(left, "SIGKILL");
    await clock.sleep(20);
    left = processesCarrying(cookie, window);
  }
  return { count: first.length, how: "kill" };
}

const AGENT_ISOLATION = ["auto", "user", "env", "none"];
const NAMES = /* @__PURE__ */ new Set([
  "PATH",
  "HOME",
  "USER",
  "LOGNAME",
  "SHELL",
  "TERM",
  "COLORTERM",
  "NO_COLOR",
  "FORCE_COLOR",
  "LANG",
  "LANGUAGE",
  "TZ",
  "TMPDIR",
  "CI",
  "IS_SANDBOX",
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "NO_PROXY",
  "ALL_PROXY",
  "http_proxy",
  "https_proxy",
  "no_proxy",
  "all_proxy",
  "NODE_EXTRA_CA_CERTS",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
  "MAX_THINKING_TOKENS",
  "MAX_MCP_OUTPUT_TOKENS",
  "BASH_DEFAULT_TIMEOUT_MS",
  "BASH_MAX_TIMEOUT_MS",
  "BASH_MAX_OUTPUT_LENGTH",
  "CLOUD_ML_REGION",
  "NODE_COMPILE_CACHE",
  COOKIE_VAR
]);
const PREFIXES = [
  "ANTHROPIC_",
  "CLAUDE_",
  "OPENAI_",
  "CODEX_",
  "GEMINI_",
  "GOOGLE_",
  "VERTEX_REGION_",
  "DISABLE_",
  "MCP_",
  "LC_",
  "XDG_",
  "HARNESS_",
  "AGENT_HARNESS_"
];
const FORBIDDEN_PREFIXES = ["INPUT_", "ACTIONS_"];
const FORBIDDEN = /* @__PURE__ */ new Set([
  "GITHUB_TOKEN",
  "GH_TOKEN",
  "GITHUB_ENV",
  "GITHUB_PATH",
  "GITHUB_OUTPUT",
  "GITHUB_STATE",
  "GITHUB_STEP_SUMMARY",
  "NODE_OPTIONS"
]);
function forbiddenPassName(name) {
  const bare = name.endsWith("*") ? name.slice(0, -1) : name;
  const prefix = FORBIDDEN_PREFIXES.find((p) => bare.startsWith(p) || p.startsWith(bare));
  if (prefix) return `${name} would pass the job's ${prefix}* variables (its tokens and inputs) to the agent`;
  if (name.endsWith("*") ? [...FORBIDDEN].some((f) => f.startsWith(bare)) : FORBIDDEN.has(name))
    return `${name} is never passed to the agent: it is the job's token or a runner file-command path (give the agent a token of its own under another name if it really needs one)`;
  return null;
}
function matches(name, patterns) {
  return patterns.some((p) => p.endsWith("*") ? name.startsWith(p.slice(0, -1)) : name === p);
}
function passedToAgent(name, pass) {
  if (FORBIDDEN.has(name) || FORBIDDEN_PREFIXES.some((p) => name.startsWith(p))) return false;
  if (name === "CLAUDECODE") return false;
  return NAMES.has(name) || PREFIXES.some((p) => name.startsWith(p)) || matches(name, pass);
}
function agentEnvironment(base, options) {
  const env = {};
  for (const [name, value] of Object.entries(base)) {
    if (value === void 0 || name === "CLAUDECODE") continue;
    if (options.isolation === "none" || passedToAgent(name, options.pass)) env[name] = value;
  }
  for (const [name, value] of Object.entries(options.set ?? {})) if (value !== void 0) env[name] = value;
  return env;
}

const TIMER_LIMIT_MS = 2 ** 31 - 1;
const MAX_TIMER_SECS = Math.floor(TIMER_LIMIT_MS / 1e3);
const MAX_TIMER_MINS = Math.floor(TIMER_LIMIT_MS / 6e4);
const TIMER_LIMIT_REASON = "the longest a timer can wait: 2^31-1 ms, about 24.8 days";
const seconds = (description) => number().finite().nonnegative().max(MAX_TIMER_SECS, TIMER_LIMIT_REASON).describe(description);
const positiveSeconds = (description) => number().finite().positive().max(MAX_TIMER_SECS, TIMER_LIMIT_REASON).describe(description);
const positiveMinutes = (description) => number().finite().positive().max(MAX_TIMER_MINS, TIMER_LIMIT_REASON).describe(description);
const positiveInt = (description) => number().int().positive().describe(description);
const nonNegativeInt = (description) => number().int().nonnegative().describe(description);
const pathString = (description) => string().min(1, "must not be empty").describe(description);

const AGENT_FORMATS = ["claude", "codex", "gemini", "text", "json-actions"];
const PROMPT_VIA = ["arg", "stdin", "file"];
const DEFAULT_AGENT_ARGS = [
  "-p",
  "{prompt}",
  "--dangerously-skip-permissions",
  "--verbose",
  "--output-format",
  "stream-json"
];
const agentFields = {
  command: pathString('Agent executable (looked up on PATH); not used with format = "json-actions"'),
  args: array(string()).describe(
    'Arguments; {prompt} becomes the prompt (prompt_via=arg), {prompt_file} its path; not used with format = "json-actions"'
  ),
  prompt_via: _enum(PROMPT_VIA).describe(
    'How the prompt reaches the agent: an argument, standard input, or a file; not used with format = "json-actions" (always stdin)'
  ),
  env: record(string(), string()).describe("Extra environment variables for the agent (CLAUDECODE is always removed)"),
  format: _enum(AGENT_FORMATS).describe(
    `Transcript format the agent prints; "json-actions": the agent is the harness's own structured-action worker ([llm], [worker]; docs/worker.md)`
  )
};
const PHASES = ["plan", "develop", "review"];
const phaseFields = (phase) => ({
  command: agentFields.command.optional().describe(`The ${phase} phase's agent executable; unset: agent.command`),
  args: agentFields.args.optional().describe(`The ${phase} phase's arguments; unset: agent.args`),
  prompt_via: agentFields.prompt_via.optional().describe(`How the ${phase} prompt reaches the agent; unset: agent.prompt_via`),
  env: agentFields.env.optional().describe(`Extra environment variables for the ${phase} phase, over agent.env key by key`),
  format: agentFields.format.optional().describe(`The ${phase} phase's transcript format; unset: agent.format`)
});
const planAgent = object({
  ...phaseFields("plan"),
  interactive_args: array(string()).optional().describe(
    'Arguments of the interactive planner `agent-harness plan` starts on your terminal; {prompt} becomes the prompt. Unset, by format: claude, codex and text ["{prompt}"], gemini ["-i", "{prompt}"]'
  )
}).strict().optional().describe("The plan phase's agent settings over [agent]; unset keys are inherited");
const phaseAgent = (phase) => object(phaseFields(phase)).strict().optional().describe(`The ${phase} phase's agent settings over [agent]; unset keys are inherited`);
const agentSection = object({
  command: agentFields.command.default("claude"),
  args: agentFields.args.default(DEFAULT_AGENT_ARGS),
  prompt_via: agentFields.prompt_via.default("arg"),
  env: agentFields.env.default({}),
  format: agentFields.format.default("claude"),
  isolation: _enum(AGENT_ISOLATION).describe(
    'How the agent is kept from the job (docs/security.md): "user" runs it as a separate unprivileged user with a clean environment, "env" only cleans its environment, "auto" is "user" where the harness is root or has passwordless sudo and "env" elsewhere, "none" passes everything. Unset: "auto" in the Action, "none" locally'
  ).optional(),
  pass_env: array(
    string().regex(/^[A-Za-z_][A-Za-z0-9_]*\*?$/, "must be a variable name, or a prefix ending in *").superRefine((name, ctx) => {
      const why = forbiddenPassName(name);
      if (why !== null) ctx.addIssue({ code: "custom", message: why });
    })
  ).describe(
    `More environment variables the agent gets under isolation "env" or "user" (names, or prefixes ending in *), besides its CLI's own (ANTHROPIC_*, CLAUDE_*, OPENAI_*, CODEX_*, GEMINI_*, GOOGLE_*), PATH, HOME, locale and proxy variables`
  ).default([]),
  plan: planAgent,
  develop: phaseAgent("develop"),
  review: phaseAgent("review")
}).strict().prefault({});

export { AGENT_ISOLATION as A, COOKIE_VAR as C, DEFAULT_AGENT_ARGS as D, MAX_TIMER_MINS as M, PHASES as P, TIMER_LIMIT_REASON as T, MAX_TIMER_SECS as a, agentEnvironment as b, endCarriersSaying as c, positiveMinutes as d, endCarriers as e, forbiddenPassName as f, pathString as g, nonNegativeInt as h, isCookie as i, positiveSeconds as j, killCarriersNow as k, agentSection as l, newCookie as n, positiveInt as p, seconds as s, withCookie as w };
