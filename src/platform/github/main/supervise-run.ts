// The Action's main step with the `worker-supervise` input: every worker task under one directory run in this job
// by the worker's supervisor (worker/supervisor/, docs/worker.md "Supervising many tasks"), as `worker
// supervise` runs them locally. The tasks' state comes back from the cache first (a later run continues the
// unfinished ones) and post saves it, uploads the task directories and writes the final table as the job summary.
// The workers run as the step's user with the agent's environment (agent-isolation "none": all of it; otherwise
// the allow-list, as under "env"). A cancellation stops every task through its state.json, within the runner's
// window, then ends what is left; post does the network work.
import * as core from '@actions/core';
import { spawn } from 'node:child_process';
import { join, relative, resolve } from 'node:path';
import { loadConfig, type Config } from '../../../config/index.js';
import { agentEnvironment } from '../../../os/agent-env.js';
import { endCarriers, killCarriersNow, newCookie } from '../../../os/cookie.js';
import { runHandlersInstalled } from '../../../os/late-signals.js';
import { startReaper } from '../../../os/reaper.js';
import { systemClock } from '../../../os/system-clock.js';
import { acquireInstanceLock, resolvePaths } from '../../../state/index.js';
import { findTaskDirs } from '../../../worker/index.js';
import {
  allCompleted,
  eventLine,
  finalTable,
  lineChanges,
  supervise,
  SUPERVISE_LOCK,
  superviseSettings,
  type TaskView,
} from '../../../worker/supervisor/index.js';
import { withActionIsolation } from '../agent-isolation.js';
import { defaultStateKey } from '../context.js';
import type { PostState } from '../post/index.js';
import { stateFiles, superviseStateKey } from '../state/index.js';
import type { SupervisedRow } from '../summary/index.js';
import { savePostState, startPostState } from './post-handover.js';
import { actionSelfCommand } from './self-command.js';
import type { MainSetup } from './setup.js';
import { restoreStore } from './state-restore.js';

/** The supervisor's grace (stop request to SIGTERM, SIGTERM to SIGKILL) at most: both fit the runner's 7.5 s. */
const ACTION_GRACE_MS = 3000;
/** If main is still alive this long after the first cancel signal, it ends the workers and leaves at once. */
const CANCEL_DEADLINE_MS = 6500;

export async function runSuperviseMain(setup: MainSetup, env: NodeJS.ProcessEnv): Promise<void> {
  const { inputs, cwd, gh } = setup;
  const loaded = await loadConfig({ cwd, ...(inputs.configPath ? { configPath: inputs.configPath } : {}) });
  const config = withActionIsolation(loaded.config, inputs);
  const dir = resolve(cwd, inputs.workerSupervise!);
  const tasks = (await findTaskDirs(dir)).sort();
  core.info(`agent-harness: worker-supervise ${relative(cwd, dir) || '.'}: ${tasks.length} task(s)`);

  // The tasks' state from the chosen store, under the directory's own key.
  const paths = resolvePaths(config, cwd);
  const stateKey = superviseStateKey(inputs.stateKey ?? defaultStateKey(gh), inputs.workerSupervise!);
  const files = stateFiles({
    cwd,
    counter: paths.counter,
    status: paths.status,
    eventLog: null,
    metricsDb: null,
    workerSupervise: tasks,
  });
  const { postStore } = await restoreStore(setup, files, stateKey, env, []);
  const post: PostState = {
    ...startPostState(setup, config, paths, { stateKey, firstGlobal: 0, store: postStore }),
    eventLog: null,
    metricsDb: null,
    workerSupervise: { dir, tasks, rows: null, cancelled: false },
  };
  savePostState(post);

  const views = await superviseTasks(setup, config, loaded.file, dir, tasks, () => {
    post.workerSupervise!.cancelled = true;
    savePostState(post);
  });
  const cancelled = post.workerSupervise!.cancelled;
  const rows = views.map((view) => supervisedRow(view, dir));
  const completed = rows.filter((row) => row.result === 'completed').length;
  const done = allCompleted(views.map((view) => view.result ?? 'stopped'));
  post.workerSupervise!.rows = rows;
  post.end = {
    stopReason: cancelled ? 'cancelled' : 'worker_done',
    exitCode: done ? 0 : 20,
    productive: completed,
    iteration: 0,
    global: 0,
  };
  savePostState(post);
  core.setOutput('stop-reason', post.end.stopReason);
  core.setOutput('worker-completed', completed);
  core.setOutput('worker-unfinished', rows.length - completed);
  core.setOutput(
    'tokens',
    rows.reduce((sum, row) => sum + row.tokens, 0),
  );
  if (!done && !cancelled)
    core.setFailed(
      `agent-harness: ${rows.length - completed} of ${rows.length} worker task(s) did not complete (exit code 20)`,
    );
}

