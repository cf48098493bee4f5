import { v as bootId, x as processStart, h as string, z as number, y as object, P as PHASES, B as literal, _ as _enum, G as boolean, g as array, s as strictObject, J as discriminatedUnion } from './input-file-Cbt1w_j3.js';
import { H as HarnessError, E as EXIT } from './exit-codes-BkuRLrXJ.js';
import 'node:fs/promises';
import { join, posix, resolve, basename, dirname, relative, isAbsolute, sep } from 'node:path';

function processAlive(pid) {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}
function processIdentity(pid = process.pid) {
  return { pid, start: processStart(pid), boot: bootId() };
}
function sameProcessAlive(recorded) {
  if (recorded.start === null) return processAlive(recorded.pid);
  const boot = bootId();
  if (recorded.boot !== null && boot !== null && recorded.boot !== boot) return false;
  return processStart(recorded.pid) === recorded.start;
}

const metric = (description) => number().nullable().describe(`${description}; null when unknown`);
const sessionMetricsShape = {
  turns: metric(
    "model turns (one per answer of the model): the agent's own count when it reports one (Claude's num_turns), else counted over the transcript"
  ),
  narration_turns: metric(
    "model turns that answered with text and no tool call, counted over the transcript (not available for codex)"
  ),
  parallel_turns: metric(
    "model turns with two or more tool calls in one answer, counted over the transcript (not available for codex)"
  ),
  tool_calls: metric("tool calls"),
  input_tokens: metric("input tokens"),
  output_tokens: metric("output tokens"),
  cache_read_tokens: metric("input tokens read from the prompt cache"),
  cache_write_tokens: metric("input tokens written to the prompt cache"),
  cost_usd: metric("cost in US dollars the agent reported"),
  agent_duration_ms: metric("duration the agent itself reported, in milliseconds"),
  model: string().nullable().describe("the model the agent used, as its transcript names it; null when unknown")
};
object(sessionMetricsShape);
const METRIC_FIELDS = Object.keys(sessionMetricsShape);
const METRIC_STORAGE = {
  turns: "integer",
  narration_turns: "integer",
  parallel_turns: "integer",
  tool_calls: "integer",
  input_tokens: "integer",
  output_tokens: "integer",
  cache_read_tokens: "integer",
  cache_write_tokens: "integer",
  cost_usd: "real",
  model: "text"
};
const SUMMED_METRICS = Object.keys(METRIC_STORAGE).filter(
  (field) => METRIC_STORAGE[field] !== "text"
);
const emptyMetrics = () => Object.fromEntries(METRIC_FIELDS.map((field) => [field, null]));

const CAUSES = {
  ENOSPC: "no space left on the device",
  EDQUOT: "disk quota exceeded",
  EIO: "input/output error",
  EROFS: "read-only file system",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EFBIG: "file too large",
  ENOENT: "its directory does not exist",
  ENXIO: "it is a FIFO (named pipe) with no reader, not a regular file"
};
const FATAL_KINDS = {
  ENOSPC: "disk_full",
  EDQUOT: "disk_full",
  EROFS: "permission",
  EACCES: "permission",
  EPERM: "permission"
};
function fatalWriteKind(code) {
  return code === void 0 ? void 0 : FATAL_KINDS[code];
}
function describeCause(error) {
  const code = error?.code;
  if (code !== void 0 && code in CAUSES) return `${CAUSES[code]} (${code})`;
  return error instanceof Error ? error.message : String(error);
}
class HarnessFileError extends HarnessError {
  constructor(file, cause, what = "cannot write") {
    super(`${what} ${file}: ${describeCause(cause)}`, EXIT.writeFailed, { cause });
    this.file = file;
    this.code = cause?.code;
  }
  file;
  name = "HarnessFileError";
  /** The errno code of the cause (ENOSPC, EIO, …), so callers that branch on codes keep working. */
  code;
}
async function namingFile(file, write) {
  try {
    return await write();
  } catch (error) {
    throw error instanceof HarnessFileError ? error : new HarnessFileError(file, error);
  }
}

