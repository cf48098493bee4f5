import { p as positiveInt, d as positiveMinutes, g as pathString, s as seconds, h as nonNegativeInt, j as positiveSeconds, l as agentSection } from './agent-section-DslPxZ24.js';
import { o as object, n as number, a as array, s as string, h as boolean, e as _enum, x as url } from './proc-BHgIj9ip.js';

const sessionSection = object({
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
const watchdogSection = object({
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
const retrySection = object({
  max_empty_retries: nonNegativeInt("Retries of an empty session before the iteration is skipped").default(
    2
  ),
  retry_delay_secs: seconds("Delay before retrying an empty session").default(5),
  max_consecutive_failures: positiveInt(
    "Exit (code 10) after this many failed sessions in a row (overload, server errors, crashes)"
  ).default(3)
}).strict().prefault({});
const backoffSection = object({
  initial_delay_secs: seconds("Delay between iterations; base of the rate-limit backoff").default(2),
  max_delay_secs: seconds("Cap on the exponential rate-limit backoff").default(600),
  max_consecutive_rate_limits: positiveInt("Exit (code 3) after this many rate limits in a row").default(5)
}).strict().prefault({});
const shutdownSection = object({
  stop_file: pathString("Touch this file to stop after the current session").default("STOP"),
  force_window_secs: seconds("A second SIGINT within this window kills the session at once").default(3)
}).strict().prefault({});
const hooksSection = object({
  pre_session: array(string()).describe("Shell commands run before each session").default([]),
  post_session: array(string()).describe("Shell commands run after each non-empty session").default([]),
  timeout_secs: positiveSeconds("A hook running longer than this is killed").default(600),
  max_consecutive_pre_failures: positiveInt(
    "End the loop (code 4) after this many pre-session hook failures in a row"
  ).default(3)
}).strict().prefault({});
const promptSection = object({
  file: pathString("Prompt file; overrides session.prompt_file").optional(),
  prepend_commands: array(string()).describe("Commands whose output is prepended to the prompt, separated by ---").default([])
}).strict().prefault({});
const outputSection = object({
  event_log: string().describe("JSONL event log; empty string disables it").default("harness-events.jsonl"),
  git_exclude: boolean().describe(
    "Keep the harness's files out of the agent's git in a plain loop: their patterns go into .git/info/exclude (a marked block); false: the plain loop removes its block and writes none (task and review mode always write theirs)"
  ).default(true)
}).strict().prefault({});
const commitDetectionSection = object({
  patterns: array(string()).describe(
    "Regexes matched only in what the agent did or said; in git only a new commit counts and a match alone is weaker evidence; a leading (?i) makes one case-insensitive"
  ).default(["bd-finish", "(?i)git commit", "(?i)\\bcommitted\\b"])
}).strict().prefault({});
const rateLimitSection = object({
  patterns: array(string()).describe("Extra regexes matched against the final result of a failed session").default([]),
  max_wait_secs: seconds("Longest wait for a known rate-limit reset time").default(21600)
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
const metricsSection = object({
  enabled: boolean().describe("Record every session in the metrics database").default(true),
  database: pathString("The metrics database (SQLite), relative to the working directory").default(
    "harness-metrics.db"
  ),
  targets
}).strict().prefault({});
const COMPRESSIONS = ["zstd", "gzip"];
const storageSection = object({
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

const reviewSection = object({
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

const LLM_PROVIDERS = ["ollama", "openai", "command"];
const DEFAULT_BASE_URLS = {
  ollama: "http://127.0.0.1:11434",
  openai: "http://127.0.0.1:8080/v1"
};
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const llmSection = object({
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
const workerSection = object({
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
  session: sessionSection,
  agent: agentSection,
  watchdog: watchdogSection,
  retry: retrySection,
  backoff: backoffSection,
  shutdown: shutdownSection,
  hooks: hooksSection,
  prompt: promptSection,
  output: outputSection,
  commit_detection: commitDetectionSection,
  rate_limit: rateLimitSection,
  review: reviewSection,
  metrics: metricsSection,
  storage: storageSection,
  llm: llmSection,
  worker: workerSection
}).strict();

export { DEFAULT_BASE_URLS as D, TARGET_METRICS as T, TARGET_RULE as a, configSchema as c };
