// The sandbox a task's tools run in: its allowed_paths (the first is the workspace) and its own artifacts/, with
// the task directory denied (so the model never reads or touches state.json, actions.jsonl, the locks, …; its
// artifacts/ stays usable, a root below a denied path), the other tasks beside it denied too (task A's model must
// not rewrite task B's task.json or state), and the caller's own files. `.git` and `.harness` at any depth below
// a root are the sandbox's own rule (sandbox.ts).
import { mkdir, readdir, realpath, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { namingFile } from '../state/index.js';
import { within } from '../os/path-within.js';
import { openSandbox, type DeniedPrefix, type Sandbox } from './tools/index.js';
import { TASK_FILES, taskFile, type TaskSpec } from './task-files.js';

/** What the caller denies besides the task's own: paths and name families (the loop's transcripts). */
export interface CallerDenied {
  paths?: readonly string[];
  prefixes?: readonly DeniedPrefix[];
}

export async function openTaskSandbox(
  dir: string,
  task: TaskSpec,
  extra: CallerDenied = {},
): Promise<Sandbox> {
  const artifacts = taskFile(dir, 'artifacts');
  await namingFile(artifacts, () => mkdir(artifacts, { recursive: true }));
  // Relative allowed paths are relative to the task directory (new-task.ts writes them so), never to wherever the
  // worker happens to be started.
  const allowed = [...task.constraints.allowed_paths.map((path) => resolve(dir, path)), artifacts];
  const { roots } = await openSandbox({ allowed, denied: [] });
  const denied = [dir, ...(await otherTasks(dir, roots)), ...(extra.paths ?? [])];
  return openSandbox({ allowed, denied, deniedPrefixes: extra.prefixes ?? [] });
}

/**
 * The other tasks beside this one: the directory holding the task directory (`tasks/`) when it is not a root and
 * holds no root but this task's artifacts/; otherwise (a task straight in the workspace) every sibling directory
 * that holds a task.json.
 */
export async function otherTasks(dir: string, roots: readonly string[]): Promise<string[]> {
  const realDir = await realpath(dir);
  const parent = dirname(realDir);
  if (parent === realDir) return [];
  const ownArtifacts = join(realDir, TASK_FILES.artifacts);
  const holdsRoot = roots.some(
    (root) => within(parent, root) && !within(realDir, root) && root !== ownArtifacts,
  );
  if (!holdsRoot) return [parent];
  const names = await readdir(parent).catch(() => [] as string[]);
  const siblings: string[] = [];
  for (const name of names) {
    const sibling = join(parent, name);
    if (sibling === realDir) continue;
    const info = await stat(join(sibling, TASK_FILES.task)).catch(() => null);
    if (info !== null) siblings.push(sibling);
  }
  return siblings;
}
