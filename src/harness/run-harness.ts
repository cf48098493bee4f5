// One way to run the harness, whichever home calls it (the CLI, the Action, and later modes): check the config
// against the machine, take this directory's instance lock, let the home set up its ports with the lock held, end
// what a previous run left, open the task session if there is a task list, run the loop, and end everything this
// run started. The home brings its ports (clock, spawn, stop controller, and from `start` its logger, event sink,
// stop sources and budget) and turns the summary into its own exit code, outputs and reports.
import type { Config } from '../config/schema.js';
import type { Budget } from '../loop/budget.js';
import { resumeNumbering } from '../loop/numbering.js';
import type { Clock, Logger, Spawn } from '../loop/ports.js';
import { preflight } from '../loop/preflight.js';
import { recoverPreviousRun } from '../loop/recovery.js';
import type { IterationDriver } from '../loop/driver.js';
import type { SelfCommand } from '../loop/context.js';
import { runLoop } from '../loop/runner.js';
import type { RunSummary } from '../loop/run-end.js';
import type { StopSource } from '../loop/ports.js';
import type { StopController } from '../loop/stop.js';
import { openContainment } from '../os/cgroup-run.js';
import type { RunContainment } from '../os/cgroup-types.js';
import { endCarriers, newCookie } from '../os/cookie.js';
import { startReaper } from '../os/reaper.js';
import type { EventSink } from '../state/event-log.js';
import { acquireInstanceLock, type InstanceLock } from '../state/instance-lock.js';
import { resolvePaths, type LoopPaths } from '../state/paths.js';
import { TaskDriver } from '../tasks/driver.js';
import { announceContainment } from './containment.js';
import { protectLoopFiles } from './loop-files.js';
import { earlyStopExit } from './early-stop.js';
import { openSessionRecorder, type SessionRecorder } from './session-recorder.js';

/** What a home knows when `start` is called: the lock is held, nothing of this run has been written yet. */
export interface HarnessRun {
  config: Config;
  cwd: string;
  paths: LoopPaths;
  /** The run's containment cookie: every process this run starts carries it (os/cookie.ts). */
  cookie: string;
  lock: InstanceLock;
}

/** The ports a home builds for one run, with the lock held. */
export interface HomePorts {
  logger: Logger;
  events: EventSink;
  /** Polled between and during sessions (the Action's STOP label). */
  stopSources?: StopSource[];
  /** Asked once, just before the loop starts: a wall-clock budget, or none. */
  budget?: () => Budget | undefined;
  /** Runs after this run's processes have ended and before the lock is released (e.g. uninstall signal handlers). */
  dispose?: () => void;
}

export interface HarnessOptions {
  config: Config;
  /** The directory the agent works in (config paths resolve against it). */
  cwd: string;
  env: NodeJS.ProcessEnv;
  clock: Clock;
  spawn: Spawn;
  stop: StopController;
  /** Only this task of the task list (an Action fan-out job, `agent-harness --task`). */
  onlyTask?: string;
  /**
   * The harness's own CLI (the CLI: node and its script; the Action: node and dist/cli.js beside main.js): what
   * the loop starts as the agent with agent.format = "json-actions".
   */
  self?: SelfCommand;
  /** The config file loaded (loadConfig's `file`): the json-actions worker may never touch it. */
  configFile?: string | null;
  /**
   * The iterations' work from the caller instead of the task list (review mode's phases). Its work brings its own
   * prompt, so the prompt file is not needed; it is closed by the loop like the task session.
   */
  driver?: IterationDriver;
  /**
   * Called with the instance lock held, before a previous run is recovered: the home restores what it keeps
   * elsewhere (the Action's cached state), makes its logger and event sink, installs its stop handlers, and may
   * act on the work tree (the Action's task branch). A throw here still ends and releases everything.
   */
  start(run: HarnessRun): Promise<HomePorts>;
}

/** How the run ended: the loop's summary, or the task session's stop before the loop started. */
export interface HarnessSummary extends RunSummary {
  /** False when the task session stopped before the first iteration (ENV_SETUP, max_sessions, a stop request). */
  started: boolean;
}

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
    // What a dead harness left running (an orphaned validation among it) ends before the task session's own
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
