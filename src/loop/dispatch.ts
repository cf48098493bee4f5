// One session from prompt to verdict: build the prompt, reserve the next transcript, run the agent under the
// watchdog (polling the STOP file meanwhile), read the transcript's tail, and gather the commit evidence.
import { readFile, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { readTail } from '../agents/tail.js';
import type { TranscriptVerdict } from '../agents/types.js';
import { writeCounter } from '../state/counter.js';
import type { LoopContext } from './context.js';
import { LoopError, EXIT } from './errors.js';
import { gitHead } from './git.js';
import type { LoopPaths } from './paths.js';
import { classifyOutcome, commitEvidence, type CommitEvidence, type Outcome } from './policy.js';
import { assemblePrompt, placePrompt, promptTooLongForArg } from './prompt.js';
import { openTranscript, startSession, type SessionResult } from './session.js';
import { runShell } from './shell.js';
import { askStopSources, pollStopSources } from './stop-sources.js';
import { scanTranscript } from './transcript-scan.js';

const TAIL_BYTES = 256 * 1024;
const WIDE_TAIL_BYTES = 16 * 1024 * 1024;

export interface SessionRecord {
  global: number;
  transcript: string;
  result: SessionResult;
  verdict: TranscriptVerdict;
  outcome: Outcome;
  headBefore: string | null;
}

export interface CommitFinding {
  committed: boolean;
  evidence: CommitEvidence;
  pattern: string | null;
  headAfter: string | null;
}

export async function buildPrompt(ctx: LoopContext, vars: Record<string, string | number>): Promise<string> {
  const { config, paths } = ctx;
  const prepended: string[] = [];
  for (const command of config.prompt.prepend_commands) {
    const out = await runShell(command, ctx.shellOptions(ctx.env(vars)));
    if (out.exitCode !== 0) ctx.log('warn', { prepend_command: command, exit_code: out.exitCode });
    prepended.push(out.stdout);
  }
  let file: string;
  try {
    file = await readFile(paths.promptFile, 'utf8');
  } catch (error) {
    throw new LoopError(
      `cannot read the prompt file ${paths.promptFile}: ${(error as Error).message}`,
      EXIT.failure,
    );
  }
  const assembled = assemblePrompt(prepended, file);
  const prompt = ctx.work ? ctx.work.prompt(assembled) : assembled;
  if (config.agent.prompt_via === 'arg' && promptTooLongForArg(prompt)) {
    throw new LoopError(
      `the prompt is ${Buffer.byteLength(prompt)} bytes, longer than one command-line argument may be; ` +
        'set agent.prompt_via to "stdin" or "file"',
      EXIT.usage,
    );
  }
  return prompt;
}

export async function dispatchSession(
  ctx: LoopContext,
  vars: Record<string, string | number>,
): Promise<SessionRecord> {
  const { config, paths, platform, status, position, stop } = ctx;
  const { clock } = platform;
  const prompt = await buildPrompt(ctx, vars);

  const { fd, number } = await reserveTranscript(paths, position.global, (skipped) =>
    ctx.log('warn', { transcript: 'exists', skipped, reason: 'never overwritten' }),
  );
  position.global = number;
  await writeCounter(paths.counter, number);
  const transcript = paths.transcript(number);
  let promptPath: string | null = null;
  if (config.agent.prompt_via === 'file') {
    promptPath = paths.promptCopy(number);
    await writeFile(promptPath, prompt);
  }
  const invocation = placePrompt(config.agent.args, config.agent.prompt_via, prompt, promptPath);
  const headBefore = await gitHead(paths.cwd);
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
  const control = startSession(
    {
      command: config.agent.command,
      args: invocation.args,
      env: {
        ...ctx.env({ ...vars, HARNESS_GLOBAL_ITERATION: number, HARNESS_OUTPUT_FILE: transcript }),
        ...ctx.work?.env,
        ...config.agent.env,
      },
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
      hasFinalResult: (tail) => ctx.adapter.hasFinalResult(tail),
    },
    fd,
    { clock, spawn: platform.spawn, logger: platform.logger },
    {
      onSpawn: (pgid) => {
        void status.set({ agent_pgid: pgid });
        ctx.log('info', { status: 'session_running', pid: pgid, output: basename(transcript) });
      },
      onGrowth: (bytes) => void status.setThrottled({ output_bytes: bytes }),
      onEscaped: (escaped) => void status.set({ agent_escaped: escaped }),
      onStaleWarning: (staleMs) =>
        ctx.log('warn', {
          watchdog: 'stale',
          stale_secs: Math.round(staleMs / 1000),
          limit: Math.round(config.watchdog.stale_timeout_mins * 60),
        }),
      onKill: (reason, ms) => {
        void status.set({ state: 'watchdog_kill' });
        if (reason === 'watchdog')
          ctx.log('error', { watchdog: 'killed', stale_mins: round(ms / 60_000, 2) });
        else ctx.log('warn', { watchdog: 'result_grace', lingered_secs: round(ms / 1000, 1) });
        void ctx.emit({
          event: 'watchdog_kill',
          reason,
          iteration: position.iteration,
          global: number,
          after_ms: ms,
        });
      },
      onLeftovers: (how, carriers) =>
        ctx.log('warn', {
          session: 'leftover_processes',
          ended_with: how === 'kill' ? 'SIGKILL' : 'SIGTERM',
          ...(carriers > 0 ? { by_cookie: carriers } : {}),
        }),
      ...(platform.logger.agentOutput ? { echo: platform.logger.agentOutput } : {}),
    },
  );
  const unForce = stop.onForce((graceMs) => control.force(graceMs));
  const stopPoll = pollStopSources(ctx, ctx.stopSources);
  let result: SessionResult;
  try {
    result = await control.result;
  } finally {
    unForce();
    stopPoll.cancel();
  }
  await status.set({ agent_pgid: null, agent_escaped: null, output_bytes: result.outputBytes });
  ctx.onSession?.(result.endedAt - result.startedAt);
  platform.logger.endGroup?.();
  if (result.endReason === 'spawn_error') {
    throw new LoopError(
      `could not start the agent "${config.agent.command}": ${result.spawnError}`,
      EXIT.failure,
    );
  }

  const verdict = await classifyTranscript(ctx, transcript);
  const outcome = classifyOutcome({
    endReason: result.endReason,
    outputBytes: result.outputBytes,
    minOutputBytes: config.watchdog.min_output_bytes,
    verdict,
  });
  return { global: number, transcript, result, verdict, outcome, headBefore };
}

/**
 * Classify from the transcript's tail. A final line longer than the tail (a huge result text) would be cut
 * at the front and skipped as partial, so a tail holding less than one whole line is read again, larger.
 */
async function classifyTranscript(ctx: LoopContext, transcript: string): Promise<TranscriptVerdict> {
  const options = { patterns: ctx.ratePatterns, now_ms: ctx.platform.clock.now() };
  let tail = await readTail(transcript, TAIL_BYTES);
  if (!tail.complete && !tail.text.trimEnd().includes('\n'))
    tail = await readTail(transcript, WIDE_TAIL_BYTES);
  return ctx.adapter.classify(tail.text, tail.complete, options);
}

/** Commit evidence: a configured pattern in the transcript, or git HEAD moved. Also counts tool calls. */
export async function findCommit(ctx: LoopContext, record: SessionRecord): Promise<CommitFinding> {
  const scan = await scanTranscript(record.transcript, ctx.commitPatterns, ctx.adapter.toolCallMarker);
  if (record.verdict.metrics.tool_calls === null && ctx.adapter.toolCallMarker) {
    record.verdict.metrics.tool_calls = scan.markerCount;
  }
  const headAfter = await gitHead(ctx.paths.cwd);
  const evidence = commitEvidence(
    scan.matchedPattern !== null,
    headAfter !== null && headAfter !== record.headBefore,
  );
  return { committed: evidence !== null, evidence, pattern: scan.matchedPattern, headAfter };
}

/** Stop requests from the STOP file and the home's own sources; the session in flight always finishes. */
export function checkStop(ctx: LoopContext): Promise<boolean> {
  return askStopSources(ctx, ctx.stopSources);
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

export function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
