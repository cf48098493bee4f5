// Picking a task up again after a kill, from what is on disk, by the contract's rules. Every iteration line is
// appended to actions.jsonl before state.json advances, and pending.json holds the iteration whose actions were
// running. So: a last counted log line newer than state.iteration means the state write was lost (the state
// catches up); a pending.json newer than the log means the worker died among its actions (the iteration is logged
// with `interrupted: true`: finished actions keep their results, the one that was running and those after it are
// marked not run and are never executed again). Pure: the caller reads the files and writes what this decides.
import type { ActionLine, PendingIteration, WorkerState } from './task-files.js';
import { violationsIn } from './outcome.js';
import type { ToolResult } from './tools/index.js';

export const KILLED_RUNNING =
  'not run: the worker was killed during this iteration; it may or may not have completed';
export const KILLED_NOT_STARTED = 'not run: the worker was killed during this iteration';

export type StartDecision =
  /** Nothing to run; `complete`: a stop as `done` the worker did not get to end (it ends `completed` now). */
  | { kind: 'done'; complete?: true }
  | {
      kind: 'run';
      /** Iterations counted, after catching up with the log. */
      iteration: number;
      /** A line to append for an iteration the worker was killed in, or null. */
      interrupted: ActionLine | null;
      /** pending.json is there and must go once the above is written. */
      removePending: boolean;
      /** Security violations of the iterations state.json has not counted yet (logged lines, the interrupted one). */
      violations: number;
    };

export interface ResumeInput {
  state: WorkerState;
  /** The log's lines that parse, in order. */
  lines: readonly ActionLine[];
  pending: PendingIteration | null;
  now: string;
}

/** The highest iteration the log counts (fatal lines do not count). */
export function lastCounted(lines: readonly ActionLine[]): number {
  let last = 0;
  for (const line of lines) if (line.fatal === undefined && line.iteration > last) last = line.iteration;
  return last;
}

export function decideStart(input: ResumeInput): StartDecision {
  if (input.state.status === 'completed') return { kind: 'done' };
  if (input.state.status === 'stopped' && input.state.termination_reason === 'done')
    return { kind: 'done', complete: true };
  let iteration = Math.max(input.state.iteration, lastCounted(input.lines));
  let violations = 0;
  // Killed between a line's append and the state write: that iteration's violations are not in state.json yet.
  for (const line of input.lines)
    if (line.fatal === undefined && line.iteration > input.state.iteration)
      violations += violationsIn(line.results);
  let interrupted: ActionLine | null = null;
  const pending = input.pending;
  if (pending !== null && pending.iteration > iteration) {
    interrupted = interruptedLine(pending, input.now);
    iteration = pending.iteration;
    violations += violationsIn(interrupted.results);
  }
  return { kind: 'run', iteration, interrupted, removePending: pending !== null, violations };
}

export function interruptedLine(pending: PendingIteration, now: string): ActionLine {
  const actions = pending.llm_response.actions;
  const done = pending.results.slice(0, actions.length);
  const rest: ToolResult[] = actions.slice(done.length).map((action, i) => ({
    tool: action.tool,
    ok: false,
    error: i === 0 ? KILLED_RUNNING : KILLED_NOT_STARTED,
  }));
  return {
    iteration: pending.iteration,
    timestamp: now,
    llm_response: pending.llm_response,
    error: null,
    results: [...done, ...rest],
    usage: pending.usage,
    duration_ms: { model: pending.duration_ms.model, tools: 0 },
    interrupted: true,
  };
}
