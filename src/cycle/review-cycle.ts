// `loop <plan_id>`: every task of a plan, in dependency order, through develop → gate → review tries until the
// architect's PASS or the last try, each phase one loop session (run-phase.ts), every step recorded in
// progress.json before the next begins, so Ctrl-C, a crash or a SIGKILL resumes at the step that was running.
// The decisions are the pure functions of src/review/; this file orders them and does the I/O. What an agent may
// not write (the plan's state, the reviews, the templates, the configuration) is put back after every session
// (session-guard.ts); a developer that touched it fails its try, and the gate runs build.sh and verify.sh only as
// the gate accepted them (gate-changes.ts).
import { relative } from 'node:path';
import { EXIT } from '../errors/exit-codes.js';
import { endCarriers, newCookie } from '../os/cookie.js';
import { readMistakes, readPlanfile, writePlanfile } from '../review/files.js';
import { takeGateBaseline } from '../review/gate-baseline.js';
import { describeGateChanges, reviewGateNotice } from '../review/gate-changes.js';
import { gateRecordOf, runGate, requireGateScripts } from '../review/gate.js';
import { mistakesPath, planfilePath, reviewPath } from '../review/layout.js';
import { architectTampering, tampering, type OwnedChange } from '../review/owned-files.js';
import { developValues, reviewValues } from '../review/phase-values.js';
import { nextTask, describeBlocked } from '../review/plan-order.js';
import { completeTask, startTask } from '../review/plan-status.js';
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
import { acquireInstanceLock } from '../state/instance-lock.js';
import { isoSeconds } from '../state/event-log.js';
import { planLockPath, protectCycleFiles } from './cycle-files.js';
import {
  clearReviewPaths,
  mergeReviewMistakes,
  readReview,
  reviewText,
  reviewVerdict,
  type ReviewFiles,
} from './review-reads.js';
import { runPhase, type CyclePorts, type PhaseOutcome } from './run-phase.js';
import { projectPath, SessionGuard } from './session-guard.js';
import { trustPlan } from './trust-plan.js';

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
  /** The configuration file the home loaded: no agent session may change it (session-guard.ts). */
  configFile?: string | null;
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
    const guard = new SessionGuard({
      cwd,
      config: options.config,
      configFile: options.configFile ?? null,
      planLock: planLockPath(progressFile),
    });
    const reviews: ReviewFiles = { cwd, planId, logger: options.logger, events: options.events };

    // A task is done only if a try passed it: a planfile marked done while no harness watched is opened again.
    ({ plan, progress } = await trustPlan({
      cwd,
      plan,
      planPath,
      progress,
      progressPath: progressFile,
      logger: options.logger,
      events: options.events,
    }));

    // The gate scripts as the gate accepts them (gate-changes.ts): taken at the plan's first loop.
    if (!progress.gate_baseline) await save({ ...progress, gate_baseline: await takeGateBaseline(cwd) });

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
      /**
       * One develop or review session of this try, unless the budget is spent; its spend is recorded. What it did
       * to files it may not write (`allowed` aside) is put back, logged and returned.
       */
      const session = async (
        phase: 'develop' | 'review',
        values: TemplateValues,
        extra: { notice?: string; allowed?: readonly string[] } = {},
      ): Promise<{ stopped: StepEnd | null; touched: OwnedChange[] }> => {
        const over = overBudget();
        if (over) return { stopped: over, touched: [] };
        const { prompt, persona } = templates[phase];
        const rendered = renderPhasePrompt(phase, prompt, persona, values);
        const text = extra.notice ? `${rendered.trimEnd()}\n\n${extra.notice}` : rendered;
        const before = await guard.before();
        const outcome = await runPhase(options, { plan_id: planId, phase, task_id: task.id }, text).catch(
          async (error: unknown) => {
            await guard.after(before, extra.allowed);
            throw error;
          },
        );
        const touched = await guard.after(before, extra.allowed);
        await put(addPhaseSpend(state, n, phase, outcome.spend));
        if (touched.length > 0) {
          options.logger.log('warn', {
            task: task.id,
            try: n,
            touched: phase === 'develop' ? tampering(touched).why : architectTampering(touched),
          });
          await options.events.emit({
            event: 'review_tampered',
            plan_id: planId,
            task_id: task.id,
            try: n,
            phase,
            files: touched.map(({ path, change }) => ({ path, change })),
          });
        }
        return { stopped: phaseStopped(outcome), touched };
      };

      let tryEnd: TryEnd | null = null;
      if (step === 'develop') {
        const mistakes = (await readMistakes(mistakesPath(cwd, planId))).mistakes;
        const { stopped, touched } = await session(
          'develop',
          developValues({
            root: cwd,
            plan,
            task: fresh(),
            tryNumber: n,
            maxTries: state.max_try,
            mistakes,
            latestReview: await latestReview(task.id, state, n),
            gateOutput: state.gate_output,
            humanReply: formatHumanReplies(state),
          }),
        );
        if (stopped) return stopped;
        if (touched.length > 0) tryEnd = { kind: 'tampered', ...tampering(touched) };
        else {
          step = 'gate';
          await put({ ...state, next: { try: n, step } });
        }
      }

      if (step === 'gate' && tryEnd === null) {
        const gate = await runGate({
          root: cwd,
          env: options.env,
          timeoutMs: options.config.review.gate_timeout_mins * 60_000,
          clock: options.clock,
          spawn: options.spawn,
          cookie,
          signal: options.stop.interrupt,
          baseline: progress.gate_baseline ?? null,
          allowChanges: options.config.review.allow_gate_changes,
        });
        if (gate.interrupted) return stopRequested();
        const record = gateRecordOf(gate);
        await put(withTry(state, { ...tryOf(state, n), gate: record }));
        await options.events.emit({
          event: 'review_gate',
          plan_id: planId,
          task_id: task.id,
          try: n,
          passed: gate.passed,
          failed_at: gate.failedAt,
          steps: record.steps,
          ...(record.changed ? { changed: record.changed } : {}),
        });
        options.logger.log(gate.passed && gate.changes.length === 0 ? 'info' : 'warn', {
          task: task.id,
          try: n,
          gate: gate.refused ? 'refused' : gate.passed ? 'passed' : `failed at ${gate.failedAt ?? '?'}`,
          ...(gate.changes.length > 0 ? { changed: describeGateChanges(gate.changes) } : {}),
        });
        if (gate.passed) {
          step = 'review';
          await put({ ...state, next: { try: n, step } });
        } else tryEnd = { kind: 'gate', gate };
      }

      if (step === 'review' && tryEnd === null) {
        // What is at the review's path afterwards is what the architect's session wrote.
        const own = await clearReviewPaths(reviews, task.id, n);
        const changed = tryOf(state, n).gate?.changed ?? [];
        const { stopped } = await session(
          'review',
          reviewValues({ root: cwd, plan, task: fresh(), tryNumber: n, maxTries: state.max_try }),
          {
            allowed: own.map((path) => projectPath(cwd, path)),
            ...(changed.length > 0
              ? { notice: reviewGateNotice(changed, progress.gate_baseline ?? null) }
              : {}),
          },
        );
        if (stopped) return stopped;
        tryEnd = await readReview(reviews, task.id, n);
        await mergeReviewMistakes(reviews, task.id, n);
      }
      if (tryEnd === null) return CONTINUE;

      const decision = decideTry(tryEnd, n, state.max_try);
      if (decision.next === 'interrupted') return stopRequested();
      const verdict = verdictOf(tryEnd);
      const reviewFile = 'file' in tryEnd ? relative(cwd, tryEnd.file) : null;
      const record = {
        ...tryOf(state, n),
        ...(verdict !== null ? { verdict } : {}),
        ...(reviewFile !== null ? { review_file: reviewFile } : {}),
        decision: decision.next,
        ...(decision.next !== 'done' ? { why: decision.why } : {}),
      };
      state = withTry(state, record);
      if (decision.next === 'done') {
        await put({ ...state, next: null, gate_output: '' });
        await savePlan(completeTask(plan, task.id));
        // A change to the gate scripts that the architect passed (review.allow_gate_changes) is the new baseline.
        if (tryOf(state, n).gate?.changed)
          await save({ ...progress, gate_baseline: await takeGateBaseline(cwd) });
        options.logger.summary(`Task ${task.id}: PASS on try ${n}.`);
      } else if (decision.next === 'retry') {
        await put({ ...state, next: { try: n + 1, step: 'develop' }, gate_output: decision.gateOutput });
        options.logger.summary(`Task ${task.id}: try ${n} failed: ${decision.why}.`);
      } else {
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
    async function latestReview(taskId: string, state: TaskProgress, n: number): Promise<string | null> {
      const previous = state.tries.filter((t) => t.n < n && t.review_file !== undefined).at(-1);
      return previous ? reviewText(reviews, taskId, previous.n) : null;
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
      // The review of the try it was escalated at, found by task and try, never by a path from progress.json.
      const reviewFile = t.escalated.review_file
        ? relative(cwd, reviewPath(cwd, planId, taskId, t.escalated.tries))
        : null;
      const review = reviewFile !== null ? await reviewText(reviews, taskId, t.escalated.tries) : null;
      escalated.push({
        taskId,
        why: t.escalated.why,
        reviewFile,
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

/** The verdict a try records: none when the gate or the developer's own session ended it. */
const verdictOf = (end: TryEnd): VerdictRecord | null =>
  end.kind === 'review' || end.kind === 'no_review' ? reviewVerdict(end) : null;
