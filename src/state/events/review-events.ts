// Review mode's events (docs/review.md): per task and try, the gate's result, the verdict read from the review and
// what the harness decided; a task escalated to a human and the human's answer; and the end of a `loop` run with
// the plan's spend. Each phase's session also writes `session_complete` with `plan_id` and `phase`.
import { z } from 'zod';
import {
  GATE_SCRIPT_CHANGES,
  GATE_STEPS,
  OWNED_FILE_CHANGES,
  REVIEW_DECISIONS,
  REVIEW_VERDICTS,
  TAMPERED_PHASES,
} from './enums.js';
import { bool, count, defineEvent, int, oneOf, str } from './fields.js';

const planId = () => str('the plan: its directory under `.harness/plans/`');
const taskId = () => str("the task, as the planfile's `id`");
const tryNumber = () => z.number().int().positive().describe("the task's try, from 1");
const usd = (description: string) => z.number().finite().nonnegative().describe(description);

export const reviewGate = defineEvent(
  'review_gate',
  "A try's gate ran: build.sh, then verify.sh unless build.sh failed. On failure the review is skipped.",
  {
    plan_id: planId(),
    task_id: taskId(),
    try: tryNumber(),
    passed: bool('every script exited 0 within `review.gate_timeout_mins`'),
    failed_at: z
      .enum(GATE_STEPS)
      .nullable()
      .describe('the script that failed or timed out; null when passed'),
    steps: z
      .array(
        z.strictObject({
          script: oneOf(GATE_STEPS, 'the script'),
          exit_code: int('its exit code (124 after a timeout)'),
          timed_out: bool('it was killed at `review.gate_timeout_mins`'),
          duration_ms: count('how long it ran, in milliseconds'),
        }),
      )
      .describe('the scripts that ran, in order: `{script, exit_code, timed_out, duration_ms}`'),
    changed: z
      .array(
        z.strictObject({
          script: oneOf(GATE_STEPS, 'the script'),
          what: z.array(z.enum(GATE_SCRIPT_CHANGES)).describe('how it changed'),
        }),
      )
      .describe(
        "the scripts that are not as the gate accepted them (when the plan's first loop began, or a task passed with them): `{script, what}`; the gate refused them (no script runs after the change is seen), or ran them under `review.allow_gate_changes`",
      )
      .optional(),
  },
);

export const reviewTampered = defineEvent(
  'review_tampered',
  "An agent's session changed files it may not write (the plan's state, the reviews, the templates, the configuration), and the harness put them back; or a `loop` found tasks marked done that no try passed, and opened them again.",
  {
    plan_id: planId(),
    task_id: taskId().optional(),
    try: tryNumber().optional(),
    phase: oneOf(
      TAMPERED_PHASES,
      '`develop` (the try fails), `review` (the verdict still counts), or `loop`: found at the start of a run',
    ),
    files: z
      .array(
        z.strictObject({
          path: str('relative to the project'),
          change: oneOf(OWNED_FILE_CHANGES, 'what the session did to it'),
        }),
      )
      .describe('the files, each `{path, change}`; put back as they were'),
    reopened: z
      .array(z.string())
      .describe('for `loop`: the tasks marked done that no try passed, opened again')
      .optional(),
  },
);

export const reviewVerdict = defineEvent(
  'review_verdict',
  "The harness read the architect's review: its strict `Result: PASS|FAIL` line.",
  {
    plan_id: planId(),
    task_id: taskId(),
    try: tryNumber(),
    verdict: oneOf(
      REVIEW_VERDICTS,
      '`invalid`: no strict Result line; `missing`: the review file was not written (both fail the try)',
    ),
    file: str(
      'the review file the architect was to write, relative to the project (`reviews/TASK-TRY-review.md` in the plan)',
    ),
    error: str('for `invalid` and `missing`: what is wrong, with the line').optional(),
  },
);

export const reviewTryEnd = defineEvent(
  'review_try_end',
  'A try has ended and the harness decided what follows.',
  {
    plan_id: planId(),
    task_id: taskId(),
    try: tryNumber(),
    decision: oneOf(
      REVIEW_DECISIONS,
      '`done`: the review passed; `retry`: another try follows; `escalate`: no tries left, a human decides',
    ),
    why: str('for `retry` and `escalate`: why the try failed, in words').optional(),
    task_cost_usd: usd("the task's cost so far over every try and phase, in US dollars"),
    plan_cost_usd: usd("the plan's cost so far, planning included, in US dollars"),
  },
);

export const reviewEscalated = defineEvent(
  'review_escalated',
  'A task used all its tries and waits for a human (locally exit 13; in the Action a comment and a label).',
  {
    plan_id: planId(),
    task_id: taskId(),
    tries: count('the tries it had'),
    why: str('why its last try failed'),
  },
);

export const reviewAnswered = defineEvent(
  'review_answered',
  "A human answered an escalated task (`loop --reply`, an issue comment, or the label's removal): it resumes with the answer in its develop prompt.",
  {
    plan_id: planId(),
    task_id: taskId(),
    by: str('who answered: a login, or `local` for `loop --reply`'),
  },
);

export const reviewEnd = defineEvent('review_end', 'A `loop` run over a plan has ended.', {
  plan_id: planId(),
  reason: str(
    'why: a stop reason (`plan_done`, `needs_human`, `cost_budget`, `blocked`, or one the loop ends with)',
  ),
  exit_code: int('the exit code the run ends with'),
  tasks_done: count('tasks done'),
  tasks_total: count('tasks in the plan'),
  cost_usd: usd("the plan's cost, planning included, in US dollars"),
  input_tokens: count("the plan's input tokens"),
  output_tokens: count("the plan's output tokens"),
});

export const REVIEW_EVENTS = [
  reviewGate,
  reviewTampered,
  reviewVerdict,
  reviewTryEnd,
  reviewEscalated,
  reviewAnswered,
  reviewEnd,
] as const;
