import { spawn } from 'node:child_process';
import './input-file-iAu264NB.js';
import { d as describeConfig } from './describe-DIMEPgy5.js';
import 'node:fs/promises';
import 'node:path';
import { E as EXIT } from './exit-codes-DwHD3iQH.js';
import { l as loadConfig } from './load-CW_2DizP.js';
import { S as StopController, r as runHarness } from './run-harness-DAXJQYjh.js';
import 'node:os';
import { statSync } from 'node:fs';
import './worker-agent-BJ5uICfs.js';
import 'node:readline';
import { p as processAlive } from './harness-files-BbEbZZRN.js';
import 'node:buffer';
import 'node:crypto';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import { F as FileEventLog, n as nullEventSink } from './process-group-B0KW9igv.js';
import 'node:worker_threads';
import { systemClock } from './system-clock-uwg5zo-s.js';
import { C as ConsoleLogger } from './console-logger-vGPGr5ta.js';
import { i as installCliSignals } from './signals-D88U04DY.js';
import { r as readStatus, a as readCounter } from './recovery-4m9H2ohe.js';
import { r as resolvePaths } from './paths-DuEyt5Uq.js';
import { f as formatStatus } from './status-display-BZlQru1b.js';
import 'process';
import 'buffer';
import './errors-BZMEshe1.js';
import './discover-DYtUpmtM.js';
import './stats-C4pvU1Aj.js';
import './atomic-D0jKIgz-.js';
import './reconcile-CpA8GJCc.js';
import './store-Bnk5N5e0.js';
import './spend-DFao0eB-.js';
import './holder-DqXF5dN7.js';
import './driver-open-jhFL5RZT.js';
import './late-signals-DLG8WlDk.js';
import 'node:util';
import './reaper-fWvmeqSf.js';
import './instance-lock-I2ywC7SS.js';
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
