import { spawn } from 'node:child_process';
import './input-file-6q8ve5AP.js';
import { d as describeConfig } from './describe-RTUHIdF0.js';
import 'node:fs/promises';
import 'node:path';
import { E as EXIT } from './exit-codes-B1e2_Xbp.js';
import { l as loadConfig } from './load-Cfaa3dqn.js';
import { S as StopController, r as runHarness } from './run-harness-DWMpjnHg.js';
import 'node:os';
import { statSync } from 'node:fs';
import './worker-agent-BT4DhLb9.js';
import 'node:readline';
import { p as processAlive } from './harness-files-Dukz__AL.js';
import 'node:buffer';
import 'node:crypto';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import { F as FileEventLog, n as nullEventSink } from './process-group-CrZliCAe.js';
import 'node:worker_threads';
import { systemClock } from './system-clock-uwg5zo-s.js';
import { C as ConsoleLogger } from './console-logger-Dmd761sn.js';
import { i as installCliSignals } from './signals-bAh_qfUI.js';
import { r as readStatus, a as readCounter } from './recovery-DyUdNC9b.js';
import { r as resolvePaths } from './paths-BvYzQ2NT.js';
import { f as formatStatus } from './status-display-BZlQru1b.js';
import 'process';
import 'buffer';
import './errors-Bb6PJNB8.js';
import './discover-NOJB2NMI.js';
import './stats-B7irQI-N.js';
import './atomic-DSIYmMaW.js';
import './reconcile-mWHSwO8o.js';
import './store-C5U_htSv.js';
import './spend-DFao0eB-.js';
import './holder-DB3IUA2-.js';
import './driver-open-CnAYxq3j.js';
import './late-signals-DLG8WlDk.js';
import 'node:util';
import './reaper-CY0rMPaw.js';
import './instance-lock-HHGbMej1.js';
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