const SESSION_OUTCOMES = ["productive", "empty", "rate_limited", "failed", "cancelled"];
const SESSION_END_REASONS = ["exited", "watchdog", "result_grace", "forced", "spawn_error"];
const FAILURE_KINDS = ["transient", "fatal", "error"];
const FAILURE_REASONS = [
  "overloaded",
  "server_error",
  "network",
  "stream_disconnected",
  "stalled",
  "authentication",
  "billing",
  "model_not_found",
  "untrusted_folder",
  "bad_auth_choice",
  "agent_refused",
  "crash",
  "error_result"
];
const FAILURE_SOURCES = [
  "api_status",
  "error_event",
  "result",
  "stderr",
  "exit_code",
  "watchdog"
];
const RATE_LIMIT_SOURCES = ["api_status", "rate_limit_event", "usage_text", "pattern"];
const WAIT_BASES = ["reset_time", "backoff"];
const COMMIT_EVIDENCE = ["pattern+head", "pattern+branch", "head", "branch", "pattern"];
const WATCHDOG_KILL_REASONS = ["watchdog", "result_grace"];
const HOOK_PHASES = ["pre_session", "post_session"];
const ENDED_WITH = ["gone", "term", "kill"];
const TASK_ERROR_CATEGORIES = [
  "ENV_SETUP",
  "TASK_EXEC",
  "TEST_FAIL",
  "TIMEOUT",
  "DEPENDENCY",
  "SESSION_TIMEOUT"
];
const TASK_RECOVERY_OUTCOMES = ["completed", "failed", "resume", "interrupted"];
const SESSION_PHASES = PHASES;
const REVIEW_VERDICTS = ["PASS", "FAIL", "invalid", "missing"];
const REVIEW_DECISIONS = ["done", "retry", "escalate"];
const GATE_STEPS = ["build.sh", "verify.sh"];
const GATE_SCRIPT_CHANGES = ["content", "exec bit", "deleted", "replaced"];
const TAMPERED_PHASES = ["develop", "review", "loop"];
const OWNED_FILE_CHANGES = ["created", "changed", "deleted"];

const int = (description) => number().int().describe(description);
const count = (description) => number().int().nonnegative().describe(description);
const num = (description) => number().describe(description);
const str = (description) => string().describe(description);
const bool = (description) => boolean().describe(description);
const oneOf = (values, description) => _enum(values).describe(description);
const iteration = () => count("0-based index of the iteration in progress (the number done so far)");
const global = () => count("the session's global number, as in its transcript's name");
function defineEvent(name, description, shape) {
  return object({ event: literal(name), ...shape }).describe(description);
}

const stopReason = (what) => str(`${what}: see [stop reasons](#stop-reasons)`);
const loopStart = defineEvent("loop_start", "The loop starts (once per run of the harness).", {
  max_iterations: count("`session.max_iterations`"),
  global: count("the counter: the number the run's first session will use"),
  pid: int("the harness's process id"),
  containment: str(
    "how the run's sessions are contained: `cgroup`, `systemd-scope` or `none` (process group and cookie only; see [security.md](security.md#containment))"
  ).optional(),
  isolation: oneOf(
    ["user", "env", "none"],
    "how the agent is kept from the job (`agent.isolation` as resolved; see [security.md](security.md))"
  ).optional(),
  isolation_fallback: str("why `auto` could not have `user` (the run has `env` instead)").optional()
});
const loopEnd = defineEvent("loop_end", "The loop has ended; the last line a run writes.", {
  reason: stopReason("why the loop ended"),
  exit_code: int("the harness's exit code"),
  productive: count("productive iterations in this run"),
  iterations: count("iterations finished in this run"),
  global: count("the counter at the end: the number the next session will use"),
  trailing_rate_limits: count("rate-limited sessions in a row at the end"),
  failures: count("failed sessions in this run (each retried)"),
  idle_sessions: count(
    "completed sessions in a row at the end that changed nothing (progress.max_idle_sessions)"
  ).optional(),
  error: str("what went wrong, after a fault or a failure stop").optional()
});
const stopRequested = defineEvent(
  "stop_requested",
  "A stop was asked for (a signal, the STOP file, a stop source such as the STOP label).",
  {
    reason: stopReason("who asked"),
    iteration: iteration(),
    global: global()
  }
);
const stopForced = defineEvent(
  "stop_forced",
  "A stop was forced (a second signal, a cancellation, the time budget): the agent is ended now.",
  { iteration: iteration(), global: global() }
);
const hookFailed = defineEvent(
  "hook_failed",
  "A pre- or post-session hook failed (the first failing command; later ones did not run).",
  {
    phase: oneOf(HOOK_PHASES, "which hooks"),
    iteration: iteration(),
    global: global().optional().describe("the session's number (post_session only)"),
    command: str("the failing command"),
    exitCode: int("its exit code"),
    timedOut: bool("it ran past `hooks.timeout_secs`"),
    interrupted: bool("a stop request ended it (not counted as a failure)"),
    stderrTail: str("the end of its standard error"),
    consecutive: count("pre-session failures in a row (pre_session only)").optional()
  }
);
const orphanGroupKilled = defineEvent(
  "orphan_group_killed",
  "On start: the agent's process group a dead harness left running was ended.",
  {
    pgid: int("the process group"),
    previous_pid: int("the dead harness's process id"),
    ended_with: oneOf(ENDED_WITH, "already gone, SIGTERM sufficed, or SIGKILL")
  }
);
const orphanDescendantsKilled = defineEvent(
  "orphan_descendants_killed",
  "On start: descendants that had left the dead harness's agent group were ended.",
  { count: count("processes ended"), previous_pid: int("the dead harness's process id") }
);
const orphanProcessesKilled = defineEvent(
  "orphan_processes_killed",
  "On start: processes a dead run left were ended: carrying its containment cookie, or in its cgroup.",
  { count: count("processes ended"), previous_pid: int("the dead harness's process id") }
);
const isolationSwept = defineEvent(
  "isolation_swept",
  'On an isolated start: what a killed harness left under `agent.isolation = "user"` was undone: every process of its user ended, its files handed back, its ACL entries removed, the user and its home deleted.',
  {
    user: str("the dead run's user (`agent-harness-<8 hex>`)"),
    uid: int("its uid (absent when the harness died before making it)").optional(),
    roots: array(string()).describe("the trees it had been given (the working tree, the directories `agent.env` names)"),
    processes: count("processes of that user still running"),
    previous_pid: int("the dead harness's process id")
  }
);
const LOOP_EVENTS = [
  loopStart,
  loopEnd,
  stopRequested,
  stopForced,
  hookFailed,
  orphanGroupKilled,
  orphanDescendantsKilled,
  orphanProcessesKilled,
  isolationSwept
];

