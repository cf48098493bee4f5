// The loop as the lifecycle it implements: starting -> (pre_hooks -> session_running -> post_hooks ->
// idle | retrying | rate_limited_backoff | failure_backoff)* -> shutting_down -> stopped. The state names are the
// ones the status file shows; the decisions are pure functions in policy.ts. One iteration slot is
// iteration-slot.ts; a rate-limited or failed session, setbacks.ts.
import type { Config } from '../config/index.js';
import type { Platform } from './ports.js';
import { writeCounter } from '../state/index.js';
import { sweepStaleTemps } from '../state/index.js';
import { dirname } from 'node:path';
import { createContext, type LoopContext, type SelfCommand } from './context.js';
import { checkStop } from './stop-sources.js';
import { EXIT } from '../errors/exit-codes.js';
import { FaultLatch } from './faults.js';
import { HarnessFileError } from '../state/index.js';
import { resumeNumbering } from './numbering.js';
import { resolvePaths } from '../state/index.js';
import { recoverPreviousRun } from './recovery.js';
import { StatusTracker } from './status-tracker.js';
import type { StopController } from './stop.js';
import type { StopSource } from './ports.js';
import { driverEnd, isStop, type IterationDriver } from './driver.js';
import type { RunContainment } from '../os/cgroup-types.js';
import type { Reaper } from '../os/reaper.js';
import { endCarriers, newCookie } from '../os/cookie.js';
import { prepareIsolation } from './isolation.js';
import { canStartSession, type Budget } from './budget.js';
import { spentBudget } from './spend.js';
import { runSlot } from './iteration-slot.js';
import { userPathspecs } from './user-files.js';
import { countIdle } from './idle-count.js';
import { recordStops } from './stop-records.js';
import { heldByReset, previousResumeAt } from './limit-window.js';
import { failedEnd, summaryLine, type RunSummary } from './run-end.js';
import type { Tally } from './slot-end.js';

export interface RunOptions {
  config: Config;
  cwd: string;
  platform: Platform;
  stop: StopController;
  /** Work for each iteration from outside the loop (the task list). */
  driver?: IterationDriver;
  /** Stop sources beyond signals and the STOP file (a STOP label), asked before every iteration and polled. */
  stopSources?: StopSource[];
  /** A wall-clock budget: see budget.ts. */
  budget?: Budget;
  /**
   * The run's containment cookie (cookie.ts); the home makes it when it starts commands of its own before the
   * loop (the task driver's recovery and harness-init.sh). A new one otherwise.
   */
  cookie?: string;
  /** The run's cgroups (os/cgroup-run.ts), opened by runHarness; without them, the group and the cookie alone. */
  containment?: RunContainment;
  /** The run's reaper (os/reaper.ts), told of each session's agent; absent: a successor's recovery alone. */
  reaper?: Reaper;
  /** The home has already ended what a dead predecessor left running (recovery.ts), before the task driver. */
  previousRunRecovered?: boolean;
  /** The harness's own CLI, for agent.format = "json-actions" (context.ts). */
  self?: SelfCommand;
  /** The config file loaded, which the json-actions worker may never touch (worker-agent.ts). */
  configFile?: string | null;
}

