// The sandbox a task's tools run in: its allowed_paths (the first is the workspace) and its own artifacts/, with
// the task directory's own files (so the model never reads or touches state.json, actions.jsonl, the locks, …),
// every root's .git and .harness, and the caller's own files denied.
//
// The task directory is denied file by file rather than whole: the sandbox denies everything below a denied path,
// roots included, and artifacts/ (a root) is below it.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { namingFile } from '../state/write-error.js';
import { openSandbox, type Sandbox } from './sandbox.js';
import { TASK_FILES, taskFile, type TaskSpec } from './task-files.js';

/** Every name in a task directory the harness writes: the files, the state mutex, the lock's reclaim markers. */
export function taskOwnFiles(dir: string): string[] {
  const names = Object.values(TASK_FILES).filter((name) => name !== TASK_FILES.artifacts);
  return [...names, `${TASK_FILES.state}.lock`].map((name) => join(dir, name));
}

export function deniedPaths(dir: string, roots: readonly string[], extra: readonly string[] = []): string[] {
  return [
    ...taskOwnFiles(dir),
    ...roots.flatMap((root) => [join(root, '.git'), join(root, '.harness')]),
    ...extra,
  ];
}

export async function openTaskSandbox(
  dir: string,
  task: TaskSpec,
  extra: readonly string[] = [],
): Promise<Sandbox> {
  const artifacts = taskFile(dir, 'artifacts');
  await namingFile(artifacts, () => mkdir(artifacts, { recursive: true }));
  const allowed = [...task.constraints.allowed_paths, artifacts];
  return openSandbox({ allowed, denied: deniedPaths(dir, allowed, extra) });
}
