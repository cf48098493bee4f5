import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { f as procPids, m as readProcStat, o as object, n as number, e as _enum, r as record, s as string, a as array, g as boolean, x as url } from './proc-BNyPybdH.js';

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
const session = object({
  max_iterations: positiveInt("Iterations to run before the loop ends").default(25),
  prompt_file: pathString("Prompt file, read afresh before every session").default("PROMPT.md"),
  output_dir: pathString("Directory for session transcripts").default("."),
  output_prefix: pathString("Transcript file name prefix: <prefix>-<global>.jsonl").default(
    "claude-iteration"
  ),
  counter_file: pathString("File holding the global iteration counter").default(".iteration_counter"),
  status_file: pathString(
    "Status file, replaced atomically before everything that waits (the agent, a hook, a backoff) and at the end"
  ).default("harness.status"),
  time_budget_mins: positiveMinutes(
    "Stop before this much wall time has passed: no session starts that could not finish in it"
  ).optional(),
  max_cost_usd: number().finite().positive().describe(
    "The run's budget in US dollars: no session starts once the run's sessions cost this much (exit 14); unset: none"
  ).optional(),
  max_tokens: positiveInt(
    "The run's budget in tokens (input + output): no session starts once the run's sessions used this many (exit 14); unset: none"
  ).optional()
}).strict().prefault({});
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
const agent = object({
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
const watchdog = object({
  check_interval_secs: seconds("How often a stale-output warning is logged").default(60),
  stale_timeout_mins: positiveMinutes(
    "Kill the session after this long without output growth (fractions allowed)"
  ).default(20),
  min_output_bytes: nonNegativeInt(
    "A text-format session with less output than this is empty and retried (structured formats: no model output)"
  ).default(100),
  result_grace_secs: seconds("End an agent still alive this long after its final result event").default(30),
  kill_grace_secs: seconds("Seconds between SIGTERM and SIGKILL when ending a session").default(5)
}).strict().prefault({});
const retry = object({
  max_empty_retries: nonNegativeInt("Retries of an empty session before the iteration is skipped").default(
    2
  ),
  retry_delay_secs: seconds("Delay before retrying an empty session").default(5),
  max_consecutive_failures: positiveInt(
    "Exit (code 10) after this many failed sessions in a row (overload, server errors, crashes)"
  ).default(3)
}).strict().prefault({});
const backoff = object({
  initial_delay_secs: seconds("Delay between iterations; base of the rate-limit backoff").default(2),
  max_delay_secs: seconds("Cap on the exponential rate-limit backoff").default(600),
  max_consecutive_rate_limits: positiveInt("Exit (code 3) after this many rate limits in a row").default(5)
}).strict().prefault({});
const shutdown = object({
  stop_file: pathString("Touch this file to stop after the current session").default("STOP"),
  force_window_secs: seconds("A second SIGINT within this window kills the session at once").default(3)
}).strict().prefault({});
const hooks = object({
  pre_session: array(string()).describe("Shell commands run before each session").default([]),
  post_session: array(string()).describe("Shell commands run after each non-empty session").default([]),
  timeout_secs: positiveSeconds("A hook running longer than this is killed").default(600),
  max_consecutive_pre_failures: positiveInt(
    "End the loop (code 4) after this many pre-session hook failures in a row"
  ).default(3)
}).strict().prefault({});
const prompt = object({
  file: pathString("Prompt file; overrides session.prompt_file").optional(),
  prepend_commands: array(string()).describe("Commands whose output is prepended to the prompt, separated by ---").default([])
}).strict().prefault({});
const output = object({
  event_log: string().describe("JSONL event log; empty string disables it").default("harness-events.jsonl"),
  git_exclude: boolean().describe(
    "Keep the harness's files out of the agent's git in a plain loop: their patterns go into .git/info/exclude (a marked block); false: the plain loop removes its block and writes none (task and review mode always write theirs)"
  ).default(true)
}).strict().prefault({});
const commitDetection = object({
  patterns: array(string()).describe(
    "Regexes matched only in what the agent did or said; in git only a new commit counts and a match alone is weaker evidence; a leading (?i) makes one case-insensitive"
  ).default(["bd-finish", "(?i)git commit", "(?i)\\bcommitted\\b"])
}).strict().prefault({});
const rateLimit = object({
  patterns: array(string()).describe("Extra regexes matched against the final result of a failed session").default([]),
  max_wait_secs: seconds("Longest wait for a known rate-limit reset time").default(21600)
}).strict().prefault({});
const review = object({
  max_tries: positiveInt(
    "Review mode: develop-and-review tries per task before it waits for a human"
  ).default(2),
  max_cost_usd: number().finite().positive().describe(
    "Review mode: no session starts once the plan's cost reaches this many US dollars (exit 12); unset: no budget"
  ).optional(),
  gate_timeout_mins: positiveMinutes(
    "Review mode: build.sh and verify.sh are each killed after this long"
  ).default(30),
  allow_gate_changes: boolean().describe(
    "Review mode: a try may change build.sh or verify.sh (a task whose work is the build itself); the gate then runs them as the developer left them, and the gate's record and the review prompt say they changed. Off: such a try fails the gate"
  ).default(false),
  needs_human_label: string().min(1, "must not be empty").describe("Review mode in the Action: the label put on an issue whose task waits for a human").default("needs-human")
}).strict().prefault({});
const TARGET_METRICS = [
  "completion_rate",
  "narration_only_pct",
  "parallel_turns_pct",
  "turns_per_session",
  "cost_per_session",
  "tokens_per_session",
  "tool_calls_per_session",
  "duration_secs"
];
const TARGET_RULE = /^\s*(?:off|(<=|>=|<|>)\s*(-?\d+(?:\.\d+)?))\s*$/;
const target = (description) => string().regex(TARGET_RULE, 'must be a comparison and a number such as "< 20" or ">= 85", or "off"').describe(description);
const targets = object({
  completion_rate: target("Percentage of sessions that committed").default(">= 85"),
  narration_only_pct: target("Narration-only turns (no tool call) as a percentage of all turns").default(
    "< 20"
  ),
  parallel_turns_pct: target("Turns with two or more tool calls as a percentage of all turns").default(
    "> 10"
  ),
  turns_per_session: target("Average turns per session").default("< 80"),
  cost_per_session: target("Average cost per session in US dollars").default("off"),
  tokens_per_session: target("Average tokens (input + output) per session").default("off"),
  tool_calls_per_session: target("Average tool calls per session").default("off"),
  duration_secs: target("Average session duration in seconds").default("off")
}).strict().describe('Targets `metrics targets` and `brief` check recent sessions against ("off": not checked)').prefault({});
const metrics = object({
  enabled: boolean().describe("Record every session in the metrics database").default(true),
  database: pathString("The metrics database (SQLite), relative to the working directory").default(
    "harness-metrics.db"
  ),
  targets
}).strict().prefault({});
const COMPRESSIONS = ["zstd", "gzip"];
const storage = object({
  keep_last: nonNegativeInt(
    "Transcripts kept as they are, newest first; older ones are compressed once recorded (0: keep all)"
  ).default(0),
  keep_days: nonNegativeInt(
    "Transcripts newer than this many days are kept as they are; older ones are compressed once recorded (0: off)"
  ).default(0),
  compression: _enum(COMPRESSIONS).describe("How older transcripts are compressed").default("zstd"),
  delete_after_days: nonNegativeInt(
    "Compressed transcripts older than this many days are deleted once recorded (0: never)"
  ).default(0)
}).strict().prefault({});
const LLM_PROVIDERS = ["ollama", "openai", "command"];
const DEFAULT_BASE_URLS = {
  ollama: "http://127.0.0.1:11434",
  openai: "http://127.0.0.1:8080/v1"
};
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const llm = object({
  provider: _enum(LLM_PROVIDERS).describe(
    "The worker's model transport: Ollama's /api/chat, an OpenAI-compatible /v1/chat/completions (llama.cpp, vLLM, LM Studio), or a command that reads the prompt on stdin and prints the answer"
  ).default("ollama"),
  base_url: url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).describe(
    "The HTTP provider's address; unset: http://127.0.0.1:11434 (ollama), http://127.0.0.1:8080/v1 (openai)"
  ).optional(),
  model: string().min(1, "must not be empty").describe("The model name (required for ollama and openai; {model} in llm.command)").optional(),
  api_key_env: string().regex(ENV_NAME, "must be an environment variable name such as OPENAI_API_KEY").describe("Environment variable holding the API key, sent as a bearer token; unset: none").optional(),
  timeout_secs: positiveSeconds(
    "A model call taking longer than this fails the task (model unreachable)"
  ).default(300),
  temperature: number().finite().min(0).max(2).describe("Sampling temperature").default(0),
  command: array(string()).min(1, "must name a command").describe(
    'provider = "command": the command and its arguments; {model} becomes llm.model. Unset: ["ollama", "run", "{model}"] (Windows: ["wsl", "bash", "-c", "ollama run {model}"])'
  ).optional(),
  max_answer_bytes: positiveInt("An answer longer than this is refused as invalid").default(1024 * 1024)
}).strict().describe("The model the structured-action worker calls (docs/worker.md)").prefault({});
const worker = object({
  tasks_dir: pathString("Where `worker new` creates task directories and `worker ls` looks").default(
    "tasks"
  ),
  max_iterations: positiveInt(
    'constraints.max_iterations of a new task, and of each loop session with agent.format = "json-actions"'
  ).default(50),
  timeout_secs: positiveSeconds(
    "constraints.timeout_seconds of a new task (running time), and of each json-actions loop session"
  ).default(300),
  allowed_paths: array(pathString("A directory the worker's tools may use")).min(1, "must name at least one directory").describe("constraints.allowed_paths of a new task, relative to the working directory").default(["."]),
  history_iterations: nonNegativeInt("Past iterations shown to the model in each request").default(5),
  max_read_bytes: positiveInt("read_file refuses a larger file").default(256 * 1024),
  max_write_bytes: positiveInt("write_file and create_file refuse larger content").default(1024 * 1024),
  max_find_results: positiveInt(
    "find_files returns at most this many paths and says it cut the list"
  ).default(500),
  max_list_entries: positiveInt(
    "list_directory returns at most this many names and says it cut the list"
  ).default(1e3),
  max_result_bytes: positiveInt("Bytes of one action's result the model sees in its history").default(
    16 * 1024
  ),
  heartbeat_secs: positiveSeconds("heartbeat.json is rewritten this often while a step runs").default(10),
  stale_after_secs: positiveSeconds(
    "`worker ls`: a running task whose heartbeat is older than this is stale"
  ).default(60)
}).strict().describe("The structured-action worker's tasks and limits (docs/worker.md)").prefault({});
const configSchema = object({
  session,
  agent,
  watchdog,
  retry,
  backoff,
  shutdown,
  hooks,
  prompt,
  output,
  commit_detection: commitDetection,
  rate_limit: rateLimit,
  review,
  metrics,
  storage,
  llm,
  worker
}).strict();

export { AGENT_ISOLATION as A, COOKIE_VAR as C, DEFAULT_BASE_URLS as D, MAX_TIMER_MINS as M, PHASES as P, TIMER_LIMIT_REASON as T, MAX_TIMER_SECS as a, TARGET_METRICS as b, configSchema as c, TARGET_RULE as d, endCarriers as e, forbiddenPassName as f, agentEnvironment as g, endCarriersSaying as h, isCookie as i, DEFAULT_AGENT_ARGS as j, killCarriersNow as k, newCookie as n, withCookie as w };
