// One develop or review session of a try, guarded: unless the plan's budget (review.max_cost_usd) is spent, the
// phase's prompt is rendered (with a notice for the architect when there is one) and run as one loop session
// (run-phase.ts); its spend is recorded first; what it did to files it may not write (`allowed` aside) is put back
// (session-guard.ts), logged, emitted as review_tampered and returned for the try to judge, with whether the
// session changed anything of the user's (the no-progress count, try-outcome.ts).
import { EXIT } from '../../errors/exit-codes.js';
import { architectTampering, tampering, type OwnedChange } from '../owned-files.js';
import { planSpend, type Spend } from '../progress.js';
import { renderPhasePrompt } from '../templates/index.js';
import type { TemplateValues } from '../tmplvars.js';
import type { CycleRun } from './cycle-run.js';
import { runPhase } from './run-phase.js';
import { phaseStopped, type StepEnd } from './cycle-stops.js';

export interface PhaseSessionAt {
  taskId: string;
  /** The try. */
  n: number;
  phase: 'develop' | 'review';
}

export async function phaseSession(
  run: CycleRun,
  at: PhaseSessionAt,
  values: TemplateValues,
  extra: { notice?: string; allowed?: readonly string[] },
  recordSpend: (spend: Spend) => Promise<void>,
): Promise<{ stopped: StepEnd | null; touched: OwnedChange[]; changed: boolean | null }> {
  const { options, guard } = run;
  const { taskId, n, phase } = at;
  const over = overBudget(run);
  if (over) return { stopped: over, touched: [], changed: null };
  const { prompt, persona } = run.templates[phase];
  const rendered = renderPhasePrompt(phase, prompt, persona, values);
  const text = extra.notice ? `${rendered.trimEnd()}\n\n${extra.notice}` : rendered;
  const before = await guard.before();
  const outcome = await runPhase(options, { plan_id: options.planId, phase, task_id: taskId }, text).catch(
    async (error: unknown) => {
      await guard.after(before, extra.allowed);
      throw error;
    },
  );
  const touched = await guard.after(before, extra.allowed);
  await recordSpend(outcome.spend);
  if (touched.length > 0) {
    options.logger.log('warn', {
      task: taskId,
      try: n,
      touched: phase === 'develop' ? tampering(touched).why : architectTampering(touched),
    });
    await options.events.emit({
      event: 'review_tampered',
      plan_id: options.planId,
      task_id: taskId,
      try: n,
      phase,
      files: touched.map(({ path, change }) => ({ path, change })),
    });
  }
  return { stopped: phaseStopped(options.stop, outcome), touched, changed: outcome.changed };
}

/** The stop when the plan has spent its budget: no further session starts. */
function overBudget(run: CycleRun): StepEnd | null {
  const { options } = run;
  const max = options.config.review.max_cost_usd;
  if (max === undefined) return null;
  const spent = planSpend(run.progress).cost_usd;
  if (spent < max) return null;
  const message = `the plan has spent $${spent.toFixed(2)} of review.max_cost_usd = $${max.toFixed(2)}: no further session starts (raise the budget to go on)`;
  options.logger.summary(message);
  return { kind: 'stop', reason: 'cost_budget', exitCode: EXIT.costBudget, message };
}
