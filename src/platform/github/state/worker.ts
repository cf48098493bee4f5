// A worker task (the `worker-task` input) as part of the cached state: its mutable files, which the sessions of
// one job after another carry on (task.json is the task's definition, checked in with it and never written). The
// cached copy replaces the workspace's: the cache holds the newest progress, a checkout holds the state at commit
// time, if any. The task's files also go in the job's artifact. The same for every task of the `worker-supervise`
// input's directory, each under its own name.
import { basename, join } from 'node:path';
import type { StateFile } from './stage.js';

/** The task's files, by their names in a task directory (src/worker/task-files.ts TASK_FILES). */
const MUTABLE = ['state.json', 'heartbeat.json', 'actions.jsonl', 'pending.json'] as const;

export function workerTaskStateFiles(taskDir: string): StateFile[] {
  return [
    ...MUTABLE.map((name) => ({ name: `worker-${name}`, path: join(taskDir, name) })),
    // The lock names a process of this machine: never cached (store.ts).
    { name: 'worker-artifacts', path: join(taskDir, 'artifacts'), directory: true },
  ];
}

/** What goes in the artifact: the definition, the state files and the artifacts/ directory. */
export function workerTaskArtifactFiles(taskDir: string): string[] {
  return [
    join(taskDir, 'task.json'),
    ...MUTABLE.map((name) => join(taskDir, name)),
    join(taskDir, 'artifacts'),
  ];
}

/** A path as part of a cache name or state key: its separators and other characters made dashes. */
const safeName = (path: string): string =>
  path
    .replace(/[\\/]+$/, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+/, '');

/**
 * A worker task's state key: beside the main key like a fan-out task's (`<key>~<task-id>`), named by the task
 * directory (each leg of a matrix works on its own).
 */
export function workerStateKey(mainKey: string, workerTask: string): string {
  return `${mainKey}~worker-${safeName(workerTask)}`;
}

/**
 * The `worker-supervise` input's tasks as part of the cached state: each task's mutable files under its
 * directory's name (`supervise-<name>-state.json`, ...), so every task of the directory resumes where it was.
 */
export function superviseStateFiles(taskDirs: readonly string[]): StateFile[] {
  return taskDirs.flatMap((dir) => {
    const name = safeName(basename(dir));
    return [
      ...MUTABLE.map((file) => ({ name: `supervise-${name}-${file}`, path: join(dir, file) })),
      { name: `supervise-${name}-artifacts`, path: join(dir, 'artifacts'), directory: true },
    ];
  });
}

/** The supervised directory's state key: beside the main key like a worker task's (`<key>~supervise-<dir>`). */
export function superviseStateKey(mainKey: string, dir: string): string {
  return `${mainKey}~supervise-${safeName(dir)}`;
}
