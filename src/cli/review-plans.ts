// What the review mode's commands check before they load anything: that `.harness/` is here (`agent-harness
// attach` makes it), and that a plan id names a plan of .harness/plans/, listing the plans there when it does not.
import { existsSync, readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { harnessDir, planfilePath, plansDir } from '../review/index.js';
import { UsageError } from './args.js';

/** The plans of .harness/plans/, by id (their directories), sorted; none when there is no such directory. */
export function planIds(cwd: string): string[] {
  try {
    return readdirSync(plansDir(cwd), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}

/** A line naming the plans here, for a message that wants a plan id. */
export function plansHere(cwd: string): string {
  const ids = planIds(cwd);
  return ids.length === 0
    ? '\nNo plans here yet: agent-harness plan "<description>" makes one.'
    : `\nPlans here: ${ids.join(', ')}`;
}

/** Throws unless .harness/ is here. */
export function requireAttached(cwd: string, command: string): void {
  if (!existsSync(harnessDir(cwd)))
    throw new UsageError(
      `${command}: no .harness/ here: run \`agent-harness attach\` first (it scaffolds the review mode's templates and plans/)`,
    );
}

/** Throws unless .harness/plans/<planId>/ is here; a directory there is the plan's (its files are checked later). */
export function requirePlan(cwd: string, command: string, planId: string): void {
  requireAttached(cwd, command);
  if (existsSync(dirname(planfilePath(cwd, planId)))) return;
  throw new UsageError(`${command}: no plan "${planId}" in .harness/plans/${plansHere(cwd)}`);
}
