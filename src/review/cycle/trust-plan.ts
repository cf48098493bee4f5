// At the start of a `loop`: the planfile's `done` tasks checked against the record of tries (plan-trust.ts). A task
// marked done that no try passed (an agent's edit of the planfile that no harness put back, because the harness
// was killed during that session) is opened again, and the run says so in its summary and its events.
import { relative } from 'node:path';
import type { Logger } from '../../loop/index.js';
import { writePlanfile } from '../files.js';
import { doneBeforeLoop, reopenTasks, unearnedDone } from '../plan-trust.js';
import { writeProgress } from '../progress-file.js';
import type { PlanProgress } from '../progress.js';
import type { Plan } from '../schemas.js';
import type { EventSink } from '../../state/index.js';
import { projectPath } from './session-guard.js';

export interface TrustInput {
  cwd: string;
  plan: Plan;
  planPath: string;
  progress: PlanProgress;
  progressPath: string;
  logger: Logger;
  events: EventSink;
}

/** The plan and progress the loop goes on with, both written when they changed. */
export async function trustPlan(input: TrustInput): Promise<{ plan: Plan; progress: PlanProgress }> {
  const { cwd, planPath } = input;
  let { plan, progress } = input;
  // The plan's first loop (or the first since progress.json recorded it) takes the planfile's word once.
  if (progress.done_before_loop === undefined) {
    progress = { ...progress, done_before_loop: doneBeforeLoop(plan, progress) };
    await writeProgress(input.progressPath, progress);
  }
  const unearned = unearnedDone(plan, progress);
  if (unearned.length === 0) return { plan, progress };
  plan = reopenTasks(plan, unearned, progress);
  await writePlanfile(planPath, plan);
  input.logger.summary(
    `${unearned.length === 1 ? 'Task' : 'Tasks'} ${unearned.join(', ')}: marked done in ${relative(cwd, planPath)}, ` +
      `but no try of it passed the gate and the architect's review (${relative(cwd, input.progressPath)}): opened again.`,
  );
  await input.events.emit({
    event: 'review_tampered',
    plan_id: plan.id,
    phase: 'loop',
    files: [{ path: projectPath(cwd, planPath), change: 'changed' }],
    reopened: unearned,
  });
  return { plan, progress };
}
