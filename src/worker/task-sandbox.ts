// The sandbox a task's tools run in: its allowed_paths (the first is the workspace) and its own artifacts/, with
// the task directory denied (so the model never reads or touches state.json, actions.jsonl, the locks, …; its
// artifacts/ stays usable, a root below a denied path), every root's .git and .harness, and the caller's own
// files.
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { namingFile } from '../state/write-error.js';
import { openSandbox, type Sandbox } from './sandbox.js';
import { taskFile, type TaskSpec } from './task-files.js';

export function deniedPaths(dir: string, roots: readonly string[], extra: readonly string[] = []): string[] {
  return [dir, ...roots.flatMap((root) => [join(root, '.git'), join(root, '.harness')]), ...extra];
}

export async function openTaskSandbox(
  dir: string,
  task: TaskSpec,
  extra: readonly string[] = [],
): Promise<Sandbox> {
  const artifacts = taskFile(dir, 'artifacts');
  await namingFile(artifacts, () => mkdir(artifacts, { recursive: true }));
  // Relative allowed paths are relative to the task directory (new-task.ts writes them so), never to wherever the
  // worker happens to be started.
  const allowed = [...task.constraints.allowed_paths.map((path) => resolve(dir, path)), artifacts];
  return openSandbox({ allowed, denied: deniedPaths(dir, allowed, extra) });
}