const planId = () => str("the plan: its directory under `.harness/plans/`");
const taskId$1 = () => str("the task, as the planfile's `id`");
const tryNumber = () => number().int().positive().describe("the task's try, from 1");
const usd = (description) => number().finite().nonnegative().describe(description);
const reviewGate = defineEvent(
  "review_gate",
  "A try's gate ran: build.sh, then verify.sh unless build.sh failed. On failure the review is skipped.",
  {
    plan_id: planId(),
    task_id: taskId$1(),
    try: tryNumber(),
    passed: bool("every script exited 0 within `review.gate_timeout_mins`"),
    failed_at: _enum(GATE_STEPS).nullable().describe("the script that failed or timed out; null when passed"),
    steps: array(
      strictObject({
        script: oneOf(GATE_STEPS, "the script"),
        exit_code: int("its exit code (124 after a timeout)"),
        timed_out: bool("it was killed at `review.gate_timeout_mins`"),
        duration_ms: count("how long it ran, in milliseconds")
      })
    ).describe("the scripts that ran, in order: `{script, exit_code, timed_out, duration_ms}`"),
    changed: array(
      strictObject({
        script: oneOf(GATE_STEPS, "the script"),
        what: array(_enum(GATE_SCRIPT_CHANGES)).describe("how it changed")
      })
    ).describe(
      "the scripts that are not as the gate accepted them (when the plan's first loop began, or a task passed with them): `{script, what}`; the gate refused them (no script runs after the change is seen), or ran them under `review.allow_gate_changes`"
    ).optional()
  }
);
const reviewTampered = defineEvent(
  "review_tampered",
  "An agent's session changed files it may not write (the plan's state, the reviews, the templates, the configuration), and the harness put them back; or a `loop` found tasks marked done that no try passed, and opened them again.",
  {
    plan_id: planId(),
    task_id: taskId$1().optional(),
    try: tryNumber().optional(),
    phase: oneOf(
      TAMPERED_PHASES,
      "`develop` (the try fails), `review` (the verdict still counts), or `loop`: found at the start of a run"
    ),
    files: array(
      strictObject({
        path: str("relative to the project"),
        change: oneOf(OWNED_FILE_CHANGES, "what the session did to it")
      })
    ).describe("the files, each `{path, change}`; put back as they were"),
    reopened: array(string()).describe("for `loop`: the tasks marked done that no try passed, opened again").optional()
  }
);
const reviewVerdict = defineEvent(
  "review_verdict",
  "The harness read the architect's review: its strict `Result: PASS|FAIL` line.",
  {
    plan_id: planId(),
    task_id: taskId$1(),
    try: tryNumber(),
    verdict: oneOf(
      REVIEW_VERDICTS,
      "`invalid`: no strict Result line; `missing`: the review file was not written (both fail the try)"
    ),
    file: str(
      "the review file the architect was to write, relative to the project (`reviews/TASK-TRY-review.md` in the plan)"
    ),
    error: str("for `invalid` and `missing`: what is wrong, with the line").optional()
  }
);
const reviewTryEnd = defineEvent(
  "review_try_end",
  "A try has ended and the harness decided what follows.",
  {
    plan_id: planId(),
    task_id: taskId$1(),
    try: tryNumber(),
    decision: oneOf(
      REVIEW_DECISIONS,
      "`done`: the review passed; `retry`: another try follows; `escalate`: no tries left, a human decides"
    ),
    why: str("for `retry` and `escalate`: why the try failed, in words").optional(),
    task_cost_usd: usd("the task's cost so far over every try and phase, in US dollars"),
    plan_cost_usd: usd("the plan's cost so far, planning included, in US dollars")
  }
);
const reviewEscalated = defineEvent(
  "review_escalated",
  "A task used all its tries and waits for a human (locally exit 13; in the Action a comment and a label).",
  {
    plan_id: planId(),
    task_id: taskId$1(),
    tries: count("the tries it had"),
    why: str("why its last try failed")
  }
);
const reviewAnswered = defineEvent(
  "review_answered",
  "A human answered an escalated task (`loop --reply`, an issue comment, or the label's removal): it resumes with the answer in its develop prompt.",
  {
    plan_id: planId(),
    task_id: taskId$1(),
    by: str("who answered: a login, or `local` for `loop --reply`")
  }
);
const reviewEnd = defineEvent("review_end", "A `loop` run over a plan has ended.", {
  plan_id: planId(),
  reason: str(
    "why: a stop reason (`plan_done`, `needs_human`, `cost_budget`, `blocked`, or one the loop ends with)"
  ),
  exit_code: int("the exit code the run ends with"),
  tasks_done: count("tasks done"),
  tasks_total: count("tasks in the plan"),
  cost_usd: usd("the plan's cost, planning included, in US dollars"),
  input_tokens: count("the plan's input tokens"),
  output_tokens: count("the plan's output tokens")
});
const REVIEW_EVENTS = [
  reviewGate,
  reviewTampered,
  reviewVerdict,
  reviewTryEnd,
  reviewEscalated,
  reviewAnswered,
  reviewEnd
];

