import { readdir } from 'node:fs/promises';
import { join, basename } from 'node:path';
import { L as LoopError, E as EXIT } from './exit-codes-BIDj-cBV.js';
import { w as workerDenied } from './worker-denied-D27Pa8mk.js';

const WORKER_SETTINGS_ENV = "AGENT_HARNESS_WORKER_SETTINGS";
const WORKER_DENIED_ENV = "AGENT_HARNESS_WORKER_DENIED";
const WORKER_TASK_ENV = "AGENT_HARNESS_WORKER_TASK";
const WORKER_SESSIONS_DIR = join(".harness", "worker");
const isWorkerFormat = (config) => config.agent.format === "json-actions";
async function workerInvocation(config, paths, self, global, configFile = null) {
  if (self === null)
    throw new LoopError(
      `agent.format = "json-actions" runs the harness's own worker, and this caller did not say how to start it`,
      EXIT.agentNotStarted,
      "agent_not_started"
    );
  const taskDir = join(paths.cwd, WORKER_SESSIONS_DIR, `session-${global}`);
  return {
    command: self.command,
    args: [...self.args, "worker", "session", "--task-dir", taskDir],
    env: {
      [WORKER_SETTINGS_ENV]: JSON.stringify({ llm: config.llm, worker: config.worker }),
      [WORKER_DENIED_ENV]: JSON.stringify(await loopWorkerDenied(paths, taskDir, configFile))
    }
  };
}
async function loopWorkerDenied(paths, taskDir, configFile) {
  const common = workerDenied(paths, configFile);
  const denied = [
    ...common.paths,
    ...await entriesBut(join(paths.cwd, ".harness"), "worker"),
    ...await entriesBut(join(paths.cwd, WORKER_SESSIONS_DIR), basename(taskDir)),
    join(paths.cwd, ".agent-harness-state")
  ];
  return { paths: [...new Set(denied)], prefixes: common.prefixes };
}
async function entriesBut(dir, keep) {
  const names = await readdir(dir).catch(() => []);
  return names.filter((name) => name !== keep).map((name) => join(dir, name));
}

export { WORKER_TASK_ENV as W, WORKER_SETTINGS_ENV as a, WORKER_DENIED_ENV as b, isWorkerFormat as i, workerInvocation as w };
