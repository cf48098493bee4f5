import { i as info, s as superviseStateKey, d as defaultStateKey, a as stateFiles, b as setOutput, c as setFailed, w as warning } from './make-BMWZx3w_.js';
import { spawn } from 'node:child_process';
import { resolve, relative, join } from 'node:path';
import { n as newCookie, f as agentEnvironment, e as endCarriers, k as killCarriersNow } from './input-file-Cbt1w_j3.js';
import './exit-codes-BkuRLrXJ.js';
import 'node:fs/promises';
import { l as loadConfig } from './load-Bmhg6nfv.js';
import { r as runHandlersInstalled } from './late-signals-DLG8WlDk.js';
import { s as startReaper } from './reaper-ON8grmD8.js';
import { systemClock } from './system-clock-uwg5zo-s.js';
import 'node:fs';
import 'node:crypto';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import './harness-files-B0x0nX25.js';
import { a as acquireInstanceLock } from './instance-lock-BqpK38Bs.js';
import { r as resolvePaths } from './paths-CsbkJmHS.js';
import { f as findTaskDirs, S as SUPERVISE_LOCK } from './model-hold-BUrQRjPB.js';
import './task-driver-WpeUzbPL.js';
import { a as allCompleted, s as supervise, b as superviseSettings, e as eventLine, f as finalTable, l as lineChanges } from './runner-CpqrGPNl.js';
import { w as withActionIsolation, r as restoreStore, s as startPostState, a as savePostState, b as actionSelfCommand } from './index-BIHlWNGi.js';
import 'node:os';
import './tmplvars-BMvHh65V.js';
import './store-jcKbTIeG.js';
import 'os';
import 'fs';
import 'path';
import 'crypto';
import 'stream';
import 'buffer';
import 'events';
import 'node:util';
import 'fs/promises';
import 'constants';
import 'util';
import 'assert';
import 'node:url';
import 'node:events';
import 'node:string_decoder';
import 'zlib';
import 'http';
import 'https';
import './worker-agent-CEPc612X.js';
import 'node:readline';
import 'node:buffer';
import './keep-work-B_dXZy8G.js';
import './spend-D-HHXpeX.js';
import './holder-DYQPLy_j.js';
import './tail-CzdcGSBg.js';
import './chunk-reader-0BRVJma9.js';
import './process-group-v69azfoj.js';
import 'node:worker_threads';
import './console-logger-CaTkBmJG.js';
import './event-log-BGV3jqas.js';
import './status-display-BZ6W6Z0M.js';
import './store-B8ORO4c2.js';
import './errors-CNcu4SPE.js';
import 'node:perf_hooks';
import './merge-DwjizXMV.js';
import 'net';
import 'tls';
import 'node:assert';
import 'node:net';
import 'node:http';
import 'node:querystring';
import 'node:diagnostics_channel';
import 'node:tls';
import 'node:util/types';
import 'node:async_hooks';
import 'node:console';
import 'node:dns';
import 'string_decoder';
import 'child_process';
import 'timers';
import 'url';
import 'node:process';
import 'node:https';
import 'tty';
import 'process';
import './version-R6LujQcV.js';
import './state-lock-Cj8p1ocN.js';
import './text-table-Kb3cLKic.js';
import './exit-for-error-p-r9cYNM.js';
import './run-harness-B87iUZYY.js';
import './reconcile-DxxRVzih.js';
import './error-line-D30764DK.js';
import './shell-xIIC2Ow-.js';
import './lock-YHFNiW80.js';

