// The loop as the lifecycle it implements: starting -> (pre_hooks -> session_running -> post_hooks ->
// idle | retrying | rate_limited_backoff | failure_backoff)* -> shutting_down -> stopped. The state names are the
// ones the status file shows; the decisions are pure functions in policy.ts.
import type { Config } from '../config/schema.js';
import type { Platform } from './ports.js';
import { writeCounter } from '../state/counter.js';
import { sweepStaleTemps } from '../state/atomic.js';
import { dirname } from 'node:path';
import { createContext, type LoopContext, type SelfCommand } from './context.js';
import { dispatchSession } from './dispatch.js';
import { checkStop, type StopSource } from './stop-sources.js';
import { completeMetrics, findCommit, type CommitFinding } from './session-findings.js';
import { round } from './round.js';
import type { SessionRecord } from './session-record.js';
import { EXIT, LoopError } from '../errors/exit-codes.js';
import { FaultLatch } from './faults.js';
import { HarnessFileError } from '../state/write-error.js';
import { InputFileError } from '../os/input-file.js';
import { runHooks } from './hooks.js';
import { resumeNumbering } from './numbering.js';
import { resolvePaths } from '../state/paths.js';
import { backoffMs, fatalAdvice, rateLimitWait, resetWaitLeftMs } from './policy.js';
import { recoverPreviousRun } from './recovery.js';
import { sessionEvent, type SessionCommitFields } from './session-event.js';
import { describeCommitEvidence } from './commit-evidence.js';
import { StatusTracker } from './status-tracker.js';
import type { StopController } from './stop.js';
import { isStop, type IterationDriver } from './driver.js';
import type { RunContainment } from '../os/cgroup-run.js';
import type { Reaper } from '../os/reaper.js';
import { endCarriers, newCookie } from '../os/cookie.js';
import { prepareIsolation } from './isolation.js';
import { canStartSession, type Budget } from './budget.js';
import { addSpend, spendOf, spentBudget } from './spend.js';

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
   * loop (the task session's recovery and harness-init.sh). A new one otherwise.
   */
  cookie?: string;
  /** The run's cgroups (os/cgroup-run.ts), opened by runHarness; without them, the group and the cookie alone. */
  containment?: RunContainment;
  /** The run's reaper (os/reaper.ts), told of each session's agent; absent: a successor's recovery alone. */
  reaper?: Reaper;
  /** The home has already ended what a dead predecessor left running (recovery.ts), before the task session. */
  previousRunRecovered?: boolean;
  /** The harness's own CLI, for agent.format = "json-actions" (context.ts). */
  self?: SelfCommand;
  /** The config file loaded, which the json-actions worker may never touch (worker-agent.ts). */
  configFile?: string | null;
}

export interface RunSummary {
  exitCode: number;
  stopReason: string;
  productive: number;
  iterations: number;
  trailingRateLimits: number;
  /** Failed sessions over the whole run (each retried; none used up a productive iteration). */
  failures?: number;
  /** The counter after the run: the global number the next session will use. */
  global: number;
  /** Why the loop ended early (a file it could not write, an agent it could not start), for the home to print. */
  error?: string;
}

/** The bash loop's last line, word for word (scripts parse it); failures get a line of their own before it. */
export function summaryLine(
  summary: Pick<RunSummary, 'productive' | 'trailingRateLimits' | 'global'>,
): string {
  return (
    `Loop completed: ${summary.productive} productive iterations, ` +
    `${summary.trailingRateLimits} trailing rate limits (global counter: ${summary.global})`
  );
}

/** What one iteration slot ended with. */
type SlotEnd =
  | { kind: 'done'; productive: boolean }
  | { kind: 'again' } // rate limited, failed, or pre hook failed: the same iteration runs again
  | { kind: 'stop'; reason: string; exitCode: number; error?: string };

interface Tally {
  productive: number;
  rateLimits: number;
  preFailures: number;
  /** Failed sessions in a row. */
  failures: number;
  /** Failed sessions over the whole run. */
  failedTotal: number;
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
  // Signals arrive outside the loop's own steps; record them as they come (stop sources record themselves).
  const onStop = () => {
    if (stop.reason === 'sigint' || stop.reason === 'sigterm' || stop.reason === 'sighup') {
      ctx.post({
        event: 'stop_requested',
        reason: stop.reason,
        iteration: position.iteration,
        global: position.global,
      });
    }
  };
  if (stop.signal.aborted) onStop();
  else stop.signal.addEventListener('abort', onStop, { once: true });
  const offForce = stop.onForce(() => {
    ctx.post({ event: 'stop_forced', iteration: position.iteration, global: position.global });
  });
  const tally: Tally = { productive: 0, rateLimits: 0, preFailures: 0, failures: 0, failedTotal: 0 };
  const budgetTimer = new AbortController();
  let end: { reason: string; exitCode: number; error?: string } = { reason: 'completed', exitCode: EXIT.ok };
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
          end = { reason: work.stop, exitCode: work.exitCode ?? EXIT.ok };
          break;
        }
        ctx.work = work;
      }
      if (options.budget && !canStartSession(options.budget, platform.clock.monotonic(), longestSessionMs)) {
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
            end = { reason: after.stop, exitCode: after.exitCode ?? EXIT.ok };
            break;
          }
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
  stop.signal.removeEventListener('abort', onStop);
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
  platform.logger.summary(summaryLine(result));
  return result;
}

