// The worker's loop, the seed's ten steps in order, each announced in heartbeat.json: read the state, build the
// context, call the model, parse and validate the answer, run its actions, log the iteration and write the state,
// write the heartbeat, check termination, go round. The harness decides when it ends; a non-fatal failure (an
// unusable answer, a failing or refused action) is logged, counts as an iteration and goes back to the model; a
// fatal one (the model unreachable, a full disk, a refused write) ends the task as failed (outcome.ts). Resuming
// after a kill: resume.ts. State writes go through state.json's mutex and never overwrite a stop (state-lock.ts).
import { resolve } from 'node:path';
import type { Config } from '../config/schema.js';
import { EXIT } from '../errors/exit-codes.js';
import type { Fields, Level } from '../loop/ports.js';
import type { Clock } from '../os/clock-spawn.js';
import { INTERRUPTED, runActions } from './actions-step.js';
import { answerJsonSchema, parseAnswer } from './answer.js';
import { buildMessages } from './context.js';
import { HeartbeatWriter } from './heartbeat.js';
import { LlmError, type LlmReply, type LlmTransport, type LlmUsage } from './llm/transport.js';
import * as out from './outcome.js';
import { decideStart } from './resume.js';
import type { Sandbox } from './sandbox.js';
import { lockTask, updateState } from './state-lock.js';
import * as files from './task-files.js';
import type { ActionLine, HeartbeatStatus, TaskSpec, TerminationReason, WorkerState } from './task-files.js';
import { openTaskSandbox } from './task-sandbox.js';
import { statusFor, terminationFor } from './termination.js';
import { ToolFatalError, type ToolResult } from './tools/run-action.js';

export type TaskOutcome = out.TaskOutcome;

export interface WorkerSettings {
  worker: Config['worker'];
  llm: Config['llm'];
}

export interface WorkerDeps {
  clock: Clock;
  transport: LlmTransport;
  log: (level: Level, fields: Fields) => void;
  /** A stop request (SIGINT/SIGTERM): the run ends cleanly, status stopped, reason interrupted. */
  signal?: AbortSignal;
  /** Each iteration's line as it is logged (a session's transcript). */
  onLine?: (line: ActionLine) => void;
  /** Extra denied paths (the loop's harness files). */
  denied?: string[];
  env: NodeJS.ProcessEnv;
  /** The containment cookie recorded in worker.lock. */
  cookie?: string;
}

/**
 * Runs (or resumes) the task in `taskDir` until it ends. Throws AlreadyRunningError (exit 5) when another worker
 * holds it and WorkerStateError (exit 17) when task.json or state.json cannot be used (nothing is overwritten);
 * every other ending is a TaskOutcome.
 */
export async function runTask(
  taskDir: string,
  settings: WorkerSettings,
  deps: WorkerDeps,
): Promise<TaskOutcome> {
  const dir = resolve(taskDir);
  const lock = await lockTask(dir, deps.cookie);
  try {
    return await new TaskRun(dir, settings, deps).run();
  } finally {
    await lock.release();
  }
}

class TaskRun {
  private task!: TaskSpec;
  private state!: WorkerState;
  /** The status this process last wrote: a `stopped` it did not write is an external stop, never overwritten. */
  private written!: WorkerState['status'];
  private history: ActionLine[] = [];
  private torn = false;
  private sandbox!: Sandbox;
  private runStart = 0;
  private baseElapsed = 0;
  private readonly tally = { iterations: 0, actions: 0, violations: 0 };
  private usage: LlmUsage = out.NO_USAGE;
  private model: string | null = null;
  private readonly heart: HeartbeatWriter;

  constructor(
    private readonly dir: string,
    private readonly settings: WorkerSettings,
    private readonly deps: WorkerDeps,
  ) {
    this.heart = new HeartbeatWriter(dir, deps.clock, settings.worker.heartbeat_secs * 1000);
  }

