const table = {
  ok: { code: 0, meaning: "done, or stopped on request" },
  failure: { code: 1, meaning: "runtime failure" },
  usage: { code: 2, meaning: "configuration or usage error (nothing started or written)" },
  rateLimited: {
    code: 3,
    meaning: "rate limits exhausted, or a limit resets later than `backoff.max_wait_mins` (no agent waits for it)"
  },
  preHooks: { code: 4, meaning: "pre-session hooks kept failing" },
  alreadyRunning: { code: 5, meaning: "another harness is running in this directory" },
  taskEnvironment: {
    code: 6,
    meaning: "task mode: the task environment is broken (harness-init.sh, a missing validation binary)"
  },
  agentNotStarted: {
    code: 7,
    meaning: "the agent could not be started (or its prompt cannot be its argument)"
  },
  writeFailed: { code: 8, meaning: "a file could not be written (disk full, I/O error)" },
  agentFatal: { code: 9, meaning: "the agent failed fatally (credentials, billing, unknown model)" },
  failuresExhausted: { code: 10, meaning: "`retry.max_consecutive_failures` failed sessions in a row" },
  planInvalid: {
    code: 11,
    meaning: "review mode: a plan file, mistakes file or id under `.harness/plans/` is invalid (each problem is named)"
  },
  costBudget: {
    code: 12,
    meaning: "review mode: the plan's spend reached `review.max_cost_usd` (no session starts over budget)"
  },
  needsHuman: {
    code: 13,
    meaning: "review mode: a task used all its tries and waits for a human (its last review and gate output shown)"
  },
  budget: {
    code: 14,
    meaning: "the run's budget is spent: `session.max_cost_usd` or `session.max_tokens` (no session starts over it)"
  },
  metricsDb: {
    code: 15,
    meaning: "the metrics database cannot be used: unreadable, corrupt, not a metrics database, or written by a newer agent-harness"
  },
  modelUnreachable: {
    code: 16,
    meaning: "worker: the model cannot be reached or refuses every request (connection, timeout, HTTP error, a failing llm.command)"
  },
  workerState: {
    code: 17,
    meaning: "worker: a task directory cannot be used: task.json or state.json missing or corrupt (each problem named; nothing is overwritten)"
  },
  inputFile: {
    code: 18,
    meaning: "a file the harness reads (prompt, config, task list, plan, task.json, a state file) is a FIFO, a device, a directory or larger than its cap: refused unread, its path named"
  },
  noProgress: {
    code: 19,
    meaning: "`progress.max_idle_sessions` completed sessions in a row changed nothing (no commit, no file, no task done)"
  },
  tasksUnfinished: {
    code: 20,
    meaning: "a task did not complete: in task mode, tasks failed for good and no task can run (`no_eligible_tasks`); `worker supervise`: failed, given up, held elsewhere or stopped"
  },
  forced: { code: 130, meaning: "forced interrupt (second SIGINT)" }
};
const EXIT = Object.fromEntries(Object.entries(table).map(([name, entry]) => [name, entry.code]));
Object.entries(table).map(([name, entry]) => ({ name, ...entry })).sort((a, b) => a.code - b.code);
class HarnessError extends Error {
  constructor(message, exitCode, options) {
    super(message, options);
    this.exitCode = exitCode;
  }
  exitCode;
}
class LoopError extends HarnessError {
  constructor(message, exitCode, reason = "failed") {
    super(message, exitCode);
    this.reason = reason;
  }
  reason;
  name = "LoopError";
}

export { EXIT as E, HarnessError as H, LoopError as L };
