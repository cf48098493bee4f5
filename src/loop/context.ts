// What every step of the loop shares: the frozen config, resolved paths, the ports, the stop controller, the
// status tracker and the loop's position (iteration, global), so log lines and events always carry it.
import { adapterFor } from '../agents/index.js';
import type { TranscriptAdapter } from '../agents/index.js';
import { compilePattern } from '../config/index.js';
import { NO_SPEND, type Spend } from './spend.js';
import type { Config } from '../config/index.js';
import type { Fields, Level, Platform, StopSource } from './ports.js';
import type { HarnessEvent } from '../state/index.js';
import type { RunContainment } from '../os/cgroup-types.js';
import type { Reaper } from '../os/reaper.js';
import { withCookie } from '../os/cookie.js';
import { plainIsolation, type AgentIsolation } from './isolation.js';
import { hookEnv } from './hooks.js';
import { resolvePaths, type LoopPaths } from '../state/index.js';
import type { StatusTracker } from './status-tracker.js';
import { consumeStopFile, type StopController } from './stop.js';
import type { IterationWork } from './driver.js';
import { FaultLatch } from './faults.js';
import { RESET_RECHECK_MS } from './policy.js';
import type { ShellOptions } from '../os/shell.js';

/** The STOP file is checked every second during a session (and before every iteration). */
const STOP_FILE_POLL_MS = 1000;

export interface Position {
  /** Iteration index, 0-based; advances when an iteration is done (productive or skipped). */
  iteration: number;
  /** The counter: the global number the next session will use (the bash loop's `.iteration_counter`). */
  next: number;
  /** Global number of the current iteration's session (about to run, running or just run); log lines carry it. */
  global: number;
}

/** How the loop starts the harness's own CLI (`worker session` for agent.format = "json-actions"). */
export interface SelfCommand {
  command: string;
  args: string[];
}

export interface LoopContext {
  config: Config;
  /** The harness's own CLI, from the entry; null when the caller gave none (json-actions cannot run then). */
  self: SelfCommand | null;
  /** The config file loaded (null: defaults only), which the json-actions worker may never touch. */
  configFile: string | null;
  paths: LoopPaths;
  platform: Platform;
  stop: StopController;
  adapter: TranscriptAdapter;
  commitPatterns: RegExp[];
  ratePatterns: RegExp[];
  status: StatusTracker;
  position: Position;
  /** The STOP file first, then any the home adds (a STOP label). */
  stopSources: StopSource[];
  /** The current iteration's work from the driver (a task): reshapes the prompt, tags events and log lines. */
  work: IterationWork | null;
  /** The first harness file that could not be written: ends the session and then the loop. */
  faults: FaultLatch;
  log(level: Level, fields: Fields): void;
  /** Rejects when the event cannot be recorded (the failure also reaches `faults`). */
  emit: (event: HarnessEvent) => Promise<void>;
  /** An event recorded in passing (from a signal or watchdog callback): never rejects. */
  post(event: HarnessEvent): void;
  /** The run's containment cookie (cookie.ts), in the environment of everything the loop starts. */
  cookie: string;
  /** How the agent is kept from the job (isolation.ts); the runner replaces it at the run's start. */
  isolation: AgentIsolation;
  /** The run's cgroups (os/cgroup-run.ts): each session's agent is born in one of its own. Absent: none. */
  containment?: RunContainment;
  /** Told what to end should the harness die (os/reaper.ts). Absent: a successor's recovery alone. */
  reaper?: Reaper;
  /**
   * The environment for hooks and the agent: ours, less CLAUDECODE, plus the given HARNESS_* variables and the
   * run's cookie.
   */
  env(vars: Record<string, string | number | boolean>): NodeJS.ProcessEnv;
  /** How the loop runs a shell command (hook, prompt command) with `env`: see shell.ts. */
  shellOptions(env: NodeJS.ProcessEnv): ShellOptions;
  /** Waits, ending at once on a stop request. */
  pause(ms: number): Promise<void>;
  /** Sleeps until `left()` reads 0, reading it again at least every RESET_RECHECK_MS, or until a stop. */
  pauseWhile(left: () => number): Promise<void>;
  /** Told how long every finished session ran, on the monotonic clock (the budget's estimate). */
  onSession?: (durationMs: number) => void;
  /** What the run's sessions have cost so far, against `session.max_cost_usd` and `session.max_tokens`. */
  spend: Spend;
  /** The user's files as git pathspecs (user-files.ts); null outside a git work tree. Set at the run's start. */
  userFiles: string[] | null;
}

export function createContext(input: {
  config: Config;
  cwd: string;
  platform: Platform;
  stop: StopController;
  status: StatusTracker;
  position: Position;
  cookie: string;
  containment?: RunContainment;
  reaper?: Reaper;
  stopSources?: StopSource[];
  faults?: FaultLatch;
  self?: SelfCommand;
  configFile?: string | null;
}): LoopContext {
  const { config, platform, stop, position } = input;
  const faults = input.faults ?? new FaultLatch();
  const emit = (event: HarnessEvent) =>
    platform.events.emit(event).catch((error: unknown) => {
      faults.report(error);
      throw error;
    });
  const paths = resolvePaths(config, input.cwd);
  const stopFile: StopSource = {
    name: 'stop_file',
    pollMs: STOP_FILE_POLL_MS,
    check: () => consumeStopFile(paths.stopFile),
  };
  return {
    config,
    self: input.self ?? null,
    configFile: input.configFile ?? null,
    paths,
    stopSources: [stopFile, ...(input.stopSources ?? [])],
    platform,
    stop,
    adapter: adapterFor(config.agent.format),
    commitPatterns: config.commit_detection.patterns.map((p) => compilePattern(p)),
    ratePatterns: config.rate_limit.patterns.map((p) => compilePattern(p)),
    status: input.status,
    position,
    work: null,
    faults,
    cookie: input.cookie,
    isolation: plainIsolation(config),
    ...(input.containment ? { containment: input.containment } : {}),
    ...(input.reaper ? { reaper: input.reaper } : {}),
    spend: NO_SPEND,
    userFiles: null,
    log(level, fields) {
      platform.logger.log(level, {
        iteration: position.iteration,
        global: position.global,
        ...(this.work?.logFields ?? {}),
        ...fields,
      });
    },
    emit,
    post: (event) => void emit(event).catch(() => undefined),
    env: (vars) => {
      const base: NodeJS.ProcessEnv = { ...process.env };
      delete base.CLAUDECODE;
      return withCookie(hookEnv(base, vars), input.cookie);
    },
    shellOptions: (env) => ({
      cwd: paths.cwd,
      env,
      timeoutMs: config.hooks.timeout_secs * 1000,
      clock: platform.clock,
      spawn: platform.spawn,
      cookie: input.cookie,
      signal: stop.interrupt,
      killGraceMs: config.watchdog.kill_grace_secs * 1000,
    }),
    pause: async (ms) => {
      if (ms > 0 && stop.reason === null) await platform.clock.sleep(ms, stop.signal);
    },
    pauseWhile: async (left) => {
      for (let ms = left(); ms > 0 && stop.reason === null; ms = left())
        if (!(await platform.clock.sleep(Math.min(ms, RESET_RECHECK_MS), stop.signal))) return;
    },
  };
}
