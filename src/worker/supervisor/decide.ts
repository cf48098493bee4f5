// The supervisor's decisions, pure: from one task's snapshot (its state, its heartbeat as this supervisor has seen
// it, its `worker run` child, the restarts used, a stop this supervisor asked for) to the one thing to do next.
// The runner (runner.ts) reads the files, calls this, and does what it says; nothing here touches a file, a clock
// or a process. Times are the supervisor's monotonic milliseconds.
import type { TerminationReason, WorkerStatus } from '../task-files.js';

/** Why this supervisor asked a task to stop. */
export type StopCause = 'stale' | 'done' | 'shutdown';

/** How a task's supervision ended (the final table's RESULT column). */
export type FinalResult =
  /** completed by its own limits, or done (done_when held), now or before this supervisor started */
  | 'completed'
  /** failed (a fatal error: its error is shown); left alone */
  | 'failed'
  /** stopped by someone else, or by this supervisor's shutdown; the next supervise resumes it */
  | 'stopped'
  /** hung or died more than --max-restarts times; left stopped */
  | 'gave_up'
  /** another worker holds it (`worker run` exit 5) */
  | 'held'
  /** `worker run` ended with an error before the task ran (exit 17, 18...) */
  | 'error';

export interface TaskSnapshot {
  /** state.json's status and reason; null when it cannot be read (or the task has none yet: pending). */
  status: WorkerStatus | null;
  reason: TerminationReason | null;
  /** The `worker run` this supervisor started for it, if any. */
  child: null | {
    startedAt: number;
    /** Null while it runs. */
    exit: null | { code: number | null; signal: NodeJS.Signals | null };
  };
  /**
   * The heartbeat of this child (one written by an earlier process does not count): how old it is, and how long
   * its step (status at iteration) has lasted. Null before the child wrote one.
   */
  heartbeat: null | { ageMs: number; stepMs: number; status: string };
  restarts: number;
  stop: null | { cause: StopCause; at: number; signalled: null | 'SIGTERM' | 'SIGKILL'; signalledAt: number };
  /** The done check said done since the child started. */
  doneFound: boolean;
}

export interface Limits {
  now: number;
  staleAfterMs: number;
  /** Between a stop request and SIGTERM, and between SIGTERM and SIGKILL. */
  graceMs: number;
  maxRestarts: number;
  /** A model hold is in force: a long wait for the model is deliberate, not a hang. */
  held: boolean;
  shuttingDown: boolean;
  /** A slot is free for a task to start. */
  slotFree: boolean;
}

export type Decision =
  | { kind: 'wait' }
  | { kind: 'start' }
  | { kind: 'stop'; cause: StopCause; why?: string }
  | { kind: 'signal'; signal: 'SIGTERM' | 'SIGKILL' }
  /** Its worker hung or died: run it again (counts one restart). */
  | { kind: 'restart'; why: string }
  | { kind: 'finish'; result: FinalResult; why: string };

/** Steps that wait on purpose: never judged by how long they last. */
const DELIBERATE_STEPS = new Set(['waiting_for_model', 'done']);

/** What to do with a task that has no `worker run` of ours yet (or whose last one was finished with). */
export function decideIdle(snapshot: Pick<TaskSnapshot, 'status' | 'reason'>, limits: Limits): Decision {
  const { status, reason } = snapshot;
  if (status === 'completed') return { kind: 'finish', result: 'completed', why: reason ?? 'completed' };
  if (status === 'stopped' && reason === 'done') return { kind: 'finish', result: 'completed', why: 'done' };
  if (status === 'failed') return { kind: 'finish', result: 'failed', why: 'failed' };
  if (limits.shuttingDown) return { kind: 'finish', result: 'stopped', why: 'not started (interrupted)' };
  return limits.slotFree ? { kind: 'start' } : { kind: 'wait' };
}

/** Whether a running child's worker is stale: a frozen heartbeat, or a step that has lasted too long. */
export function staleness(snapshot: TaskSnapshot, limits: Limits): string | null {
  const child = snapshot.child;
  if (child === null || child.exit !== null) return null;
  const beat = snapshot.heartbeat;
  if (beat === null) {
    const waited = limits.now - child.startedAt;
    return waited > limits.staleAfterMs ? `no heartbeat ${secs(waited)} after its start` : null;
  }
  if (beat.ageMs > limits.staleAfterMs) return `heartbeat ${secs(beat.ageMs)} old`;
  if (!limits.held && !DELIBERATE_STEPS.has(beat.status) && beat.stepMs > limits.staleAfterMs)
    return `${beat.status} for ${secs(beat.stepMs)}`;
  return null;
}

const secs = (ms: number): string => `${Math.round(ms / 100) / 10} s`;

/** The next thing to do for a task whose `worker run` this supervisor started. */
export function decideRunning(snapshot: TaskSnapshot, limits: Limits): Decision {
  const child = snapshot.child!;
  const stop = snapshot.stop;
  if (child.exit !== null) return afterExit(snapshot, limits);
  if (stop === null) {
    if (limits.shuttingDown) return { kind: 'stop', cause: 'shutdown' };
    if (snapshot.doneFound) return { kind: 'stop', cause: 'done' };
    const stale = staleness(snapshot, limits);
    return stale === null ? { kind: 'wait' } : { kind: 'stop', cause: 'stale', why: stale };
  }
  // Asked to stop and still running: SIGTERM after a grace, SIGKILL after another.
  if (stop.signalled === null)
    return limits.now - stop.at >= limits.graceMs ? { kind: 'signal', signal: 'SIGTERM' } : { kind: 'wait' };
  if (stop.signalled === 'SIGTERM' && limits.now - stop.signalledAt >= limits.graceMs)
    return { kind: 'signal', signal: 'SIGKILL' };
  return { kind: 'wait' };
}

function afterExit(snapshot: TaskSnapshot, limits: Limits): Decision {
  const exit = snapshot.child!.exit!;
  const { status, reason } = snapshot;
  const cause = snapshot.stop?.cause ?? null;
  if (status === 'completed' || (status === 'stopped' && reason === 'done'))
    return { kind: 'finish', result: 'completed', why: reason ?? 'completed' };
  if (status === 'failed')
    return { kind: 'finish', result: 'failed', why: `failed (exit ${exit.code ?? '-'})` };
  if (exit.code === 5) return { kind: 'finish', result: 'held', why: 'another worker runs it (exit 5)' };
  if (cause === 'shutdown' || limits.shuttingDown)
    return { kind: 'finish', result: 'stopped', why: 'stopped (supervisor interrupted)' };
  const died = exit.signal !== null || status === 'running';
  if (cause === 'stale' || died) {
    const why =
      cause === 'stale'
        ? 'stale: stopped'
        : exit.signal !== null
          ? `its worker died (${exit.signal})`
          : `its worker exited ${exit.code ?? '-'} with the task still running`;
    if (snapshot.restarts >= limits.maxRestarts)
      return { kind: 'finish', result: 'gave_up', why: `${why}; ${limits.maxRestarts} restarts used` };
    return { kind: 'restart', why };
  }
  if (exit.code !== 0 && exit.code !== null && status !== 'stopped')
    return { kind: 'finish', result: 'error', why: `worker run exited ${exit.code}` };
  // A normal end: stopped by someone else (worker stop), or by its own signal handling.
  return { kind: 'finish', result: 'stopped', why: reason ?? 'stopped' };
}

/** The supervisor's exit code from the tasks' results: 0 when every one completed. */
export const allCompleted = (results: readonly FinalResult[]): boolean =>
  results.every((result) => result === 'completed');
