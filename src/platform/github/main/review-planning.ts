// Review mode's plan for the issue: the one remembered for it (state/review.ts) while its planfile is still in the
// restored state, or, with the issue-label trigger, a new one made headless from the issue's title and body (fenced
// as untrusted data by the trigger, main/issue-trigger.ts) and remembered for the issue's next run.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import * as core from '@actions/core';
import { runPlanning } from '../../../review/cycle/index.js';
import type { CyclePorts } from '../../../review/cycle/index.js';
import { EXIT } from '../../../errors/exit-codes.js';
import { planfilePath } from '../../../review/index.js';
import { InputError } from '../inputs.js';
import type { MainSetup } from './setup.js';
import type { TriggerDecision } from './trigger.js';
import { planOfIssue, rememberIssuePlan } from '../state/index.js';

export type Planned =
  | { kind: 'plan'; planId: string }
  | { kind: 'failed' | 'stopped'; reason: string; exitCode: number; message?: string };

/** The issue's plan: the one remembered for it, or a new one made headless from the issue's text. */
export async function planFor(
  setup: MainSetup,
  trigger: Extract<TriggerDecision, { run: true }>,
  issue: number,
  ports: CyclePorts,
): Promise<Planned> {
  const { cwd } = setup;
  const known = await planOfIssue(cwd, issue);
  if (known !== null && existsSync(planfilePath(cwd, known))) {
    core.info(`Issue #${issue} has plan ${known}: resuming it.`);
    return { kind: 'plan', planId: known };
  }
  if (known !== null)
    setup.warn(`Issue #${issue}'s plan ${known} is gone from the cached state: planning again.`);
  if (trigger.issue === null || trigger.promptFile === null)
    throw new InputError(
      `mode: review: issue #${issue} has no plan yet, and only the trigger label can make one (set trigger-label ` +
        'and add it to the issue)',
    );
  // The trigger's prompt file is the issue's title and body, fenced as untrusted data; a first line of our own
  // names the plan (its id is made from the description's first line).
  const description = `GitHub issue #${issue}\n\n${await readFile(trigger.promptFile, 'utf8')}`;
  const planning = await runPlanning({ ...ports, description, headless: true });
  if (planning.exitCode === EXIT.ok && planning.plan === null) {
    // A stop request (the STOP label, a cancellation) ended the planner's session: nothing failed.
    return { kind: 'stopped', reason: ports.stop.reason ?? 'stopped', exitCode: EXIT.ok };
  }
  if (planning.exitCode !== EXIT.ok || planning.plan === null) {
    const message = `planning issue #${issue} failed: ${planning.message ?? planning.problems.join('\n')}`;
    if (planning.exitCode === EXIT.planInvalid)
      return { kind: 'failed', reason: 'plan_invalid', exitCode: planning.exitCode, message };
    return { kind: 'failed', reason: 'failed', exitCode: planning.exitCode, message };
  }
  await rememberIssuePlan(cwd, issue, planning.planId);
  return { kind: 'plan', planId: planning.planId };
}