/** The end of a loop that cannot go on: a harness file it cannot write, or an agent it cannot start. */
function failedEnd(ctx: LoopContext, error: unknown): { reason: string; exitCode: number; error: string } {
  const end =
    error instanceof HarnessFileError
      ? { reason: 'write_failed', exitCode: EXIT.writeFailed, error: error.message }
      : error instanceof LoopError
        ? { reason: error.reason, exitCode: error.exitCode, error: error.message }
        : error instanceof InputFileError
          ? { reason: 'input_refused', exitCode: error.exitCode, error: error.message }
          : null;
  if (end === null) throw error;
  ctx.log('error', { stop: end.reason, error: end.error });
  return end;
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

/** One iteration slot: pre hooks, then sessions until one is not empty (or retries run out). */
async function runSlot(ctx: LoopContext, tally: Tally): Promise<SlotEnd> {
  const { config, paths, status, position } = ctx;
  position.global = position.next;
  const vars = {
    HARNESS_ITERATION: position.iteration,
    HARNESS_GLOBAL_ITERATION: position.next,
    HARNESS_PROMPT_FILE: paths.promptFile,
  };
  ctx.log('info', { status: 'starting' });
  const preHooks = {
    state: 'pre_hooks' as const,
    iteration: position.iteration,
    global_iteration: position.global,
  };
  if (config.hooks.pre_session.length > 0) await status.set(preHooks);
  else status.note(preHooks);
  const preFailure = await runHooks(config.hooks.pre_session, ctx.shellOptions(ctx.env(vars)));
  // A stop request during the pre hooks: no session starts, and a hook it interrupted has not failed.
  if (ctx.stop.reason !== null) return { kind: 'again' };
  if (preFailure) {
    tally.preFailures++;
    ctx.log('error', {
      hook: 'pre_session',
      failed: preFailure.command,
      exit_code: preFailure.exitCode,
      timed_out: preFailure.timedOut,
      consecutive: tally.preFailures,
      stderr: preFailure.stderrTail.slice(-300) || null,
    });
    await ctx.emit({
      event: 'hook_failed',
      phase: 'pre_session',
      iteration: position.iteration,
      ...preFailure,
      consecutive: tally.preFailures,
    });
    if (tally.preFailures >= config.hooks.max_consecutive_pre_failures) {
      ctx.log('error', { stop: 'pre_hook_failures', limit: config.hooks.max_consecutive_pre_failures });
      return { kind: 'stop', reason: 'pre_hook_failures', exitCode: EXIT.preHooks };
    }
    await status.set({ state: 'idle' });
    await ctx.pause(config.backoff.initial_delay_secs * 1000);
    return { kind: 'again' };
  }
  tally.preFailures = 0;

  for (let retries = 0; ; retries++) {
    const record = await dispatchSession(ctx, vars);
    ctx.spend = addSpend(ctx.spend, spendOf(record.verdict.metrics));
    const event = (extra: SessionCommitFields) =>
      sessionEvent({
        iteration: position.iteration,
        record,
        retries,
        fields: ctx.work?.eventFields ?? {},
        extra,
      });

    // An empty session looks for no commit, but its counts are known all the same: no tool call is 0 (issue 23). A
    // cancelled one stops at once, without another pass over its transcript.
    if (record.outcome === 'empty') await completeMetrics(ctx, record);
    if (record.outcome === 'cancelled') {
      ctx.log('warn', { status: 'cancelled', output_bytes: record.result.outputBytes });
      await ctx.emit(event({ committed: false }));
      const reason = ctx.stop.forcedBy ?? 'forced';
      return { kind: 'stop', reason, exitCode: reason === 'time_budget' ? EXIT.ok : EXIT.forced };
    }
    if (record.outcome === 'empty') {
      await ctx.emit(event({ committed: false }));
      endFailureStreak(ctx, tally);
      if (retries >= config.retry.max_empty_retries) {
        ctx.log('error', { status: 'skipped', reason: 'empty', retries });
        await ctx.emit({
          event: 'iteration_skipped',
          iteration: position.iteration,
          global: position.global,
          reason: 'empty',
          retries,
        });
        return { kind: 'done', productive: false };
      }
      ctx.log('warn', {
        retry: `${retries + 1}/${config.retry.max_empty_retries}`,
        output_bytes: record.result.outputBytes,
      });
      await ctx.emit({
        event: 'empty_retry',
        iteration: position.iteration,
        global: position.global,
        retry: retries + 1,
        output_bytes: record.result.outputBytes,
      });
      await status.set({ state: 'retrying' });
      await ctx.pause(config.retry.retry_delay_secs * 1000);
      if (await checkStop(ctx)) return { kind: 'again' };
      continue;
    }

    const commit = await findCommit(ctx, record);
    await runPostHooks(ctx, record, commit, vars);
    await ctx.emit(
      event({
        committed: commit.committed,
        commit_evidence: commit.evidence,
        commit_pattern: commit.pattern,
        commit_text: commit.patternText,
        commit_branches: commit.branchesMoved,
        head_before: record.gitBefore?.head ?? null,
        head_after: commit.headAfter,
      }),
    );
    status.note({
      last_completed_iteration: record.global,
      last_committed: commit.committed,
      last_commit_evidence: describeCommitEvidence({
        evidence: commit.evidence,
        committed: commit.committed,
        pattern: commit.pattern,
        branches: commit.branchesMoved,
      }),
      last_outcome: record.outcome,
    });
    if (record.outcome === 'failed') return onFailure(ctx, record, tally);
    endFailureStreak(ctx, tally);
    if (record.outcome === 'rate_limited') return onRateLimit(ctx, record, tally);

    ctx.log('info', {
      status: 'completed',
      output_bytes: record.result.outputBytes,
      exit_code: record.result.reportedExitCode,
      committed: commit.committed,
    });
    tally.rateLimits = 0;
    status.note({ consecutive_rate_limits: 0 });
    return { kind: 'done', productive: true };
  }
}

async function runPostHooks(
  ctx: LoopContext,
  record: SessionRecord,
  commit: CommitFinding,
  vars: Record<string, string | number>,
): Promise<void> {
  const { config, status, position } = ctx;
  if (config.hooks.post_session.length > 0) await status.set({ state: 'post_hooks' });
  else status.note({ state: 'post_hooks' });
  const { result } = record;
  const failure = await runHooks(
    config.hooks.post_session,
    ctx.shellOptions(
      ctx.env({
        ...vars,
        HARNESS_GLOBAL_ITERATION: record.global,
        HARNESS_OUTPUT_FILE: record.transcript,
        HARNESS_EXIT_CODE: result.reportedExitCode,
        HARNESS_OUTPUT_BYTES: result.outputBytes,
        HARNESS_SESSION_DURATION: Math.round(result.durationMs / 1000),
        HARNESS_COMMITTED: commit.committed,
        HARNESS_OUTCOME: record.outcome,
        HARNESS_COMMIT_EVIDENCE: commit.evidence ?? 'none',
      }),
    ),
  );
  if (failure && !failure.interrupted) {
    ctx.log('error', {
      hook: 'post_session',
      failed: failure.command,
      exit_code: failure.exitCode,
      timed_out: failure.timedOut,
    });
    await ctx.emit({
      event: 'hook_failed',
      phase: 'post_session',
      iteration: position.iteration,
      global: record.global,
      ...failure,
    });
  }
}

async function onRateLimit(
  ctx: LoopContext,
  record: SessionRecord,
  tally: { rateLimits: number },
): Promise<SlotEnd> {
  const { config, platform, status, position } = ctx;
  tally.rateLimits++;
  status.note({ consecutive_rate_limits: tally.rateLimits });
  const info = record.verdict.rate_limit;
  const base = {
    event: 'rate_limited' as const,
    iteration: position.iteration,
    global: record.global,
    consecutive: tally.rateLimits,
    source: info?.source ?? null,
  };
  if (tally.rateLimits >= config.backoff.max_consecutive_rate_limits) {
    ctx.log('error', { rate_limited: true, consecutive: tally.rateLimits, stop: 'rate_limits_exhausted' });
    await ctx.emit({ ...base, wait_ms: 0 });
    return { kind: 'stop', reason: 'rate_limits_exhausted', exitCode: EXIT.rateLimited };
  }
  const wait = rateLimitWait({
    consecutive: tally.rateLimits,
    initialSecs: config.backoff.initial_delay_secs,
    maxDelaySecs: config.backoff.max_delay_secs,
    maxWaitSecs: config.rate_limit.max_wait_secs,
    resetsAtMs: info?.resets_at_ms ?? null,
    nowMs: platform.clock.now(),
  });
  ctx.log('warn', {
    rate_limited: true,
    consecutive: tally.rateLimits,
    source: info?.source ?? null,
    wait_secs: round(wait.delayMs / 1000, 1),
    basis: wait.basis,
  });
  await ctx.emit({
    ...base,
    resets_at: info?.resets_at_ms ? new Date(info.resets_at_ms).toISOString() : null,
    wait_ms: wait.delayMs,
    basis: wait.basis,
  });
  await status.set({
    state: 'rate_limited_backoff',
    backoff_until: new Date(platform.clock.now() + wait.delayMs).toISOString(),
  });
  // The reset is a wall instant: converted once to a monotonic deadline, checked against the wall on each waking.
  const deadlineMono = platform.clock.monotonic() + wait.delayMs;
  const resetsAtMs = wait.basis === 'reset_time' ? (info?.resets_at_ms ?? null) : null;
  await ctx.pauseWhile(() =>
    resetWaitLeftMs({
      deadlineMono,
      nowMono: platform.clock.monotonic(),
      resetsAtMs,
      nowMs: platform.clock.now(),
    }),
  );
  await status.set({ backoff_until: null });
  return { kind: 'again' };
}

/** A session that did not fail ends a run of failures (the status file stops naming the last one). */
function endFailureStreak(ctx: LoopContext, tally: Tally): void {
  if (tally.failures === 0) return;
  tally.failures = 0;
  ctx.status.note({ consecutive_failures: 0, last_failure: null });
}

/**
 * A failed session. Fatal: the loop ends now with a message that says what to fix. Otherwise the same iteration
 * runs again after an exponential backoff, until retry.max_consecutive_failures failures in a row end the loop.
 */
async function onFailure(ctx: LoopContext, record: SessionRecord, tally: Tally): Promise<SlotEnd> {
  const { config, platform, status, position } = ctx;
  const failure = record.failure ?? {
    kind: 'error' as const,
    reason: 'error_result' as const,
    source: 'result' as const,
    detail: record.verdict.result_text ?? '',
  };
  tally.failures++;
  tally.failedTotal++;
  const described = `${failure.kind}/${failure.reason}: ${failure.detail}`.slice(0, 500);
  status.note({ consecutive_failures: tally.failures, last_failure: described });
  const base = {
    event: 'session_failed' as const,
    iteration: position.iteration,
    global: record.global,
    consecutive: tally.failures,
    kind: failure.kind,
    reason: failure.reason,
    source: failure.source,
    detail: failure.detail,
  };
  if (failure.kind === 'fatal') {
    const fix = fatalAdvice(failure.reason);
    const message = `the agent failed fatally (${failure.reason}): ${fix}${
      failure.detail ? ` — ${failure.detail}` : ''
    }`;
    ctx.log('error', {
      failed: failure.reason,
      kind: 'fatal',
      stop: 'agent_fatal',
      fix,
      detail: failure.detail.slice(0, 300) || null,
    });
    await ctx.emit({ ...base, wait_ms: 0, fix });
    return { kind: 'stop', reason: 'agent_fatal', exitCode: EXIT.agentFatal, error: message };
  }
  if (tally.failures >= config.retry.max_consecutive_failures) {
    ctx.log('error', {
      failed: failure.reason,
      kind: failure.kind,
      consecutive: tally.failures,
      stop: 'failures_exhausted',
    });
    await ctx.emit({ ...base, wait_ms: 0 });
    return {
      kind: 'stop',
      reason: 'failures_exhausted',
      exitCode: EXIT.failuresExhausted,
      error:
        `${tally.failures} failed sessions in a row (retry.max_consecutive_failures); the last: ` +
        `${failure.kind}/${failure.reason}${failure.detail ? ` — ${failure.detail}` : ''}`,
    };
  }
  const delayMs = backoffMs(tally.failures, config.backoff.initial_delay_secs, config.backoff.max_delay_secs);
  ctx.log('warn', {
    failed: failure.reason,
    kind: failure.kind,
    consecutive: tally.failures,
    wait_secs: round(delayMs / 1000, 1),
    detail: failure.detail.slice(0, 300) || null,
  });
  await ctx.emit({ ...base, wait_ms: delayMs });
  await status.set({
    state: 'failure_backoff',
    backoff_until: new Date(platform.clock.now() + delayMs).toISOString(),
  });
  await ctx.pause(delayMs);
  await status.set({ backoff_until: null });
  return { kind: 'again' };
}
