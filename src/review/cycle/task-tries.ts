// One task of a plan through its tries: develop → gate → review, each step recorded in progress.json before it
// begins (so a crash resumes at the step that was running), then the try's decision (try-outcome.ts): PASS and the
// task is done, another try with the gate's output, or the task escalated to a human (at its last try, or when
// progress.max_idle_sessions develop sessions in a row changed nothing). The sessions are guarded
// (phase-session.ts); the gate runs build.sh and verify.sh only as the gate accepted them (gate-changes.ts).
import { relative } from 'node:path';
import { readMistakes } from '../files.js';
import { takeGateBaseline } from '../gate-baseline.js';
import { describeGateChanges, reviewGateNotice } from '../gate-changes.js';
import { gateRecordOf, runGate } from '../gate.js';
import { mistakesPath } from '../layout.js';
import { tampering } from '../owned-files.js';
import { developValues, reviewValues } from '../phase-values.js';
import { completeTask, startTask } from '../plan-status.js';
import {
  addPhaseSpend,
  formatHumanReplies,
  idleTries,
  planSpend,
  resumePoint,
  taskOf,
  taskSpend,
  tryOf,
  withTask,
  withTry,
  type TaskProgress,
  type VerdictRecord,
} from '../progress.js';
import type { PlanTask } from '../schemas.js';
import type { TemplateValues } from '../tmplvars.js';
import { decideTry, type TryEnd } from '../try-outcome.js';
import type { CycleRun } from './cycle-run.js';
import { phaseSession } from './phase-session.js';
import {
  clearReviewPaths,
  mergeReviewMistakes,
  readReview,
  reviewText,
  reviewVerdict,
  type ReviewFiles,
} from './review-reads.js';
import { projectPath } from './session-guard.js';
import { CONTINUE, stopRequested, type StepEnd } from './cycle-stops.js';

export async function runTask(run: CycleRun, task: PlanTask): Promise<StepEnd> {
  const { options, cookie, reviews } = run;
  const { cwd, planId } = options;
  let state: TaskProgress = taskOf(run.progress, task.id, options.maxTries);
  if (task.status === 'todo') await run.savePlan(startTask(run.plan, task.id));
  const at = resumePoint(state);
  if (at === null) return CONTINUE; // escalated meanwhile: nextTask skips it
  let { step } = at;
  const n = at.try;
  const put = async (next: TaskProgress) => {
    state = next;
    await run.save(withTask(run.progress, task.id, next));
  };
  await put({ ...state, next: { try: n, step } });
  const fresh = () => run.plan.tasks.find((t) => t.id === task.id) ?? task;
  /** One develop or review session of this try (phase-session.ts); its spend goes on this try's record. */
  const session = (
    phase: 'develop' | 'review',
    values: TemplateValues,
    extra: { notice?: string; allowed?: readonly string[] } = {},
  ) =>
    phaseSession(run, { taskId: task.id, n, phase }, values, extra, (spend) =>
      put(addPhaseSpend(state, n, phase, spend)),
    );

  let tryEnd: TryEnd | null = null;
  if (step === 'develop') {
    const mistakes = (await readMistakes(mistakesPath(cwd, planId))).mistakes;
    const { stopped, touched, changed } = await session(
      'develop',
      developValues({
        root: cwd,
        plan: run.plan,
        task: fresh(),
        tryNumber: n,
        maxTries: state.max_try,
        mistakes,
        latestReview: await latestReview(reviews, task.id, state, n),
        gateOutput: state.gate_output,
        humanReply: formatHumanReplies(state),
      }),
    );
    if (stopped) return stopped;
    if (changed !== null) await put(withTry(state, { ...tryOf(state, n), develop_changed: changed }));
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
      baseline: run.progress.gate_baseline ?? null,
      allowChanges: options.config.review.allow_gate_changes,
    });
    if (gate.interrupted) return stopRequested(options.stop);
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
      reviewValues({ root: cwd, plan: run.plan, task: fresh(), tryNumber: n, maxTries: state.max_try }),
      {
        allowed: own.map((path) => projectPath(cwd, path)),
        ...(changed.length > 0
          ? { notice: reviewGateNotice(changed, run.progress.gate_baseline ?? null) }
          : {}),
      },
    );
    if (stopped) return stopped;
    tryEnd = await readReview(reviews, task.id, n);
    await mergeReviewMistakes(reviews, task.id, n);
  }
  if (tryEnd === null) return CONTINUE;

  const decision = decideTry(tryEnd, n, state.max_try, {
    count: idleTries(state, n),
    max: options.config.progress.max_idle_sessions,
  });
  if (decision.next === 'interrupted') return stopRequested(options.stop);
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
    await run.savePlan(completeTask(run.plan, task.id));
    // A change to the gate scripts that the architect passed (review.allow_gate_changes) is the new baseline.
    if (tryOf(state, n).gate?.changed)
      await run.save({ ...run.progress, gate_baseline: await takeGateBaseline(cwd) });
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
        at: run.now(),
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
    plan_cost_usd: planSpend(run.progress).cost_usd,
  });
  return CONTINUE;
}

/** The newest review of this task before try `n`, in full (from the second try on). */
async function latestReview(
  reviews: ReviewFiles,
  taskId: string,
  state: TaskProgress,
  n: number,
): Promise<string | null> {
  const previous = state.tries.filter((t) => t.n < n && t.review_file !== undefined).at(-1);
  return previous ? reviewText(reviews, taskId, previous.n) : null;
}

/** The verdict a try records: none when the gate or the developer's own session ended it. */
const verdictOf = (end: TryEnd): VerdictRecord | null =>
  end.kind === 'review' || end.kind === 'no_review' ? reviewVerdict(end) : null;
