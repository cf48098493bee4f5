// Pure mappings from how the loop ended to what GitHub shows: the commit status, and whether the step fails.
import type { Budget } from '../../loop/index.js';
import type { KnownStopReason } from '../../state/events/index.js';
import type { CommitState } from './forge.js';

/** Every stop reason the loop writes, and the Action's two that end the step before it, in words. */
const STOP_WORDS: Record<KnownStopReason | 'refused' | 'not_triggered', string> = {
  completed: 'completed',
  stop_file: 'stopped by the STOP file',
  stop_label: 'stopped by the STOP label',
  sigint: 'interrupted',
  sigterm: 'terminated',
  sighup: 'the terminal closed',
  time_budget: 'time budget reached',
  rate_limits_exhausted: 'rate limits exhausted',
  pre_hook_failures: 'pre-session hooks kept failing',
  agent_fatal: 'the agent failed fatally (credentials, billing or model)',
  failures_exhausted: 'too many failed sessions in a row',
  cancelled: 'cancelled',
  forced: 'forced stop',
  refused: 'refused: untrusted trigger',
  not_triggered: 'not triggered',
  failed: 'failed',
  agent_not_started: 'the agent could not be started',
  write_failed: 'a harness file could not be written',
  input_refused: 'a file the harness reads is not a regular file, or too large',
  tasks_done: 'all tasks done',
  no_eligible_tasks: 'no task can run (the rest failed or are blocked)',
  max_tasks_per_session: 'max_tasks_per_session reached',
  max_sessions: 'max_sessions reached',
  env_setup: 'task environment broken (ENV_SETUP)',
  interrupted: 'interrupted while the task list was opened',
  stopped: 'stopped',
  budget: "the run's budget (session.max_cost_usd or session.max_tokens) is spent",
  no_progress: 'sessions in a row changed nothing (progress.max_idle_sessions)',
  rate_limited: "waiting for a limit's reset (backoff.max_wait_mins)",
  phase_done: 'the phase session ended',
  plan_done: 'every task of the plan is done',
  needs_human: 'a task waits for a human',
  cost_budget: 'cost budget (review.max_cost_usd) reached',
  blocked: 'no task of the plan can start',
  plan_invalid: 'the plan is still invalid after its corrective session',
  worker_done: 'the worker task is completed or failed',
};

export function describeStop(reason: string): string {
  return (STOP_WORDS as Record<string, string | undefined>)[reason] ?? reason.replace(/_/g, ' ');
}

export function finalCommitStatus(input: {
  stopReason: string;
  exitCode: number;
  productive: number;
  iteration: number;
  maxIterations: number;
  resumeAfter?: string | null;
}): { state: CommitState; description: string } {
  const progress = `${input.productive} productive, iteration ${input.iteration}/${input.maxIterations}`;
  if (input.stopReason === 'cancelled')
    return { state: 'error', description: `cancelled at iteration ${input.iteration}` };
  if (input.stopReason === 'rate_limited')
    return {
      state: 'pending',
      description: `waiting for the limit to reset${input.resumeAfter ? ` at ${input.resumeAfter}` : ''}: ${progress}`,
    };
  if (input.exitCode === 0)
    return { state: 'success', description: `${describeStop(input.stopReason)}: ${progress}` };
  return { state: 'failure', description: `${describeStop(input.stopReason)}: ${progress}` };
}

/** Whether the step should be marked failed: errors and exhausted limits fail; requested stops do not. */
export function stepFails(stopReason: string, exitCode: number): boolean {
  if (stopReason === 'cancelled') return false; // the runner marks the step cancelled itself
  // A limit's reset the run stopped for instead of a paid wait: the next run continues (output resume-after).
  if (stopReason === 'rate_limited') return false;
  return exitCode !== 0;
}

/** The most of a job's time kept for post (cache save, upload, summary): 2 minutes, or a fifth of a short budget. */
export const POST_RESERVE_MAX_MS = 120_000;

export function actionBudget(
  minutes: number,
  /** A monotonic reading (Clock.monotonic), as the budget's deadline is one. */
  startedMs: number,
  killGraceSecs: number,
  longestSessionMs: number,
): Budget {
  const totalMs = minutes * 60_000;
  return {
    deadlineMs: startedMs + totalMs - Math.min(POST_RESERVE_MAX_MS, totalMs * 0.2),
    graceMs: killGraceSecs * 1000,
    estimateMs: longestSessionMs,
  };
}
