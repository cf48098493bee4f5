import { spawn } from 'node:child_process';
import { v as valueAt } from './errors-CMKbXDPy.js';
import { a as leafKeyPaths, l as loadConfig } from './load--A82CxKu.js';
import { E as EXIT } from './exit-codes-BIDj-cBV.js';
import { S as StopController, r as runHarness } from './run-harness-6Ewc3yUb.js';
import { systemClock } from './system-clock-uwg5zo-s.js';
import { C as ConsoleLogger } from './console-logger-K_CKV08p.js';
import { F as FileEventLog, n as nullEventSink } from './event-log-Bt3kPnCi.js';
import { i as installCliSignals } from './signals-BXLour4f.js';
import { statSync } from 'node:fs';
import { p as processAlive } from './write-error-Du9mN06c.js';
import { r as resolvePaths } from './paths-CFbEFX5T.js';
import { a as readStatus, d as readCounter } from './isolation-leftovers-4kcQ3N2d.js';
import { a as formatStatus } from './status-display-DfkHomqZ.js';
import './discover-CVWmHJyW.js';
import 'node:fs/promises';
import 'node:path';
import 'process';
import 'buffer';
import './json-schema-CPKwphbP.js';
import './schema-CrziDKLJ.js';
import './agent-section-DslPxZ24.js';
import 'node:crypto';
import './proc-BHgIj9ip.js';
import './store-DyhOIgek.js';
import './atomic-BcKaoj99.js';
import './extract-options-CQmf-UiZ.js';
import 'node:readline';
import './store-DBzNIESf.js';
import 'node:buffer';
import './holder-BEiIlDuV.js';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import 'node:worker_threads';
import 'node:os';
import './driver-open-Q4fjA0lI.js';
import './late-signals-DLG8WlDk.js';
import './worker-agent-CoxpdY2q.js';
import './worker-denied-D27Pa8mk.js';
import 'node:util';
import './reaper-D0zZpugF.js';
import './instance-lock-DIja15vj.js';
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
