// Step 6, running an answer's actions in order. Before the first, pending.json records the iteration and its
// answer; after each, that action's result is appended to it (one line, never the earlier ones again: the cost is
// linear in the actions and their results), so a worker killed among them is resumed without running any of them
// twice (resume.ts). A failing or refused action is that action's result and the next one runs; a tool hitting a
// full disk or a refused write throws ToolFatalError, which ends the task. A stop request, or the task's
// timeout_seconds running out, leaves the rest unrun (each marked so).
import type { Answer } from './answer.js';
import type { LlmUsage } from './llm/index.js';
import type { Sandbox } from './tools/index.js';
import { appendPendingResult, writePending, type PendingIteration } from './task-files.js';
import { runAction, type ToolLimits, type ToolResult } from './tools/index.js';

export const INTERRUPTED = 'not run: the worker was interrupted';
export const TIMED_OUT = 'not run: the task ran out of time (timeout_seconds)';

export interface ActionsStep {
  dir: string;
  iteration: number;
  timestamp: string;
  answer: Answer;
  usage: LlmUsage;
  modelMs: number;
  sandbox: Sandbox;
  limits: ToolLimits;
  signal?: AbortSignal;
  /** The task's running time is over its timeout_seconds: the actions not started yet are not run. */
  overdue: () => boolean;
  onViolation: (tool: string, error: string) => void;
}

/** The results, one per action; `results` is filled as they run, so a caller sees the finished ones on a throw. */
export async function runActions(step: ActionsStep, results: ToolResult[]): Promise<void> {
  const pending: PendingIteration = {
    iteration: step.iteration,
    timestamp: step.timestamp,
    llm_response: step.answer,
    results: [],
    usage: step.usage,
    duration_ms: { model: step.modelMs },
  };
  writePending(step.dir, pending);
  for (const action of step.answer.actions) {
    if (step.signal?.aborted) {
      results.push({ tool: action.tool, ok: false, error: INTERRUPTED });
      continue;
    }
    if (step.overdue()) {
      results.push({ tool: action.tool, ok: false, error: TIMED_OUT });
      continue;
    }
    const result = await runAction(action, { sandbox: step.sandbox, limits: step.limits });
    if (!result.ok && result.violation === true) step.onViolation(action.tool, result.error);
    appendPendingResult(step.dir, results.length, result);
    results.push(result);
  }
}
