// One session from prompt to verdict: the prompt built (prompt-build.ts), the counter's transcript reserved, the
// agent run under the watchdog (polling the STOP file and the transcript's free space meanwhile), and the verdict
// read from the transcript's tail (session-findings.ts).
import { closeSync } from 'node:fs';
import { stat, unlink, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { writeCounter } from '../state/index.js';
import { HarnessFileError, namingFile } from '../state/index.js';
import type { LoopContext } from './context.js';
import { LoopError, EXIT } from '../errors/exit-codes.js';
import { noSpaceLeft, transcriptFull } from './faults.js';
import { gitRefs } from '../os/git-refs.js';
import { userTree } from './user-files.js';
import { keepInterruptedWork } from './interrupted-work.js';
import type { LoopPaths } from '../state/index.js';
import { classifyOutcome } from './policy.js';
import { placePrompt } from './prompt.js';
import { buildPrompt } from './prompt-build.js';
import { openTranscript, startSession, type SessionResult } from './session.js';
import type { SessionCgroup } from '../os/cgroup-types.js';
import { pollStopSources } from './stop-sources.js';
import { followTranscript } from './transcript-follow.js';
import type { TranscriptFacts } from './transcript-scan.js';
import { isWorkerFormat, workerInvocation } from './worker-agent.js';
import { round } from './round.js';
import type { SessionRecord } from './session-record.js';
import { classifyTranscript, scanOptions } from './session-findings.js';

/** How often the transcript's file system is checked for space while the agent writes to it. */
const SPACE_CHECK_MS = 1000;

export async function dispatchSession(
  ctx: LoopContext,
  vars: Record<string, string | number>,
): Promise<SessionRecord> {
  const { config, paths, platform, status, position, stop } = ctx;
  const { clock } = platform;
  // A record that failed in passing since the last session (an event from a signal handler) ends the loop here.
  ctx.faults.throwIfFaulted();
  // The move into the session's cgroup waits for the kernel: that wait overlaps the work before the spawn.
  ctx.containment?.prime();
  const prompt = await buildPrompt(ctx, vars);

  const { fd, number } = reserveTranscript(paths, position.next, (skipped) =>
    ctx.log('warn', { transcript: 'exists', skipped, reason: 'never overwritten' }),
  );
  const previous = { global: position.global, next: position.next };
  // The crash rule: once transcript n exists the counter says n+1, before the agent runs, so n is never reused.
  position.global = number;
  position.next = number + 1;
  const transcript = paths.transcript(number);
  try {
    await writeCounter(paths.counter, position.next);
  } catch (error) {
    // No agent will write this transcript: an empty file left here would pose as an empty session.
    closeSync(fd);
    await unlink(transcript).catch(() => undefined);
    Object.assign(position, previous);
    throw error;
  }
  const worker = isWorkerFormat(config)
    ? await workerInvocation(config, paths, ctx.self, number, ctx.configFile).catch(
        async (error: unknown) => {
          closeSync(fd);
          await unlink(transcript).catch(() => undefined);
          Object.assign(position, previous); // the number was never used; the loop's end writes the counter back
          throw error;
        },
      )
    : null;
  let promptPath: string | null = null;
  if (worker === null && config.agent.prompt_via === 'file') {
    const copy = paths.promptCopy(number);
    promptPath = copy;
    await namingFile(copy, () => writeFile(copy, prompt));
  }
  const invocation =
    worker === null
      ? placePrompt(config.agent.args, config.agent.prompt_via, prompt, promptPath)
      : { args: worker.args, stdinText: prompt };
  const env = ctx.isolation.env(
    ctx.env({ ...vars, HARNESS_GLOBAL_ITERATION: number, HARNESS_OUTPUT_FILE: transcript }),
    { ...ctx.work?.env, ...config.agent.env, ...worker?.env },
  );
  const command = worker?.command ?? config.agent.command;
  const launch = ctx.isolation.command(command, invocation.args, env);
  const gitBefore = await gitRefs(paths.cwd);
  const treeBefore = await userTree(ctx);
  // Written (and landed) before the spawn: a harness killed at any instant after it leaves a status that names
  // this session's transcript, which the next start records as cut short under this run's key. The agent's group
  // follows once it is spawned (onSpawn).
  await status.set({
    state: 'session_running',
    iteration: position.iteration,
    global_iteration: number,
    output_file: transcript,
    output_bytes: 0,
    session_start: new Date(clock.now()).toISOString(),
  });

  platform.logger.startGroup?.(
    `Session ${number} (iteration ${position.iteration + 1}/${config.session.max_iterations})`,
  );
  const cgroup = sessionCgroup(ctx, number);
  // The one pass over the transcript, made while the agent writes it (see transcript-follow.ts).
  const follower = followTranscript(transcript, scanOptions(ctx, ctx.commitPatterns));
  const control = startSession(
    {
      command: launch.command,
      args: launch.args,
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
      cookie: ctx.cookie,
      ...(cgroup ? { cgroup } : {}),
      hasFinalResult: (tail) => ctx.adapter.hasFinalResult(tail),
      ...(ctx.adapter.backgroundWork ? { backgroundWork: ctx.adapter.backgroundWork } : {}),
    },
    fd,
    { clock, spawn: platform.spawn, logger: platform.logger },
    {
      onSpawn: (pgid) => {
        status.post({ agent_pgid: pgid });
        ctx.reaper?.watch({ group: pgid, escaped: [] });
        ctx.log('info', { status: 'session_running', pid: pgid, output: basename(transcript) });
      },
      onGrowth: (bytes) => {
        follower.wake();
        status.postThrottled({ output_bytes: bytes });
      },
      onEscaped: (escaped) => {
        status.post({ agent_escaped: escaped });
        ctx.reaper?.watch({ escaped });
      },
      onStaleWarning: (staleMs) =>
        ctx.log('warn', {
          watchdog: 'stale',
          stale_secs: Math.round(staleMs / 1000),
          limit: Math.round(config.watchdog.stale_timeout_mins * 60),
        }),
      onKill: (reason, ms) => {
        status.post({ state: 'watchdog_kill' });
        if (reason === 'watchdog')
          ctx.log('error', { watchdog: 'killed', stale_mins: round(ms / 60_000, 2) });
        else ctx.log('warn', { watchdog: 'result_grace', lingered_secs: round(ms / 1000, 1) });
        ctx.post({
          event: 'watchdog_kill',
          reason,
          iteration: position.iteration,
          global: number,
          after_ms: ms,
        });
      },
      onLeftovers: (how, carriers, inCgroup) =>
        ctx.log('warn', {
          session: 'leftover_processes',
          ended_with: how === 'kill' ? 'SIGKILL' : 'SIGTERM',
          ...(carriers > 0 ? { by_cookie: carriers } : {}),
          ...(inCgroup > 0 ? { by_cgroup: inCgroup } : {}),
        }),
      ...(platform.logger.agentOutput ? { echo: platform.logger.agentOutput } : {}),
    },
  );
  const unForce = stop.onForce((graceMs) => control.force(graceMs));
  // A harness file that cannot be written ends the agent's group now, not at the end of its session.
  const unFault = ctx.faults.onFault(() => control.force(config.watchdog.kill_grace_secs * 1000));
  const stopPoll = pollStopSources(ctx, ctx.stopSources);
  const spaceWatch = watchTranscriptSpace(ctx, transcript);
  let result: SessionResult;
  let followed: Promise<TranscriptFacts | null>;
  try {
    result = await control.result;
  } finally {
    followed = follower.finish();
    unForce();
    unFault();
    stopPoll.cancel();
    spaceWatch.cancel();
  }
  // Under "user" isolation: nothing of the agent's user outlives the session, and what it made is the user's.
  await ctx.isolation.afterSession();
  // A short session can fail to write and exit between two checks: look once more, so that lost output is
  // reported as lost and never recorded as an empty session.
  if (await noSpaceLeft(paths.outputDir)) ctx.faults.report(transcriptFull(transcript));
  ctx.faults.throwIfFaulted();
  ctx.reaper?.watch({ group: null, escaped: [] });
  await status.set({ agent_pgid: null, agent_escaped: null, output_bytes: result.outputBytes });
  ctx.onSession?.(result.durationMs);
  platform.logger.endGroup?.();
  if (result.endReason === 'spawn_error') {
    // The agent never ran: its reserved transcript (and prompt copy) would only pose as an empty session.
    const size = await stat(transcript).then(
      (info) => info.size,
      () => null,
    );
    if (result.outputBytes === 0 && size === 0) await unlink(transcript);
    if (promptPath !== null) await unlink(promptPath).catch(() => undefined);
    Object.assign(position, previous); // the number was never used; the loop's end writes the counter back
    throw new LoopError(
      `could not start the agent "${command}": ${result.spawnError}`,
      EXIT.agentNotStarted,
      'agent_not_started',
    );
  }

  // The agent's processes have ended: work a stop or the watchdog cut short is kept before anything else runs.
  await keepInterruptedWork(ctx, {
    global: number,
    endReason: result.endReason,
    headBefore: gitBefore?.head ?? null,
    treeBefore,
  });
  const verdict = await classifyTranscript(ctx, transcript, { code: result.exitCode, signal: result.signal });
  const decision = classifyOutcome({
    endReason: result.endReason,
    outputBytes: result.outputBytes,
    minOutputBytes: config.watchdog.min_output_bytes,
    verdict,
    exitCode: result.exitCode,
  });
  return {
    global: number,
    transcript,
    result,
    verdict,
    outcome: decision.outcome,
    decidedBy: decision.decided_by,
    failure: decision.failure,
    gitBefore,
    treeBefore,
    followed,
  };
}

/** The session's cgroup, where the run has them; one that cannot be made leaves the session to the fallback. */
function sessionCgroup(ctx: LoopContext, number: number): SessionCgroup | null {
  try {
    return ctx.containment?.session(number) ?? null;
  } catch (error) {
    ctx.log('warn', {
      session: 'cgroup',
      error: (error as Error).message,
      containment: 'process group + cookie',
    });
    return null;
  }
}

/** The first free transcript number from `first` on: an existing transcript is skipped, never overwritten. */
function reserveTranscript(
  paths: LoopPaths,
  first: number,
  onSkip: (number: number) => void,
): { fd: number; number: number } {
  for (let number = first; ; number++) {
    try {
      return { fd: openTranscript(paths.transcript(number)), number };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
        throw new HarnessFileError(paths.transcript(number), error, 'cannot create');
      onSkip(number);
    }
  }
}

/** Checks the transcript's file system while the agent writes to it; a full one is a fault (see faults.ts). */
function watchTranscriptSpace(ctx: LoopContext, transcript: string): { cancel(): void } {
  const abort = new AbortController();
  (async () => {
    while (await ctx.platform.clock.sleep(SPACE_CHECK_MS, abort.signal)) {
      if (await noSpaceLeft(ctx.paths.outputDir)) return ctx.faults.report(transcriptFull(transcript));
    }
  })().catch((error: unknown) =>
    ctx.log('warn', { event: 'free space check failed', path: ctx.paths.outputDir, error: String(error) }),
  );
  return { cancel: () => abort.abort() };
}