const sessionComplete = defineEvent(
  "session_complete",
  "A session has ended and been classified. Every session has one, empty and rate-limited ones included.",
  {
    iteration: iteration(),
    global: global(),
    output_bytes: count("bytes the agent wrote to its transcript"),
    exit_code: int("the agent's exit code as hooks see it: 124 after a watchdog kill, 128+n after signal n"),
    duration_secs: num("wall time of the session, in seconds"),
    committed: bool("the session committed (see commit detection in docs/loop.md)"),
    retries: count("empty sessions retried before this one in the same iteration"),
    rate_limited: bool("`outcome` is `rate_limited`"),
    outcome: oneOf(SESSION_OUTCOMES, "what the session was"),
    decided_by: str("the evidence that decided the outcome (see classification in docs/loop.md)"),
    failure_kind: _enum(FAILURE_KINDS).nullable().describe("for a failed session: its kind"),
    failure_reason: _enum(FAILURE_REASONS).nullable().describe("for a failed session: why"),
    failure_source: _enum(FAILURE_SOURCES).nullable().describe("for a failed session: where it showed"),
    failure_detail: string().nullable().describe("for a failed session: the line that showed it, shortened"),
    model_output: boolean().nullable().describe("the model produced something; null for formats without structure (text)"),
    end_reason: oneOf(SESSION_END_REASONS, "how the agent's process ended"),
    output_file: str("the transcript"),
    result_error: boolean().nullable().describe("the agent's final result reports an error; null without a final result"),
    rate_limit_source: _enum(RATE_LIMIT_SOURCES).nullable().describe("where a rate limit showed"),
    rate_limit_resets_at: string().nullable().describe("when the rate limit resets (ISO 8601), if the agent said"),
    turns: sessionMetricsShape.turns,
    // Added with session history (issue 11): optional, so event logs written before still read as valid.
    narration_turns: sessionMetricsShape.narration_turns.optional(),
    parallel_turns: sessionMetricsShape.parallel_turns.optional(),
    cache_read_tokens: sessionMetricsShape.cache_read_tokens.optional(),
    cache_write_tokens: sessionMetricsShape.cache_write_tokens.optional(),
    model: sessionMetricsShape.model.optional(),
    tool_calls: sessionMetricsShape.tool_calls,
    input_tokens: sessionMetricsShape.input_tokens,
    output_tokens: sessionMetricsShape.output_tokens,
    cost_usd: sessionMetricsShape.cost_usd,
    agent_duration_ms: sessionMetricsShape.agent_duration_ms,
    task_id: str("the task the iteration worked on (task list mode, review mode)").optional(),
    plan_id: str("review mode: the plan the session worked on").optional(),
    phase: _enum(SESSION_PHASES).optional().describe("review mode: the phase the session ran"),
    commit_evidence: _enum(COMMIT_EVIDENCE).nullable().optional().describe("what showed the commit; absent for empty and cancelled sessions"),
    commit_pattern: string().nullable().optional().describe("the first commit pattern found in what the agent did"),
    commit_text: string().nullable().optional().describe("the agent's words the pattern matched, shortened"),
    commit_branches: array(string()).optional().describe("local branches that moved to a new commit"),
    head_before: string().nullable().optional().describe("HEAD before the session; null outside git"),
    head_after: string().nullable().optional().describe("HEAD after the session; null outside git"),
    changed: boolean().nullable().optional().describe(
      "the session committed or changed a file of the user's (the harness's own left out); null outside git: see progress.max_idle_sessions"
    )
  }
);
const emptyRetry = defineEvent("empty_retry", "An empty session; the same iteration runs again.", {
  iteration: iteration(),
  global: global(),
  retry: count("this retry, from 1 (up to `retry.max_empty_retries`)"),
  output_bytes: count("bytes the empty session wrote")
});
const iterationSkipped = defineEvent(
  "iteration_skipped",
  "The iteration is given up after `retry.max_empty_retries` empty sessions.",
  {
    iteration: iteration(),
    global: global(),
    reason: literal("empty").describe("why: every session was empty"),
    retries: count("retries made")
  }
);
const rateLimited = defineEvent(
  "rate_limited",
  "A rate-limited session: the loop waits, or stops after `backoff.max_consecutive_rate_limits`.",
  {
    iteration: iteration(),
    global: global(),
    consecutive: count("rate-limited sessions in a row"),
    source: _enum(RATE_LIMIT_SOURCES).nullable().describe("where the limit showed"),
    resets_at: string().nullable().optional().describe("when the limit resets (ISO 8601), if the agent said; absent when the loop stops"),
    wait_ms: num("how long the loop waits before the next session; 0 when it stops"),
    basis: _enum(WAIT_BASES).optional().describe("how the wait was chosen; absent when the loop stops")
  }
);
const sessionFailed = defineEvent(
  "session_failed",
  "A failed session: retried after a backoff, or the loop stops (fatal, or too many in a row).",
  {
    iteration: iteration(),
    global: global(),
    consecutive: count("failed sessions in a row"),
    kind: oneOf(FAILURE_KINDS, "transient, fatal or error"),
    reason: oneOf(FAILURE_REASONS, "why it failed"),
    source: oneOf(FAILURE_SOURCES, "where the failure showed"),
    detail: str("the line that showed it, shortened"),
    wait_ms: num("the backoff before the next session; 0 when the loop stops"),
    fix: str("for a fatal failure: what a person has to do").optional()
  }
);
const watchdogKill = defineEvent(
  "watchdog_kill",
  "The watchdog ended the agent: silent too long, or lingering after its final result.",
  {
    reason: oneOf(WATCHDOG_KILL_REASONS, "silence (`watchdog`) or lingering (`result_grace`)"),
    iteration: iteration(),
    global: global(),
    after_ms: num("how long the agent had been silent or had lingered, in milliseconds")
  }
);
const workKept = defineEvent(
  "work_kept",
  "A stop or the watchdog interrupted the session: the agent's uncommitted changes were saved as a commit on a ref of the harness's own, the user's branch, HEAD and index untouched (see interrupted work in docs/loop.md).",
  {
    iteration: iteration(),
    global: global(),
    reason: str(
      "what interrupted the session: a stop reason (`time_budget`, `cancelled`, `forced`) or `watchdog`"
    ),
    ref: str("the ref holding the work: `refs/agent-harness/wip/<run>-<global>`"),
    commit: str("the commit's hash")
  }
);
const SESSION_EVENTS = [
  sessionComplete,
  emptyRetry,
  iterationSkipped,
  rateLimited,
  sessionFailed,
  watchdogKill,
  workKept
];

