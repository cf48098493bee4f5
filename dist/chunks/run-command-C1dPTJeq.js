import { spawn } from 'node:child_process';
import './input-file-Bn6VMzna.js';
import { d as describeConfig } from './describe-h-ZHhmiL.js';
import 'node:fs/promises';
import 'node:path';
import { E as EXIT } from './exit-codes-BcddSphM.js';
import { l as loadConfig } from './load-CXjVciYH.js';
import { S as StopController, r as runHarness } from './run-harness-nXL8IuFS.js';
import 'node:os';
import { statSync } from 'node:fs';
import './worker-agent-C8DFCo_k.js';
import 'node:readline';
import { p as processAlive } from './harness-files-BmgK8Mw_.js';
import 'node:buffer';
import 'node:crypto';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import { F as FileEventLog, n as nullEventSink } from './process-group-DEuTVfVj.js';
import 'node:worker_threads';
import { systemClock } from './system-clock-uwg5zo-s.js';
import { C as ConsoleLogger } from './console-logger-BUEgzlyo.js';
import { i as installCliSignals } from './signals-ByVBhgR0.js';
import { r as readStatus, a as readCounter } from './recovery-CLBG-OCR.js';
import { r as resolvePaths } from './paths-D-JopNOW.js';
import { f as formatStatus } from './status-display-BZlQru1b.js';
import 'process';
import 'buffer';
import './errors-jHeEj1xf.js';
import './discover-Drdh8qQ6.js';
import './stats-Bo_tfkoT.js';
import './atomic-CBvGDd8d.js';
import './reconcile-BNPcKhOw.js';
import './store-B_JNUkCy.js';
import './spend-DFao0eB-.js';
import './holder-BysgL49j.js';
import './driver-open-BzSpmWUI.js';
import './late-signals-DLG8WlDk.js';
import 'node:util';
import './reaper-BVW2KqTk.js';
import './instance-lock-sl3_Q1ua.js';
import 'node:perf_hooks';

async function printStatus(config, io) {
  const paths = resolvePaths(config, io.cwd);
  let status;
  try {
    status = await readStatus(paths.status);
  } catch (error) {
    io.err(`agent-harness: cannot read ${paths.status}: ${error.message}`);
    return 1;
  }
  if (!status) {
    const counter = await readCounter(paths.counter).catch(() => null);
    io.out(`Loop state: not running (no ${config.session.status_file} here)`);
    if (counter !== null) io.out(`Global counter: ${counter}`);
    return 0;
  }
  let currentOutputBytes = null;
  if (status.output_file) {
    try {
      currentOutputBytes = statSync(status.output_file).size;
    } catch {
      currentOutputBytes = null;
    }
  }
  io.out(formatStatus(status, { alive: processAlive(status.pid), currentOutputBytes, nowMs: Date.now() }));
  return 0;
}

async function runCommand(args, io) {
  const loaded = await loadConfig({
    cwd: io.cwd,
    ...args.configPath !== void 0 ? { configPath: args.configPath } : {},
    overrides: args.overrides
  });
  if (args.command === "dry-run") return io.out(describeConfig(loaded)), EXIT.ok;
  if (args.command === "status") return await printStatus(loaded.config, io);
  const config = loaded.config;
  const stop = new StopController();
  const logger = new ConsoleLogger(args.verbosity, () => systemClock.now());
  const summary = await runHarness({
    config,
    cwd: io.cwd,
    env: process.env,
    clock: systemClock,
    spawn,
    stop,
    ...args.task !== void 0 ? { onlyTask: args.task } : {},
    ...selfCommand(),
    configFile: loaded.file,
    start: ({ paths }) => {
      const uninstall = installCliSignals(stop, config, logger);
      const budgetMins = config.session.time_budget_mins;
      return Promise.resolve({
        logger,
        events: paths.eventLog ? new FileEventLog(paths.eventLog, () => systemClock.now()) : nullEventSink,
        budget: () => budgetMins === void 0 ? void 0 : {
          deadlineMs: systemClock.monotonic() + budgetMins * 6e4,
          graceMs: config.watchdog.kill_grace_secs * 1e3,
          estimateMs: 0
        },
        dispose: uninstall
      });
    }
  });
  if (summary.error !== void 0) io.err(`agent-harness: ${summary.error}`);
  return summary.exitCode;
}
function selfCommand() {
  const script = process.argv[1];
  return script === void 0 ? {} : { self: { command: process.execPath, args: [script] } };
}

export { runCommand };
