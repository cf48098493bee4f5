// What runHarness (harness/run-harness.ts) takes and gives: the one way every home and mode runs the harness. Declared
// with the loop, below the modes, so that a mode which runs sessions of its own (review mode's phases) is handed
// runHarness as a port (`RunHarness`) by its home instead of reaching up for it.
import type { Config } from '../config/index.js';
import type { EventSink } from '../state/index.js';
import type { InstanceLock } from '../state/index.js';
import type { LoopPaths } from '../state/index.js';
import type { Budget } from './budget.js';
import type { SelfCommand } from './context.js';
import type { IterationDriver } from './driver.js';
import type { Clock, Logger, Spawn, StopSource } from './ports.js';
import type { RunSummary } from './run-end.js';
import type { StopController } from './stop.js';

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
   * prompt, so the prompt file is not needed; it is closed by the loop like the task driver.
   */
  driver?: IterationDriver;
  /**
   * Called with the instance lock held, before a previous run is recovered: the home restores what it keeps
   * elsewhere (the Action's cached state), makes its logger and event sink, installs its stop handlers, and may
   * act on the work tree (the Action's task branch). A throw here still ends and releases everything.
   */
  start(run: HarnessRun): Promise<HomePorts>;
}

/** How the run ended: the loop's summary, or the task driver's stop before the loop started. */
export interface HarnessSummary extends RunSummary {
  /** False when the task driver stopped before the first iteration (ENV_SETUP, max_sessions, a stop request). */
  started: boolean;
}

/** runHarness itself, as a port. */
export type RunHarness = (options: HarnessOptions) => Promise<HarnessSummary>;
