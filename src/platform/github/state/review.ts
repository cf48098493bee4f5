// Review mode's part of the state kept across Action runs: the whole `.harness/plans/` directory (planfile,
// progress, mistakes, reviews), and which plan each issue started, so the issue's next run resumes that plan
// instead of planning again. The issue map is `.harness/issue-plans.json`; a restore merges the cached map into
// the workspace's one (an entry in both: the cached one, the newer record).
import { copyFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { harnessDir, plansDir } from '../../../review/index.js';
import type { StateFile } from './stage.js';

export const issuePlansPath = (cwd: string): string => join(harnessDir(cwd), 'issue-plans.json');

const issuePlansSchema = z.record(z.string().regex(/^\d+$/), z.string());
type IssuePlans = z.infer<typeof issuePlansSchema>;

async function readIssuePlans(path: string): Promise<IssuePlans | null> {
  try {
    const parsed = issuePlansSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

async function writeIssuePlans(path: string, plans: IssuePlans): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(plans, null, 2)}\n`);
  await rename(temp, path);
}

/** The plan issue `issue` started, if any. */
export async function planOfIssue(cwd: string, issue: number): Promise<string | null> {
  return (await readIssuePlans(issuePlansPath(cwd)))?.[String(issue)] ?? null;
}

export async function rememberIssuePlan(cwd: string, issue: number, planId: string): Promise<void> {
  const path = issuePlansPath(cwd);
  const plans = (await readIssuePlans(path)) ?? {};
  await writeIssuePlans(path, { ...plans, [String(issue)]: planId });
}

export async function restoreIssuePlans(cachedPath: string, localPath: string): Promise<void> {
  const cached = await readIssuePlans(cachedPath);
  if (!cached) return;
  const local = await readIssuePlans(localPath);
  if (!local) {
    await mkdir(dirname(localPath), { recursive: true });
    return copyFile(cachedPath, localPath);
  }
  await writeIssuePlans(localPath, { ...local, ...cached });
}

export function reviewStateFiles(cwd: string): StateFile[] {
  return [
    // A plan's lock (progress.json.lock) names a process of the runner that wrote it: never carried over.
    { name: 'plans', path: plansDir(cwd), directory: true, exclude: /\.lock$/ },
    { name: 'issue-plans', path: issuePlansPath(cwd), restore: restoreIssuePlans },
  ];
}
