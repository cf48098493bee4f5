// The task list and its progress log as part of the cached state. A task file in the workspace (checked in, or
// just edited) meets the cached one task by task: the record showing more progress wins, tasks added in the
// workspace are kept, so a run neither forgets progress nor loses new work; a saved list that does not parse is
// named in a warning and the workspace's kept. The progress log is append-only: the longer copy wins.
import { copyFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { foldOutcome } from '../../../tasks/index.js';
import { PROGRESS_FILE, TASK_FILE } from '../../../state/index.js';
import { readTaskFile, writeTaskFile } from '../../../tasks/index.js';
import type { StateFile } from './stage.js';

async function size(path: string): Promise<number | null> {
  try {
    return (await stat(path)).size;
  } catch {
    return null;
  }
}

export async function restoreTasks(
  cachedPath: string,
  localPath: string,
  warn: (message: string) => void,
): Promise<void> {
  const local = await readTaskFile(localPath).catch(() => null);
  let cached;
  try {
    cached = await readTaskFile(cachedPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      warn(`the saved task list is not usable (${(error as Error).message}); keeping ${localPath}`);
    return;
  }
  if (!cached) return;
  if (!local) return copyFile(cachedPath, localPath);
  await writeTaskFile(localPath, foldOutcome(local.file, cached.file).file);
}

/** Throws when a saved task list does not parse or break the task file's rules. */
export async function checkTasks(savedPath: string): Promise<void> {
  await readTaskFile(savedPath);
}

export async function restoreProgress(cachedPath: string, localPath: string): Promise<void> {
  if (((await size(cachedPath)) ?? 0) > ((await size(localPath)) ?? -1))
    await copyFile(cachedPath, localPath);
}

export function taskStateFiles(cwd: string): StateFile[] {
  return [
    { name: 'tasks', path: join(cwd, TASK_FILE), restore: restoreTasks, check: checkTasks },
    { name: 'progress', path: join(cwd, PROGRESS_FILE), restore: restoreProgress },
  ];
}
