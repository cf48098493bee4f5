// One way to run the harness, whichever home calls it (the CLI, the Action, and later modes): check the config
// against the machine, take this directory's instance lock, let the home set up its ports with the lock held, end
// what a previous run left, open the task driver if there is a task list, run the loop, and end everything this
// run started. The home brings its ports (clock, spawn, stop controller, and from `start` its logger, event sink,
// stop sources and budget) and turns the summary into its own exit code, outputs and reports.
import { resumeNumbering } from '../loop/index.js';
import { preflight } from '../loop/index.js';
import { recoverPreviousRun } from '../loop/index.js';
import type { HarnessOptions, HarnessSummary, HomePorts } from '../loop/index.js';
import { runLoop } from '../loop/index.js';
import { openContainment } from '../os/cgroup-run.js';
import type { RunContainment } from '../os/cgroup-types.js';
import { endCarriers, newCookie } from '../os/cookie.js';
import { startReaper } from '../os/reaper.js';
import { acquireInstanceLock } from '../state/index.js';
import { resolvePaths } from '../state/index.js';
import { TaskDriver } from '../tasks/index.js';
import { announceContainment } from './containment.js';
import { protectLoopFiles } from './loop-files.js';
import { earlyStopExit } from './early-stop.js';
import { openSessionRecorder, type SessionRecorder } from './session-recorder.js';

export async function runHarness(options: HarnessOptions): Promise<HarnessSummary> {
  const { config, cwd, clock, spawn, stop } = options;
  preflight(config, cwd, { promptFile: options.driver === undefined, self: options.self !== undefined });
  const paths = resolvePaths(config, cwd);
  // Before anything is written: a second harness here leaves with exit code 5 having touched nothing.
  const cookie = newCookie();
  const lock = await acquireInstanceLock(paths.lock, { cookie, workDir: cwd });
  // From here on, should this process die outright, what it started ends with it (os/reaper.ts).
  const reaper = startReaper(cookie, config.watchdog.kill_grace_secs * 1000, spawn);
  let ports: HomePorts | null = null;
  let recorder: SessionRecorder | null = null;
  let containment: RunContainment | null = null;
  try {
    ports = await options.start({ config, cwd, paths, cookie, lock });
    const { logger } = ports;
    if (lock.reclaimedWhy !== null) {
      const from = lock.reclaimedFrom;
      const previous = from === null || from === 'unreadable' ? 'unreadable' : from.pid;
      logger.log('warn', { recovery: 'stale_lock', previous_pid: previous, reason: lock.reclaimedWhy });
    }
    // Every session into the metrics database; one that cannot be used stops the run here (exit 15).
    recorder = openSessionRecorder({ config, paths, run: cookie, clock, logger });
    const events = recorder ? recorder.wrap(ports.events) : ports.events;
    // What a dead harness left running (an orphaned validation among it) ends before the task driver's own
    // recovery starts anything.
    await recoverPreviousRun(paths.status, {
      clock,
      logger,
      emit: (event) => events.emit(event),
      killGraceMs: config.watchdog.kill_grace_secs * 1000,
      staleLock: lock.reclaimedFrom,
    });
    // What earlier runs left out of the history (a session cut short by a SIGKILL, one the history had no room
    // for), now that their processes have ended and before this run's status replaces theirs.
    await recorder?.catchUp();
    // This run's cgroups, after those dead runs left were swept: every session's agent is born in one.
    const opened = await openContainment({
      cookie,
      env: options.env,
      clock,
      graceMs: config.watchdog.kill_grace_secs * 1000,
    });
    containment = opened.run;
    reaper.watch({ cgroup: containment.path });
    await announceContainment(opened, logger, (event) => events.emit(event));
    // With a task list here, every iteration is one task: the harness claims, validates and rolls back.
    const tasks =
      options.driver ??
      (await TaskDriver.open({
        cwd,
        paths,
        env: options.env,
        clock,
        spawn,
        emit: (event) => events.emit(event),
        log: (level, fields) => logger.log(level, fields),
        ...(options.onlyTask !== undefined ? { onlyTask: options.onlyTask } : {}),
        cookie,
        signal: stop.interrupt,
        configFile: options.configFile ?? null,
      }));
    if (tasks !== null && 'stop' in tasks) {
      logger.summary(`Task session not started: ${tasks.stop}`);
      const { next } = await resumeNumbering(paths, config.session.output_prefix);
      return {
        exitCode: earlyStopExit(stop, tasks),
        stopReason: tasks.stop,
        productive: 0,
        iterations: 0,
        trailingRateLimits: 0,
        global: next,
        started: false,
        ...(tasks.error !== undefined ? { error: tasks.error } : {}),
      };
    }
    // A plain loop: its files out of the agent's git, as task and review mode keep theirs.
    if (tasks === null) await protectLoopFiles(config, paths, logger);
    const budget = ports.budget?.();
    const summary = await runLoop({
      ...(tasks ? { driver: tasks } : {}),
      ...(budget ? { budget } : {}),
      config,
      cwd,
      stop,
      cookie,
      containment,
      reaper,
      previousRunRecovered: true,
      ...(options.self ? { self: options.self } : {}),
      ...(options.configFile ? { configFile: options.configFile } : {}),
      ...(ports.stopSources ? { stopSources: ports.stopSources } : {}),
      platform: { clock, logger, events, spawn },
    });
    return { ...summary, started: true };
  } finally {
    // Also when the loop failed: nothing this run started outlives it, and its cgroups go.
    const inCgroups = (await containment?.close(clock)) ?? 0;
    if (inCgroups > 0) ports?.logger.log('warn', { run: 'leftover_processes', by_cgroup: inCgroups });
    await endCarriers(cookie, 0, clock);
    recorder?.close();
    ports?.dispose?.();
    reaper.close();
    await lock.release();
  }
}
