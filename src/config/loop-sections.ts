// The sections of the loop itself: [session] (iterations, files, budgets), [watchdog], [retry], [backoff],
// [progress], [shutdown], [hooks], [prompt], [output], [commit_detection] and [rate_limit].
import { z } from 'zod';
import {
  minutes,
  nonNegativeInt,
  pathString,
  positiveInt,
  positiveMinutes,
  positiveSeconds,
  seconds,
} from './value-kinds.js';

export const sessionSection = z
  .object({
    max_iterations: positiveInt('Iterations to run before the loop ends').default(25),
    prompt_file: pathString('Prompt file, read afresh before every session').default('PROMPT.md'),
    output_dir: pathString('Directory for session transcripts').default('.'),
    output_prefix: pathString('Transcript file name prefix: <prefix>-<global>.jsonl').default(
      'claude-iteration',
    ),
    counter_file: pathString('File holding the global iteration counter').default('.iteration_counter'),
    status_file: pathString(
      'Status file, replaced atomically before everything that waits (the agent, a hook, a backoff) and at the end',
    ).default('harness.status'),
    time_budget_mins: positiveMinutes(
      'Stop before this much wall time has passed: no session starts that could not finish in it',
    ).optional(),
    max_cost_usd: z
      .number()
      .finite()
      .positive()
      .describe(
        "The run's budget in US dollars: no session starts once the run's sessions cost this much (exit 14); unset: none",
      )
      .optional(),
    max_tokens: positiveInt(
      "The run's budget in tokens (input + output): no session starts once the run's sessions used this many (exit 14); unset: none",
    ).optional(),
  })
  .strict()
  .prefault({});

export const watchdogSection = z
  .object({
    check_interval_secs: seconds('How often a stale-output warning is logged').default(60),
    stale_timeout_mins: positiveMinutes(
      'Kill the session after this long without output growth (fractions allowed)',
    ).default(20),
    min_output_bytes: nonNegativeInt(
      'A text-format session with less output than this is empty and retried (structured formats: no model output)',
    ).default(100),
    result_grace_secs: seconds('End an agent still alive this long after its final result event').default(30),
    kill_grace_secs: seconds('Seconds between SIGTERM and SIGKILL when ending a session').default(5),
  })
  .strict()
  .prefault({});

export const retrySection = z
  .object({
    max_empty_retries: nonNegativeInt('Retries of an empty session before the iteration is skipped').default(
      2,
    ),
    retry_delay_secs: seconds('Delay before retrying an empty session').default(5),
    max_consecutive_failures: positiveInt(
      'Exit (code 10) after this many failed sessions in a row (overload, server errors, crashes)',
    ).default(3),
  })
  .strict()
  .prefault({});

export const backoffSection = z
  .object({
    initial_delay_secs: seconds('Delay between iterations; base of the rate-limit backoff').default(2),
    max_delay_secs: seconds('Cap on the exponential rate-limit backoff').default(600),
    max_consecutive_rate_limits: positiveInt('Exit (code 3) after this many rate limits in a row').default(5),
    max_wait_mins: minutes(
      "Never sleep longer than this for a limit's reset: stop instead (stop reason rate_limited, code 3; the Action succeeds), and a later start before the reset exits at once. Unset: no limit locally, 10 in the Action",
    ).optional(),
  })
  .strict()
  .prefault({});

export const progressSection = z
  .object({
    max_idle_sessions: nonNegativeInt(
      "Stop (code 19) after this many completed sessions in a row that changed nothing: no new commit on any branch, no change to the work tree outside the harness's files, no task done; in review mode a task whose develop sessions changed nothing this many tries in a row goes to a human instead; 0 turns the check off",
    ).default(3),
  })
  .strict()
  .prefault({});

export const shutdownSection = z
  .object({
    stop_file: pathString('Touch this file to stop after the current session').default('STOP'),
    force_window_secs: seconds('A second SIGINT within this window kills the session at once').default(3),
  })
  .strict()
  .prefault({});

export const hooksSection = z
  .object({
    pre_session: z.array(z.string()).describe('Shell commands run before each session').default([]),
    post_session: z.array(z.string()).describe('Shell commands run after each non-empty session').default([]),
    timeout_secs: positiveSeconds('A hook running longer than this is killed').default(600),
    max_consecutive_pre_failures: positiveInt(
      'End the loop (code 4) after this many pre-session hook failures in a row',
    ).default(3),
  })
  .strict()
  .prefault({});

export const promptSection = z
  .object({
    file: pathString('Prompt file; overrides session.prompt_file').optional(),
    prepend_commands: z
      .array(z.string())
      .describe('Commands whose output is prepended to the prompt, separated by ---')
      .default([]),
  })
  .strict()
  .prefault({});

export const outputSection = z
  .object({
    event_log: z
      .string()
      .describe('JSONL event log; empty string disables it')
      .default('harness-events.jsonl'),
    git_exclude: z
      .boolean()
      .describe(
        "Keep the harness's files out of the agent's git in a plain loop: their patterns go into .git/info/exclude (a marked block); false: the plain loop removes its block and writes none (task and review mode always write theirs)",
      )
      .default(true),
  })
  .strict()
  .prefault({});

export const commitDetectionSection = z
  .object({
    patterns: z
      .array(z.string())
      .describe(
        'Regexes matched only in what the agent did or said; in git only a new commit counts and a match alone is weaker evidence; a leading (?i) makes one case-insensitive',
      )
      .default(['bd-finish', '(?i)git commit', '(?i)\\bcommitted\\b']),
  })
  .strict()
  .prefault({});

export const rateLimitSection = z
  .object({
    patterns: z
      .array(z.string())
      .describe('Extra regexes matched against the final result of a failed session')
      .default([]),
    max_wait_secs: seconds('Longest wait for a known rate-limit reset time').default(21600),
  })
  .strict()
  .prefault({});
