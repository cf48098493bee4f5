// What each phase's prompt is given, following the Go tool's context-injection table: the formatted mistakes and
// (from the second try on) the latest review in full are prescriptive and go into the prompt; techdebt.md and
// log.md are background and go in by path only, so the agent reads them when relevant; older reviews not at all.
// Pure: the caller reads the files; paths are relative to the project root, where every phase's agent runs.
import { relative } from 'node:path';
import { logPath, planfilePath, reviewMistakesPath, reviewPath, reviewsDir, techdebtPath } from './layout.js';
import { formatMistakes } from './mistakes.js';
import type { Mistake, Plan, PlanTask } from './schemas.js';
import type { TemplateValues } from './tmplvars.js';

/** The plan phase: what to plan, where to write it, and whether anyone can answer questions. */
export function planValues(input: {
  root: string;
  planId: string;
  description: string;
  headless: boolean;
  /** The plan's `created` value, e.g. createdUtc(now). */
  created: string;
}): TemplateValues {
  const { root, planId } = input;
  return {
    ProjectRoot: root,
    PlanID: planId,
    PlanFile: relative(root, planfilePath(root, planId)),
    TechDebtFile: relative(root, techdebtPath(root)),
    Description: input.description,
    Headless: input.headless,
    Created: input.created,
  };
}

interface TaskPhaseInput {
  root: string;
  plan: Plan;
  task: PlanTask;
  /** This try of the task, from 1. */
  tryNumber: number;
  maxTries: number;
}

function taskValues(input: TaskPhaseInput): TemplateValues {
  const { root, plan, task } = input;
  return {
    ProjectRoot: root,
    PlanID: plan.id,
    PlanTitle: plan.title,
    PlanContext: plan.context,
    PlanFile: relative(root, planfilePath(root, plan.id)),
    TaskID: task.id,
    TaskTitle: task.title,
    AcceptanceCriteria: task.acceptance_criteria,
    PossiblyRelevantFiles: task.possibly_relevant_files,
    DependsOn: task.depends_on,
    Try: input.tryNumber,
    MaxTries: input.maxTries,
    TechDebtFile: relative(root, techdebtPath(root)),
    LogFile: relative(root, logPath(root)),
    ReviewsDir: relative(root, reviewsDir(root, plan.id)),
  };
}

/** The develop phase of one try. */
export function developValues(
  input: TaskPhaseInput & {
    /** The plan's merged mistakes (mistakes.json), every task's: they are formatted into the prompt. */
    mistakes: readonly Mistake[];
    /** The newest review of this task, in full; given only from the second try on. */
    latestReview: string | null;
    /** The end of the gate's output when the previous try failed the gate; '' otherwise. */
    gateOutput: string;
    /** A human's answer after the task was escalated; '' otherwise. */
    humanReply: string;
  },
): TemplateValues {
  return {
    ...taskValues(input),
    Mistakes: formatMistakes(input.mistakes),
    LatestReview: input.tryNumber >= 2 ? (input.latestReview ?? '') : '',
    GateOutput: input.tryNumber >= 2 ? input.gateOutput : '',
    HumanReply: input.humanReply,
  };
}

/** The review phase of one try: where the architect writes its review and the mistakes it found. */
export function reviewValues(input: TaskPhaseInput): TemplateValues {
  const { root, plan, task, tryNumber } = input;
  return {
    ...taskValues(input),
    ReviewFile: relative(root, reviewPath(root, plan.id, task.id, tryNumber)),
    MistakesFile: relative(root, reviewMistakesPath(root, plan.id, task.id, tryNumber)),
  };
}
