// The review loop's own record of a plan, beside its planfile: for every task, each try's develop and review
// sessions (their cost and tokens), the gate's result, the verdict and what the harness decided; where the task
// stands (which phase of which try runs next), what goes into the next develop prompt, and whether it waits for a
// human. The planfile keeps the Go tool's schema (`todo|doing|done`); this file is what makes `loop` resume
// exactly where it stopped, what `plan status`, the events, the job summary and the pull request show, and what
// `review.max_cost_usd` is measured against. Pure: files.ts-style I/O lives in progress-file.ts.
import { z } from 'zod';
import { NO_SPEND, addSpend, type Spend } from '../loop/index.js';
import { GATE_SCRIPTS, gateBaselineSchema, gateChangeSchema } from './gate-changes.js';

export const PROGRESS_VERSION = 1;

const money = z.number().finite().nonnegative();
const count = z.number().int().nonnegative();

export const spendSchema = z.strictObject({
  /** Sessions run (empty retries and rate-limited ones included: each may cost). */
  sessions: count,
  cost_usd: money,
  input_tokens: count,
  output_tokens: count,
  /** Sessions whose agent reported no cost (a format without one): the cost is then a lower bound. */
  unpriced_sessions: count,
}) satisfies z.ZodType<Spend>;
// The shape and its arithmetic are the loop's (loop/spend.ts), shared with the run's budget.
export { addSpend, NO_SPEND, spendOf, type SessionSpend, type Spend } from '../loop/index.js';

export const gateRecordSchema = z.strictObject({
  passed: z.boolean(),
  failed_at: z.enum(GATE_SCRIPTS).nullable(),
  steps: z.array(
    z.strictObject({
      script: z.enum(GATE_SCRIPTS),
      exit_code: z.number().int(),
      timed_out: z.boolean(),
      duration_ms: count,
    }),
  ),
  /** The scripts not as the gate accepted them: it refused them, or ran them (review.allow_gate_changes). */
  changed: z.array(gateChangeSchema).optional(),
});
export type GateRecord = z.infer<typeof gateRecordSchema>;

export const VERDICT_RECORDS = ['PASS', 'FAIL', 'invalid', 'missing'] as const;
export type VerdictRecord = (typeof VERDICT_RECORDS)[number];

export const TRY_DECISIONS = ['done', 'retry', 'escalate'] as const;
export type TryDecisionName = (typeof TRY_DECISIONS)[number];

export const tryRecordSchema = z.strictObject({
  n: z.number().int().positive(),
  develop: spendSchema.optional(),
  gate: gateRecordSchema.optional(),
  review: spendSchema.optional(),
  verdict: z.enum(VERDICT_RECORDS).optional(),
  /** The review file, relative to the project root. */
  review_file: z.string().optional(),
  decision: z.enum(TRY_DECISIONS).optional(),
  /** Why the try failed, in words. */
  why: z.string().optional(),
  /**
   * Whether the try's develop session committed or changed a file of the user's (progress.max_idle_sessions);
   * absent when that could not be told (outside git) or the session did not complete.
   */
  develop_changed: z.boolean().optional(),
});
export type TryRecord = z.infer<typeof tryRecordSchema>;

export const PHASE_STEPS = ['develop', 'gate', 'review'] as const;
export type PhaseStep = (typeof PHASE_STEPS)[number];

export const escalationSchema = z.strictObject({
  at: z.string(),
  why: z.string(),
  /** The last review (relative path), when the architect wrote one. */
  review_file: z.string().nullable(),
  /** The gate's output of the last try, when the gate failed. */
  gate_output: z.string(),
  /** How many tries the task had when it was escalated: a reply grants that many more. */
  tries: count,
});
export type Escalation = z.infer<typeof escalationSchema>;

export const taskProgressSchema = z.strictObject({
  tries: z.array(tryRecordSchema),
  /** What runs next for this task; null before it starts and once it is done or waits for a human. */
  next: z.strictObject({ try: z.number().int().positive(), step: z.enum(PHASE_STEPS) }).nullable(),
  /** The tail of the gate's output from the last failed gate, for the next develop prompt ('' otherwise). */
  gate_output: z.string(),
  /** The last try allowed: --max-tries, plus as many again after each human reply. */
  max_try: z.number().int().positive(),
  /** Set while the task waits for a human. */
  escalated: escalationSchema.nullable(),
  /** Every human answer so far, oldest first; the develop prompt gets them all. */
  human_replies: z.array(z.strictObject({ at: z.string(), by: z.string(), text: z.string() })),
});
export type TaskProgress = z.infer<typeof taskProgressSchema>;

