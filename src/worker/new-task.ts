// `worker new`: a task directory as the seed lays it out, <parent>/<task_id>/ with task.json (never written again),
// state.json (pending) and an empty artifacts/. Both files are written whole (writeFileAtomic); task.json last but
// one, state.json last, so a directory with a state.json is complete.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import type { Clock } from '../os/clock-spawn.js';
import { writeFileAtomic } from '../state/index.js';
import { namingFile } from '../state/index.js';
import { pendingState, taskFile, writeState, type TaskSpec } from './task-files.js';

export interface NewTaskInput {
  prompt: string;
  max_iterations: number;
  timeout_seconds: number;
  /** Absolute directories. */
  allowed_paths: string[];
}

export async function createTask(parentDir: string, input: NewTaskInput, clock: Clock): Promise<string> {
  const taskId = randomUUID();
  return createTaskAt(join(parentDir, taskId), input, clock, taskId);
}

/**
 * A task in exactly `dir` (the loop's `.harness/worker/session-<n>`); `dir` must not hold a task yet. Returns
 * `dir`.
 */
export async function createTaskAt(
  dir: string,
  input: NewTaskInput,
  clock: Clock,
  taskId: string = randomUUID(),
): Promise<string> {
  const relative = input.allowed_paths.filter((path) => !isAbsolute(path));
  if (relative.length > 0)
    throw new Error(`createTask: allowed_paths must be absolute: ${relative.join(', ')}`);
  if (existsSync(taskFile(dir, 'task'))) throw new Error(`createTask: ${dir} already holds a task`);
  const now = new Date(clock.now()).toISOString();
  await namingFile(dir, () => mkdir(join(dir, 'artifacts'), { recursive: true }));
  const task: TaskSpec = {
    task_id: taskId,
    prompt: input.prompt,
    constraints: {
      max_iterations: input.max_iterations,
      timeout_seconds: input.timeout_seconds,
      allowed_paths: input.allowed_paths.map((path) => fromTaskDir(dir, path)),
    },
    created_at: now,
  };
  await writeFileAtomic(taskFile(dir, 'task'), `${JSON.stringify(task, null, 2)}\n`);
  writeState(dir, pendingState(now));
  return dir;
}

/**
 * An allowed path as task.json keeps it: relative to the task directory (openTaskSandbox resolves it back), so a
 * task directory committed with its repository works in any checkout of it, at any path. A path with no relative
 * form (another drive) stays absolute.
 */
function fromTaskDir(dir: string, path: string): string {
  const rel = relative(dir, path);
  return rel === '' ? '.' : isAbsolute(rel) ? path : rel;
}