  async run(): Promise<TaskOutcome> {
    this.task = await files.readTask(this.dir);
    this.state = await files.readState(this.dir);
    this.written = this.state.status;
    const log = await files.readActionLog(this.dir);
    const pending = await files.readPending(this.dir);
    const decision = decideStart({ state: this.state, lines: log.lines, pending, now: this.iso() });
    if (decision.kind === 'done') return this.outcome(null);
    this.runStart = this.deps.clock.now();
    this.baseElapsed = this.state.elapsed_ms;
    this.torn = log.torn;
    this.history = log.lines.filter((line) => line.fatal === undefined || line.results.length > 0);
    try {
      const found = decision.interrupted === null ? 0 : out.violationsIn(decision.interrupted.results);
      if (decision.interrupted !== null) await this.logLine(decision.interrupted);
      if (decision.removePending) await files.removePending(this.dir);
      this.sandbox = await openTaskSandbox(this.dir, this.task, this.deps.denied);
      await this.setState((current) => ({
        ...current,
        status: 'running',
        termination_reason: null,
        error: null,
        iteration: Math.max(current.iteration, decision.iteration),
        started_at: current.started_at ?? this.iso(),
        security_violations: current.security_violations + found,
      }));
      this.deps.log('info', {
        event: 'worker_start',
        task: this.task.task_id,
        iteration: this.state.iteration,
      });
      for (;;) {
        const reason = await this.iterate();
        if (reason !== null) return await this.finish(reason);
      }
    } catch (error) {
      const fatal = out.fatalOf(error);
      if (fatal === null) throw error;
      return this.fail(fatal);
    }
  }

  /** One round of the loop; the reason the task ends, or null to go on. */
  private async iterate(): Promise<TerminationReason | null> {
    const { worker, llm } = this.settings;
    // 1. Read the current state (and 9., the termination check, for the iteration just done or on entry).
    await this.beat('reading_state', this.state.iteration);
    this.state = await files.readState(this.dir);
    const reason = this.termination();
    if (reason !== null) return reason;
    const i = this.state.iteration + 1;
    // 2. Build the context.
    const messages = buildMessages({
      task: this.task,
      iteration: i,
      history: this.history,
      historyIterations: worker.history_iterations,
      maxResultBytes: worker.max_result_bytes,
      roots: this.sandbox.roots,
      artifacts: this.sandbox.roots.at(-1)!,
    });
    // 3. Call the model.
    await this.beat('calling_model', i);
    const modelStart = this.deps.clock.now();
    const signal = this.deps.signal;
    let reply: LlmReply;
    try {
      reply = await this.heart.refreshing('calling_model', i, () =>
        this.deps.transport.call({ messages, schema: answerJsonSchema(), ...(signal ? { signal } : {}) }),
      );
    } catch (error) {
      if (signal?.aborted) return 'interrupted';
      if (!(error instanceof LlmError)) throw error;
      const fatal = new out.Fatal(error.kind, error.message, EXIT.modelUnreachable);
      await this.logLine(this.line(i, [], out.NO_USAGE, modelStart, modelStart, { fatal }));
      throw fatal;
    }
    const toolsStart = this.deps.clock.now();
    this.model = reply.model ?? this.model;
    this.usage = out.addUsage(this.usage, reply.usage);
    // 4, 5. Parse and validate.
    const parsed = parseAnswer(reply.text, llm.max_answer_bytes);
    const answer = parsed.ok ? parsed.answer : null;
    this.state = await files.readState(this.dir);
    if (this.state.status === 'stopped') return 'stopped';
    // 6. Execute the actions.
    const results: ToolResult[] = [];
    const acting = answer !== null && answer.actions.length > 0;
    if (acting) {
      await this.beat('executing_action', i);
      try {
        await runActions(
          {
            dir: this.dir,
            iteration: i,
            timestamp: this.iso(),
            answer,
            usage: reply.usage,
            modelMs: toolsStart - modelStart,
            sandbox: this.sandbox,
            limits: worker,
            ...(signal ? { signal } : {}),
            refreshing: (work) => this.heart.refreshing('executing_action', i, work),
            onViolation: (tool, error) => this.violation(i, tool, error),
          },
          results,
        );
      } catch (error) {
        if (!(error instanceof ToolFatalError)) throw error;
        results.push({ tool: answer.actions[results.length]?.tool ?? '', ok: false, error: error.message });
        const fatal = out.fatalOf(error)!;
        const line = this.line(i, results, reply.usage, modelStart, toolsStart, { answer, fatal });
        await this.logLine(line).then(
          () => files.removePending(this.dir),
          () => undefined,
        );
        throw fatal;
      }
      this.tally.actions += results.filter((r) => r.ok || r.error !== INTERRUPTED).length;
    }
    // 7. Write state back to disk: the log line first, then the state.
    await this.beat('writing_state', i);
    const error = parsed.ok ? null : parsed.error;
    const line = this.line(i, results, reply.usage, modelStart, toolsStart, { answer, error });
    if (error !== null) {
      line.raw = reply.text.slice(0, 2048);
      this.deps.log('warn', {
        event: 'answer_error',
        iteration: i,
        kind: error.kind,
        message: error.message,
      });
    }
    await this.logLine(line);
    const found = out.violationsIn(results);
    await this.setState((current) => ({
      ...current,
      iteration: Math.max(current.iteration, i),
      security_violations: current.security_violations + found,
    }));
    if (acting) await files.removePending(this.dir);
    this.tally.iterations++;
    // 8. Write the heartbeat; 10. go round (no sleep: the model call paces the loop).
    await this.beat('sleeping', i);
    return null;
  }

