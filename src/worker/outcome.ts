// How a task run ends, as its caller sees it (TaskOutcome), and the fatal failures that end one: the model
// unreachable (exit 16), a file the worker cannot write or a tool hitting a full disk or a refused write (exit 8);
// and the line each iteration leaves in actions.jsonl.
import { EXIT, HarnessError } from '../errors/exit-codes.js';
import { fatalWriteKind, HarnessFileError } from '../state/index.js';
import type { LlmUsage } from './llm/index.js';
import type { Answer, AnswerError } from './answer.js';
import type { ActionLine, TerminationReason, WorkerStatus } from './task-files.js';
import { ToolFatalError, type ToolResult } from './tools/index.js';

export interface TaskOutcome {
  task_dir: string;
  task_id: string;
  status: WorkerStatus;
  termination_reason: TerminationReason | null;
  /** Iterations counted, in all runs. */
  iteration: number;
  /** Iterations this run counted. */
  iterations_run: number;
  /** Actions this run executed. */
  actions: number;
  /** Refused paths this run. */
  violations: number;
  /** Tokens this run (null: the transport never said). */
  usage: LlmUsage;
  model: string | null;
  error: { kind: string; message: string } | null;
  exit_code: number;
}

/** A failure that ends the task as failed: what state.json's error says, and the exit code. */
export class Fatal extends HarnessError {
  override readonly name = 'Fatal';

  constructor(
    readonly kind: string,
    message: string,
    exitCode: number,
  ) {
    super(message, exitCode);
  }
}

/** The fatal failure an error is, or null for one that is not the worker's to explain. */
export function fatalOf(error: unknown): Fatal | null {
  if (error instanceof Fatal) return error;
  if (error instanceof ToolFatalError) return new Fatal(error.kind, error.message, EXIT.writeFailed);
  if (error instanceof HarnessFileError)
    return new Fatal(fatalWriteKind(error.code) ?? 'write_failed', error.message, EXIT.writeFailed);
  return null;
}

export const NO_USAGE: LlmUsage = { input_tokens: null, output_tokens: null };

export function addUsage(total: LlmUsage, more: LlmUsage): LlmUsage {
  const add = (a: number | null, b: number | null) => (a === null && b === null ? null : (a ?? 0) + (b ?? 0));
  return {
    input_tokens: add(total.input_tokens, more.input_tokens),
    output_tokens: add(total.output_tokens, more.output_tokens),
  };
}

export const violationsIn = (results: readonly ToolResult[]): number =>
  results.filter((result) => !result.ok && result.violation === true).length;

/** One actions.jsonl line. */
export function iterationLine(fields: {
  iteration: number;
  now: number;
  answer: Answer | null;
  error: AnswerError | null;
  results: readonly ToolResult[];
  usage: LlmUsage;
  modelMs: number;
  toolsMs: number;
  fatal?: Fatal;
}): ActionLine {
  const line: ActionLine = {
    iteration: fields.iteration,
    timestamp: new Date(fields.now).toISOString(),
    llm_response: fields.answer,
    error: fields.error,
    results: [...fields.results],
    usage: fields.usage,
    duration_ms: { model: fields.modelMs, tools: fields.toolsMs },
  };
  if (fields.fatal !== undefined) line.fatal = { kind: fields.fatal.kind, message: fields.fatal.message };
  return line;
}
