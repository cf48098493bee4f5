// What one review cycle's steps share (review-cycle.ts makes it; task-tries.ts and phase-session.ts use it): the
// home's ports and the plan's limits, the checked templates, the session guard, the review files, the run's cookie,
// and the plan and its progress as last written. Every write goes through save and savePlan, so a step always
// reads what the step before it saved.
import type { PlanProgress } from '../progress.js';
import type { Plan } from '../schemas.js';
import type { TemplateSource } from '../templates/index.js';
import type { ReviewFiles } from './review-reads.js';
import type { CyclePorts } from './run-phase.js';
import type { SessionGuard } from './session-guard.js';

export interface CycleRun {
  readonly options: CyclePorts & { planId: string; maxTries: number };
  /** The cycle's cookie: the gate scripts carry it, and every process carrying it ends with the cycle. */
  readonly cookie: string;
  readonly templates: Record<'develop' | 'review', { prompt: TemplateSource; persona: TemplateSource }>;
  readonly guard: SessionGuard;
  readonly reviews: ReviewFiles;
  /** The plan as last saved. */
  readonly plan: Plan;
  /** progress.json as last saved. */
  readonly progress: PlanProgress;
  save(next: PlanProgress): Promise<void>;
  savePlan(next: Plan): Promise<void>;
  /** The clock's now, in ISO seconds. */
  now(): string;
}