  private termination(): TerminationReason | null {
    return terminationFor({
      status: this.state.status,
      iteration: this.state.iteration,
      maxIterations: this.task.constraints.max_iterations,
      elapsedMs: this.elapsed(),
      timeoutSeconds: this.task.constraints.timeout_seconds,
      interrupted: this.deps.signal?.aborted === true,
    });
  }

  private async finish(reason: TerminationReason): Promise<TaskOutcome> {
    await this.setState((current) =>
      current.status === 'stopped'
        ? { ...current, termination_reason: current.termination_reason ?? 'stopped' }
        : { ...current, status: statusFor(reason), termination_reason: reason },
    );
    await this.beat('done', this.state.iteration);
    const { status, termination_reason: why, iteration } = this.state;
    this.deps.log('info', { event: 'worker_end', task: this.task.task_id, status, reason: why, iteration });
    return this.outcome(null);
  }

  /** Ends the task as failed; a state that cannot be written either is left as it is (the outcome says why). */
  private async fail(fatal: out.Fatal): Promise<TaskOutcome> {
    const error = { kind: fatal.kind, message: fatal.message };
    this.deps.log('error', { event: 'worker_fatal', task: this.task.task_id, ...error });
    try {
      await this.setState((current) => ({
        ...current,
        status: 'failed',
        termination_reason: 'fatal',
        error,
      }));
      await this.beat('done', this.state.iteration);
    } catch {
      this.state = { ...this.state, status: 'failed', termination_reason: 'fatal', error };
    }
    return this.outcome(fatal.exitCode);
  }

  private outcome(exitCode: number | null): TaskOutcome {
    return {
      task_dir: this.dir,
      task_id: this.task.task_id,
      status: this.state.status,
      termination_reason: this.state.termination_reason,
      iteration: this.state.iteration,
      iterations_run: this.tally.iterations,
      actions: this.tally.actions,
      violations: this.tally.violations,
      usage: this.usage,
      model: this.model ?? this.deps.transport.model,
      error: this.state.error,
      exit_code: exitCode ?? EXIT.ok,
    };
  }

  /** Writes the state under the mutex with the running time refreshed; an external stop is kept. */
  private async setState(change: (current: WorkerState) => WorkerState): Promise<void> {
    this.state = await updateState(this.dir, (current) => {
      const next = { ...change(current), updated_at: this.iso(), elapsed_ms: this.elapsed() };
      if (current.status !== 'stopped' || this.written === 'stopped' || next.status === 'stopped')
        return next;
      return { ...next, status: 'stopped', termination_reason: current.termination_reason ?? 'stopped' };
    });
    this.written = this.state.status;
  }

  private async logLine(line: ActionLine): Promise<void> {
    await files.appendActionLine(this.dir, line, this.torn);
    this.torn = false;
    if (line.fatal === undefined || line.results.length > 0) this.history.push(line);
    if (this.history.length > this.settings.worker.history_iterations + 1) this.history.shift();
    this.deps.onLine?.(line);
  }

  private line(
    iteration: number,
    results: readonly ToolResult[],
    usage: LlmUsage,
    modelStart: number,
    toolsStart: number,
    more: { answer?: files.ActionLine['llm_response']; error?: files.ActionLine['error']; fatal?: out.Fatal },
  ): ActionLine {
    const now = this.deps.clock.now();
    return out.iterationLine({
      iteration,
      now,
      answer: more.answer ?? null,
      error: more.error ?? null,
      results,
      usage,
      modelMs: Math.max(0, toolsStart - modelStart),
      toolsMs: Math.max(0, now - toolsStart),
      ...(more.fatal ? { fatal: more.fatal } : {}),
    });
  }

  private violation(iteration: number, tool: string, error: string): void {
    this.tally.violations++;
    this.deps.log('warn', { event: 'security_violation', task: this.task.task_id, iteration, tool, error });
  }

  private beat(status: HeartbeatStatus, iteration: number): Promise<void> {
    return this.heart.beat(status, iteration);
  }

  private elapsed(): number {
    return this.baseElapsed + Math.max(0, this.deps.clock.now() - this.runStart);
  }

  private iso(ms = this.deps.clock.now()): string {
    return new Date(ms).toISOString();
  }
}
