// The loop as the lifecycle it implements: starting -> (pre_hooks -> session_running -> post_hooks ->
// idle | retrying | rate_limited_backoff)* -> shutting_down -> stopped. The state names are the ones the
// status file shows.
import { readFile, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { adapterFor } from '../agents/index.js';
import { compilePattern } from '../config/regex.js';
import { readTail } from '../agents/tail.js';
import type { TranscriptVerdict } from '../agents/types.js';
import type { Config } from '../config/schema.js';
import type { Platform } from '../platform/ports.js';
import { readCounter, writeCounter } from '../state/counter.js';
import type { HarnessEvent } from '../state/event-log.js';
import { hookEnv, runHooks } from './hooks.js';
import { highestTranscript, resolvePaths, type LoopPaths } from './paths.js';
import { commitEvidence, classifyOutcome, rateLimitWait, type Outcome } from './policy.js';
import { assemblePrompt, placePrompt, promptTooLongForArg } from './prompt.js';
import { gitHead } from './git.js';
import { openTranscript, startSession, type SessionResult } from './session.js';
import { runShell } from './shell.js';
import { StatusTracker } from './status-tracker.js';
import { consumeStopFile, type StopController } from './stop.js';
import { scanTranscript } from './transcript-scan.js';
import { recoverPreviousRun } from './recovery.js';

export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  rateLimited: 3,
  preHooks: 4,
  alreadyRunning: 5,
  forced: 130,
} as const;

export interface RunOptions {
  config: Config;
  cwd: string;
  platform: Platform;
  stop: StopController;
  /** Extra text appended to every prompt (later: the current task). */
  promptSuffix?: () => Promise<string>;
}

export interface RunSummary {
  exitCode: number;
  stopReason: string;
  productive: number;
  iterations: number;
  trailingRateLimits: number;
  global: number;
}

const TAIL_BYTES = 256 * 1024;
const STOP_FILE_POLL_MS = 1000;

export class LoopError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

export function summaryLine(
  summary: Pick<RunSummary, 'productive' | 'trailingRateLimits' | 'global'>,
): string {
  return (
    `Loop completed: ${summary.productive} productive iterations, ` +
    `${summary.trailingRateLimits} trailing rate limits (global counter: ${summary.global})`
  );
}

