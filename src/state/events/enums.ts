// The closed sets of values the event log's fields take, defined once: the event schemas, the loop that writes
// them and the readers (the job summary, the history) all use these. Adding a value changes the log's format
// version (see version.ts).
import { PHASES } from '../../config/index.js';

/** What a session was: `session_complete.outcome`. */
export const SESSION_OUTCOMES = ['productive', 'empty', 'rate_limited', 'failed', 'cancelled'] as const;
export type SessionOutcome = (typeof SESSION_OUTCOMES)[number];

/** How the agent's process ended: `session_complete.end_reason`. */
export const SESSION_END_REASONS = ['exited', 'watchdog', 'result_grace', 'forced', 'spawn_error'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** Transient (retried after a backoff), fatal (ends the loop) or error (retried, not recognised as either). */
export const FAILURE_KINDS = ['transient', 'fatal', 'error'] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

/** Why a session failed. */
export const FAILURE_REASONS = [
  'overloaded',
  'server_error',
  'network',
  'stream_disconnected',
  'stalled',
  'authentication',
  'billing',
  'model_not_found',
  'untrusted_folder',
  'bad_auth_choice',
  'agent_refused',
  'crash',
  'error_result',
] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** Where the evidence of a failure came from. */
export const FAILURE_SOURCES = [
  'api_status',
  'error_event',
  'result',
  'stderr',
  'exit_code',
  'watchdog',
] as const;
export type FailureSource = (typeof FAILURE_SOURCES)[number];

/** Where the evidence of a rate limit came from. */
export const RATE_LIMIT_SOURCES = ['api_status', 'rate_limit_event', 'usage_text', 'pattern'] as const;
export type RateLimitSource = (typeof RATE_LIMIT_SOURCES)[number];

/** How a rate-limit wait was chosen: the reset time the agent reported, or the exponential backoff. */
export const WAIT_BASES = ['reset_time', 'backoff'] as const;

/** What showed that a session committed (see docs/loop.md, commit detection). */
export const COMMIT_EVIDENCE = ['pattern+head', 'pattern+branch', 'head', 'branch', 'pattern'] as const;

/** Why the watchdog ended an agent: silence (`watchdog`) or lingering after its final result. */
export const WATCHDOG_KILL_REASONS = ['watchdog', 'result_grace'] as const;

/** Which hooks failed. */
export const HOOK_PHASES = ['pre_session', 'post_session'] as const;

/** How a process group was ended: already gone, SIGTERM sufficed, or SIGKILL. */
export const ENDED_WITH = ['gone', 'term', 'kill'] as const;

/**
 * Why the loop stopped (`loop_end.reason`) or was asked to (`stop_requested.reason`). An open set: a home adds
 * stop sources of its own (`stop_label`) and a driver its stops (the task list's), so readers must accept any
 * string; these are the values written today.
 */
export const KNOWN_STOP_REASONS = [
  'completed',
  'stopped',
  'stop_file',
  'stop_label',
  'sigint',
  'sigterm',
  'sighup',
  'forced',
  'cancelled',
  'time_budget',
  'pre_hook_failures',
  'rate_limits_exhausted',
  'agent_fatal',
  'failures_exhausted',
  'write_failed',
  // a file the harness reads (the prompt file) is a FIFO, a device, a directory or larger than its cap
  'input_refused',
  'failed',
  'agent_not_started',
  'tasks_done',
  'no_eligible_tasks',
  'max_sessions',
  'max_tasks_per_session',
  'env_setup',
  'interrupted',
  // the run's budget (session.max_cost_usd, session.max_tokens) is spent
  'budget',
  // progress.max_idle_sessions completed sessions in a row changed nothing
  'no_progress',
  // a limit resets later than backoff.max_wait_mins: the run stopped instead of waiting (status resume_after)
  'rate_limited',
  // review mode (docs/review.md): a phase's one session ended, the plan is made, every task is done, a task waits
  // for a human, the plan's spend reached review.max_cost_usd, no task can start, the plan is malformed
  'phase_done',
  'plan_done',
  'needs_human',
  'cost_budget',
  'blocked',
  'plan_invalid',
  // a worker task handed to every session (the Action's worker-task) is completed or failed
  'worker_done',
] as const;
export type KnownStopReason = (typeof KNOWN_STOP_REASONS)[number];

/** A task's validation failure category (the task list's `[CATEGORY]`). */
export const TASK_ERROR_CATEGORIES = [
  'ENV_SETUP',
  'TASK_EXEC',
  'TEST_FAIL',
  'TIMEOUT',
  'DEPENDENCY',
  'SESSION_TIMEOUT',
] as const;

/** What the start-up recovery did with a task a dead session left in progress. */
export const TASK_RECOVERY_OUTCOMES = ['completed', 'failed', 'resume', 'interrupted'] as const;

/** Which phase of the review cycle a session ran: `session_complete.phase` (the config's agent tables). */
export const SESSION_PHASES = PHASES;

/** What the harness read from a review: its `Result:` line, or that it did not parse or was not written. */
export const REVIEW_VERDICTS = ['PASS', 'FAIL', 'invalid', 'missing'] as const;

/** What the harness decided after a try: the task is done, tried again, or waits for a human. */
export const REVIEW_DECISIONS = ['done', 'retry', 'escalate'] as const;

/** The gate's scripts, in the order they run. */
export const GATE_STEPS = ['build.sh', 'verify.sh'] as const;

/** How a gate script differs from the one the gate accepted. */
export const GATE_SCRIPT_CHANGES = ['content', 'exec bit', 'deleted', 'replaced'] as const;

/** Where the harness found files an agent may not write had changed: after a session, or at a loop's start. */
export const TAMPERED_PHASES = ['develop', 'review', 'loop'] as const;

/** What a session did to a file it may not write. */
export const OWNED_FILE_CHANGES = ['created', 'changed', 'deleted'] as const;