const taskId = () => str("the task (`task-NNN`)");
const taskRecovered = defineEvent(
  "task_recovered",
  "On start: a task a dead session left in progress went through recovery.",
  { task_id: taskId(), outcome: oneOf(TASK_RECOVERY_OUTCOMES, "what recovery decided") }
);
const taskStarted = defineEvent("task_started", "A task is claimed for the next iteration.", {
  task_id: taskId(),
  attempt: count("this attempt, from 1"),
  base: string().nullable().describe("the commit it starts from (rolled back to on failure); null without one")
});
const taskCompleted = defineEvent("task_completed", "A task's validation passed (or it has none).", {
  task_id: taskId(),
  commit: string().nullable().describe("the commit after the task; null without one"),
  validation: _enum(["pass", "skipped"]).describe("`skipped`: the task has no validation command")
});
const taskFailed = defineEvent("task_failed", "A task's validation failed; its work is rolled back.", {
  task_id: taskId(),
  category: oneOf(TASK_ERROR_CATEGORIES, "the failure category"),
  message: str("what failed"),
  attempts: count("attempts so far")
});
const taskStats = defineEvent("task_stats", "The task session closes: the list's statistics.", {
  reason: str("why the task session closed (a stop reason)"),
  tasks_total: count("tasks in the list"),
  completed: count("completed tasks"),
  failed: count("failed tasks"),
  pending: count("pending tasks"),
  blocked: count("pending tasks that depend on a task that cannot be retried"),
  attempts_total: count("attempts over all tasks"),
  checkpoints: count("checkpoints over all tasks")
});
const TASK_EVENTS = [taskRecovered, taskStarted, taskCompleted, taskFailed, taskStats];

