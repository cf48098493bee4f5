// Pure decisions: what a finished session was, and how long to wait after it.
import type { FailureInfo, FailureReason, TranscriptVerdict } from '../agents/index.js';
import type { EndReason } from './session.js';

export type Outcome = 'productive' | 'empty' | 'rate_limited' | 'failed' | 'cancelled';

/** What a session was, and which evidence decided it (the `decided_by` of `session_complete`). */
export interface OutcomeDecision {
  outcome: Outcome;
  /**
   * `forced`, `result`, the rate limit's source (`api_status`, `rate_limit_event`, `usage_text`, `pattern`),
   * `failure:<source>`, `no_model_output`, `output_bytes`, or `output`.
   */
  decided_by: string;
  /** Set when the outcome is `failed`. */
  failure: FailureInfo | null;
}

/**
 * One outcome model for every format. The order matters: a successful final result wins over any limit talk; a
 * limit or a failure is recognised before emptiness, so a short limit message is never "empty"; a structured
 * transcript is empty when the model produced nothing and the agent ended cleanly, whatever its byte count.
 */
export function classifyOutcome(input: {
  endReason: EndReason;
  outputBytes: number;
  minOutputBytes: number;
  verdict: TranscriptVerdict;
  /** The agent's own exit code (null when a signal ended it); undefined when not known. */
  exitCode?: number | null;
}): OutcomeDecision {
  const { verdict } = input;
  const decide = (outcome: Outcome, decided_by: string, failure: FailureInfo | null = null) => ({
    outcome,
    decided_by,
    failure,
  });
  if (input.endReason === 'forced') return decide('cancelled', 'forced');
  // A session whose final result succeeded is never rate limited, whatever it talked about.
  if (verdict.final && verdict.is_error === false && verdict.model_output !== false)
    return decide('productive', 'result');
  if (verdict.rate_limit) return decide('rate_limited', verdict.rate_limit.source);
  if (verdict.failure) return decide('failed', `failure:${verdict.failure.source}`, verdict.failure);
  const structured = verdict.model_output !== null;
  // A structured agent that ended without a final result failed, whether or not the model had said anything:
  // stalled until the watchdog ended it, or exited non-zero by itself (a crash, a stack trace). Only an agent
  // that ended cleanly with nothing from the model is empty.
  if (structured && !verdict.final) {
    if (input.endReason === 'watchdog') {
      const failure: FailureInfo = {
        kind: 'transient',
        reason: 'stalled',
        source: 'watchdog',
        detail: 'the agent wrote nothing for watchdog.stale_timeout_mins and gave no final result',
      };
      return decide('failed', 'failure:watchdog', failure);
    }
    if (input.endReason === 'exited' && input.exitCode !== undefined && input.exitCode !== 0) {
      const code = input.exitCode === null ? 'a signal' : `code ${input.exitCode}`;
      const failure: FailureInfo = {
        kind: 'error',
        reason: 'crash',
        source: 'exit_code',
        detail: verdict.notice ?? `the agent exited with ${code} and no final result`,
      };
      return decide('failed', 'failure:exit_code', failure);
    }
  }
  if (structured && verdict.model_output === false) return decide('empty', 'no_model_output');
  if (!structured && input.outputBytes < input.minOutputBytes) return decide('empty', 'output_bytes');
  return decide('productive', 'output');
}

/** A subscription login's token (Claude Code's CLAUDE_CODE_OAUTH_TOKEN, a CLI's cached login) expired or was revoked. */
/** Claude Code as root (uid 0) with --dangerously-skip-permissions: it exits 1 unless IS_SANDBOX=1. */
const ROOT_SKIP_PERMISSIONS = /--dangerously-skip-permissions cannot be used with root/i;
const OAUTH_EXPIRED = /\bOAuth token\b|access token could not be refreshed|refresh token|\binvalid_grant\b/i;

/**
 * What a person has to do about a fatal failure, by its reason and what the agent said: the loop's last message
 * says it.
 */
export function fatalAdvice(reason: FailureReason, detail = ''): string {
  switch (reason) {
    case 'authentication':
      return OAUTH_EXPIRED.test(detail)
        ? "the agent's subscription login expired or was revoked: for Claude Code make a new token with `claude setup-token` and put it where CLAUDE_CODE_OAUTH_TOKEN comes from (the repository's secret in the Action), or log the CLI in again"
        : "the agent's credentials were refused: check its API key or log in again";
    case 'billing':
      return "the agent's account cannot pay for more requests: add credits or check the plan";
    case 'model_not_found':
      return 'the model the agent asked for does not exist or is not available: check the model name in agent.args';
    case 'untrusted_folder':
      return 'the agent will not work in an untrusted folder: trust the working directory in the agent first';
    case 'bad_auth_choice':
      return "the agent's authentication setting is not usable here: choose an auth method that works non-interactively";
    case 'agent_refused':
      return ROOT_SKIP_PERMISSIONS.test(detail)
        ? 'Claude Code refuses --dangerously-skip-permissions when run as root (containers usually run as root): ' +
            'on a disposable container or VM, set IS_SANDBOX=1 for the agent (agent.env: { IS_SANDBOX: "1" } in ' +
            'the config, or export it before agent-harness); otherwise run the harness as a non-root user, or set ' +
            'agent.isolation = "user" so the agent runs as a user of its own'
        : 'the agent refused to start: run it by hand in the working directory to see why';
    default:
      return 'the agent cannot go on until a person acts';
  }
}

/** The seed's backoff: initial * 2^consecutive, capped. `consecutive` counts the limit just seen. */
export function backoffMs(consecutive: number, initialSecs: number, maxSecs: number): number {
  const secs = initialSecs * 2 ** Math.min(consecutive, 40);
  return Math.round(Math.min(secs, maxSecs) * 1000);
}

export interface RateLimitWait {
  delayMs: number;
  basis: 'reset_time' | 'backoff';
}

/** A known reset time beats blind backoff: wait until it (a second past), at most `maxWaitSecs`. */
export function rateLimitWait(input: {
  consecutive: number;
  initialSecs: number;
  maxDelaySecs: number;
  maxWaitSecs: number;
  resetsAtMs: number | null;
  nowMs: number;
}): RateLimitWait {
  if (input.resetsAtMs !== null && input.resetsAtMs > input.nowMs) {
    const untilReset = input.resetsAtMs - input.nowMs + 1000;
    return { delayMs: Math.min(untilReset, Math.round(input.maxWaitSecs * 1000)), basis: 'reset_time' };
  }
  return { delayMs: backoffMs(input.consecutive, input.initialSecs, input.maxDelaySecs), basis: 'backoff' };
}

/** The longest single sleep of a wait for a reset time: on waking the wall clock is read again. */
export const RESET_RECHECK_MS = 30_000;

/**
 * What is left of a wait for a rate limit's reset. The wait was converted once into a monotonic deadline, so it
 * never lasts longer than first computed whatever the date does; the reset itself is a wall-clock instant (a
 * second past it, as `rateLimitWait`), so a wall clock stepped forward ends the wait as soon as that has passed.
 */
export function resetWaitLeftMs(input: {
  deadlineMono: number;
  nowMono: number;
  resetsAtMs: number | null;
  nowMs: number;
}): number {
  const byMonotonic = input.deadlineMono - input.nowMono;
  const byWall = input.resetsAtMs === null ? Infinity : input.resetsAtMs + 1000 - input.nowMs;
  return Math.max(0, Math.min(byMonotonic, byWall));
}
