// One iteration of the worker's loop, the seed's steps 1 to 10 in order: the termination check on the state last
// written, the context, the model call (once the model's hold is over: model-call.ts), the answer parsed and
// validated, its actions run, the log line and the state written back, the heartbeat. A non-fatal failure (an
// unusable answer, a failing or refused action) is logged and the loop goes round; a fatal one is logged and thrown
// for the run to end the task as failed (run-task.ts). What the iteration adds to the run (its tallies, the usage,
// the model) it adds on the run.
import { EXIT } from '../errors/exit-codes.js';
import { INTERRUPTED, runActions, TIMED_OUT } from './actions-step.js';
import { answerJsonSchema, parseAnswer } from './answer.js';
import { buildMessages, firstBytes } from './context.js';
import { LlmError, type LlmUsage } from './llm/index.js';
import { callModel, type HoldState } from './model-call.js';
import * as out from './outcome.js';
import type { WorkerDeps, WorkerSettings } from './run-options.js';
import type { Sandbox } from './tools/index.js';
import * as files from './task-files.js';
import type { TaskSpec, TerminationReason } from './task-files.js';
import type { TaskRecord } from './task-record.js';
import { terminationFor, timedOut } from './termination.js';
import { ToolFatalError, type ToolResult } from './tools/index.js';

/** The run an iteration reads and adds to: its task, record and sandbox, its tallies, hold, usage and model. */
export interface IterationRun {
  readonly dir: string;
  readonly settings: WorkerSettings;
  readonly deps: WorkerDeps;
  readonly task: TaskSpec;
  readonly rec: TaskRecord;
  readonly sandbox: Sandbox;
  readonly tally: { iterations: number; actions: number; violations: number };
  /** The model hold between this run's calls (model-call.ts). */
  readonly hold: HoldState;
  usage: LlmUsage;
  model: string | null;
}

/** One round of the loop; the reason the task ends, or null to go on. */
export async function iterate(run: IterationRun): Promise<TerminationReason | null> {
  const { worker, llm } = run.settings;
  const rec = run.rec;
  // 1. The current state (and 9., the termination check, for the iteration just done or on entry): what
  // state.json held under its mutex at the write that came just before (setState reads it there, an external
  // stop kept), so it is not read again; a stop written since is read after the model call, before any action.
  rec.step('reading_state', rec.state.iteration);
  const reason = termination(run);
  if (reason !== null) return reason;
  const i = rec.state.iteration + 1;
  // 2. Build the context.
  const messages = buildMessages({
    task: run.task,
    iteration: i,
    history: rec.history,
    historyIterations: worker.history_iterations,
    maxResultBytes: worker.max_result_bytes,
    roots: run.sandbox.roots,
    artifacts: run.sandbox.roots.at(-1)!,
  });
  // 3. Call the model, once the model's hold (if any) is over (model-call.ts).
  const signal = run.deps.signal;
  let called: Awaited<ReturnType<typeof callModel>>;
  try {
    called = await callModel(run, i, {
      messages,
      schema: answerJsonSchema(),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) return 'interrupted';
    if (!(error instanceof LlmError)) throw error;
    const fatal = new out.Fatal(error.kind, error.message, EXIT.modelUnreachable);
    const now = run.deps.clock.monotonic();
    rec.logLine(rec.line(i, [], out.NO_USAGE, now, now, { fatal }));
    throw fatal;
  }
  if (typeof called === 'string') return called;
  const { reply, started: modelStart } = called;
  const toolsStart = run.deps.clock.monotonic();
  run.model = reply.model ?? run.model;
  run.usage = out.addUsage(run.usage, reply.usage);
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
          dir: run.dir,
          iteration: i,
          timestamp: rec.iso(),
          answer,
          usage: reply.usage,
          modelMs: Math.round(Math.max(0, toolsStart - modelStart)),
          sandbox: run.sandbox,
          limits: worker,
          ...(signal ? { signal } : {}),
          overdue: () => timedOut(rec.elapsed(), run.task.constraints.timeout_seconds),
          onViolation: (tool, error) => violation(run, i, tool, error),
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
        files.removePending(run.dir);
      } catch {
        // the disk that failed the tool may fail the log too: pending.json is kept for the rerun
      }
      throw fatal;
    }
    run.tally.actions += results.filter(
      (r) => r.ok || (r.error !== INTERRUPTED && r.error !== TIMED_OUT),
    ).length;
  }
  // 7. Write state back to disk: the log line first, then the state.
  rec.step('writing_state', i);
  const error = parsed.ok ? null : parsed.error;
  const line = rec.line(i, results, reply.usage, modelStart, toolsStart, { answer, error });
  if (error !== null) {
    line.raw = firstBytes(reply.text, 2048);
    run.deps.log('warn', {
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
  if (acting) files.removePending(run.dir);
  run.tally.iterations++;
  // 8. The heartbeat; 10. go round (no sleep: the model call paces the loop). `sleeping` lasts until the next
  // step's write, at once: it is recorded, and written only by the refresher if it lasts (heartbeat.ts).
  rec.step('sleeping', i);
  return null;
}

function termination(run: IterationRun): TerminationReason | null {
  return terminationFor({
    status: run.rec.state.status,
    iteration: run.rec.state.iteration,
    maxIterations: run.task.constraints.max_iterations,
    elapsedMs: run.rec.elapsed(),
    timeoutSeconds: run.task.constraints.timeout_seconds,
    interrupted: run.deps.signal?.aborted === true,
  });
}

function violation(run: IterationRun, iteration: number, tool: string, error: string): void {
  run.tally.violations++;
  run.deps.log('warn', { event: 'security_violation', task: run.task.task_id, iteration, tool, error });
}