const EVENT_LOG_VERSION = 1;
const EVENT_SCHEMAS = [...LOOP_EVENTS, ...SESSION_EVENTS, ...TASK_EVENTS, ...REVIEW_EVENTS];
const EVENT_NAMES = new Set(EVENT_SCHEMAS.map((s) => s.shape.event.value));
const envelope = {
  ts: string().describe("when the event was written: ISO 8601 UTC, whole seconds"),
  v: literal(EVENT_LOG_VERSION).describe("the format version (absent on version-0 lines)")
};
const buildLineSchema = () => discriminatedUnion(
  "event",
  EVENT_SCHEMAS.map((s) => s.extend(envelope))
);
const buildLenientSchema = () => discriminatedUnion(
  "event",
  EVENT_SCHEMAS.map(
    (s) => s.partial().extend({
      event: s.shape.event,
      ts: string().optional(),
      v: number().int().nonnegative().optional()
    })
  )
);
const once = (build) => {
  let built;
  return () => built ??= build();
};
const eventLineSchema = once(buildLineSchema);
const lenientLineSchema = once(buildLenientSchema);

const TASK_FILE = "harness-tasks.json";
const PROGRESS_FILE = "harness-progress.txt";
const INIT_LOG = "harness-init.log";
function inFamily(family, name) {
  if (name.length < family.before.length + family.after.length) return false;
  if (!name.startsWith(family.before) || !name.endsWith(family.after)) return false;
  const middle = name.slice(family.before.length, name.length - family.after.length);
  return family.anyMiddle === true || /^[0-9]/.test(middle);
}
function tempFamily(path) {
  return { dir: dirname(path), before: `.${basename(path)}.`, after: ".tmp" };
}
function harnessFiles(paths, options = {}) {
  const taskFile = resolve(paths.cwd, TASK_FILE);
  const atomic = [paths.counter, paths.status, taskFile, `${taskFile}.bak`, ...options.stateFiles ?? []];
  const locks = [paths.lock, ...options.locks ?? []];
  const database = paths.metricsDb ? ["", "-wal", "-shm", "-journal"].map((suffix) => `${paths.metricsDb}${suffix}`) : [];
  const files = [
    ...atomic,
    resolve(paths.cwd, PROGRESS_FILE),
    resolve(paths.cwd, INIT_LOG),
    ...paths.eventLog ? [paths.eventLog] : [],
    ...database,
    paths.stopFile,
    ...locks
  ];
  const families = [
    { dir: paths.outputDir, before: `${paths.outputPrefix}-`, after: ".jsonl" },
    // Transcripts compressed by `[storage]`, and the temp files their compression writes.
    { dir: paths.outputDir, before: `${paths.outputPrefix}-`, after: ".jsonl.gz" },
    { dir: paths.outputDir, before: `${paths.outputPrefix}-`, after: ".jsonl.zst" },
    { dir: paths.outputDir, before: `.${paths.outputPrefix}-`, after: ".tmp", anyMiddle: true },
    { dir: paths.outputDir, before: `${paths.outputPrefix}-`, after: ".prompt.md" },
    { dir: dirname(taskFile), before: `${basename(taskFile)}.corrupt-`, after: "" },
    // An instance lock's takeover markers (`<lock>.reclaim-…`, nested) and the temp file it is linked from.
    ...locks.map((lock) => ({
      dir: dirname(lock),
      before: `${basename(lock)}.reclaim-`,
      after: "",
      anyMiddle: true
    })),
    ...[...atomic, ...locks].map(tempFamily)
  ];
  return { files, families, dirs: options.lockDir ? [options.lockDir] : [] };
}
const GLOB_SPECIAL = /[\\*?[\]]/g;
const escapeGlob = (text) => text.replace(GLOB_SPECIAL, "\\$&");
const escapeIgnore = (text) => escapeGlob(text).replace(/ $/, "\\ ");
function harnessGitView(files, cwd, prefix) {
  const inRepo = (path) => {
    const fromCwd = relative(resolve(cwd), resolve(path));
    if (isAbsolute(fromCwd)) return null;
    const fromTop = posix.normalize(posix.join(prefix.split(sep).join("/"), fromCwd.split(sep).join("/")));
    if (fromTop === ".." || fromTop.startsWith("../") || fromTop === "." || fromTop === "") return null;
    return fromTop;
  };
  const view = { pathspecs: [], excludes: [], ignorePatterns: [] };
  const add = (literal, glob, ignore) => {
    if (literal !== null) {
      view.pathspecs.push(`:(top,literal)${literal}`);
      view.excludes.push(`:(top,exclude,literal)${literal}`);
    }
    if (glob !== null) {
      view.pathspecs.push(`:(top,glob)${glob}`);
      view.excludes.push(`:(top,exclude,glob)${glob}`);
    }
    if (ignore !== null) view.ignorePatterns.push(ignore);
  };
  for (const file of new Set(files.files)) {
    const at = inRepo(file);
    if (at !== null) add(at, null, `/${escapeIgnore(at)}`);
  }
  for (const dir of new Set(files.dirs)) {
    const at = inRepo(dir);
    if (at !== null) add(null, `${escapeGlob(at)}/**`, `/${escapeIgnore(at)}/`);
  }
  const seen = /* @__PURE__ */ new Set();
  for (const family of files.families) {
    const dirAt = inRepo(join(family.dir, "x"));
    if (dirAt === null) continue;
    const dir = posix.dirname(dirAt);
    const lead = dir === "." ? "" : `${dir}/`;
    const middle = family.anyMiddle === true ? "*" : "[0-9]*";
    const name = `${escapeGlob(family.before)}${middle}${escapeGlob(family.after)}`;
    const glob = `${escapeGlob(lead)}${name}`;
    if (seen.has(glob)) continue;
    seen.add(glob);
    add(null, glob, `/${escapeGlob(lead)}${name.replace(/ $/, "\\ ")}`);
  }
  return view;
}

export { EVENT_LOG_VERSION as E, FAILURE_KINDS as F, HarnessFileError as H, INIT_LOG as I, METRIC_STORAGE as M, PROGRESS_FILE as P, SUMMED_METRICS as S, TASK_FILE as T, processIdentity as a, EVENT_NAMES as b, SESSION_OUTCOMES as c, describeCause as d, eventLineSchema as e, fatalWriteKind as f, harnessGitView as g, harnessFiles as h, emptyMetrics as i, inFamily as j, lenientLineSchema as l, namingFile as n, processAlive as p, sameProcessAlive as s };
