import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { resolve, join } from 'node:path';
import { parseArgs } from 'node:util';
import { n as newCookie, e as endCarriers, k as killCarriersNow } from './input-file-Cbt1w_j3.js';
import { E as EXIT } from './exit-codes-BkuRLrXJ.js';
import { l as loadConfig } from './load-Bmhg6nfv.js';
import { s as startReaper } from './reaper-ON8grmD8.js';
import { systemClock } from './system-clock-uwg5zo-s.js';
import 'node:fs';
import 'node:crypto';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import './harness-files-B0x0nX25.js';
import { a as acquireInstanceLock, A as AlreadyRunningError } from './instance-lock-BqpK38Bs.js';
import { f as findTaskDirs, S as SUPERVISE_LOCK } from './model-hold-BUrQRjPB.js';
import './task-driver-WpeUzbPL.js';
import { s as supervise, b as superviseSettings, a as allCompleted, f as finalTable, h as holdLine, t as taskLine, e as eventLine, l as lineChanges } from './runner-CpqrGPNl.js';
import { f as flagNumber, U as UsageError, G as GLOBAL_OPTIONS } from './relaunch-BurLyM5A.js';
import { i as installWorkerSignals } from './worker-command-BGbXmluT.js';
import 'process';
import 'buffer';
import './errors-CNcu4SPE.js';
import './version-R6LujQcV.js';
import 'node:perf_hooks';
import './holder-DYQPLy_j.js';
import './state-lock-Cj8p1ocN.js';
import './text-table-Kb3cLKic.js';
import 'node:os';
import './worker-agent-CEPc612X.js';
import 'node:readline';
import 'node:buffer';
import 'node:worker_threads';
import './process-group-v69azfoj.js';
import 'node:module';
import './exit-for-error-p-r9cYNM.js';
import './paths-CsbkJmHS.js';
import './chunk-reader-0BRVJma9.js';
import './console-logger-CaTkBmJG.js';
import './event-log-BGV3jqas.js';
import './run-task-D3hRDPnY.js';
import './unknown-command-Dvidw1HW.js';
import './late-signals-DLG8WlDk.js';

