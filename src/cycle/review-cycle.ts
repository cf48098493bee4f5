// `loop <plan_id>`: every task of a plan, in dependency order, through develop → gate → review tries until the
// architect's PASS or the last try, each phase one loop session (run-phase.ts), every step recorded in
// progress.json before the next begins, so Ctrl-C, a crash or a SIGKILL resumes at the step that was running.
// The decisions are the pure functions of src/review/; this file orders them and does the I/O.
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { EXIT } from '../errors/exit-codes.js';
import { endCarriers, newCookie } from '../os/cookie.js';
import {
  readMistakes,
  readPlanfile,
  readReviewMistakes,
  writeMistakes,
  writePlanfile,
} from '../review/files.js';
import { runGate, requireGateScripts, type GateResult } from '../review/gate.js';
import { mistakesPath, planfilePath, reviewMistakesPath, reviewPath } from '../review/layout.js';
import { mergeMistakes } from '../review/mistakes.js';
import { developValues, reviewValues } from '../review/phase-values.js';
import { nextTask, describeBlocked } from '../review/plan-order.js';
import { completeTask, startTask } from '../review/plan-status.js';
import { PlanFileError } from '../review/problems.js';
import { progressPath, readProgress, writeProgress } from '../review/progress-file.js';
import {
  addPhaseSpend,
  answerEscalation,
  formatHumanReplies,
  planSpend,
  resumePoint,
  taskOf,
  taskSpend,
  tryOf,
  withTask,
  withTry,
  type PlanProgress,
  type Spend,
  type TaskProgress,
  type VerdictRecord,
  waitingTasks,
} from '../review/progress.js';
import type { Plan, PlanTask } from '../review/schemas.js';
import { renderPhasePrompt } from '../review/templates-engine.js';
import type { TemplateValues } from '../review/tmplvars.js';
import { loadPhaseTemplates } from '../review/templates-load.js';
import { decideTry, type TryEnd } from '../review/try-outcome.js';
import { parseVerdict } from '../review/verdict.js';
import { acquireInstanceLock } from '../state/instance-lock.js';
import { isoSeconds } from '../state/event-log.js';
import { planLockPath, protectCycleFiles } from './cycle-files.js';
import { runPhase, type CyclePorts, type PhaseOutcome } from './run-phase.js';

export interface HumanReply {
  taskId: string;
  at: string;
  by: string;
  text: string;
}

export interface CycleOptions extends CyclePorts {
  planId: string;
  /** Tries per task (--max-tries; review.max_tries). */
  maxTries: number;
  /** Answers to escalated tasks, found by the home (--reply; the Action's issue comments). */
  replies?: readonly HumanReply[];
}

export interface Escalated {
  taskId: string;
  why: string;
  /** The last review, relative to the project root, and its text; null when the architect wrote none. */
  reviewFile: string | null;
  review: string | null;
  gateOutput: string;
}

export interface CycleSummary {
  exitCode: number;
  /** plan_done, needs_human, cost_budget, blocked, or the stop reason of the phase that ended the cycle. */
  reason: string;
  plan: Plan;
  progress: PlanProgress;
  spend: Spend;
  escalated: Escalated[];
  /** Why the cycle could not go on, for the home to print (a blocked plan, a phase's error). */
  message?: string;
}

type Stop = { kind: 'stop'; reason: string; exitCode: number; message?: string };
type StepEnd = { kind: 'continue' } | Stop;
const CONTINUE: StepEnd = { kind: 'continue' };

