// Reading and writing a plan's progress.json (progress.ts): atomically and durably, so a SIGKILL leaves the last
// step recorded or the one before it, never a torn file. A file that does not exist is a plan not yet started; a
// file that exists but does not parse is named precisely (exit code 11), never silently replaced: it is the only
// record of tries, verdicts and spend.
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from '../state/index.js';
import { jsonText } from './files.js';
import { planDir } from './layout.js';
import { issueProblems, parseJsonText, PlanFileError } from './problems.js';
import { emptyProgress, planProgressSchema, type PlanProgress } from './progress.js';
import { readRegularFile, unreadableReason } from './regular-file.js';

export const PROGRESS_FILE = 'progress.json';

export const progressPath = (cwd: string, planId: string): string =>
  join(planDir(cwd, planId), PROGRESS_FILE);

/** The plan's progress; an empty record when the plan has not started. */
export async function readProgress(path: string, planId: string, display = path): Promise<PlanProgress> {
  let text: string;
  try {
    text = await readRegularFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return emptyProgress(planId);
    throw new PlanFileError('progress file', display, [
      { file: display, path: '', message: unreadableReason(code) },
    ]);
  }
  const parsed = parseJsonText(text, display);
  if (!parsed.ok) throw new PlanFileError('progress file', display, [parsed.problem]);
  const checked = planProgressSchema.safeParse(parsed.value);
  if (!checked.success)
    throw new PlanFileError(
      'progress file',
      display,
      issueProblems(checked.error.issues, parsed.value, display, () => []),
    );
  if (checked.data.plan_id !== planId) {
    throw new PlanFileError('progress file', display, [
      {
        file: display,
        path: 'plan_id',
        message: `expected ${JSON.stringify(planId)} (the plan's directory), found ${JSON.stringify(checked.data.plan_id)}`,
      },
    ]);
  }
  return checked.data;
}

export async function writeProgress(path: string, progress: PlanProgress): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, jsonText(planProgressSchema.parse(progress)), { durable: true });
}
