// The task list and its progress log as part of the cached state. A task file in the workspace (checked in, or
// just edited) meets the cached one task by task: the record showing more progress wins, tasks added in the
// workspace are kept, so a run neither forgets progress nor loses new work. The progress log is append-only:
// the longer copy wins.
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

export async function restoreTasks(cachedPath: string, localPath: string): Promise<void> {
  const local = await readTaskFile(localPath).catch(() => null);
  const cached = await readTaskFile(cachedPath).catch(() => null);
  if (!cached) return;
  if (!local) return copyFile(cachedPath, localPath);
  await writeTaskFile(localPath, foldOutcome(local.file, cached.file).file);
}

export async function restoreProgress(cachedPath: string, localPath: string): Promise<void> {
  if (((await size(cachedPath)) ?? 0) > ((await size(localPath)) ?? -1))
    await copyFile(cachedPath, localPath);
}

export function taskStateFiles(cwd: string): StateFile[] {
  return [
    { name: 'tasks', path: join(cwd, TASK_FILE), restore: restoreTasks },
    { name: 'progress', path: join(cwd, PROGRESS_FILE), restore: restoreProgress },
  ];
}
