// The single source of truth for configuration: defaults, types, documentation and the JSON Schema all come
// from here. Every object is strict so a misspelt key is an error, never a silently ignored setting.
import { z } from 'zod';

/** Node's timers hold at most 2^31-1 ms; a longer wait silently becomes 1 ms, so longer durations are refused. */
export const TIMER_LIMIT_MS = 2 ** 31 - 1;
export const MAX_TIMER_SECS = Math.floor(TIMER_LIMIT_MS / 1000);
export const MAX_TIMER_MINS = Math.floor(TIMER_LIMIT_MS / 60_000);
/** Why a duration has an upper bound; shown after the bound in the error. */
export const TIMER_LIMIT_REASON = 'the longest a timer can wait: 2^31-1 ms, about 24.8 days';

const seconds = (description: string) =>
  z.number().finite().nonnegative().max(MAX_TIMER_SECS, TIMER_LIMIT_REASON).describe(description);
const positiveSeconds = (description: string) =>
  z.number().finite().positive().max(MAX_TIMER_SECS, TIMER_LIMIT_REASON).describe(description);
const positiveMinutes = (description: string) =>
  z.number().finite().positive().max(MAX_TIMER_MINS, TIMER_LIMIT_REASON).describe(description);
const positiveInt = (description: string) => z.number().int().positive().describe(description);
const nonNegativeInt = (description: string) => z.number().int().nonnegative().describe(description);
const pathString = (description: string) => z.string().min(1, 'must not be empty').describe(description);

export const AGENT_FORMATS = ['claude', 'codex', 'gemini', 'text'] as const;
export const PROMPT_VIA = ['arg', 'stdin', 'file'] as const;

export const DEFAULT_AGENT_ARGS = [
  '-p',
  '{prompt}',
  '--dangerously-skip-permissions',
  '--verbose',
  '--output-format',
  'stream-json',
];

const session = z
  .object({
    max_iterations: positiveInt('Iterations to run before the loop ends').default(25),
    prompt_file: pathString('Prompt file, read afresh before every session').default('PROMPT.md'),
    output_dir: pathString('Directory for session transcripts').default('.'),
    output_prefix: pathString('Transcript file name prefix: <prefix>-<global>.jsonl').default(
      'claude-iteration',
    ),
    counter_file: pathString('File holding the global iteration counter').default('.iteration_counter'),
    status_file: pathString('Status file, rewritten atomically on every state change').default(
      'harness.status',
    ),
    time_budget_mins: positiveMinutes(
      'Stop before this much wall time has passed: no session starts that could not finish in it',
    ).optional(),
  })
  .strict()
  .prefault({});

const agent = z
  .object({
    command: pathString('Agent executable (looked up on PATH)').default('claude'),
    args: z
      .array(z.string())
      .describe('Arguments; {prompt} becomes the prompt (prompt_via=arg), {prompt_file} its path')
      .default(DEFAULT_AGENT_ARGS),
    prompt_via: z
      .enum(PROMPT_VIA)
      .describe('How the prompt reaches the agent: an argument, standard input, or a file')
      .default('arg'),
    env: z
      .record(z.string(), z.string())
      .describe('Extra environment variables for the agent (CLAUDECODE is always removed)')
      .default({}),
    format: z.enum(AGENT_FORMATS).describe('Transcript format the agent prints').default('claude'),
  })
  .strict()
  .prefault({});

const watchdog = z
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

const retry = z
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

const backoff = z
  .object({
    initial_delay_secs: seconds('Delay between iterations; base of the rate-limit backoff').default(2),
    max_delay_secs: seconds('Cap on the exponential rate-limit backoff').default(600),
    max_consecutive_rate_limits: positiveInt('Exit (code 3) after this many rate limits in a row').default(5),
  })
  .strict()
  .prefault({});

const shutdown = z
  .object({
    stop_file: pathString('Touch this file to stop after the current session').default('STOP'),
    force_window_secs: seconds('A second SIGINT within this window kills the session at once').default(3),
  })
  .strict()
  .prefault({});

const hooks = z
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

const prompt = z
  .object({
    file: pathString('Prompt file; overrides session.prompt_file').optional(),
    prepend_commands: z
      .array(z.string())
      .describe('Commands whose output is prepended to the prompt, separated by ---')
      .default([]),
  })
  .strict()
  .prefault({});

const output = z
  .object({
    event_log: z
      .string()
      .describe('JSONL event log; empty string disables it')
      .default('harness-events.jsonl'),
  })
  .strict()
  .prefault({});

const commitDetection = z
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

const rateLimit = z
  .object({
    patterns: z
      .array(z.string())
      .describe('Extra regexes matched against the final result of a failed session')
      .default([]),
    max_wait_secs: seconds('Longest wait for a known rate-limit reset time').default(21600),
  })
  .strict()
  .prefault({});

export const configSchema = z
  .object({
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
  })
  .strict();

export type Config = z.output<typeof configSchema>;
export type ConfigInput = z.input<typeof configSchema>;
export type AgentFormat = (typeof AGENT_FORMATS)[number];
