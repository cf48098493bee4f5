// One agent session: the agent spawned as a process group leader (born in its own cgroup where the machine allows)
// writing straight into the transcript file, the file watched as it grows, and the group, the cgroup and the run's
// cookie carriers ended when it stalls, lingers after its final result, or the caller forces it.
import { closeSync, fstatSync, openSync } from 'node:fs';
import { constants } from 'node:os';
import type { BackgroundWork } from '../agents/index.js';
import type { Clock, Logger, Spawn } from './ports.js';
import { MarkedLineFollower } from './marked-line.js';
import { echoAgentOutput, peekTail } from './transcript-peek.js';
import type { SessionCgroup } from '../os/cgroup-types.js';
import { endCarriersSaying, withCookie } from '../os/cookie.js';
import { AgentProcesses, strongerEnd, terminateAgent } from '../os/process-group.js';
import { PidWindow } from '../os/pid-window.js';
import { initialWatchdog, napMs, pollIntervalMs, watchdogStep, type WatchdogLimits } from './watchdog.js';

export const WATCHDOG_EXIT_CODE = 124;

export type EndReason = 'exited' | 'watchdog' | 'result_grace' | 'forced' | 'spawn_error';

export interface SessionSpec {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Written to the agent's stdin and then closed; null means stdin is /dev/null. */
  stdinText: string | null;
  transcriptPath: string;
  limits: WatchdogLimits;
  killGraceMs: number;
  /** The run's containment cookie: set last in the agent's environment; its carriers end with the session. */
  cookie?: string;
  /**
   * The session's cgroup (cgroup-run.ts): the agent is born in it, and everything in it ends with the session
   * whatever it did to its environment, group or parent. Removed once empty.
   */
  cgroup?: SessionCgroup;
  /** Cheap check on the transcript's tail: has the agent printed its final result? */
  hasFinalResult: (tail: string) => boolean;
  /** How the agent announces work that goes on after a result (a result is not final while some runs). */
  backgroundWork?: BackgroundWork;
}

export interface SessionHooks {
  onSpawn?(pgid: number): void;
  onGrowth?(bytes: number): void;
  onStaleWarning?(staleMs: number): void;
  onKill?(reason: 'watchdog' | 'result_grace', detailMs: number): void;
  /**
   * `carriers`: processes found by the cookie (leftovers outside the group and the tracked descendants);
   * `inCgroup`: processes found in the session's cgroup.
   */
  onLeftovers?(result: 'term' | 'kill', carriers: number, inCgroup: number): void;
  /** Descendants found outside the agent's group (recorded so a crashed harness's successor can end them). */
  onEscaped?(escaped: Array<{ pid: number; start: string }>): void;
  /** Receives the agent's output as it grows (verbose mode). */
  echo?: (chunk: string) => void;
}

export interface SessionResult {
  endReason: EndReason;
  /** The agent's own exit code, or null when a signal ended it. */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** What hooks and events see: 124 after a watchdog kill, 128+n after a signal. */
  reportedExitCode: number;
  outputBytes: number;
  /** Wall instants (epoch ms), for people: a date set meanwhile moves them. */
  startedAt: number;
  endedAt: number;
  /** How long the session ran, on the monotonic clock: never negative, whatever the wall clock did. */
  durationMs: number;
  pgid: number | null;
  spawnError: string | null;
}

export interface SessionControl {
  /** End the session now: SIGTERM to the group, SIGKILL after `graceMs` (0 = SIGKILL at once). */
  force: (graceMs: number) => void;
  readonly result: Promise<SessionResult>;
}

const DESCENDANT_SCAN_MS = 250;

/** Opens the transcript exclusively: an existing transcript is never overwritten. Throws EEXIST. */
export function openTranscript(path: string): number {
  return openSync(path, 'wx+', 0o644);
}