const SUPERVISE_USAGE = `Usage: agent-harness worker supervise [DIR...] [options]

Runs every task under each DIR (a directory of task directories, or one task directory; default:
worker.tasks_dir) that is pending, stopped or left running by a dead worker, each as its own \`worker run\`,
at most --parallel at once; a completed task is left alone and a failed one reported. A task whose heartbeat is
older than --stale-after, or whose step has lasted that long, is stopped through state.json, ended if it does not
stop, and resumed; so is one whose worker died, at most --max-restarts times. A task's done_when (task.json) or
--done-when is run in its workspace after each iteration that wrote a file: exit 0 stops it as done (completed).

      --parallel N         tasks at once (default: worker.supervise_parallel, else the cores, at most 4)
      --stale-after SECS   default: worker.stale_after_secs
      --max-restarts N     default: worker.supervise_max_restarts
      --done-when CMD      a shell command; exit 0 in a task's workspace = done (a task's own done_when wins)
      --json               JSON lines (one per event and change), then the final table as JSON
  -c, --config PATH        config file

Exit code: 0 every task completed; 20 some failed, gave up, were held by another worker or were stopped (SIGINT,
SIGTERM or SIGHUP stops them all; the next supervise resumes them); 5 another supervise runs on a DIR.`;
function parse(argv) {
  try {
    return parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        parallel: { type: "string" },
        "stale-after": { type: "string" },
        "max-restarts": { type: "string" },
        "done-when": { type: "string" },
        json: { type: "boolean" },
        ...GLOBAL_OPTIONS
      }
    });
  } catch (error) {
    throw new UsageError(`worker supervise: ${error.message}
${SUPERVISE_USAGE}`);
  }
}
async function lockAll(dirs, cookie) {
  const locks = [];
  try {
    for (const dir of dirs) locks.push(await acquireInstanceLock(join(dir, SUPERVISE_LOCK), { cookie }));
  } catch (error) {
    for (const lock of locks) await lock.release();
    if (!(error instanceof AlreadyRunningError)) throw error;
    const dir = dirs[locks.length];
    throw new AlreadyRunningError(
      `${dir} is being supervised by ${error.heldBy} (lock ${join(dir, SUPERVISE_LOCK)}); stop it with Ctrl-C or SIGTERM${error.holder ? ` (kill ${error.holder.pid})` : ""}, which stops its tasks through their state.json, or wait for it to end`,
      error.holder,
      error.reclaiming
    );
  }
  return locks;
}
async function superviseCommand(argv, io) {
  const { values, positionals } = parse(argv);
  if (values.help) return io.out(SUPERVISE_USAGE), EXIT.ok;
  const { config, file } = await loadConfig({
    cwd: io.cwd,
    ...values.config !== void 0 ? { configPath: values.config } : {}
  });
  const w = config.worker;
  const parallel = flagNumber("--parallel", values.parallel, "positive integer");
  const staleAfter = flagNumber("--stale-after", values["stale-after"], "positive number");
  const maxRestarts = flagNumber("--max-restarts", values["max-restarts"], "whole number");
  const doneWhen = values["done-when"] ?? null;
  if (doneWhen !== null && doneWhen.trim() === "") throw new UsageError("--done-when: the command is empty");
  const dirs = [
    ...new Set((positionals.length > 0 ? positionals : [w.tasks_dir]).map((d) => resolve(io.cwd, d)))
  ];
  for (const dir of dirs)
    if (!(await stat(dir).catch(() => null))?.isDirectory())
      throw new UsageError(`worker supervise: ${dir}: not a directory`);
  const cookie = newCookie();
  const locks = await lockAll(dirs, cookie);
  const graceMs = config.watchdog.kill_grace_secs * 1e3;
  const reaper = startReaper(cookie, graceMs, spawn);
  const stop = new AbortController();
  const removeSignals = installWorkerSignals({
    windowMs: config.shutdown.force_window_secs * 1e3,
    now: () => systemClock.monotonic(),
    stop: (signal) => {
      io.err(`agent-harness: ${signal}: stopping every task (a second one ends them at once)`);
      stop.abort();
    },
    force: () => {
      killCarriersNow(cookie);
      process.exit(EXIT.forced);
    }
  });
  const output = progressOutput(io, values.json === true);
  try {
    const taskDirs = [...new Set((await Promise.all(dirs.map(findTaskDirs))).flat())].sort();
    const self = process.argv[1];
    const views = await supervise(
      taskDirs,
      superviseSettings(w, dirs[0], {
        parallel,
        staleAfterSecs: staleAfter,
        maxRestarts,
        doneWhen,
        graceMs
      }),
      {
        clock: systemClock,
        spawn,
        cookie,
        env: io.env,
        cwd: io.cwd,
        workerRun: (dir) => ({
          command: process.execPath,
          args: [self, "worker", "run", dir, ...file !== null ? ["-c", file] : []]
        }),
        report: output.event,
        refresh: output.refresh,
        signal: stop.signal
      }
    );
    const code = allCompleted(views.map((v) => v.result ?? "stopped")) ? EXIT.ok : EXIT.tasksUnfinished;
    output.final(views, code);
    return code;
  } finally {
    removeSignals();
    await endCarriers(cookie, graceMs, systemClock);
    reaper.close();
    for (const lock of locks) await lock.release();
  }
}
function progressOutput(io, json) {
  const changed = lineChanges();
  if (json)
    return {
      event: (event) => io.out(JSON.stringify({ time: (/* @__PURE__ */ new Date()).toISOString(), ...event })),
      refresh: (views) => {
        for (const view of views)
          if (changed(view) !== null)
            io.out(JSON.stringify({ time: (/* @__PURE__ */ new Date()).toISOString(), event: "progress", ...view }));
      },
      final: (views, code) => io.out(JSON.stringify({ event: "final", exit_code: code, tasks: views }))
    };
  const tty = process.stdout.isTTY === true;
  let drawn = 0;
  const write = (text) => process.stdout.write(text);
  return {
    event: (event) => {
      if (tty && drawn > 0) {
        write(`\x1B[${drawn}A\x1B[J`);
        drawn = 0;
      }
      io.out(eventLine(event));
    },
    refresh: (views, holdUntil) => {
      const hold = holdLine(holdUntil);
      if (tty) {
        const lines = [...views.map((v) => taskLine(v)), ...hold !== null ? [hold] : []];
        write(`${drawn > 0 ? `\x1B[${drawn}A` : ""}${lines.map((l) => `\x1B[2K${l}
`).join("")}\x1B[J`);
        drawn = lines.length;
        return;
      }
      for (const view of views) {
        const line = changed(view);
        if (line !== null) io.out(line);
      }
    },
    final: (views, code) => {
      if (tty && drawn > 0) write(`\x1B[${drawn}A\x1B[J`);
      io.out(finalTable(views));
      io.out(`exit ${code}`);
    }
  };
}

export { SUPERVISE_USAGE, superviseCommand };
