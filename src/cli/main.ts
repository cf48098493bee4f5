// The local home: wire the config, the terminal and plain files to the loop, and turn every outcome into
// one exit code.
import { spawn } from 'node:child_process';
import { ConfigError } from '../config/errors.js';
import { describeConfig } from '../config/describe.js';
import { configJsonSchema } from '../config/json-schema.js';
import { loadConfig } from '../config/load.js';
import { resolvePaths } from '../state/paths.js';
import { preflight, PreflightError } from '../loop/preflight.js';
import { acquireInstanceLock, AlreadyRunningError } from '../state/instance-lock.js';
import { endCarriers, newCookie } from '../os/cookie.js';
import { recoverPreviousRun } from '../loop/recovery.js';
import { EXIT, LoopError } from '../errors/exit-codes.js';
import { runLoop } from '../loop/runner.js';
import { installSignalHandlers, StopController } from '../loop/stop.js';
import { systemClock } from '../os/system-clock.js';
import { ConsoleLogger } from '../platform/local/console-logger.js';
import { CounterFileError } from '../state/counter.js';
import { HarnessFileError } from '../state/write-error.js';
import { FileEventLog, nullEventSink } from '../state/event-log.js';
import { parseCliArgs, USAGE, UsageError } from './args.js';
import { printStatus } from './status-command.js';
import { VERSION } from '../version.js';
import { LockHeldError } from '../tasks/lock.js';
import { TaskSession } from '../tasks/session.js';
import { TaskFileError } from '../tasks/store.js';
import { tasksCommand } from './tasks-command.js';

export interface CliIo {
  cwd: string;
  out: (text: string) => void;
  err: (text: string) => void;
}

const defaultIo = (): CliIo => ({
  cwd: process.cwd(),
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
});

export async function cliMain(argv: readonly string[], io: CliIo = defaultIo()): Promise<number> {
  try {
    if (argv[0] === 'tasks') {
      return await tasksCommand(argv.slice(1), {
        cwd: io.cwd,
        out: io.out,
        now: systemClock.now,
        env: process.env,
      });
    }
    const args = parseCliArgs(argv);
    if (args.command === 'help') return (io.out(USAGE), EXIT.ok);
    if (args.command === 'version') return (io.out(VERSION), EXIT.ok);
    if (args.command === 'schema') return (io.out(JSON.stringify(configJsonSchema(), null, 2)), EXIT.ok);
    const loaded = await loadConfig({
      cwd: io.cwd,
      ...(args.configPath !== undefined ? { configPath: args.configPath } : {}),
      overrides: args.overrides,
    });
    if (args.command === 'dry-run') return (io.out(describeConfig(loaded)), EXIT.ok);
    if (args.command === 'status') return await printStatus(loaded.config, io);
    preflight(loaded.config, io.cwd);

    const paths = resolvePaths(loaded.config, io.cwd);
    // Before anything is written: a second harness here leaves with exit code 5 having touched nothing.
    const cookie = newCookie();
    const lock = await acquireInstanceLock(paths.lock, { cookie });
    const logger = new ConsoleLogger(args.verbosity, systemClock.now);
    const stop = new StopController();
    const uninstall = installSignalHandlers(stop, {
      now: systemClock.now,
      windowMs: loaded.config.shutdown.force_window_secs * 1000,
      onSignal: (signal, action) => {
        // The terminal is gone: writing to it must not take the harness down and leave the agent unsupervised.
        if (signal === 'SIGHUP') ignoreOutputErrors();
        if (action === 'force') logger.log('warn', { signal, action: 'killing session now' });
        else if (signal === 'SIGINT') logger.summary('Caught SIGINT, finishing current session...');
        else logger.log('info', { signal, action: 'finishing current session' });
      },
    });
    const budgetMins = loaded.config.session.time_budget_mins;
    const events = paths.eventLog ? new FileEventLog(paths.eventLog, systemClock.now) : nullEventSink;
    try {
      // What a dead harness left running (an orphaned validation among it) ends before the task session's own
      // recovery starts anything.
      await recoverPreviousRun(paths.status, {
        clock: systemClock,
        logger,
        emit: (event) => events.emit(event),
        killGraceMs: loaded.config.watchdog.kill_grace_secs * 1000,
        staleLock: lock.reclaimedFrom,
      });
      // With a task list here, every iteration is one task: the harness claims, validates and rolls back.
      const tasks = await TaskSession.open({
        cwd: io.cwd,
        paths,
        env: process.env,
        clock: systemClock,
        spawn,
        emit: (event) => events.emit(event),
        log: (level, fields) => logger.log(level, fields),
        ...(args.task !== undefined ? { onlyTask: args.task } : {}),
        cookie,
        signal: stop.interrupt,
      });
      if (tasks !== null && 'stop' in tasks) {
        logger.summary(`Task session not started: ${tasks.stop}`);
        return stop.forced && stop.forcedBy !== 'time_budget' ? EXIT.forced : (tasks.exitCode ?? EXIT.ok);
      }
      const summary = await runLoop({
        ...(tasks ? { driver: tasks } : {}),
        ...(budgetMins !== undefined
          ? {
              budget: {
                deadlineMs: systemClock.now() + budgetMins * 60_000,
                graceMs: loaded.config.watchdog.kill_grace_secs * 1000,
                estimateMs: 0,
              },
            }
          : {}),
        config: loaded.config,
        cwd: io.cwd,
        stop,
        cookie,
        previousRunRecovered: true,
        platform: {
          clock: systemClock,
          logger,
          events,
          spawn,
        },
      });
      if (summary.error !== undefined) io.err(`agent-harness: ${summary.error}`);
      return summary.exitCode;
    } finally {
      // Also when the loop failed: nothing this run started outlives it.
      await endCarriers(cookie, 0, systemClock);
      uninstall();
      await lock.release();
    }
  } catch (error) {
    if (
      error instanceof ConfigError ||
      error instanceof UsageError ||
      error instanceof CounterFileError ||
      error instanceof PreflightError ||
      error instanceof TaskFileError
    ) {
      io.err(`agent-harness: ${error.message}`);
      return EXIT.usage;
    }
    if (error instanceof AlreadyRunningError || error instanceof LockHeldError) {
      io.err(`agent-harness: ${error.message}`);
      return EXIT.alreadyRunning;
    }
    if (error instanceof HarnessFileError) {
      io.err(`agent-harness: ${error.message}`);
      return EXIT.writeFailed;
    }
    if (error instanceof LoopError) {
      io.err(`agent-harness: ${error.message}`);
      return error.exitCode;
    }
    io.err(`agent-harness: unexpected failure: ${(error as Error).stack ?? String(error)}`);
    return EXIT.failure;
  }
}

function ignoreOutputErrors(): void {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
}