/** Runs the supervisor over `tasks` with the directory's lock, a cookie and a reaper; the cancel handling. */
async function superviseTasks(
  setup: MainSetup,
  config: Config,
  configFile: string | null,
  dir: string,
  tasks: readonly string[],
  onCancel: () => void,
): Promise<TaskView[]> {
  const { inputs, cwd } = setup;
  const self = actionSelfCommand();
  if (self === null) throw new Error('worker-supervise: the harness CLI (cli.js) is not beside the Action');
  const w = config.worker;
  const graceMs = Math.min(config.watchdog.kill_grace_secs * 1000, ACTION_GRACE_MS);
  const cookie = newCookie();
  const lock = await acquireInstanceLock(join(dir, SUPERVISE_LOCK), { cookie });
  const reaper = startReaper(cookie, graceMs, spawn);
  const stop = new AbortController();
  const cancel = (signal: NodeJS.Signals) => {
    if (stop.signal.aborted) return;
    core.warning(`agent-harness: ${signal}: cancelling: every task is stopped through its state.json`);
    onCancel();
    stop.abort();
    setTimeout(() => {
      killCarriersNow(cookie);
      process.exit(1);
    }, CANCEL_DEADLINE_MS).unref();
  };
  process.on('SIGINT', cancel);
  process.on('SIGTERM', cancel);
  const handlersRemoved = runHandlersInstalled();
  const pass = [...config.agent.pass_env, ...(config.llm.api_key_env ? [config.llm.api_key_env] : [])];
  const isolation = config.agent.isolation === 'none' ? 'none' : 'env';
  const changed = lineChanges();
  try {
    return await supervise(
      tasks,
      superviseSettings(w, dir, {
        parallel: inputs.workerParallel,
        doneWhen: inputs.workerDoneWhen,
        graceMs,
      }),
      {
        clock: systemClock,
        spawn,
        cookie,
        env: agentEnvironment(process.env, { isolation, pass }),
        cwd,
        workerRun: (task) => ({
          command: self.command,
          args: [...self.args, 'worker', 'run', task, ...(configFile !== null ? ['-c', configFile] : [])],
        }),
        report: (event) => core.info(`agent-harness: ${eventLine(event)}`),
        refresh: (views) => {
          for (const view of views) {
            const line = changed(view);
            if (line !== null) core.info(`agent-harness: ${line}`);
          }
        },
        signal: stop.signal,
      },
    ).then((views) => {
      core.info(finalTable(views));
      return views;
    });
  } finally {
    process.off('SIGINT', cancel);
    process.off('SIGTERM', cancel);
    handlersRemoved();
    await endCarriers(cookie, graceMs, systemClock);
    reaper.close();
    await lock.release();
  }
}

function supervisedRow(view: TaskView, dir: string): SupervisedRow {
  return {
    task: relative(dir, view.dir) || view.task_id,
    result: view.result ?? 'stopped',
    status: view.status,
    iteration: view.iteration,
    max_iterations: view.max_iterations,
    reason: view.termination_reason,
    restarts: view.restarts,
    tokens: view.tokens,
    why: view.why,
  };
}
