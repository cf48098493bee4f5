// agent.format = "json-actions": the session's agent is the harness's own structured-action worker, started as
// `<self> worker session --task-dir .harness/worker/session-<global>` with the prompt on stdin (the session, in
// src/cli/worker-session.ts, reads the environment variables named here). The loop hands it the worker settings
// of the loaded config, and the harness's own files, which the worker's tools must neither see nor touch: the
// loop knows their resolved paths (flags and the Action's inputs included), the session could not.
import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Config } from '../config/index.js';
import { EXIT, LoopError } from '../errors/exit-codes.js';
import type { LoopPaths } from '../state/index.js';
import { workerDenied, type WorkerDenied } from '../state/index.js';
import type { SelfCommand } from './context.js';

export const WORKER_SETTINGS_ENV = 'AGENT_HARNESS_WORKER_SETTINGS';
export const WORKER_DENIED_ENV = 'AGENT_HARNESS_WORKER_DENIED';
export const WORKER_TASK_ENV = 'AGENT_HARNESS_WORKER_TASK';

/** Where the loop's sessions keep their worker tasks, under the working directory. */
export const WORKER_SESSIONS_DIR = join('.harness', 'worker');

export const isWorkerFormat = (config: Config): boolean => config.agent.format === 'json-actions';

export interface WorkerInvocation {
  command: string;
  args: string[];
  env: Record<string, string>;
}

export async function workerInvocation(
  config: Config,
  paths: LoopPaths,
  self: SelfCommand | null,
  global: number,
  configFile: string | null = null,
): Promise<WorkerInvocation> {
  if (self === null)
    throw new LoopError(
      'agent.format = "json-actions" runs the harness\'s own worker, and this caller did not say how to start it',
      EXIT.agentNotStarted,
      'agent_not_started',
    );
  const taskDir = join(paths.cwd, WORKER_SESSIONS_DIR, `session-${global}`);
  return {
    command: self.command,
    args: [...self.args, 'worker', 'session', '--task-dir', taskDir],
    env: {
      [WORKER_SETTINGS_ENV]: JSON.stringify({ llm: config.llm, worker: config.worker }),
      [WORKER_DENIED_ENV]: JSON.stringify(await loopWorkerDenied(paths, taskDir, configFile)),
    },
  };
}

/**
 * The harness's files the worker must not reach: what `worker run` denies too (state/worker-denied.ts: the loaded
 * config, the prompt file, the state files, the transcripts and prompt copies as one family), everything in
 * `.harness` (review mode's plans, earlier sessions' worker tasks) but this session's task (whose artifacts/ the
 * worker may use; the worker denies the rest of it itself), and the Action's state stage.
 */
export async function loopWorkerDenied(
  paths: LoopPaths,
  taskDir: string,
  configFile: string | null,
): Promise<WorkerDenied> {
  const common = workerDenied(paths, configFile);
  const denied = [
    ...common.paths,
    ...(await entriesBut(join(paths.cwd, '.harness'), 'worker')),
    ...(await entriesBut(join(paths.cwd, WORKER_SESSIONS_DIR), basename(taskDir))),
    join(paths.cwd, '.agent-harness-state'),
  ];
  return { paths: [...new Set(denied)], prefixes: common.prefixes };
}

/** The entries of `dir` other than `keep`, absolute (none when it does not exist). */
async function entriesBut(dir: string, keep: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((name) => name !== keep).map((name) => join(dir, name));
}
