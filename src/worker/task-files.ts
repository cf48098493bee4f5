// A task directory's files: their names, their shapes, and reading them strictly. task.json and state.json that
// are missing, not JSON or not valid are a WorkerStateError naming the file (nothing is overwritten); every file
// another process reads while the worker runs is replaced whole (writeFileAtomicSync); actions.jsonl is append-only,
// a torn last line kept; pending.json, read only by the next run, is written in place (writePending).
import { existsSync, linkSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Answer, AnswerError } from './answer.js';
import { WorkerStateError } from './errors.js';
import { writeFileAtomicSync } from '../state/index.js';
import { HarnessFileError } from '../state/index.js';
import { appendFileNamed, readText, removeFileNamed } from './small-files.js';
import type { LlmUsage } from './llm/index.js';
import type { ToolResult } from './tools/index.js';

export const TASK_FILES = {
  task: 'task.json',
  state: 'state.json',
  heartbeat: 'heartbeat.json',
  actions: 'actions.jsonl',
  pending: 'pending.json',
  lock: 'worker.lock',
  artifacts: 'artifacts',
} as const;

export const WORKER_STATUSES = ['pending', 'running', 'stopped', 'completed', 'failed'] as const;
export type WorkerStatus = (typeof WORKER_STATUSES)[number];
// `done`: a supervisor's done_when held and it stopped the task; the worker ends it `completed` (stop-task.ts).
const REASONS = ['max_iterations', 'timeout', 'stopped', 'interrupted', 'fatal', 'done'] as const;
export const TERMINATION_REASONS = REASONS;
export type TerminationReason = (typeof TERMINATION_REASONS)[number];
type WaitingStep = 'waiting_for_model' | 'calling_model' | 'executing_action';
export type HeartbeatStatus = WaitingStep | 'reading_state' | 'writing_state' | 'sleeping' | 'done';

const isoString = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 timestamp' });
const count = z.number().int().nonnegative();

export const taskSpecSchema = z.object({
  task_id: z.string().min(1),
  prompt: z.string(),
  constraints: z.object({
    max_iterations: z.number().int().positive(),
    timeout_seconds: z.number().positive(),
    allowed_paths: z.array(z.string().min(1)).min(1),
  }),
  created_at: isoString,
  /** A shell command a supervisor runs in the workspace: exit 0, the task is done. The worker ignores it. */
  done_when: z.string().min(1).optional(),
});
export type TaskSpec = z.output<typeof taskSpecSchema>;

/** Loose: fields another process (a supervisor) added are kept when the worker rewrites the file. */
export const workerStateSchema = z.looseObject({
  status: z.enum(WORKER_STATUSES),
  iteration: count,
  started_at: isoString.nullable(),
  updated_at: isoString,
  termination_reason: z.enum(TERMINATION_REASONS).nullable(),
  error: z.object({ kind: z.string(), message: z.string() }).nullable().default(null),
  elapsed_ms: count.default(0),
  security_violations: count.default(0),
});
export type WorkerState = z.output<typeof workerStateSchema>;

export interface Heartbeat {
  iteration: number;
  timestamp: string;
  status: HeartbeatStatus;
  pid: number;
  since?: string; // when this status at this iteration began (wall time); absent in older files
}

export interface ActionLine {
  iteration: number;
  timestamp: string;
  llm_response: Answer | null;
  error: AnswerError | null;
  /** The first 2 KiB of an answer that did not parse. */
  raw?: string;
  results: ToolResult[];
  usage: LlmUsage;
  duration_ms: { model: number; tools: number };
  /** Finished on resume after a kill (resume.ts). */
  interrupted?: true;
  /** The iteration ended the task (model unreachable, disk full): it does not count. */
  fatal?: { kind: string; message: string };
}

