// The events of one session and what the loop decided after it: complete, retried, skipped, rate limited,
// failed, or ended by the watchdog.
import { z } from 'zod';
import {
  COMMIT_EVIDENCE,
  FAILURE_KINDS,
  FAILURE_REASONS,
  FAILURE_SOURCES,
  RATE_LIMIT_SOURCES,
  SESSION_END_REASONS,
  SESSION_OUTCOMES,
  SESSION_PHASES,
  WAIT_BASES,
  WATCHDOG_KILL_REASONS,
} from './enums.js';
import { bool, count, defineEvent, global, int, iteration, num, oneOf, str } from './fields.js';
import { sessionMetricsShape as METRICS } from '../../session/index.js';

export const sessionComplete = defineEvent(
  'session_complete',
  'A session has ended and been classified. Every session has one, empty and rate-limited ones included.',
  {
    iteration: iteration(),
    global: global(),
    output_bytes: count('bytes the agent wrote to its transcript'),
    exit_code: int("the agent's exit code as hooks see it: 124 after a watchdog kill, 128+n after signal n"),
    duration_secs: num('wall time of the session, in seconds'),
    committed: bool('the session committed (see commit detection in docs/loop.md)'),
    retries: count('empty sessions retried before this one in the same iteration'),
    rate_limited: bool('`outcome` is `rate_limited`'),
    outcome: oneOf(SESSION_OUTCOMES, 'what the session was'),
    decided_by: str('the evidence that decided the outcome (see classification in docs/loop.md)'),
    failure_kind: z.enum(FAILURE_KINDS).nullable().describe('for a failed session: its kind'),
    failure_reason: z.enum(FAILURE_REASONS).nullable().describe('for a failed session: why'),
    failure_source: z.enum(FAILURE_SOURCES).nullable().describe('for a failed session: where it showed'),
    failure_detail: z
      .string()
      .nullable()
      .describe('for a failed session: the line that showed it, shortened'),
    model_output: z
      .boolean()
      .nullable()
      .describe('the model produced something; null for formats without structure (text)'),
    end_reason: oneOf(SESSION_END_REASONS, "how the agent's process ended"),
    output_file: str('the transcript'),
    result_error: z
      .boolean()
      .nullable()
      .describe("the agent's final result reports an error; null without a final result"),
    rate_limit_source: z.enum(RATE_LIMIT_SOURCES).nullable().describe('where a rate limit showed'),
    rate_limit_resets_at: z
      .string()
      .nullable()
      .describe('when the rate limit resets (ISO 8601), if the agent said'),
    turns: METRICS.turns,
    // Added with session history (issue 11): optional, so event logs written before still read as valid.
    narration_turns: METRICS.narration_turns.optional(),
    parallel_turns: METRICS.parallel_turns.optional(),
    cache_read_tokens: METRICS.cache_read_tokens.optional(),
    cache_write_tokens: METRICS.cache_write_tokens.optional(),
    model: METRICS.model.optional(),
    tool_calls: METRICS.tool_calls,
    input_tokens: METRICS.input_tokens,
    output_tokens: METRICS.output_tokens,
    cost_usd: METRICS.cost_usd,
    agent_duration_ms: METRICS.agent_duration_ms,
    task_id: str('the task the iteration worked on (task list mode, review mode)').optional(),
    plan_id: str('review mode: the plan the session worked on').optional(),
    phase: z.enum(SESSION_PHASES).optional().describe('review mode: the phase the session ran'),
    commit_evidence: z
      .enum(COMMIT_EVIDENCE)
      .nullable()
      .optional()
      .describe('what showed the commit; absent for empty and cancelled sessions'),
    commit_pattern: z
      .string()
      .nullable()
      .optional()
      .describe('the first commit pattern found in what the agent did'),
    commit_text: z
      .string()
      .nullable()
      .optional()
      .describe("the agent's words the pattern matched, shortened"),
    commit_branches: z.array(z.string()).optional().describe('local branches that moved to a new commit'),
    head_before: z.string().nullable().optional().describe('HEAD before the session; null outside git'),
    head_after: z.string().nullable().optional().describe('HEAD after the session; null outside git'),
    changed: z
      .boolean()
      .nullable()
      .optional()
      .describe(
        "the session committed or changed a file of the user's (the harness's own left out); null outside git: see progress.max_idle_sessions",
      ),
  },
);

export const emptyRetry = defineEvent('empty_retry', 'An empty session; the same iteration runs again.', {
  iteration: iteration(),
  global: global(),
  retry: count('this retry, from 1 (up to `retry.max_empty_retries`)'),
  output_bytes: count('bytes the empty session wrote'),
});

export const iterationSkipped = defineEvent(
  'iteration_skipped',
  'The iteration is given up after `retry.max_empty_retries` empty sessions.',
  {
    iteration: iteration(),
    global: global(),
    reason: z.literal('empty').describe('why: every session was empty'),
    retries: count('retries made'),
  },
);

export const rateLimited = defineEvent(
  'rate_limited',
  'A rate-limited session: the loop waits, or stops after `backoff.max_consecutive_rate_limits`.',
  {
    iteration: iteration(),
    global: global(),
    consecutive: count('rate-limited sessions in a row'),
    source: z.enum(RATE_LIMIT_SOURCES).nullable().describe('where the limit showed'),
    resets_at: z
      .string()
      .nullable()
      .optional()
      .describe('when the limit resets (ISO 8601), if the agent said; absent when the loop stops'),
    wait_ms: num('how long the loop waits before the next session; 0 when it stops'),
    basis: z.enum(WAIT_BASES).optional().describe('how the wait was chosen; absent when the loop stops'),
  },
);

export const sessionFailed = defineEvent(
  'session_failed',
  'A failed session: retried after a backoff, or the loop stops (fatal, or too many in a row).',
  {
    iteration: iteration(),
    global: global(),
    consecutive: count('failed sessions in a row'),
    kind: oneOf(FAILURE_KINDS, 'transient, fatal or error'),
    reason: oneOf(FAILURE_REASONS, 'why it failed'),
    source: oneOf(FAILURE_SOURCES, 'where the failure showed'),
    detail: str('the line that showed it, shortened'),
    wait_ms: num('the backoff before the next session; 0 when the loop stops'),
    fix: str('for a fatal failure: what a person has to do').optional(),
  },
);

export const watchdogKill = defineEvent(
  'watchdog_kill',
  'The watchdog ended the agent: silent too long, or lingering after its final result.',
  {
    reason: oneOf(WATCHDOG_KILL_REASONS, 'silence (`watchdog`) or lingering (`result_grace`)'),
    iteration: iteration(),
    global: global(),
    after_ms: num('how long the agent had been silent or had lingered, in milliseconds'),
  },
);

export const workKept = defineEvent(
  'work_kept',
  "A stop or the watchdog interrupted the session: the agent's uncommitted changes were saved as a commit on a ref " +
    "of the harness's own, the user's branch, HEAD and index untouched (see interrupted work in docs/loop.md).",
  {
    iteration: iteration(),
    global: global(),
    reason: str(
      'what interrupted the session: a stop reason (`time_budget`, `cancelled`, `forced`) or `watchdog`',
    ),
    ref: str('the ref holding the work: `refs/agent-harness/wip/<run>-<global>`'),
    commit: str("the commit's hash"),
  },
);

export const SESSION_EVENTS = [
  sessionComplete,
  emptyRetry,
  iterationSkipped,
  rateLimited,
  sessionFailed,
  watchdogKill,
  workKept,
] as const;