export async function runLoop(options: RunOptions): Promise<RunSummary> {
  const { config, platform, stop } = options;
  const paths = resolvePaths(config, options.cwd);
  // A counter that lags a number already used (a crash, or an earlier version's meaning) is caught up.
  const { recorded, next } = await resumeNumbering(paths, config.session.output_prefix);
  const position = { iteration: 0, next, global: next };
  const cookie = options.cookie ?? newCookie();
  const faults = new FaultLatch();
  const status = new StatusTracker(
    paths.status,
    platform.clock,
    {
      max_iterations: config.session.max_iterations,
      global_iteration: position.global,
      cookie,
      containment: options.containment?.containment.kind ?? 'none',
      cgroup: options.containment?.path ?? null,
    },
    faults,
  );
  const ctx = createContext({ ...options, status, position, faults, cookie });
  ctx.userFiles = await userPathspecs(paths);
  const killGraceMs = config.watchdog.kill_grace_secs * 1000;

  if (!options.previousRunRecovered)
    await recoverPreviousRun(paths.status, {
      clock: platform.clock,
      logger: platform.logger,
      emit: ctx.emit,
      killGraceMs,
    });
  for (const dir of new Set([dirname(paths.status), dirname(paths.counter), paths.outputDir]))
    await sweepStaleTemps(dir);
  if (position.next !== recorded) await writeCounter(paths.counter, position.next);
  const { offForce, offStop } = recordStops(ctx, stop);
  const tally: Tally = { productive: 0, rateLimits: 0, preFailures: 0, failures: 0, failedTotal: 0, idle: 0 };
  const budgetTimer = new AbortController();
  let end: { reason: string; exitCode: number; error?: string } = { reason: 'completed', exitCode: EXIT.ok };
  const resumeAt = await previousResumeAt(paths.status);
  try {
    await status.set({ state: 'starting' });
    ctx.isolation = await prepareIsolation({
      config,
      paths,
      cookie,
      logger: platform.logger,
      clock: platform.clock,
      emit: ctx.emit,
    });
    await ctx.emit({
      event: 'loop_start',
      max_iterations: config.session.max_iterations,
      global: position.next,
      pid: process.pid,
      containment: options.containment?.containment.kind ?? 'none',
      isolation: ctx.isolation.mode,
      ...(ctx.isolation.fallback !== null ? { isolation_fallback: ctx.isolation.fallback } : {}),
    });

    let longestSessionMs = 0;
    if (options.budget) {
      const { deadlineMs, graceMs } = options.budget;
      platform.clock.sleep(deadlineMs - platform.clock.monotonic(), budgetTimer.signal).then(
        (elapsed) => {
          if (elapsed) stop.force({ reason: 'time_budget', graceMs });
        },
        (error: unknown) =>
          platform.logger.log('error', { event: 'time budget timer failed', error: String(error) }),
      );
    }
    ctx.onSession = (durationMs) => {
      longestSessionMs = Math.max(longestSessionMs, durationMs);
    };
    const held = await heldByReset(ctx, resumeAt);
    if (held) end = held;
    else
      while (true) {
        if (await checkStop(ctx)) {
          const reason = stop.forcedBy ?? stop.reason ?? 'stopped';
          end = { reason, exitCode: stop.forced && reason !== 'time_budget' ? EXIT.forced : EXIT.ok };
          break;
        }
        if (position.iteration >= config.session.max_iterations) break;
        if (options.driver && ctx.work === null) {
          const work = await options.driver.begin();
          if (isStop(work)) {
            end = driverEnd(work);
            break;
          }
          ctx.work = work;
        }
        if (
          options.budget &&
          !canStartSession(options.budget, platform.clock.monotonic(), longestSessionMs)
        ) {
          ctx.log('info', { stop: 'time_budget', longest_session_secs: Math.round(longestSessionMs / 1000) });
          end = { reason: 'time_budget', exitCode: EXIT.ok };
          break;
        }
        if (budgetSpent(ctx)) {
          end = { reason: 'budget', exitCode: EXIT.budget };
          break;
        }

        const slot = await runSlot(ctx, tally);
        if (slot.kind === 'stop') {
          end = {
            reason: slot.reason,
            exitCode: slot.exitCode,
            ...(slot.error !== undefined ? { error: slot.error } : {}),
          };
          break;
        }
        if (slot.kind === 'done') {
          position.iteration++;
          if (slot.productive) tally.productive++;
          // The status keeps naming the iteration in progress (its state is still post_hooks or retrying) until
          // the next state is written: idle here, or shutting_down.
          if (options.driver) {
            const after = await options.driver.finish();
            ctx.work = null;
            if (after) {
              end = driverEnd(after);
              break;
            }
          }
          if (countIdle(ctx, tally, slot, options.driver?.workDone?.() ?? false)) {
            end = { reason: 'no_progress', exitCode: EXIT.noProgress };
            break;
          }
          if (stop.reason === null && position.iteration < config.session.max_iterations) {
            const idle = {
              state: 'idle' as const,
              iteration: position.iteration,
              productive: tally.productive,
            };
            // Written when the loop waits; without a delay the next session's start says more.
            if (config.backoff.initial_delay_secs > 0) await status.set(idle);
            else status.note(idle);
            await ctx.pause(config.backoff.initial_delay_secs * 1000);
          }
        }
      }
  } catch (error) {
    end = failedEnd(ctx, error);
  }

  offForce();
  budgetTimer.abort();
  await options.driver?.close(end.reason);
  await ctx.isolation.close().catch((error: unknown) => {
    ctx.log('error', { isolation: 'cleanup_failed', error: String(error) });
  });
  // Whatever any session, hook or validation left running goes with the loop, on every path to here.
  const leftovers = await endCarriers(cookie, stop.forced ? 0 : killGraceMs, platform.clock);
  if (leftovers > 0) ctx.log('warn', { loop: 'leftover_processes', count: leftovers });
  offStop();
  // The closing records are each attempted even when one fails: what can still be written tells what happened.
  const record = async (write: () => Promise<unknown>) => {
    try {
      await write();
    } catch (error) {
      if (!(error instanceof HarnessFileError)) throw error;
      if (end.error === undefined) end = failedEnd(ctx, error);
    }
  };
  await record(() =>
    status.set({ state: 'shutting_down', iteration: position.iteration, productive: tally.productive }),
  );
  await record(() => writeCounter(paths.counter, position.next));
  const summary = (): RunSummary => ({
    exitCode: end.exitCode,
    stopReason: end.reason,
    productive: tally.productive,
    iterations: position.iteration,
    trailingRateLimits: tally.rateLimits,
    failures: tally.failedTotal,
    idleSessions: tally.idle,
    resumeAfter: status.document.resume_after ?? null,
    global: position.next,
    ...(end.error !== undefined ? { error: end.error } : {}),
  });
  await record(() =>
    ctx.emit({
      event: 'loop_end',
      reason: end.reason,
      exit_code: end.exitCode,
      productive: tally.productive,
      iterations: position.iteration,
      global: position.next,
      trailing_rate_limits: tally.rateLimits,
      failures: tally.failedTotal,
      idle_sessions: tally.idle,
      ...(end.error !== undefined ? { error: end.error } : {}),
    }),
  );
  // The last word: on a full disk it may overwrite the status file in place (status.ts), so the file says the
  // loop stopped and why rather than `session_running`.
  await record(() =>
    status.set({ state: 'stopped', stop_reason: end.reason, agent_pgid: null }, { lastWord: true }),
  );
  const result = summary();
  if (tally.failedTotal > 0)
    ctx.log(end.reason === 'agent_fatal' || end.reason === 'failures_exhausted' ? 'error' : 'warn', {
      failed_sessions: tally.failedTotal,
      stop: end.reason,
    });
  if (options.driver?.ownEndLine !== true) platform.logger.summary(summaryLine(result));
  return result;
}

/** Whether the run's budget is spent (logged once, when it stops the loop): no session may start. */
function budgetSpent(ctx: LoopContext): boolean {
  const spent = spentBudget(ctx.config.session, ctx.spend);
  if (spent === null) return false;
  ctx.log('warn', {
    stop: 'budget',
    budget: spent.key,
    limit: spent.limit,
    spent: spent.spent,
    sessions: ctx.spend.sessions,
    ...(ctx.spend.unpriced_sessions > 0 ? { unpriced_sessions: ctx.spend.unpriced_sessions } : {}),
  });
  return true;
}
