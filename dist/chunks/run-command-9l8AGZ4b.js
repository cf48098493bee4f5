import { spawn } from 'node:child_process';
import { v as valueAt } from './errors-CMKbXDPy.js';
import { a as leafKeyPaths, l as loadConfig } from './load-DxAQle16.js';
import { E as EXIT } from './exit-codes-BIDj-cBV.js';
import { S as StopController, r as runHarness } from './run-harness-DzsEcw2_.js';
import { systemClock } from './system-clock-uwg5zo-s.js';
import { C as ConsoleLogger } from './console-logger-pIPnHYyM.js';
import { F as FileEventLog, n as nullEventSink } from './event-log-g8KVFJKL.js';
import { i as installCliSignals } from './signals-D0JC4v4k.js';
import { statSync } from 'node:fs';
import { p as processAlive } from './write-error-DrPqF6x1.js';
import { r as resolvePaths } from './paths-0Uk-e9W1.js';
import { a as readStatus, d as readCounter } from './isolation-leftovers-Bu40OdbT.js';
import { a as formatStatus } from './status-display-DfkHomqZ.js';
import './discover-CVWmHJyW.js';
import 'node:fs/promises';
import 'node:path';
import 'process';
import 'buffer';
import './json-schema-0r8OkLzn.js';
import './schema-BJx5UT7G.js';
import './agent-section-DvJ6ToKi.js';
import 'node:crypto';
import './proc-DJTQ5c--.js';
import './store-DiISVuZj.js';
import './atomic-UjRxuxvd.js';
import './extract-options-DXPth6hg.js';
import 'node:readline';
import './store-DLHOBfo7.js';
import 'node:buffer';
import './holder-D1QsuRpM.js';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import 'node:worker_threads';
import 'node:os';
import './driver-open-B6sqVeJK.js';
import './late-signals-DLG8WlDk.js';
import './worker-agent-oQZM4pwD.js';
import './worker-denied-DKm0yPQP.js';
import 'node:util';
import './reaper-BTqs2xtX.js';
import './instance-lock-BGEjlxIh.js';
import 'node:perf_hooks';

const MAX_VALUE_COLUMN = 40;
function describeConfig(loaded) {
  const rows = leafKeyPaths().map((path) => {
    const value = valueAt(loaded.config, path.split("."));
    return {
      path,
      value: value === void 0 ? "(not set)" : JSON.stringify(value),
      source: loaded.sources[path] ?? "default"
    };
  });
  const keyWidth = Math.max(...rows.map((r) => r.path.length));
  const valueWidth = Math.min(MAX_VALUE_COLUMN, Math.max(...rows.map((r) => r.value.length)));
  const header = loaded.file === null ? "no config file, defaults" : `config file: ${loaded.file}`;
  const lines = rows.map((r) => `${r.path.padEnd(keyWidth)} = ${r.value.padEnd(valueWidth)}   (${r.source})`);
  return [header, ...lines].join("\n") + "\n";
}

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