export async function runLoop(options: RunOptions): Promise<RunSummary> {
  const { config, platform, stop } = options;
  const { clock, logger, events } = platform;
  const paths = resolvePaths(config, options.cwd);
  const adapter = adapterFor(config.agent.format);
  const commitPatterns = config.commit_detection.patterns.map((p) => compilePattern(p));
  const ratePatterns = config.rate_limit.patterns.map((p) => compilePattern(p));
  const max = config.session.max_iterations;

  const recorded = await readCounter(paths.counter);
  let global = Math.max(recorded, await highestTranscript(paths.outputDir, config.session.output_prefix));
  const status = new StatusTracker(paths.status, clock, {
    max_iterations: max,
    global_iteration: global,
  });
  const emit = (event: HarnessEvent) => events.emit(event);

  await recoverPreviousRun(paths.status, {
    clock,
    logger,
    emit,
    killGraceMs: config.watchdog.kill_grace_secs * 1000,
  });
  if (global !== recorded) await writeCounter(paths.counter, global);
  await status.set({ state: 'starting' });
  await emit({ event: 'loop_start', max_iterations: max, global, pid: process.pid });

  let iteration = 0;
  let productive = 0;
  let consecutiveRateLimits = 0;
  let consecutivePreFailures = 0;
  let exitCode: number = EXIT.ok;
  let stopReason = 'completed';
  const log = (
    level: 'debug' | 'info' | 'warn' | 'error',
    fields: Record<string, string | number | boolean | null>,
  ) => logger.log(level, { iteration, global, ...fields });

  const stopRequested = async (): Promise<boolean> => {
    if (stop.reason !== null) return true;
    if (await consumeStopFile(paths.stopFile)) {
      stop.request('stop_file');
      log('info', { stop: 'stop_file', file: config.shutdown.stop_file });
      await emit({ event: 'stop_requested', reason: 'stop_file', iteration, global });
    }
    return stop.reason !== null;
  };
  const pause = async (ms: number) => {
    if (ms > 0 && stop.reason === null) await clock.sleep(ms, stop.signal);
  };
  const baseEnv = (): NodeJS.ProcessEnv => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.CLAUDECODE;
    return env;
  };

  outer: while (true) {
    if (await stopRequested()) {
      stopReason = stop.forced ? 'forced' : (stop.reason ?? 'stopped');
      break;
    }
    if (iteration >= max) break;

    log('info', { global: global + 1, status: 'starting' });
    await status.set({ state: 'pre_hooks', iteration });
    const preVars = {
      HARNESS_ITERATION: iteration,
      HARNESS_GLOBAL_ITERATION: global + 1,
      HARNESS_PROMPT_FILE: paths.promptFile,
    };
    const preFailure = await runHooks(config.hooks.pre_session, {
      cwd: paths.cwd,
      env: hookEnv(baseEnv(), preVars),
      timeoutMs: config.hooks.timeout_secs * 1000,
      clock,
      spawn: platform.spawn,
    });
    if (preFailure) {
      consecutivePreFailures++;
      log('error', {
        hook: 'pre_session',
        failed: preFailure.command,
        exit_code: preFailure.exitCode,
        timed_out: preFailure.timedOut,
        consecutive: consecutivePreFailures,
        stderr: preFailure.stderrTail.slice(-300) || null,
      });
      await emit({
        event: 'hook_failed',
        phase: 'pre_session',
        iteration,
        ...preFailure,
        consecutive: consecutivePreFailures,
      });
      if (consecutivePreFailures >= config.hooks.max_consecutive_pre_failures) {
        exitCode = EXIT.preHooks;
        stopReason = 'pre_hook_failures';
        log('error', { stop: 'pre_hook_failures', limit: config.hooks.max_consecutive_pre_failures });
        break;
      }
      await status.set({ state: 'idle' });
      await pause(config.backoff.initial_delay_secs * 1000);
      continue;
    }
    consecutivePreFailures = 0;

    let retries = 0;
    for (;;) {
      // --- one session ---
      const prepended: string[] = [];
      for (const command of config.prompt.prepend_commands) {
        const out = await runShell(command, {
          cwd: paths.cwd,
          env: hookEnv(baseEnv(), preVars),
          timeoutMs: config.hooks.timeout_secs * 1000,
          clock,
          spawn: platform.spawn,
        });
        if (out.exitCode !== 0) log('warn', { prepend_command: command, exit_code: out.exitCode });
        prepended.push(out.stdout);
      }
      const promptText = assemblePrompt(
        prepended,
        await readPrompt(paths),
        options.promptSuffix ? [await options.promptSuffix()] : [],
      );
      if (config.agent.prompt_via === 'arg' && promptTooLongForArg(promptText)) {
        throw new LoopError(
          `the prompt is ${Buffer.byteLength(promptText)} bytes, longer than one command-line argument may be; ` +
            'set agent.prompt_via to "stdin" or "file"',
          EXIT.usage,
        );
      }

      const { fd, number } = await reserveTranscript(paths, global, (skipped) =>
        log('warn', { transcript: 'exists', skipped, reason: 'never overwritten' }),
      );
      global = number;
      await writeCounter(paths.counter, global);
      const transcript = paths.transcript(global);
      let promptPath: string | null = null;
      if (config.agent.prompt_via === 'file') {
        promptPath = paths.promptCopy(global);
        await writeFile(promptPath, promptText);
      }
      const invocation = placePrompt(config.agent.args, config.agent.prompt_via, promptText, promptPath);
      const headBefore = await gitHead(paths.cwd);
      const env = {
        ...hookEnv(baseEnv(), {
          ...preVars,
          HARNESS_GLOBAL_ITERATION: global,
          HARNESS_OUTPUT_FILE: transcript,
        }),
        ...config.agent.env,
      };
      await status.set({
        state: 'session_running',
        iteration,
        global_iteration: global,
        output_file: transcript,
        output_bytes: 0,
        session_start: new Date(clock.now()).toISOString(),
      });

      const control = startSession(
        {
          command: config.agent.command,
          args: invocation.args,
          env,
          cwd: paths.cwd,
          stdinText: invocation.stdinText,
          transcriptPath: transcript,
          limits: {
            staleTimeoutMs: config.watchdog.stale_timeout_mins * 60_000,
            warnIntervalMs: config.watchdog.check_interval_secs * 1000,
            resultGraceMs: config.watchdog.result_grace_secs * 1000,
          },
          killGraceMs: config.watchdog.kill_grace_secs * 1000,
          hasFinalResult: (tail) => adapter.hasFinalResult(tail),
        },
        fd,
        { clock, spawn: platform.spawn, logger },
        {
          onSpawn: (pgid) => {
            void status.set({ agent_pgid: pgid });
            log('info', { status: 'session_running', pid: pgid, output: basename(transcript) });
          },
          onGrowth: (bytes) => void status.setThrottled({ output_bytes: bytes }),
          onStaleWarning: (staleMs) =>
            log('warn', {
              watchdog: 'stale',
              stale_secs: Math.round(staleMs / 1000),
              limit: Math.round(config.watchdog.stale_timeout_mins * 60),
            }),
          onKill: (reason, ms) => {
            void status.set({ state: 'watchdog_kill' });
            if (reason === 'watchdog') {
              log('error', { watchdog: 'killed', stale_mins: round(ms / 60_000, 2) });
            } else {
              log('warn', { watchdog: 'result_grace', lingered_secs: round(ms / 1000, 1) });
            }
            void emit({ event: 'watchdog_kill', reason, iteration, global, after_ms: ms });
          },
          onLeftovers: (how) =>
            log('warn', {
              session: 'leftover_processes',
              ended_with: how === 'kill' ? 'SIGKILL' : 'SIGTERM',
            }),
          echo: logger.agentOutput,
        },
      );
      const unForce = stop.onForce(() => control.force(0));
      const stopPoll = pollStopFile(stopRequested, clock, STOP_FILE_POLL_MS);
      let result: SessionResult;
      try {
        result = await control.result;
      } finally {
        unForce();
        stopPoll.cancel();
      }
      await status.set({ agent_pgid: null, output_bytes: result.outputBytes });
      if (result.endReason === 'spawn_error') {
        throw new LoopError(
          `could not start the agent "${config.agent.command}": ${result.spawnError}`,
          EXIT.failure,
        );
      }

      const tail = await readTail(transcript, TAIL_BYTES);
      const verdict = adapter.classify(tail.text, tail.complete, {
        patterns: ratePatterns,
        now_ms: clock.now(),
      });
      const outcome = classifyOutcome({
        endReason: result.endReason,
        outputBytes: result.outputBytes,
        minOutputBytes: config.watchdog.min_output_bytes,
        verdict,
      });
      const record = (extra: Record<string, unknown>) =>
        sessionEvent({ iteration, global, result, verdict, outcome, retries, transcript, extra });

      if (outcome === 'cancelled') {
        log('warn', { status: 'cancelled', output_bytes: result.outputBytes });
        await emit(record({ committed: false }));
        stopReason = 'forced';
        exitCode = EXIT.forced;
        break outer;
      }
      if (outcome === 'empty') {
        await emit(record({ committed: false }));
        if (retries < config.retry.max_empty_retries) {
          retries++;
          log('warn', {
            retry: `${retries}/${config.retry.max_empty_retries}`,
            output_bytes: result.outputBytes,
          });
          await emit({
            event: 'empty_retry',
            iteration,
            global,
            retry: retries,
            output_bytes: result.outputBytes,
          });
          await status.set({ state: 'retrying' });
          await pause(config.retry.retry_delay_secs * 1000);
          if (await stopRequested()) break;
          continue;
        }
        log('error', { status: 'skipped', reason: 'empty', retries });
        await emit({ event: 'iteration_skipped', iteration, global, reason: 'empty', retries });
        iteration++;
        break;
      }

      // Non-empty: commit evidence, post hooks, then the rate-limit verdict.
      const scan = await scanTranscript(transcript, commitPatterns, adapter.toolCallMarker);
      const headAfter = await gitHead(paths.cwd);
      const evidence = commitEvidence(
        scan.matchedPattern !== null,
        headAfter !== null && headAfter !== headBefore,
      );
      const committed = evidence !== null;
      if (verdict.metrics.tool_calls === null && adapter.toolCallMarker)
        verdict.metrics.tool_calls = scan.markerCount;

      await status.set({ state: 'post_hooks' });
      const postFailure = await runHooks(config.hooks.post_session, {
        cwd: paths.cwd,
        env: hookEnv(baseEnv(), {
          ...preVars,
          HARNESS_GLOBAL_ITERATION: global,
          HARNESS_OUTPUT_FILE: transcript,
          HARNESS_EXIT_CODE: result.reportedExitCode,
          HARNESS_OUTPUT_BYTES: result.outputBytes,
          HARNESS_SESSION_DURATION: Math.round((result.endedAt - result.startedAt) / 1000),
          HARNESS_COMMITTED: committed,
        }),
        timeoutMs: config.hooks.timeout_secs * 1000,
        clock,
        spawn: platform.spawn,
      });
      if (postFailure) {
        log('error', {
          hook: 'post_session',
          failed: postFailure.command,
          exit_code: postFailure.exitCode,
          timed_out: postFailure.timedOut,
        });
        await emit({ event: 'hook_failed', phase: 'post_session', iteration, global, ...postFailure });
      }

      await emit(
        record({
          committed,
          commit_evidence: evidence,
          commit_pattern: scan.matchedPattern,
          head_before: headBefore,
          head_after: headAfter,
        }),
      );
      await status.set({
        last_completed_iteration: global,
        last_committed: committed,
        last_commit_evidence: describeEvidence(evidence, scan.matchedPattern),
        last_outcome: outcome,
      });

      if (outcome === 'rate_limited') {
        consecutiveRateLimits++;
        await status.set({ consecutive_rate_limits: consecutiveRateLimits });
        const info = verdict.rate_limit;
        if (consecutiveRateLimits >= config.backoff.max_consecutive_rate_limits) {
          log('error', {
            rate_limited: true,
            consecutive: consecutiveRateLimits,
            stop: 'rate_limits_exhausted',
          });
          await emit({
            event: 'rate_limited',
            iteration,
            global,
            consecutive: consecutiveRateLimits,
            source: info?.source ?? null,
            wait_ms: 0,
          });
          exitCode = EXIT.rateLimited;
          stopReason = 'rate_limits_exhausted';
          break outer;
        }
        const wait = rateLimitWait({
          consecutive: consecutiveRateLimits,
          initialSecs: config.backoff.initial_delay_secs,
          maxDelaySecs: config.backoff.max_delay_secs,
          maxWaitSecs: config.rate_limit.max_wait_secs,
          resetsAtMs: info?.resets_at_ms ?? null,
          nowMs: clock.now(),
        });
        log('warn', {
          rate_limited: true,
          consecutive: consecutiveRateLimits,
          source: info?.source ?? null,
          wait_secs: round(wait.delayMs / 1000, 1),
          basis: wait.basis,
        });
        await emit({
          event: 'rate_limited',
          iteration,
          global,
          consecutive: consecutiveRateLimits,
          source: info?.source ?? null,
          resets_at: info?.resets_at_ms ? new Date(info.resets_at_ms).toISOString() : null,
          wait_ms: wait.delayMs,
          basis: wait.basis,
        });
        await status.set({
          state: 'rate_limited_backoff',
          backoff_until: new Date(clock.now() + wait.delayMs).toISOString(),
        });
        await pause(wait.delayMs);
        await status.set({ backoff_until: null });
        break;
      }

      log('info', {
        status: 'completed',
        output_bytes: result.outputBytes,
        exit_code: result.reportedExitCode,
        committed,
      });
      consecutiveRateLimits = 0;
      productive++;
      iteration++;
      await status.set({ consecutive_rate_limits: 0, productive });
      break;
    }

    if (stop.reason !== null || iteration >= max) continue;
    await status.set({ state: 'idle' });
    await pause(config.backoff.initial_delay_secs * 1000);
  }

  await status.set({ state: 'shutting_down', iteration });
  await writeCounter(paths.counter, global);
  const summary: RunSummary = {
    exitCode,
    stopReason,
    productive,
    iterations: iteration,
    trailingRateLimits: consecutiveRateLimits,
    global,
  };
  await emit({
    event: 'loop_end',
    reason: stopReason,
    exit_code: exitCode,
    productive,
    iterations: iteration,
    global,
    trailing_rate_limits: consecutiveRateLimits,
  });
  await status.set({ state: 'stopped', stop_reason: stopReason, agent_pgid: null });
  logger.summary(summaryLine(summary));
  return summary;
}