const ACTION_GRACE_MS = 3e3;
const CANCEL_DEADLINE_MS = 6500;
async function runSuperviseMain(setup, env) {
  const { inputs, cwd, gh } = setup;
  const loaded = await loadConfig({ cwd, ...inputs.configPath ? { configPath: inputs.configPath } : {} });
  const config = withActionIsolation(loaded.config, inputs);
  const dir = resolve(cwd, inputs.workerSupervise);
  const tasks = (await findTaskDirs(dir)).sort();
  info(`agent-harness: worker-supervise ${relative(cwd, dir) || "."}: ${tasks.length} task(s)`);
  const paths = resolvePaths(config, cwd);
  const stateKey = superviseStateKey(inputs.stateKey ?? defaultStateKey(gh), inputs.workerSupervise);
  const files = stateFiles({
    cwd,
    counter: paths.counter,
    status: paths.status,
    eventLog: null,
    metricsDb: null,
    workerSupervise: tasks
  });
  const { postStore } = await restoreStore(setup, files, stateKey, env, []);
  const post = {
    ...startPostState(setup, config, paths, { stateKey, firstGlobal: 0, store: postStore }),
    eventLog: null,
    metricsDb: null,
    workerSupervise: { dir, tasks, rows: null, cancelled: false }
  };
  savePostState(post);
  const views = await superviseTasks(setup, config, loaded.file, dir, tasks, () => {
    post.workerSupervise.cancelled = true;
    savePostState(post);
  });
  const cancelled = post.workerSupervise.cancelled;
  const rows = views.map((view) => supervisedRow(view, dir));
  const completed = rows.filter((row) => row.result === "completed").length;
  const done = allCompleted(views.map((view) => view.result ?? "stopped"));
  post.workerSupervise.rows = rows;
  post.end = {
    stopReason: cancelled ? "cancelled" : "worker_done",
    exitCode: done ? 0 : 20,
    productive: completed,
    iteration: 0,
    global: 0
  };
  savePostState(post);
  setOutput("stop-reason", post.end.stopReason);
  setOutput("worker-completed", completed);
  setOutput("worker-unfinished", rows.length - completed);
  setOutput(
    "tokens",
    rows.reduce((sum, row) => sum + row.tokens, 0)
  );
  if (!done && !cancelled)
    setFailed(
      `agent-harness: ${rows.length - completed} of ${rows.length} worker task(s) did not complete (exit code 20)`
    );
}
async function superviseTasks(setup, config, configFile, dir, tasks, onCancel) {
  const { inputs, cwd } = setup;
  const self = actionSelfCommand();
  if (self === null) throw new Error("worker-supervise: the harness CLI (cli.js) is not beside the Action");
  const w = config.worker;
  const graceMs = Math.min(config.watchdog.kill_grace_secs * 1e3, ACTION_GRACE_MS);
  const cookie = newCookie();
  const lock = await acquireInstanceLock(join(dir, SUPERVISE_LOCK), { cookie });
  const reaper = startReaper(cookie, graceMs, spawn);
  const stop = new AbortController();
  const cancel = (signal) => {
    if (stop.signal.aborted) return;
    warning(`agent-harness: ${signal}: cancelling: every task is stopped through its state.json`);
    onCancel();
    stop.abort();
    setTimeout(() => {
      killCarriersNow(cookie);
      process.exit(1);
    }, CANCEL_DEADLINE_MS).unref();
  };
  process.on("SIGINT", cancel);
  process.on("SIGTERM", cancel);
  const handlersRemoved = runHandlersInstalled();
  const pass = [...config.agent.pass_env, ...config.llm.api_key_env ? [config.llm.api_key_env] : []];
  const isolation = config.agent.isolation === "none" ? "none" : "env";
  const changed = lineChanges();
  try {
    return await supervise(
      tasks,
      superviseSettings(w, dir, {
        parallel: inputs.workerParallel,
        doneWhen: inputs.workerDoneWhen,
        graceMs
      }),
      {
        clock: systemClock,
        spawn,
        cookie,
        env: agentEnvironment(process.env, { isolation, pass }),
        cwd,
        workerRun: (task) => ({
          command: self.command,
          args: [...self.args, "worker", "run", task, ...configFile !== null ? ["-c", configFile] : []]
        }),
        report: (event) => info(`agent-harness: ${eventLine(event)}`),
        refresh: (views) => {
          for (const view of views) {
            const line = changed(view);
            if (line !== null) info(`agent-harness: ${line}`);
          }
        },
        signal: stop.signal
      }
    ).then((views) => {
      info(finalTable(views));
      return views;
    });
  } finally {
    process.off("SIGINT", cancel);
    process.off("SIGTERM", cancel);
    handlersRemoved();
    await endCarriers(cookie, graceMs, systemClock);
    reaper.close();
    await lock.release();
  }
}
function supervisedRow(view, dir) {
  return {
    task: relative(dir, view.dir) || view.task_id,
    result: view.result ?? "stopped",
    status: view.status,
    iteration: view.iteration,
    max_iterations: view.max_iterations,
    reason: view.termination_reason,
    restarts: view.restarts,
    tokens: view.tokens,
    why: view.why
  };
}

export { runSuperviseMain };
