// `plan "<description>"`: the planner persona writes `.harness/plans/<plan_id>/planfile.json`. Headless (and
// always in the Action) it is one loop session told to state its assumptions in the plan's context; on a terminal
// it runs interactively so it can ask the user questions. Either way the harness then checks the file against its
// schema; a malformed or missing plan gets one corrective session carrying every problem (path, value,
// expectation), then a clear failure (exit code 11) naming them.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { relative } from 'node:path';
import { EXIT } from '../../errors/exit-codes.js';
import { InputFileError, readInputText } from '../../os/input-file.js';
import { planDir, planfilePath, reviewsDir } from '../layout.js';
import { planValues } from '../phase-values.js';
import { createdUtc, planId as makePlanId, uniquePlanId } from '../plan-id.js';
import { formatPlanProblem } from '../problems.js';
import { progressPath, readProgress, writeProgress } from '../progress-file.js';
import { addSpend, NO_SPEND, type Spend } from '../progress.js';
import type { Plan } from '../schemas.js';
import { renderPhasePrompt } from '../templates/index.js';
import { loadPhaseTemplates } from '../templates/index.js';
import { checkPlanfile } from '../validate.js';
import { runPhase, type CyclePorts } from './run-phase.js';

/**
 * Runs the planner on the user's terminal with `env` added to its environment (the plan and the phase, as every
 * phase's agent gets them) and resolves with its exit code (the CLI's edge).
 */
export type InteractivePlanner = (prompt: string, env: Record<string, string>) => Promise<number>;

export interface PlanningOptions extends CyclePorts {
  description: string;
  /** Unattended: no questions, assumptions go into the plan's context. */
  headless: boolean;
  /** How to run the planner interactively; required when `headless` is false. */
  interactive?: InteractivePlanner;
}

export interface PlanningResult {
  exitCode: number;
  planId: string;
  plan: Plan | null;
  /** What is still wrong with the plan after the corrective session; empty on success. */
  problems: string[];
  spend: Spend;
  /** Why planning ended early (a stop request, a failed session), for the home to print. */
  message?: string;
}

/** The title the plan id is made from: the description's first line, or its start. */
export const titleOf = (description: string): string =>
  description.trim().split('\n')[0]?.trim().slice(0, 120) ?? '';

export async function runPlanning(options: PlanningOptions): Promise<PlanningResult> {
  const { cwd, description } = options;
  if (description.trim() === '')
    throw new Error('runPlanning: the description is empty (the command checks it first)');
  const templates = await loadPhaseTemplates(cwd, 'plan');
  const now = new Date(options.clock.now());
  const planId = uniquePlanId(makePlanId(titleOf(description), now), (id) => existsSync(planDir(cwd, id)));
  const file = planfilePath(cwd, planId);
  const shown = relative(cwd, file);
  const render = (headless: boolean) =>
    renderPhasePrompt(
      'plan',
      templates.prompt,
      templates.persona,
      planValues({ root: cwd, planId, description, headless, created: createdUtc(now) }),
    );
  let spend = NO_SPEND;
  const fields = { plan_id: planId, phase: 'plan' as const };
  const record = async () => {
    const path = progressPath(cwd, planId);
    if (!existsSync(planDir(cwd, planId))) return;
    const progress = await readProgress(path, planId);
    await writeProgress(path, { ...progress, planning: addSpend(progress.planning, spend) });
  };
  const headlessSession = async (prompt: string): Promise<PlanningResult | null> => {
    const outcome = await runPhase(options, fields, prompt);
    spend = addSpend(spend, outcome.spend);
    if (outcome.ran && outcome.summary.exitCode === EXIT.ok) return null;
    return {
      exitCode: outcome.summary.exitCode,
      planId,
      plan: null,
      problems: [],
      spend,
      message: outcome.summary.error ?? `the planner's session ended: ${outcome.summary.stopReason}`,
    };
  };

  options.logger.summary(`Planning ${planId}${options.headless ? ' (headless)' : ''}…`);
  if (options.headless) {
    const ended = await headlessSession(render(true));
    if (ended) return ended;
  } else {
    if (!options.interactive) throw new Error('runPlanning: interactive planning needs a terminal runner');
    const code = await options.interactive(render(false), { HARNESS_PLAN_ID: planId, HARNESS_PHASE: 'plan' });
    if (code !== 0) options.logger.log('warn', { planner: `exited with code ${code}` });
  }

  let checked = await check(file, shown, planId);
  if (!checked.ok) {
    options.logger.summary(
      `The plan is not valid (${checked.problems.length} problem${checked.problems.length === 1 ? '' : 's'}); one corrective session follows.`,
    );
    const ended = await headlessSession(correctivePrompt(render(true), shown, checked.problems));
    if (ended) {
      await record();
      return { ...ended, problems: checked.problems };
    }
    checked = await check(file, shown, planId);
  }
  await record();
  if (!checked.ok) {
    return {
      exitCode: EXIT.planInvalid,
      planId,
      plan: null,
      problems: checked.problems,
      spend,
      message: `${shown} is still not a valid plan after the corrective session:\n${checked.problems.join('\n')}`,
    };
  }
  // The architect writes its reviews there: the directory is the harness's, made with the plan.
  await mkdir(reviewsDir(cwd, planId), { recursive: true });
  options.logger.summary(`Plan ${planId}: ${checked.plan.tasks.length} tasks in ${shown}.`);
  return { exitCode: EXIT.ok, planId, plan: checked.plan, problems: [], spend };
}

async function check(
  file: string,
  shown: string,
  planId: string,
): Promise<{ ok: true; plan: Plan } | { ok: false; problems: string[] }> {
  let text: string;
  try {
    // A FIFO, a device, a directory or a huge file at the plan's path is a problem to correct, never waited on.
    text = await readInputText(file, { what: 'plan file' });
  } catch (error) {
    if (error instanceof InputFileError) return { ok: false, problems: [error.message] };
    return { ok: false, problems: [`${shown}: the planner did not write the file`] };
  }
  const checked = checkPlanfile(text, shown, planId);
  if (checked.ok) return { ok: true, plan: checked.value };
  return { ok: false, problems: checked.error.problems.map(formatPlanProblem) };
}

/** The planner's prompt again, with every problem and what to do about them. */
export function correctivePrompt(prompt: string, file: string, problems: readonly string[]): string {
  return [
    prompt,
    '---',
    `The plan written to ${file} is not valid. Each problem below names the field, what was found and what is`,
    'expected:',
    '',
    ...problems.map((p) => `- ${p}`),
    '',
    `Rewrite ${file} so that it is valid: keep the plan's id and its tasks' intent, fix every problem listed, and`,
    'do not ask questions (no one is there to answer).',
  ].join('\n');
}