async function readPrompt(paths: LoopPaths): Promise<string> {
  try {
    return await readFile(paths.promptFile, 'utf8');
  } catch (error) {
    throw new LoopError(
      `cannot read the prompt file ${paths.promptFile}: ${(error as Error).message}`,
      EXIT.failure,
    );
  }
}

/** The next free transcript number after `last`: an existing transcript is skipped, never overwritten. */
async function reserveTranscript(
  paths: LoopPaths,
  last: number,
  onSkip: (number: number) => void,
): Promise<{ fd: number; number: number }> {
  for (let number = last + 1; ; number++) {
    try {
      return { fd: openTranscript(paths.transcript(number)), number };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      onSkip(number);
    }
  }
}

function pollStopFile(check: () => Promise<boolean>, clock: Platform['clock'], everyMs: number) {
  const abort = new AbortController();
  void (async () => {
    while (!abort.signal.aborted) {
      if (!(await clock.sleep(everyMs, abort.signal))) return;
      if (await check()) return;
    }
  })();
  return { cancel: () => abort.abort() };
}

function sessionEvent(input: {
  iteration: number;
  global: number;
  result: SessionResult;
  verdict: TranscriptVerdict;
  outcome: Outcome;
  retries: number;
  transcript: string;
  extra: Record<string, unknown>;
}): HarnessEvent {
  const { result, verdict } = input;
  return {
    event: 'session_complete',
    iteration: input.iteration,
    global: input.global,
    output_bytes: result.outputBytes,
    exit_code: result.reportedExitCode,
    duration_secs: round((result.endedAt - result.startedAt) / 1000, 3),
    committed: false,
    retries: input.retries,
    rate_limited: input.outcome === 'rate_limited',
    outcome: input.outcome,
    end_reason: result.endReason,
    output_file: input.transcript,
    result_error: verdict.is_error,
    rate_limit_source: verdict.rate_limit?.source ?? null,
    rate_limit_resets_at: verdict.rate_limit?.resets_at_ms
      ? new Date(verdict.rate_limit.resets_at_ms).toISOString()
      : null,
    ...verdict.metrics,
    ...input.extra,
  };
}

function describeEvidence(evidence: string | null, pattern: string | null): string | null {
  if (evidence === null) return null;
  const parts: string[] = [];
  if (pattern !== null) parts.push(`${pattern} detected`);
  if (evidence.includes('head')) parts.push('HEAD moved');
  return parts.join(', ');
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