/**
 * An iteration whose actions are running, removed once its line is logged. On disk: a first line written whole
 * before the first action (this object, `results` empty), then one line appended per finished action,
 * `{"action": <index>, "result": <ToolResult>}`, so each action costs the size of its own result, never a rewrite
 * of the earlier ones. A single-line file whose first line holds results (as earlier versions wrote it) reads too.
 */
export interface PendingIteration {
  iteration: number;
  timestamp: string;
  llm_response: Answer;
  results: ToolResult[];
  usage: LlmUsage;
  duration_ms: { model: number };
}

export const taskFile = (dir: string, name: keyof typeof TASK_FILES): string => join(dir, TASK_FILES[name]);

function readJson(path: string, what: string): unknown {
  const read = readText(path, { what: what.replace(/^the /, '') });
  if ('code' in read) {
    if (read.code === 'ENOENT')
      throw new WorkerStateError(
        path,
        `missing (${what})`,
        'is this a task directory? Create one with `agent-harness worker new`',
      );
    throw new WorkerStateError(path, `cannot be read (${read.code})`);
  }
  try {
    return JSON.parse(read.text) as unknown;
  } catch (error) {
    throw new WorkerStateError(path, `is not valid JSON (${(error as Error).message})`);
  }
}

function validated<T>(path: string, what: string, schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(top level)'}: ${issue.message}`);
  throw new WorkerStateError(path, `is not a valid ${what} (${problems.join('; ')})`);
}

export function readTask(dir: string): TaskSpec {
  const path = taskFile(dir, 'task');
  return validated(path, 'task definition', taskSpecSchema, readJson(path, 'the task definition'));
}

export function readState(dir: string): WorkerState {
  const path = taskFile(dir, 'state');
  return validated(path, 'task state', workerStateSchema, readJson(path, 'the task state'));
}

/** A task's state as a task with no state.json has it: pending, nothing run yet. */
export function pendingState(now: string): WorkerState {
  return {
    status: 'pending',
    iteration: 0,
    started_at: null,
    updated_at: now,
    termination_reason: null,
    error: null,
    elapsed_ms: 0,
    security_violations: 0,
  };
}

/**
 * The state of a task a supervisor defined by writing task.json alone (seed 004: the supervisor writes task
 * definitions, the harness owns state.json): state.json is made, pending, and artifacts/ beside it. A task.json
 * that is missing or invalid is the same WorkerStateError as always. A directory that shows a run (an action log, a
 * heartbeat, a pending iteration) and no state.json has lost its state: that stays an error, never a fresh start.
 * Returns whether state.json was made.
 */