export async function runReviewCycle(options: CycleOptions): Promise<CycleSummary> {
  const { cwd, planId } = options;
  requireGateScripts(cwd);
  // Every template is checked before anything is spent.
  const templates = {
    develop: await loadPhaseTemplates(cwd, 'develop'),
    review: await loadPhaseTemplates(cwd, 'review'),
  };
  const planPath = planfilePath(cwd, planId);
  const display = relative(cwd, planPath);
  let plan = await readPlanfile(planPath, { expectedId: planId, display });
  const progressFile = progressPath(cwd, planId);
  // One loop per plan: a second `loop` on the same plan exits 5 and touches nothing.
  const cookie = newCookie();
  const lock = await acquireInstanceLock(planLockPath(progressFile), { cookie, workDir: cwd });
  try {
    await protectCycleFiles(options.config, cwd, progressFile, options.logger);
    let progress = await readProgress(progressFile, planId, relative(cwd, progressFile));
    const save = async (next: PlanProgress) => {
      progress = next;
      await writeProgress(progressFile, next);
    };
    const savePlan = async (next: Plan) => {
      plan = next;
      await writePlanfile(planPath, next);
    };
    const now = () => isoSeconds(options.clock.now());

    for (const reply of options.replies ?? []) {
      const task = progress.tasks[reply.taskId];
      if (!task?.escalated) continue;
      await save(withTask(progress, reply.taskId, answerEscalation(task, reply, options.maxTries)));
      await options.events.emit({
        event: 'review_answered',
        plan_id: planId,
        task_id: reply.taskId,
        by: reply.by,
      });
      options.logger.summary(`Task ${reply.taskId}: ${reply.by} answered; it resumes with their words.`);
    }

    let end: Stop | null = null;
    while (end === null) {
      const waiting = new Set(waitingTasks(progress));
      const next = nextTask(plan, waiting);
      if (next.kind === 'done') {
        end =
          waiting.size > 0 ? needsHuman(waiting) : { kind: 'stop', reason: 'plan_done', exitCode: EXIT.ok };
        break;
      }
      if (next.kind === 'blocked') {
        end = waiting.size > 0 ? needsHuman(waiting) : blocked(describeBlocked(next));
        if (waiting.size > 0) options.logger.summary(describeBlocked(next));
        break;
      }
      const step = await runTask(next.task);
      if (step.kind === 'stop') end = step;
    }

    async function runTask(task: PlanTask): Promise<StepEnd> {
      let state: TaskProgress = taskOf(progress, task.id, options.maxTries);
      if (task.status === 'todo') await savePlan(startTask(plan, task.id));
      const at = resumePoint(state);
      if (at === null) return CONTINUE; // escalated meanwhile: nextTask skips it
      let { step } = at;
      const n = at.try;
      const put = async (next: TaskProgress) => {
        state = next;
        await save(withTask(progress, task.id, next));
      };
      await put({ ...state, next: { try: n, step } });
      const fresh = () => plan.tasks.find((t) => t.id === task.id) ?? task;
      /** One develop or review session of this try, unless the budget is spent; its spend is recorded. */
      const session = async (
        phase: 'develop' | 'review',
        values: TemplateValues,
      ): Promise<StepEnd | null> => {
        const over = overBudget();
        if (over) return over;
        const { prompt, persona } = templates[phase];
        const text = renderPhasePrompt(phase, prompt, persona, values);
        const outcome = await runPhase(options, { plan_id: planId, phase, task_id: task.id }, text);
        await put(addPhaseSpend(state, n, phase, outcome.spend));
        return phaseStopped(outcome);
      };

      if (step === 'develop') {
        const mistakes = (await readMistakes(mistakesPath(cwd, planId))).mistakes;
        const stopped = await session(
          'develop',
          developValues({
            root: cwd,
            plan,
            task: fresh(),
            tryNumber: n,
            maxTries: state.max_try,
            mistakes,
            latestReview: await latestReview(state, n),
            gateOutput: state.gate_output,
            humanReply: formatHumanReplies(state),
          }),
        );
        if (stopped) return stopped;
        step = 'gate';
        await put({ ...state, next: { try: n, step } });
      }

      let tryEnd: TryEnd | null = null;
      if (step === 'gate') {
        const gate = await runGate({
          root: cwd,
          env: options.env,
          timeoutMs: options.config.review.gate_timeout_mins * 60_000,
          clock: options.clock,
          spawn: options.spawn,
          cookie,
          signal: options.stop.interrupt,
        });
        if (gate.interrupted) return stopRequested();
        const record = gateRecord(gate);
        await put(withTry(state, { ...tryOf(state, n), gate: record }));
        await options.events.emit({
          event: 'review_gate',
          plan_id: planId,
          task_id: task.id,
          try: n,
          passed: gate.passed,
          failed_at: gate.failedAt,
          steps: record.steps,
        });
        options.logger.log(gate.passed ? 'info' : 'warn', {
          task: task.id,
          try: n,
          gate: gate.passed ? 'passed' : `failed at ${gate.failedAt ?? '?'}`,
        });
        if (gate.passed) {
          step = 'review';
          await put({ ...state, next: { try: n, step } });
        } else tryEnd = { kind: 'gate', gate };
      }

      if (step === 'review' && tryEnd === null) {
        const stopped = await session(
          'review',
          reviewValues({ root: cwd, plan, task: fresh(), tryNumber: n, maxTries: state.max_try }),
        );
        if (stopped) return stopped;
        tryEnd = await readReview(task.id, n);
        await mergeReviewMistakes(task.id, n);
      }
      if (tryEnd === null) return CONTINUE;

      const decision = decideTry(tryEnd, n, state.max_try);
      if (decision.next === 'interrupted') return stopRequested();
      const verdict = verdictOf(tryEnd);
      const record = {
        ...tryOf(state, n),
        ...(verdict !== null ? { verdict } : {}),
        ...(tryEnd.kind !== 'gate' ? { review_file: relative(cwd, tryEnd.file) } : {}),
        decision: decision.next,
        ...(decision.next !== 'done' ? { why: decision.why } : {}),
      };
      state = withTry(state, record);
      if (decision.next === 'done') {
        await put({ ...state, next: null, gate_output: '' });
        await savePlan(completeTask(plan, task.id));
        options.logger.summary(`Task ${task.id}: PASS on try ${n}.`);
      } else if (decision.next === 'retry') {
        await put({ ...state, next: { try: n + 1, step: 'develop' }, gate_output: decision.gateOutput });
        options.logger.summary(`Task ${task.id}: try ${n} failed: ${decision.why}.`);
      } else {
        const reviewFile = tryEnd.kind === 'gate' ? null : relative(cwd, tryEnd.file);
        await put({
          ...state,
          next: null,
          gate_output: decision.gateOutput,
          escalated: {
            at: now(),
            why: decision.why,
            review_file: reviewFile,
            gate_output: decision.gateOutput,
            tries: n,
          },
        });
        await options.events.emit({
          event: 'review_escalated',
          plan_id: planId,
          task_id: task.id,
          tries: n,
          why: decision.why,
        });
        options.logger.summary(`Task ${task.id}: ${decision.why}; it waits for a human.`);
      }
      await options.events.emit({
        event: 'review_try_end',
        plan_id: planId,
        task_id: task.id,
        try: n,
        decision: decision.next,
        ...(decision.next !== 'done' ? { why: decision.why } : {}),
        task_cost_usd: taskSpend(state).cost_usd,
        plan_cost_usd: planSpend(progress).cost_usd,
      });
      return CONTINUE;
    }

    /** The newest review of this task before try `n`, in full (from the second try on). */
    async function latestReview(state: TaskProgress, n: number): Promise<string | null> {
      const previous = state.tries.filter((t) => t.n < n && t.review_file !== undefined).at(-1);
      if (!previous?.review_file) return null;
      return readInProject(previous.review_file);
    }

    /** A file named relative to the project (a review recorded in progress.json); null when it cannot be read. */
    function readInProject(path: string): Promise<string | null> {
      return readFile(join(cwd, path), 'utf8').catch(() => null);
    }

    async function readReview(taskId: string, n: number): Promise<ReviewEnd> {
      const file = reviewPath(cwd, planId, taskId, n);
      const shown = relative(cwd, file);
      const text = await readFile(file, 'utf8').catch(() => null);
      const end: ReviewEnd =
        text === null
          ? { kind: 'no_review', file }
          : { kind: 'review', file, verdict: parseVerdict(text, shown) };
      const error =
        end.kind === 'no_review'
          ? 'the architect wrote no review'
          : end.verdict.ok
            ? undefined
            : end.verdict.error;
      await verdictEvent(taskId, n, reviewVerdict(end), shown, error);
      if (end.kind === 'review' && !end.verdict.ok)
        options.logger.log('warn', { task: taskId, try: n, review: end.verdict.error });
      return end;
    }

    async function verdictEvent(
      taskId: string,
      n: number,
      verdict: VerdictRecord,
      file: string,
      error?: string,
    ) {
      await options.events.emit({
        event: 'review_verdict',
        plan_id: planId,
        task_id: taskId,
        try: n,
        verdict,
        file,
        ...(error !== undefined ? { error } : {}),
      });
    }

    /** The architect's mistakes of this try into mistakes.json, without duplicates; a bad file is named, not fatal. */
    async function mergeReviewMistakes(taskId: string, n: number): Promise<void> {
      const file = reviewMistakesPath(cwd, planId, taskId, n);
      let found;
      try {
        found = await readReviewMistakes(file, { display: relative(cwd, file) });
      } catch (error) {
        if (!(error instanceof PlanFileError)) throw error;
        // No mistakes file is normal after a PASS; an invalid one is reported and left as it is.
        if (!error.problems.some((p) => p.message === 'the file does not exist'))
          options.logger.log('warn', { task: taskId, try: n, mistakes: error.message });
        return;
      }
      const target = mistakesPath(cwd, planId);
      const existing = (await readMistakes(target, { display: relative(cwd, target) })).mistakes;
      const merged = mergeMistakes(existing, found.mistakes, taskId, n);
      if (merged.length !== existing.length) await writeMistakes(target, { mistakes: merged });
    }

    function overBudget(): StepEnd | null {
      const max = options.config.review.max_cost_usd;
      if (max === undefined) return null;
      const spent = planSpend(progress).cost_usd;
      if (spent < max) return null;
      const message = `the plan has spent $${spent.toFixed(2)} of review.max_cost_usd = $${max.toFixed(2)}: no further session starts (raise the budget to go on)`;
      options.logger.summary(message);
      return { kind: 'stop', reason: 'cost_budget', exitCode: EXIT.costBudget, message };
    }

    function phaseStopped(outcome: PhaseOutcome): StepEnd | null {
      const { summary } = outcome;
      if (outcome.ran && summary.exitCode === EXIT.ok) return null;
      if (summary.exitCode === EXIT.ok) return stopRequested(summary.stopReason);
      return {
        kind: 'stop',
        reason: summary.stopReason,
        exitCode: summary.exitCode,
        ...(summary.error !== undefined ? { message: summary.error } : {}),
      };
    }

    function stopRequested(reason?: string): StepEnd {
      return { kind: 'stop', reason: options.stop.reason ?? reason ?? 'stopped', exitCode: EXIT.ok };
    }

    function blocked(message: string): Stop {
      return { kind: 'stop', reason: 'blocked', exitCode: EXIT.planInvalid, message };
    }

    function needsHuman(waiting: ReadonlySet<string>): Stop {
      return {
        kind: 'stop',
        reason: 'needs_human',
        exitCode: EXIT.needsHuman,
        message: `${waiting.size === 1 ? 'a task waits' : `${waiting.size} tasks wait`} for a human: ${[...waiting].join(', ')}`,
      };
    }

    const escalated: Escalated[] = [];
    for (const [taskId, t] of Object.entries(progress.tasks)) {
      if (!t.escalated) continue;
      const review = t.escalated.review_file ? await readInProject(t.escalated.review_file) : null;
      escalated.push({
        taskId,
        why: t.escalated.why,
        reviewFile: t.escalated.review_file,
        review,
        gateOutput: t.escalated.gate_output,
      });
    }
    const spend = planSpend(progress);
    const done = plan.tasks.filter((t) => t.status === 'done').length;
    await options.events.emit({
      event: 'review_end',
      plan_id: planId,
      reason: end.reason,
      exit_code: end.exitCode,
      tasks_done: done,
      tasks_total: plan.tasks.length,
      cost_usd: spend.cost_usd,
      input_tokens: spend.input_tokens,
      output_tokens: spend.output_tokens,
    });
    return {
      exitCode: end.exitCode,
      reason: end.reason,
      plan,
      progress,
      spend,
      escalated,
      ...(end.message !== undefined ? { message: end.message } : {}),
    };
  } finally {
    // Whatever a gate script left running ends with the cycle.
    await endCarriers(cookie, 0, options.clock);
    await lock.release();
  }
}

function gateRecord(gate: GateResult) {
  return {
    passed: gate.passed,
    failed_at: gate.failedAt,
    steps: gate.steps.map((s) => ({
      script: s.script,
      exit_code: s.exitCode,
      timed_out: s.timedOut,
      duration_ms: Math.round(s.durationMs),
    })),
  };
}

/** How a try ended after its review session: with a review (its verdict, or none that parses), or without one. */
type ReviewEnd = Exclude<TryEnd, { kind: 'gate' }>;

function reviewVerdict(end: ReviewEnd): VerdictRecord {
  if (end.kind === 'no_review') return 'missing';
  return end.verdict.ok ? end.verdict.verdict : 'invalid';
}

/** The verdict a try records: none when the gate ended it. */
const verdictOf = (end: TryEnd): VerdictRecord | null => (end.kind === 'gate' ? null : reviewVerdict(end));
