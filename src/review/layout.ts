// The `.harness/` directory of review mode (plan → develop → review), named in one place: the prompt templates
// and personas `attach` scaffolds, the plans with their planfile, mistakes and reviews, and the shared files.
// Plan and task ids are checked to be safe path segments (safe-id.ts) before they become paths.
import { join } from 'node:path';
import { EXIT, HarnessError } from '../errors/exit-codes.js';
import { unsafeIdReason } from './safe-id.js';

/** The three phases, in the order a plan goes through them. */
export const PHASES = ['plan', 'develop', 'review'] as const;
export type Phase = (typeof PHASES)[number];

/** The persona that carries out each phase (the seed names personas after the role, not the phase). */
export const ROLE_OF_PHASE = {
  plan: 'planner',
  develop: 'developer',
  review: 'architect',
} as const satisfies Record<Phase, string>;
export type Role = (typeof ROLE_OF_PHASE)[Phase];
export const ROLES: readonly Role[] = PHASES.map((phase) => ROLE_OF_PHASE[phase]);

/** An id that would escape its directory or hide its file: thrown before the path is built. */
export class UnsafeIdError extends HarnessError {
  override readonly name = 'UnsafeIdError';

  constructor(
    readonly kind: 'plan id' | 'task id',
    readonly id: string,
    readonly reason: string,
  ) {
    super(`${kind} ${JSON.stringify(id)} cannot be used as a file name: ${reason}`, EXIT.planInvalid);
  }
}

function segment(kind: 'plan id' | 'task id', id: string): string {
  const reason = unsafeIdReason(id);
  if (reason !== undefined) throw new UnsafeIdError(kind, id, reason);
  return id;
}

/** `<cwd>/.harness` */
export const harnessDir = (cwd: string): string => join(cwd, '.harness');
/** `prompts/<phase>.md.tmpl`, under `.harness/` (with `/`, as meta.json records it). */
export const promptTemplateFile = (phase: Phase): string => `prompts/${phase}.md.tmpl`;
/** `personas/<role>.md`, under `.harness/`. */
export const personaFile = (role: Role): string => `personas/${role}.md`;
/** `.harness/prompts/<phase>.md.tmpl` */
export const promptTemplatePath = (cwd: string, phase: Phase): string =>
  join(harnessDir(cwd), promptTemplateFile(phase));
/** `.harness/personas/<role>.md` */
export const personaPath = (cwd: string, role: Role): string => join(harnessDir(cwd), personaFile(role));
/** `.harness/meta.json`: the template version `attach` wrote, and the harness version that wrote it. */
export const metaPath = (cwd: string): string => join(harnessDir(cwd), 'meta.json');
/** `.harness/techdebt.md`: shortcuts the developer took (given to it by path only). */
export const techdebtPath = (cwd: string): string => join(harnessDir(cwd), 'techdebt.md');
/** `.harness/log.md`: the developer's diary (given to it by path only). */
export const logPath = (cwd: string): string => join(harnessDir(cwd), 'log.md');
/** `.harness/plans` */
export const plansDir = (cwd: string): string => join(harnessDir(cwd), 'plans');
/** `.harness/plans/<id>`; throws UnsafeIdError for an id that is not a safe path segment. */
export const planDir = (cwd: string, id: string): string => join(plansDir(cwd), segment('plan id', id));
/** `.harness/plans/<id>/planfile.json` */
export const planfilePath = (cwd: string, id: string): string => join(planDir(cwd, id), 'planfile.json');
/** `.harness/plans/<id>/mistakes.json`: the mistakes of every failed review of the plan, merged. */
export const mistakesPath = (cwd: string, id: string): string => join(planDir(cwd, id), 'mistakes.json');
/** `.harness/plans/<id>/reviews` */
export const reviewsDir = (cwd: string, id: string): string => join(planDir(cwd, id), 'reviews');

function reviewStem(cwd: string, id: string, taskId: string, n: number): string {
  if (!Number.isSafeInteger(n) || n < 1)
    throw new RangeError(`review number must be an integer >= 1, got ${n}`);
  return join(reviewsDir(cwd, id), `${segment('task id', taskId)}-${n}`);
}

/** `.harness/plans/<id>/reviews/<task-id>-<n>-review.md`: the architect's review of try `n` (1-based). */
export const reviewPath = (cwd: string, id: string, taskId: string, n: number): string =>
  `${reviewStem(cwd, id, taskId, n)}-review.md`;
/** `.harness/plans/<id>/reviews/<task-id>-<n>-mistakes.json`: the mistakes the architect found in try `n`. */
export const reviewMistakesPath = (cwd: string, id: string, taskId: string, n: number): string =>
  `${reviewStem(cwd, id, taskId, n)}-mistakes.json`;

/** A file name in `reviews/`, read back: `1_a-2-review.md` → `{ taskId: '1_a', n: 2, kind: 'review' }`. */
export function parseReviewFileName(
  name: string,
): { taskId: string; n: number; kind: 'review' | 'mistakes' } | undefined {
  const match = /^(.+)-([1-9]\d*)-(review\.md|mistakes\.json)$/.exec(name);
  if (!match || unsafeIdReason(match[1] ?? '') !== undefined) return undefined;
  return {
    taskId: match[1] ?? '',
    n: Number(match[2]),
    kind: match[3] === 'review.md' ? 'review' : 'mistakes',
  };
}

/** The highest try `n` with a review of `taskId` among the names in `reviews/` (0 when there is none). */
export function latestReviewNumber(names: readonly string[], taskId: string): number {
  let latest = 0;
  for (const name of names) {
    const parsed = parseReviewFileName(name);
    if (parsed?.kind === 'review' && parsed.taskId === taskId) latest = Math.max(latest, parsed.n);
  }
  return latest;
}