export const planProgressSchema = z.strictObject({
  version: z.literal(PROGRESS_VERSION),
  plan_id: z.string(),
  /** The planner's sessions (the plan and its corrective session). */
  planning: spendSchema,
  tasks: z.record(z.string(), taskProgressSchema),
  /**
   * The tasks the planfile marked done when the plan's first `loop` began: with the tasks a try passed, the only
   * ones the loop takes as done (absent in a file from before it: set at the next loop).
   */
  done_before_loop: z.array(z.string()).optional(),
  /**
   * build.sh and verify.sh as the gate accepts them: as they were when the plan's first loop began, moved on only
   * when a task whose try changed them (review.allow_gate_changes) passed its review.
   */
  gate_baseline: gateBaselineSchema.optional(),
});
export type PlanProgress = z.infer<typeof planProgressSchema>;

export const emptyProgress = (planId: string): PlanProgress => ({
  version: PROGRESS_VERSION,
  plan_id: planId,
  planning: NO_SPEND,
  tasks: {},
});

export const newTaskProgress = (maxTries: number): TaskProgress => ({
  tries: [],
  next: null,
  gate_output: '',
  max_try: maxTries,
  escalated: null,
  human_replies: [],
});

/** Everything one task's tries spent. */
export function taskSpend(task: TaskProgress): Spend {
  return task.tries.reduce(
    (sum, t) => addSpend(addSpend(sum, t.develop ?? NO_SPEND), t.review ?? NO_SPEND),
    NO_SPEND,
  );
}

/** Everything the plan spent: planning and every task. */
export function planSpend(progress: PlanProgress): Spend {
  return Object.values(progress.tasks).reduce((sum, t) => addSpend(sum, taskSpend(t)), progress.planning);
}

/** The tasks that wait for a human, in the record's order. */
export const waitingTasks = (progress: PlanProgress): string[] =>
  Object.entries(progress.tasks).flatMap(([id, task]) => (task.escalated ? [id] : []));

/** The task's record, created at its first use. */
export function taskOf(progress: PlanProgress, taskId: string, maxTries: number): TaskProgress {
  return progress.tasks[taskId] ?? newTaskProgress(maxTries);
}

export function withTask(progress: PlanProgress, taskId: string, task: TaskProgress): PlanProgress {
  return { ...progress, tasks: { ...progress.tasks, [taskId]: task } };
}

/** The record of try `n`, created when it starts. */
export function tryOf(task: TaskProgress, n: number): TryRecord {
  return task.tries.find((t) => t.n === n) ?? { n };
}

export function withTry(task: TaskProgress, record: TryRecord): TaskProgress {
  const others = task.tries.filter((t) => t.n !== record.n);
  return { ...task, tries: [...others, record].sort((a, b) => a.n - b.n) };
}

/**
 * How many develop sessions in a row, up to try `n`, completed and changed nothing (progress.max_idle_sessions): a
 * try whose session changed something, or that could not be told, ends the run, and so does an escalation (a
 * human's reply starts the count again).
 */
export function idleTries(task: TaskProgress, n: number): number {
  let idle = 0;
  for (const t of task.tries.filter((x) => x.n <= n).reverse()) {
    if (t.n < n && t.decision === 'escalate') break;
    if (t.develop_changed !== false) break;
    idle += 1;
  }
  return idle;
}

/** Adds one session's spend to the try's develop or review record. */
export function addPhaseSpend(
  task: TaskProgress,
  n: number,
  phase: 'develop' | 'review',
  spend: Spend,
): TaskProgress {
  const record = tryOf(task, n);
  return withTry(task, { ...record, [phase]: addSpend(record[phase] ?? NO_SPEND, spend) });
}

/**
 * Where a task resumes: the step its record names, or the first try's develop for a task never started. A task
 * escalated to a human has no next step until a reply arrives (answerEscalation).
 */
export function resumePoint(task: TaskProgress): { try: number; step: PhaseStep } | null {
  if (task.escalated) return null;
  if (task.next) return task.next;
  const last = task.tries.at(-1);
  return { try: last ? last.n + 1 : 1, step: 'develop' };
}

/**
 * A human answered an escalated task: its words go into every later develop prompt and it gets as many tries
 * again as it had, from the next try number (earlier reviews keep their numbers).
 */
export function answerEscalation(
  task: TaskProgress,
  reply: { at: string; by: string; text: string },
  maxTries: number,
): TaskProgress {
  const last = task.tries.at(-1)?.n ?? 0;
  const { at, by, text } = reply;
  return {
    ...task,
    escalated: null,
    next: { try: last + 1, step: 'develop' },
    max_try: last + maxTries,
    human_replies: [...task.human_replies, { at, by, text }],
  };
}

/** The human replies as the develop prompt shows them (HumanReply): oldest first, each with who and when. */
export function formatHumanReplies(task: TaskProgress): string {
  return task.human_replies.map((r) => `${r.by} (${r.at}):\n${r.text.trim()}`).join('\n\n');
}
