import { spawn } from 'node:child_process';
import './input-file-Cbt1w_j3.js';
import { d as describeConfig } from './describe-DrB6mMkP.js';
import 'node:fs/promises';
import 'node:path';
import { E as EXIT } from './exit-codes-BkuRLrXJ.js';
import { l as loadConfig } from './load-Bmhg6nfv.js';
import { S as StopController, r as runHarness, p as preflightProblems } from './run-harness-B87iUZYY.js';
import 'node:os';
import { statSync } from 'node:fs';
import './worker-agent-CEPc612X.js';
import 'node:readline';
import { p as processAlive } from './harness-files-B0x0nX25.js';
import 'node:buffer';
import 'node:crypto';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import { F as FileEventLog, n as nullEventSink } from './event-log-BGV3jqas.js';
import 'node:worker_threads';
import { systemClock } from './system-clock-uwg5zo-s.js';
import { C as ConsoleLogger } from './console-logger-CaTkBmJG.js';
import { i as installCliSignals } from './signals-CRLm35NF.js';
import { r as readStatus, a as readCounter } from './keep-work-B_dXZy8G.js';
import { r as resolvePaths } from './paths-CsbkJmHS.js';
import { c as counterLine, f as formatStatus } from './status-display-BZ6W6Z0M.js';
import 'process';
import 'buffer';
import './errors-CNcu4SPE.js';
import './version-R6LujQcV.js';
import './spend-D-HHXpeX.js';
import './process-group-v69azfoj.js';
import './reconcile-DxxRVzih.js';
import './error-line-D30764DK.js';
import './store-jcKbTIeG.js';
import './chunk-reader-0BRVJma9.js';
import './tail-CzdcGSBg.js';
import './holder-DYQPLy_j.js';
import './shell-xIIC2Ow-.js';
import './late-signals-DLG8WlDk.js';
import 'node:util';
import './reaper-ON8grmD8.js';
import './instance-lock-BqpK38Bs.js';
import './lock-YHFNiW80.js';
import './store-B8ORO4c2.js';
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
  const counter = await readCounter(paths.counter).catch(() => null);
  if (!status) {
    io.out(`Loop state: not running (no ${config.session.status_file} here)`);
    if (counter !== null) io.out(counterLine(counter));
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
  io.out(
    formatStatus(status, { alive: processAlive(status.pid), currentOutputBytes, nowMs: Date.now(), counter })
  );
  return 0;
}

async function runCommand(args, io) {
  const loaded = await loadConfig({
    cwd: io.cwd,
    ...args.configPath !== void 0 ? { configPath: args.configPath } : {},
    overrides: args.overrides
  });
  if (args.command === "dry-run") return dryRun(loaded, io);
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
function dryRun(loaded, io) {
  io.out(describeConfig(loaded));
  const problems = preflightProblems(loaded.config, io.cwd, { self: selfCommand().self !== void 0 });
  if (problems.length === 0) {
    io.out("dry run: a run could start (prompt file, output directory and agent command found)");
    return EXIT.ok;
  }
  for (const problem of problems) io.err(`agent-harness: ${problem.message}`);
  const exitCode = problems[0].exitCode;
  io.err(
    `agent-harness: dry run: a run would not start (${problems.length} problem${problems.length === 1 ? "" : "s"}, exit code ${exitCode})`
  );
  return exitCode;
}
function selfCommand() {
  const script = process.argv[1];
  return script === void 0 ? {} : { self: { command: process.execPath, args: [script] } };
}

export { runCommand };