export function adoptTaskDefinition(dir: string, now: string): boolean {
  const path = taskFile(dir, 'state');
  if (existsSync(path)) return false;
  readTask(dir);
  if ((['actions', 'heartbeat', 'pending'] as const).some((name) => existsSync(taskFile(dir, name))))
    return false;
  mkdirSync(join(dir, 'artifacts'), { recursive: true });
  // Whole and never over a state.json another process made meanwhile: written aside, then linked in place.
  const aside = `${path}.${process.pid}.adopt`;
  writeFileSync(aside, `${JSON.stringify(pendingState(now), null, 2)}\n`, { mode: 0o644 });
  try {
    linkSync(aside, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(aside, { force: true });
  }
}

export function writeState(dir: string, state: WorkerState): void {
  writeFileAtomicSync(taskFile(dir, 'state'), `${JSON.stringify(state, null, 2)}\n`);
}

export function writeHeartbeat(dir: string, heartbeat: Heartbeat): void {
  writeFileAtomicSync(taskFile(dir, 'heartbeat'), `${JSON.stringify(heartbeat)}\n`);
}

/** The heartbeat, or null when there is none or it cannot be read (it is only a liveness hint). */
export function readHeartbeat(dir: string): Heartbeat | null {
  try {
    const read = readText(taskFile(dir, 'heartbeat'));
    if (!('text' in read)) return null;
    const value = JSON.parse(read.text) as Partial<Heartbeat>;
    if (typeof value?.timestamp !== 'string' || typeof value.iteration !== 'number') return null;
    return value as Heartbeat;
  } catch {
    return null;
  }
}

/**
 * Starts pending.json: the iteration and its answer, with the results it already has. Written in place, not
 * through a temp file and a rename: there is none before it (the last iteration's, and one found on resume, is
 * removed), no other process reads it while the worker runs, and a first line a kill cut short does not parse, so
 * it reads as no pending iteration, which is right: no action runs before this write has returned.
 */
export function writePending(dir: string, pending: PendingIteration): void {
  const path = taskFile(dir, 'pending');
  try {
    writeFileSync(path, `${JSON.stringify(pending)}\n`, { mode: 0o644 });
  } catch (error) {
    throw new HarnessFileError(path, error);
  }
}

/** Appends action `index`'s result to pending.json (one line; the earlier results are not written again). */
export function appendPendingResult(dir: string, index: number, result: ToolResult): void {
  appendFileNamed(taskFile(dir, 'pending'), `${JSON.stringify({ action: index, result })}\n`);
}

/**
 * The pending iteration, or null when there is none; a first line that cannot be parsed counts as none. Result
 * lines are taken in order up to the first that is torn (the worker was killed while appending it) or out of
 * place: that action counts as not finished.
 */
export function readPending(dir: string): PendingIteration | null {
  const read = readText(taskFile(dir, 'pending'), { what: 'pending iteration', maxBytes: Infinity });
  if (!('text' in read)) return null;
  const [first = '', ...rest] = read.text.split('\n');
  let pending: PendingIteration;
  try {
    const value = JSON.parse(first) as Partial<PendingIteration> | null;
    if (
      value === null ||
      !Number.isSafeInteger(value.iteration) ||
      typeof value.llm_response !== 'object' ||
      !Array.isArray(value.results)
    )
      return null;
    pending = value as PendingIteration;
  } catch {
    return null;
  }
  for (const raw of rest) {
    if (raw === '') break;
    let entry: { action?: unknown; result?: ToolResult } | null;
    try {
      entry = JSON.parse(raw) as typeof entry;
    } catch {
      break;
    }
    if (entry?.action !== pending.results.length || typeof entry.result !== 'object' || entry.result === null)
      break;
    pending.results.push(entry.result);
  }
  return pending;
}

export function removePending(dir: string): void {
  removeFileNamed(taskFile(dir, 'pending'));
}

/** actions.jsonl as read: the lines that parse (in order), and whether the file ends in a torn line. */
export interface ActionLog {
  lines: ActionLine[];
  /** The file does not end with a newline: the next line must start on its own line. */
  torn: boolean;
}

export function readActionLog(dir: string): ActionLog {
  // Append-only, one line per action: read whole, however long the task has run (a FIFO is still refused).
  const read = readText(taskFile(dir, 'actions'), { what: 'action log', maxBytes: Infinity });
  if ('code' in read) {
    if (read.code === 'ENOENT') return { lines: [], torn: false };
    throw new WorkerStateError(taskFile(dir, 'actions'), `cannot be read (${read.message})`);
  }
  const text = read.text;
  const lines: ActionLine[] = [];
  for (const raw of text.split('\n')) {
    if (raw.trim() === '') continue;
    try {
      const value = JSON.parse(raw) as Partial<ActionLine> | null;
      if (value !== null && typeof value === 'object' && Number.isSafeInteger(value.iteration))
        lines.push(value as ActionLine);
    } catch {
      // a torn line (a worker killed mid-append): kept in the file, skipped here
    }
  }
  return { lines, torn: text.length > 0 && !text.endsWith('\n') };
}

/** Appends one line; `torn`: the file ends mid-line, so this line starts with a newline of its own. */
export function appendActionLine(dir: string, line: ActionLine, torn = false): void {
  appendFileNamed(taskFile(dir, 'actions'), `${torn ? '\n' : ''}${JSON.stringify(line)}\n`);
}
