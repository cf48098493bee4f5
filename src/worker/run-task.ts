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
import { INTERRUPTED, runActions, TIMED_OUT } from './actions-step.js';
import { answerJsonSchema, parseAnswer } from './answer.js';
import { buildMessages, firstBytes } from './context.js';
import { LlmError, type LlmReply, type LlmTransport, type LlmUsage } from './llm/transport.js';
import * as out from './outcome.js';
import { decideStart } from './resume.js';
import type { Sandbox } from './sandbox.js';
import { lockTask } from './state-lock.js';
import * as files from './task-files.js';
import type { ActionLine, TaskSpec, TerminationReason } from './task-files.js';
import { TaskRecord } from './task-record.js';
import { openTaskSandbox, type CallerDenied } from './task-sandbox.js';
import { sweepPendingTemps } from './sweep-temps.js';
import { statusFor, terminationFor, timedOut } from './termination.js';
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
  /** What the caller denies besides the task's own: the config, the prompt, the harness's state files. */
  denied?: CallerDenied;
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
  // Not a task (a typo, an empty directory): exit 17 before anything is made or written there.
  files.readTask(dir);
  const lock = await lockTask(dir, deps.cookie);
  try {
    return await new TaskRun(dir, settings, deps).run();
  } finally {
    await lock.release();
  }
}

class TaskRun {
  private task!: TaskSpec;
  private rec!: TaskRecord;
  private sandbox!: Sandbox;
  private readonly tally = { iterations: 0, actions: 0, violations: 0 };
  private usage: LlmUsage = out.NO_USAGE;
  private model: string | null = null;

  constructor(
    private readonly dir: string,
    private readonly settings: WorkerSettings,
    private readonly deps: WorkerDeps,
  ) {}

  async run(): Promise<TaskOutcome> {
    // A directory a supervisor made with task.json alone (seed 004) is a pending task.
    files.adoptTaskDefinition(this.dir, new Date(this.deps.clock.now()).toISOString());
    this.task = files.readTask(this.dir);
    const state = files.readState(this.dir);
    const log = files.readActionLog(this.dir);
    const pending = files.readPending(this.dir);
    const { worker } = this.settings;
    this.rec = new TaskRecord(this.dir, this.deps.clock, state, log, {
      heartbeatMs: worker.heartbeat_secs * 1000,
      keep: worker.history_iterations,
      ...(this.deps.onLine ? { onLine: this.deps.onLine } : {}),
    });
    const decision = decideStart({ state, lines: log.lines, pending, now: this.rec.iso() });
    if (decision.kind === 'done') return this.outcome(null);
    // Before anything is written: an allowed path that is gone is exit 17 with the directory as it was.
    this.sandbox = await openTaskSandbox(this.dir, this.task, this.deps.denied);
    try {
      this.rec.beat('reading_state', state.iteration, true);
      this.rec.heart.start();
      if (pending !== null) await sweepPendingTemps(this.sandbox, pending);
      if (decision.interrupted !== null) this.rec.logLine(decision.interrupted);
      // Also one that does not parse (a kill during its first write, before any action ran): nothing to resume.
      files.removePending(this.dir);
      await this.rec.setState((current) => ({
        ...current,
        status: 'running',
        termination_reason: null,
        error: null,
        iteration: Math.max(current.iteration, decision.iteration),
        started_at: current.started_at ?? this.rec.iso(),
        security_violations: current.security_violations + decision.violations,
      }));
      const iteration = this.rec.state.iteration;
      this.deps.log('info', { event: 'worker_start', task: this.task.task_id, iteration });
      for (;;) {
        const reason = await this.iterate();
        if (reason !== null) return await this.finish(reason);
      }
    } catch (error) {
      const fatal = out.fatalOf(error);
      if (fatal === null) throw error;
      return this.fail(fatal);
    } finally {
      await this.rec.heart.stop();
    }
  }

