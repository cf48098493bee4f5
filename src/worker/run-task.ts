// The worker's loop, the seed's ten steps in order, each announced in heartbeat.json: read the state, build the
// context, call the model, parse and validate the answer, run its actions, log the iteration and write the state,
// write the heartbeat, check termination, go round. The harness decides when it ends; a non-fatal failure (an
// unusable answer, a failing or refused action) is logged, counts as an iteration and goes back to the model; a
// fatal one (the model unreachable, a full disk, a refused write) ends the task as failed (outcome.ts). This file
// starts (or resumes) the run and ends it; one round of the loop is iteration.ts. Resuming after a kill:
// resume.ts. State writes go through state.json's mutex and never overwrite a stop (state-lock.ts).
import { resolve } from 'node:path';
import { EXIT } from '../errors/exit-codes.js';
import { iterate, type IterationRun } from './iteration.js';
import type { LlmUsage } from './llm/index.js';
import { newHoldState } from './model-call.js';
import * as out from './outcome.js';
import { decideStart } from './resume.js';
import type { WorkerDeps, WorkerSettings } from './run-options.js';
import type { Sandbox } from './tools/index.js';
import { lockTask } from './state-lock.js';
import * as files from './task-files.js';
import type { TaskSpec, TerminationReason } from './task-files.js';
import { TaskRecord } from './task-record.js';
import { openTaskSandbox } from './task-sandbox.js';
import { sweepPendingTemps } from './sweep-temps.js';
import { statusFor } from './termination.js';

export type TaskOutcome = out.TaskOutcome;

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

class TaskRun implements IterationRun {
  task!: TaskSpec;
  rec!: TaskRecord;
  sandbox!: Sandbox;
  readonly tally = { iterations: 0, actions: 0, violations: 0 };
  readonly hold = newHoldState();
  usage: LlmUsage = out.NO_USAGE;
  model: string | null = null;

  constructor(
    readonly dir: string,
    readonly settings: WorkerSettings,
    readonly deps: WorkerDeps,
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
    if (decision.kind === 'done') {
      // Stopped as done by a supervisor, then this task's worker died before it ended it: it ends completed now.
      if (decision.complete) await this.rec.setState((current) => ({ ...current, status: 'completed' }));
      return this.outcome(null);
    }
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
        const reason = await iterate(this);
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

  private async finish(reason: TerminationReason): Promise<TaskOutcome> {
    await this.rec.setState((current) =>
      current.status === 'stopped'
        ? current.termination_reason === 'done'
          ? // a supervisor found it done (stop-task.ts): the task is complete, not merely stopped
            { ...current, status: 'completed' }
          : { ...current, termination_reason: current.termination_reason ?? 'stopped' }
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
}
