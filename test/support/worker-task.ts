// A worker task in a scratch directory for the loop's tests: a workspace, a tasks directory, one task, the
// settings (the scripted model server as Ollama), and readers for what the worker left on disk.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configSchema, type ConfigInput } from '../../src/config/schema.js';
import type { Fields, Level } from '../../src/loop/ports.js';
import type { Clock } from '../../src/os/clock-spawn.js';
import { systemClock } from '../../src/os/system-clock.js';
import type { Answer } from '../../src/worker/answer.js';
import { transportFor } from '../../src/worker/llm/index.js';
import { createTask } from '../../src/worker/new-task.js';
import type { WorkerDeps, WorkerSettings } from '../../src/worker/run-options.js';
import type { ActionLine, Heartbeat, WorkerState } from '../../src/worker/task-files.js';

export interface TaskFixture {
  root: string;
  workspace: string;
  tasks: string;
  dir: string;
  state(): WorkerState;
  lines(): ActionLine[];
  heartbeat(): Heartbeat;
  exists(name: string): boolean;
}

export async function makeTask(
  options: {
    prompt?: string;
    max_iterations?: number;
    timeout_seconds?: number;
    root?: string;
    /** The tasks directory inside the workspace (as with the default worker.tasks_dir under `.`). */
    tasksInWorkspace?: boolean;
  } = {},
): Promise<TaskFixture> {
  const root = options.root ?? mkdtempSync(join(tmpdir(), 'ah-worker-'));
  const workspace = join(root, 'workspace');
  const tasks = options.tasksInWorkspace ? join(workspace, 'tasks') : join(root, 'tasks');
  mkdirSync(workspace, { recursive: true });
  const dir = await createTask(
    tasks,
    {
      prompt: options.prompt ?? 'Fix the bug in parser.py',
      max_iterations: options.max_iterations ?? 3,
      timeout_seconds: options.timeout_seconds ?? 300,
      allowed_paths: [workspace],
    },
    systemClock,
  );
  return {
    root,
    workspace,
    tasks,
    dir,
    ...taskReaders(dir),
  };
}

export function taskReaders(dir: string) {
  return {
    state: () => JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')) as WorkerState,
    lines: () =>
      readFileSync(join(dir, 'actions.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as ActionLine),
    heartbeat: () => JSON.parse(readFileSync(join(dir, 'heartbeat.json'), 'utf8')) as Heartbeat,
    exists: (name: string) => existsSync(join(dir, name)),
  };
}

/** The [llm] and [worker] settings as the config would give them, with the model at `baseUrl`. */
export function workerSettings(
  baseUrl: string,
  more: { llm?: ConfigInput['llm']; worker?: ConfigInput['worker'] } = {},
): WorkerSettings {
  const config = configSchema.parse({
    llm: { provider: 'ollama', base_url: baseUrl, model: 'scripted', timeout_secs: 30, ...more.llm },
    worker: { heartbeat_secs: 0.05, ...more.worker },
  });
  return { llm: config.llm, worker: config.worker };
}

export interface LogEntry {
  level: Level;
  fields: Fields;
}

export function workerDeps(
  settings: WorkerSettings,
  more: Partial<WorkerDeps> & { clock?: Clock } = {},
): WorkerDeps & { logged: LogEntry[] } {
  const logged: LogEntry[] = [];
  const clock = more.clock ?? systemClock;
  return {
    clock,
    transport: transportFor(settings.llm, { env: process.env, spawn, clock }),
    log: (level, fields) => logged.push({ level, fields }),
    env: process.env,
    ...more,
    logged,
  };
}

/** The model's answer text. */
export const answer = (actions: Answer['actions'], reasoning?: string): string =>
  JSON.stringify(reasoning === undefined ? { actions } : { reasoning, actions });

/** The user message of a recorded chat request (Ollama's body). */
export function userContent(body: unknown): string {
  const messages = (body as { messages: Array<{ role: string; content: string }> }).messages;
  return messages.find((m) => m.role === 'user')!.content;
}