  /** One round of the loop; the reason the task ends, or null to go on. */
  private async iterate(): Promise<TerminationReason | null> {
    const { worker, llm } = this.settings;
    const rec = this.rec;
    // 1. The current state (and 9., the termination check, for the iteration just done or on entry): what
    // state.json held under its mutex at the write that came just before (setState reads it there, an external
    // stop kept), so it is not read again; a stop written since is read after the model call, before any action.
    rec.step('reading_state', rec.state.iteration);
    const reason = this.termination();
    if (reason !== null) return reason;
    const i = rec.state.iteration + 1;
    // 2. Build the context.
    const messages = buildMessages({
      task: this.task,
      iteration: i,
      history: rec.history,
      historyIterations: worker.history_iterations,
      maxResultBytes: worker.max_result_bytes,
      roots: this.sandbox.roots,
      artifacts: this.sandbox.roots.at(-1)!,
    });
    // 3. Call the model.
    rec.beat('calling_model', i);
    const modelStart = this.deps.clock.monotonic();
    const signal = this.deps.signal;
    let reply: LlmReply;
    try {
      reply = await this.deps.transport.call({
        messages,
        schema: answerJsonSchema(),
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      if (signal?.aborted) return 'interrupted';
      if (!(error instanceof LlmError)) throw error;
      const fatal = new out.Fatal(error.kind, error.message, EXIT.modelUnreachable);
      rec.logLine(rec.line(i, [], out.NO_USAGE, modelStart, modelStart, { fatal }));
      throw fatal;
    }
    const toolsStart = this.deps.clock.monotonic();
    this.model = reply.model ?? this.model;
    this.usage = out.addUsage(this.usage, reply.usage);
    // 4, 5. Parse and validate; a stop that came during the call wins over the answer.
    const parsed = parseAnswer(reply.text, llm.max_answer_bytes, reply.truncated === true);
    const answer = parsed.ok ? parsed.answer : null;
    if ((await rec.readState()).status === 'stopped') return 'stopped';
    // 6. Execute the actions.
    const results: ToolResult[] = [];
    const acting = answer !== null && answer.actions.length > 0;
    if (acting) {
      rec.beat('executing_action', i);
      try {
        await runActions(
          {
            dir: this.dir,
            iteration: i,
            timestamp: rec.iso(),
            answer,
            usage: reply.usage,
            modelMs: Math.round(Math.max(0, toolsStart - modelStart)),
            sandbox: this.sandbox,
            limits: worker,
            ...(signal ? { signal } : {}),
            overdue: () => timedOut(rec.elapsed(), this.task.constraints.timeout_seconds),
            onViolation: (tool, error) => this.violation(i, tool, error),
          },
          results,
        );
      } catch (error) {
        if (!(error instanceof ToolFatalError)) throw error;
        results.push({ tool: answer.actions[results.length]?.tool ?? '', ok: false, error: error.message });
        const fatal = out.fatalOf(error)!;
        const line = rec.line(i, results, reply.usage, modelStart, toolsStart, { answer, fatal });
        try {
          rec.logLine(line);
          files.removePending(this.dir);
        } catch {
          // the disk that failed the tool may fail the log too: pending.json is kept for the rerun
        }
        throw fatal;
      }
      this.tally.actions += results.filter(
        (r) => r.ok || (r.error !== INTERRUPTED && r.error !== TIMED_OUT),
      ).length;
    }
    // 7. Write state back to disk: the log line first, then the state.
    rec.step('writing_state', i);
    const error = parsed.ok ? null : parsed.error;
    const line = rec.line(i, results, reply.usage, modelStart, toolsStart, { answer, error });
    if (error !== null) {
      line.raw = firstBytes(reply.text, 2048);
      this.deps.log('warn', {
        event: 'answer_error',
        iteration: i,
        kind: error.kind,
        message: error.message,
      });
    }
    rec.logLine(line);
    const found = out.violationsIn(results);
    await rec.setState((current) => ({
      ...current,
      iteration: Math.max(current.iteration, i),
      security_violations: current.security_violations + found,
    }));
    if (acting) files.removePending(this.dir);
    this.tally.iterations++;
    // 8. The heartbeat; 10. go round (no sleep: the model call paces the loop). `sleeping` lasts until the next
    // step's write, at once: it is recorded, and written only by the refresher if it lasts (heartbeat.ts).
    rec.step('sleeping', i);
    return null;
  }

  private termination(): TerminationReason | null {
    return terminationFor({
      status: this.rec.state.status,
      iteration: this.rec.state.iteration,
      maxIterations: this.task.constraints.max_iterations,
      elapsedMs: this.rec.elapsed(),
      timeoutSeconds: this.task.constraints.timeout_seconds,
      interrupted: this.deps.signal?.aborted === true,
    });
  }

  private async finish(reason: TerminationReason): Promise<TaskOutcome> {
    await this.rec.setState((current) =>
      current.status === 'stopped'
        ? { ...current, termination_reason: current.termination_reason ?? 'stopped' }
        : { ...current, status: statusFor(reason), termination_reason: reason },
    );
    this.rec.beat('done', this.rec.state.iteration, true);
    const { status, termination_reason: why, iteration } = this.rec.state;
    this.deps.log('info', { event: 'worker_end', task: this.task.task_id, status, reason: why, iteration });
    return this.outcome(null);
  }

  /** Ends the task as failed; a state that cannot be written either is left as it is (the outcome says why). */
  private async fail(fatal: out.Fatal): Promise<TaskOutcome> {
    const error = { kind: fatal.kind, message: fatal.message };
    this.deps.log('error', { event: 'worker_fatal', task: this.task.task_id, ...error });
    const failed = { status: 'failed', termination_reason: 'fatal', error } as const;
    try {
      await this.rec.setState((current) => ({ ...current, ...failed }));
      this.rec.beat('done', this.rec.state.iteration, true);
    } catch {
      this.rec.state = { ...this.rec.state, ...failed };
    }
    return this.outcome(fatal.exitCode);
  }

  private outcome(exitCode: number | null): TaskOutcome {
    const state = this.rec.state;
    return {
      task_dir: this.dir,
      task_id: this.task.task_id,
      status: state.status,
      termination_reason: state.termination_reason,
      iteration: state.iteration,
      iterations_run: this.tally.iterations,
      actions: this.tally.actions,
      violations: this.tally.violations,
      usage: this.usage,
      model: this.model ?? this.deps.transport.model,
      error: state.error,
      exit_code: exitCode ?? EXIT.ok,
    };
  }

  private violation(iteration: number, tool: string, error: string): void {
    this.tally.violations++;
    this.deps.log('warn', { event: 'security_violation', task: this.task.task_id, iteration, tool, error });
  }
}