export function startSession(
  spec: SessionSpec,
  fd: number,
  deps: { clock: Clock; spawn: Spawn; logger: Logger },
  hooks: SessionHooks = {},
): SessionControl {
  const { clock } = deps;
  let forced: number | null = null;
  let wake: (() => void) | null = null;
  const control: { force: (graceMs: number) => void } = {
    force: (graceMs) => {
      if (forced === null) forced = graceMs;
      wake?.();
    },
  };

  const result = (async (): Promise<SessionResult> => {
    const startedAt = clock.now();
    const startedMono = clock.monotonic();
    const elapsed = () => Math.max(0, clock.monotonic() - startedMono);
    let child;
    const cgroup = spec.cgroup;
    const run = cgroup?.wrap(spec.command, spec.args) ?? { command: spec.command, args: spec.args };
    const spawnAgent = () =>
      deps.spawn(run.command, run.args, {
        cwd: spec.cwd,
        env: withCookie(spec.env, spec.cookie),
        detached: true,
        stdio: [spec.stdinText === null ? 'ignore' : 'pipe', fd, fd],
      });
    try {
      child = cgroup ? await cgroup.spawnInsideWhenReady(spawnAgent) : spawnAgent();
    } catch (error) {
      closeSync(fd);
      await cgroup?.remove();
      return spawnFailure(startedAt, clock.now(), elapsed(), (error as Error).message);
    }
    if (cgroup?.placementError)
      deps.logger.log('warn', { session: 'cgroup', cgroup: cgroup.where, error: cgroup.placementError });
    let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
    let spawnError: string | null = null;
    const done = new Promise<void>((resolve) => {
      child.once('error', (error) => {
        spawnError = error.message;
        resolve();
      });
      child.once('exit', (code, signal) => {
        exited = { code, signal };
        resolve();
      });
    });
    // `done` only resolves; either way the watch loop wakes to see the exit.
    done.then(
      () => wake?.(),
      () => wake?.(),
    );
    if (spec.stdinText !== null && child.stdin) {
      child.stdin.on('error', () => undefined); // an agent that never reads its stdin is not our failure
      child.stdin.end(spec.stdinText);
    }
    const pgid = child.pid ?? null;
    if (pgid !== null) deps.logger.log('debug', { session: 'spawned', pid: pgid });
    if (pgid !== null) hooks.onSpawn?.(pgid);

    // Everything the session starts is born after its agent: the looks at /proc read only those PIDs (pid-window.ts).
    const procs = pgid !== null ? new AgentProcesses(pgid, PidWindow.open(pgid)) : null;
    // The group and tracked descendants, the cookie's carriers and the cgroup at once: one grace period for all (a
    // cancelled Action has seconds). What it took is the strongest of them (the ends race).
    const none = { count: 0, how: 'gone' as const };
    const endAll = async (group: AgentProcesses, graceMs: number) => {
      const [groupHow, byCookie, byCgroup] = await Promise.all([
        terminateAgent(group, graceMs, clock),
        spec.cookie === undefined ? none : endCarriersSaying(spec.cookie, graceMs, clock, group.window),
        cgroup ? cgroup.end(graceMs, clock) : none,
      ]);
      const how = strongerEnd(strongerEnd(groupHow, byCookie.how), byCgroup.how);
      return { how, carriers: byCookie.count, inCgroup: byCgroup.count };
    };
    let endReason: EndReason = 'exited';
    let state = initialWatchdog(startedMono);
    const poll = pollIntervalMs(spec.limits);
    let printed = 0;
    let lastScan = -Infinity;
    let escapedCount = 0;
    const announcements = spec.backgroundWork ? new MarkedLineFollower(fd, spec.backgroundWork.marker) : null;
    let backgroundRunning = 0;
    while (exited === null && spawnError === null && procs !== null) {
      if (forced !== null) {
        endReason = 'forced';
        await endAll(procs, forced);
        break;
      }
      // Descendants are found by parent PID, which they lose once the leader exits: look often. A cgroup that
      // holds them all makes the look needless (the run's cgroup is what the reaper and a successor end).
      if (!cgroup?.holdsAll && clock.monotonic() - lastScan >= DESCENDANT_SCAN_MS) {
        procs.refresh();
        lastScan = clock.monotonic();
        const escaped = procs.escaped();
        if (escaped.length !== escapedCount) {
          escapedCount = escaped.length;
          hooks.onEscaped?.(escaped);
        }
      }
      // Growth is dated on the monotonic clock, placed by the mtime within the interval since the previous poll
      // (watchdog.ts): a date set meanwhile moves a kill by at most one poll, never by hours.
      const stat = fstatSync(fd);
      const size = stat.size;
      let finalSeen = false;
      if (size > 0 && size !== state.lastSize) {
        const line = announcements?.update(size) ?? null;
        const running = line === null ? null : (spec.backgroundWork?.running(line) ?? null);
        if (running !== null) backgroundRunning = running;
        finalSeen = backgroundRunning === 0 && spec.hasFinalResult(peekTail(fd, size));
      }
      printed = echoAgentOutput(hooks.echo, fd, printed, size);
      const step = watchdogStep(
        state,
        { now: clock.monotonic(), size, finalSeen, grewAgoMs: clock.now() - stat.mtimeMs },
        spec.limits,
      );
      state = step.state;
      const action = step.action;
      if (action.kind === 'grew') hooks.onGrowth?.(size);
      else if (action.kind === 'warn') hooks.onStaleWarning?.(action.staleMs);
      else if (action.kind === 'kill_stale' || action.kind === 'kill_result_grace') {
        endReason = action.kind === 'kill_stale' ? 'watchdog' : 'result_grace';
        hooks.onKill?.(endReason, action.kind === 'kill_stale' ? action.staleMs : action.sinceResultMs);
        await endAll(procs, spec.killGraceMs);
        break;
      }
      // The nap ends with the wake-up too: a timer left running would hold the process up to `poll` at its end.
      const nap = new AbortController();
      await new Promise<void>((resolve) => {
        wake = resolve;
        clock.sleep(napMs(state, spec.limits, poll, clock.monotonic()), nap.signal).then(
          () => resolve(),
          () => resolve(),
        );
      });
      nap.abort();
      wake = null;
    }
    await done;
    cgroup?.prime(); // the agent has exited: the wait of the next session's move starts now, off this thread
    // Whatever the leader did, nothing it started outlives the session (its group, its descendants, a daemon that
    // double-forked between two scans); an emptied cgroup that held them all says so without a look at /proc.
    if (procs !== null && !cgroup?.emptied()) {
      const { how, carriers, inCgroup } = await endAll(procs, forced ?? spec.killGraceMs);
      if (how !== 'gone' || carriers > 0 || inCgroup > 0)
        hooks.onLeftovers?.(how === 'gone' ? 'term' : how, carriers, inCgroup);
    }
    if (cgroup && !(await cgroup.remove()))
      deps.logger.log('warn', { session: 'cgroup_not_removed', cgroup: cgroup.where });
    const outputBytes = fstatSync(fd).size;
    echoAgentOutput(hooks.echo, fd, printed, outputBytes);
    closeSync(fd);
    const endedAt = clock.now();
    const durationMs = elapsed();
    if (spawnError !== null)
      return { ...spawnFailure(startedAt, endedAt, durationMs, spawnError), outputBytes };
    const exit = exited as { code: number | null; signal: NodeJS.Signals | null } | null;
    const exitCode = exit?.code ?? null;
    const signal = exit?.signal ?? null;
    return {
      endReason,
      exitCode,
      signal,
      reportedExitCode: reportedCode(endReason, exitCode, signal),
      outputBytes,
      startedAt,
      endedAt,
      durationMs,
      pgid,
      spawnError: null,
    };
  })();

  return { force: control.force, result };
}

function reportedCode(reason: EndReason, code: number | null, signal: NodeJS.Signals | null): number {
  if (reason === 'watchdog') return WATCHDOG_EXIT_CODE;
  if (code !== null) return code;
  if (signal !== null) return signalExitCode(signal);
  return 1;
}

/** The shell's convention for a process a signal ended: 128 + the platform's number of the signal. */
export function signalExitCode(signal: NodeJS.Signals): number {
  const number = (constants.signals as Partial<Record<string, number>>)[signal];
  return number === undefined ? 128 : 128 + number;
}

function spawnFailure(
  startedAt: number,
  endedAt: number,
  durationMs: number,
  message: string,
): SessionResult {
  return {
    endReason: 'spawn_error',
    exitCode: null,
    signal: null,
    reportedExitCode: 127,
    outputBytes: 0,
    startedAt,
    endedAt,
    durationMs,
    pgid: null,
    spawnError: message,
  };
}
