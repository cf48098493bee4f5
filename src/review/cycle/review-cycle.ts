// `loop <plan_id>`: every task of a plan, in dependency order, through develop → gate → review tries until the
// architect's PASS or the last try (task-tries.ts), every step recorded in progress.json before the next begins, so
// Ctrl-C, a crash or a SIGKILL resumes at the step that was running. This file holds the cycle's frame: the plan's
// lock, its files protected, the planfile checked against the tries, the gate's baseline, humans' answers, the
// order of the tasks, and the end (the escalated tasks with their reviews, review_end, the summary for the home).
// The decisions are the pure functions of src/review/; what an agent may not write is put back after every session
// (session-guard.ts).
import { relative } from 'node:path';
import { EXIT } from '../../errors/exit-codes.js';
import { endCarriers, newCookie } from '../../os/cookie.js';
import { readPlanfile, writePlanfile } from '../files.js';
import { takeGateBaseline } from '../gate-baseline.js';
import { requireGateScripts } from '../gate.js';
import { planfilePath, reviewPath } from '../layout.js';
import { nextTask, describeBlocked } from '../plan-order.js';
import { progressPath, readProgress, writeProgress } from '../progress-file.js';
import {
  answerEscalation,
  planSpend,
  withTask,
  type PlanProgress,
  type Spend,
  waitingTasks,
} from '../progress.js';
import type { Plan } from '../schemas.js';
import { loadPhaseTemplates } from '../templates/index.js';
import { acquireInstanceLock } from '../../state/index.js';
import { isoSeconds } from '../../state/index.js';
import { planLockPath, protectCycleFiles } from './cycle-files.js';
import type { CycleRun } from './cycle-run.js';
import { reviewText, type ReviewFiles } from './review-reads.js';
import type { CyclePorts } from './run-phase.js';
import { SessionGuard } from './session-guard.js';
import { blocked, cycleEndLine, needsHuman, type Stop } from './cycle-stops.js';
import { runTask } from './task-tries.js';
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
    const run: CycleRun = {
      options,
      cookie,
      templates,
      guard,
      reviews,
      get plan() {
        return plan;
      },
      get progress() {
        return progress;
      },
      save,
      savePlan,
      now,
    };

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
      options.logger.summary(
        `Task ${reply.taskId}: answered by ${reply.by}; it resumes with the answer in its develop prompt.`,
      );
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
      const step = await runTask(run, next.task);
      if (step.kind === 'stop') end = step;
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
    options.logger.summary(
      cycleEndLine({ planId, reason: end.reason, done, total: plan.tasks.length, spend }),
    );
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
