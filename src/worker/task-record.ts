// What a running worker keeps on disk and the bookkeeping around it: state.json (every write under the mutex,
// with the running time refreshed and an external stop never overwritten), actions.jsonl (appended, a torn last
// line left alone, the recent lines kept for the context), heartbeat.json, and the running time carried over
// resumes (elapsed_ms) on the injected clock.
import type { Clock } from '../os/clock-spawn.js';
import type { Answer, AnswerError } from './answer.js';
import { HeartbeatWriter } from './heartbeat.js';
import type { LlmUsage } from './llm/index.js';
import { iterationLine, type Fatal } from './outcome.js';
import { readStateSettled, updateState } from './state-lock.js';
import * as files from './task-files.js';
import type { ActionLine, ActionLog, HeartbeatStatus, WorkerState } from './task-files.js';
import type { ToolResult } from './tools/index.js';

export class TaskRecord {
  state: WorkerState;
  /** Recent iterations for the context (fatal lines without results left out). */
  readonly history: ActionLine[];
  readonly heart: HeartbeatWriter;
  /** The status this process last wrote: a `stopped` it did not write is an external stop, never overwritten. */
  private written: WorkerState['status'];
  private torn: boolean;
  private readonly runStart: number;
  private readonly baseElapsed: number;
  /** This run's time that is not running time: waits on the model's hold (model-call.ts). */
  private held = 0;

  constructor(
    readonly dir: string,
    private readonly clock: Clock,
    state: WorkerState,
    log: ActionLog,
    private readonly options: { heartbeatMs: number; keep: number; onLine?: (line: ActionLine) => void },
  ) {
    this.state = state;
    this.written = state.status;
    this.torn = log.torn;
    this.history = log.lines.filter(shown).slice(-(options.keep + 1));
    this.runStart = clock.monotonic();
    this.baseElapsed = state.elapsed_ms;
    this.heart = new HeartbeatWriter(dir, clock, options.heartbeatMs);
  }

  /** Running time: what earlier runs recorded plus this run's, its waits on the model's hold left out. */
  elapsed(): number {
    return this.baseElapsed + Math.round(Math.max(0, this.clock.monotonic() - this.runStart - this.held));
  }

  /** `ms` of this run were spent waiting on the model's hold: not running time. */
  notRunning(ms: number): void {
    this.held += Math.max(0, ms);
  }

  iso(ms = this.clock.now()): string {
    return new Date(ms).toISOString();
  }

  /** state.json now, read again once if another process is caught mid-write (readStateSettled). */
  async readState(): Promise<WorkerState> {
    this.state = await readStateSettled(this.dir);
    return this.state;
  }

  /** Writes the state under the mutex with the running time refreshed; an external stop is kept. */
  async setState(change: (current: WorkerState) => WorkerState): Promise<void> {
    this.state = await updateState(this.dir, (current) => {
      const next = { ...change(current), updated_at: this.iso(), elapsed_ms: this.elapsed() };
      if (current.status !== 'stopped' || this.written === 'stopped' || next.status === 'stopped')
        return next;
      // A stop as done (a supervisor's done_when held) is ended `completed`: the one change of an external stop.
      if (
        current.termination_reason === 'done' &&
        next.status === 'completed' &&
        next.termination_reason === 'done'
      )
        return next;
      return { ...next, status: 'stopped', termination_reason: current.termination_reason ?? 'stopped' };
    });
    this.written = this.state.status;
  }

  logLine(line: ActionLine): void {
    files.appendActionLine(this.dir, line, this.torn);
    this.torn = false;
    if (shown(line)) this.history.push(line);
    if (this.history.length > this.options.keep + 1) this.history.shift();
    this.options.onLine?.(line);
  }

  /** Iteration `iteration`'s line, the model's time from `modelStart` to `toolsStart`, the tools' since. */
  line(
    iteration: number,
    results: readonly ToolResult[],
    usage: LlmUsage,
    modelStart: number,
    toolsStart: number,
    more: { answer?: Answer | null; error?: AnswerError | null; fatal?: Fatal },
  ): ActionLine {
    const toolsEnd = this.clock.monotonic();
    return iterationLine({
      iteration,
      now: this.clock.now(),
      answer: more.answer ?? null,
      error: more.error ?? null,
      results,
      usage,
      modelMs: Math.round(Math.max(0, toolsStart - modelStart)),
      toolsMs: Math.round(Math.max(0, toolsEnd - toolsStart)),
      ...(more.fatal ? { fatal: more.fatal } : {}),
    });
  }

  /** A step that waits on the outside begins (heartbeat.ts's rule); `now`: written at once (the start, the end). */
  beat(status: HeartbeatStatus, iteration: number, now = false): void {
    this.heart.beat(status, iteration, now);
  }

  /** Records a bookkeeping step: written only if it lasts worker.heartbeat_secs (heartbeat.ts). */
  step(status: HeartbeatStatus, iteration: number): void {
    this.heart.step(status, iteration);
  }
}

const shown = (line: ActionLine): boolean => line.fatal === undefined || line.results.length > 0;
