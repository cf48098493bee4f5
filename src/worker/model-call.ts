// The model call of an iteration, under the model hold that a supervisor's workers share (llm/hold-file.ts). With
// AGENT_HARNESS_MODEL_HOLD unset this is the bare call, and a 429 fails the task (exit 16, the seed's "fail fast").
// With it set: before every call the worker waits while the hold file's `until` (or its own) is in the future,
// heartbeat step `waiting_for_model`, woken early by a stop request (state.json, polled) or the run's signal; a 429
// extends the hold to now + Retry-After (llm.rate_limit_wait_secs without one), logs a warning and waits again,
// until llm.max_rate_limit_waits 429s in a row, after which the next one is fatal as without the variable. A 429
// waited out writes nothing to actions.jsonl and counts no iteration; the time spent waiting is not running time
// (the limit is the model's, not the task's). A hold file that cannot be read or written is one warning, never a
// failure. The decisions (how long a 429 holds, whether to give up, how long to sleep) are pure.
import { extendHold, holdEndMs, holdPathFrom, LlmError, readHold } from './llm/index.js';
import type { LlmReply, LlmTransport } from './llm/index.js';
import type { WorkerDeps, WorkerSettings } from './run-options.js';
import type { TaskSpec } from './task-files.js';
import type { TaskRecord } from './task-record.js';

/** How often a wait looks at state.json for a stop request (and at the hold file for a longer hold). */
export const HOLD_POLL_MS = 250;

/** What a run keeps between its model calls about the hold. */
export interface HoldState {
  /** The hold file (null: none), resolved from the environment at the first call (undefined: not yet). */
  path: string | null | undefined;
  /** 429s in a row, reset by an answer. */
  rateLimits: number;
  /** This worker's own hold (epoch ms): kept even if another worker's write shortened the file's. */
  ownUntilMs: number;
  /** The last hold-file problem warned about: the same one is not warned about again. */
  warned: string | null;
}

export const newHoldState = (): HoldState => ({
  path: undefined,
  rateLimits: 0,
  ownUntilMs: 0,
  warned: null,
});

/** What a model call needs of its run (IterationRun has it). */
export interface HeldRun {
  readonly settings: WorkerSettings;
  readonly deps: WorkerDeps;
  readonly task: TaskSpec;
  readonly rec: TaskRecord;
  readonly hold: HoldState;
}

/** How a 429 is met: the hold it sets (epoch ms), and whether this worker gives up instead of waiting. Pure. */
export function rateLimitDecision(input: {
  /** 429s in a row, this one included. */
  inARow: number;
  maxWaits: number;
  retryAfterMs: number | null;
  defaultWaitMs: number;
  nowMs: number;
}): { untilMs: number; giveUp: boolean } {
  return {
    untilMs: input.nowMs + Math.max(0, input.retryAfterMs ?? input.defaultWaitMs),
    giveUp: input.inARow > input.maxWaits,
  };
}

/** How long to sleep before looking again: 0 once the hold is over, else at most `pollMs`. Pure. */
export function holdSleepMs(untilMs: number, nowMs: number, pollMs: number): number {
  return untilMs <= nowMs ? 0 : Math.min(untilMs - nowMs, pollMs);
}

/** The answer and when its call began (monotonic), or why the task ends instead; an LlmError that is fatal. */
export async function callModel(
  run: HeldRun,
  iteration: number,
  request: Parameters<LlmTransport['call']>[0],
): Promise<{ reply: LlmReply; started: number } | 'stopped' | 'interrupted'> {
  const { clock, transport } = run.deps;
  const hold = run.hold;
  if (hold.path === undefined) {
    const from = holdPathFrom(run.deps.env);
    hold.path = from.path;
    if (from.problem !== null) warn(run, from.problem);
  }
  for (;;) {
    const waited = await waitForHold(run, iteration);
    if (waited !== null) return waited;
    run.rec.beat('calling_model', iteration);
    const started = clock.monotonic();
    try {
      const reply = await transport.call(request);
      hold.rateLimits = 0;
      return { reply, started };
    } catch (error) {
      if (hold.path === null || !(error instanceof LlmError) || error.kind !== 'rate_limited') throw error;
      hold.rateLimits++;
      const { llm } = run.settings;
      const decision = rateLimitDecision({
        inARow: hold.rateLimits,
        maxWaits: llm.max_rate_limit_waits,
        retryAfterMs: error.retryAfterMs,
        defaultWaitMs: llm.rate_limit_wait_secs * 1000,
        nowMs: clock.now(),
      });
      hold.ownUntilMs = Math.max(hold.ownUntilMs, decision.untilMs);
      const now = new Date(clock.now()).toISOString();
      const until = new Date(decision.untilMs).toISOString();
      const written = extendHold(hold.path, {
        until,
        set_at: now,
        set_by: run.task.task_id,
        status: error.status ?? 429,
      });
      if (written.problem !== null) problem(run, hold.path, written.problem, 'this worker still waits');
      if (decision.giveUp) throw error;
      run.deps.log('warn', {
        event: 'model_rate_limited',
        task: run.task.task_id,
        iteration,
        until: written.hold?.until ?? until,
        retry_after_ms: error.retryAfterMs,
        waits: `${hold.rateLimits}/${llm.max_rate_limit_waits}`,
      });
    }
  }
}

/** Waits out the hold in force; null when the call may go, else why the task ends. Not running time. */
async function waitForHold(run: HeldRun, iteration: number): Promise<'stopped' | 'interrupted' | null> {
  const { clock, signal } = run.deps;
  const path = run.hold.path;
  if (path === null || path === undefined) return null;
  const began = clock.monotonic();
  let waiting = false;
  try {
    for (;;) {
      if (signal?.aborted) return 'interrupted';
      const read = readHold(path);
      if (read.problem !== null) problem(run, path, read.problem, 'taken as no hold');
      const untilMs = Math.max(run.hold.ownUntilMs, holdEndMs(read.hold));
      const sleep = holdSleepMs(untilMs, clock.now(), HOLD_POLL_MS);
      if (sleep === 0) return null;
      if (!waiting) {
        waiting = true;
        run.rec.beat('waiting_for_model', iteration);
        run.deps.log('info', {
          event: 'model_hold',
          task: run.task.task_id,
          iteration,
          until: new Date(untilMs).toISOString(),
          set_by: read.hold !== null && holdEndMs(read.hold) >= untilMs ? read.hold.set_by : run.task.task_id,
        });
      }
      if (!(await clock.sleep(sleep, signal))) return 'interrupted';
      if ((await run.rec.readState()).status === 'stopped') return 'stopped';
    }
  } finally {
    if (waiting) run.rec.notRunning(clock.monotonic() - began);
  }
}

function problem(run: HeldRun, path: string, what: string, consequence: string): void {
  warn(run, `the model hold file ${path} ${what}: ${consequence}`);
}

function warn(run: HeldRun, message: string): void {
  if (run.hold.warned === message) return;
  run.hold.warned = message;
  run.deps.log('warn', { event: 'model_hold_ignored', task: run.task.task_id, message });
}
