// One loop session of the structured-action worker (agent.format = "json-actions"): start or resume the task, run
// it, and write the session's transcript as JSON lines (src/agents/json-actions.ts reads it): a `start` line, one
// `iteration` line per worker iteration, a `result` line last; or one `error` line when the session cannot start.
// The process's side (its arguments, environment, stdin, signals) is the CLI's: cli/worker-session.ts.
import { join, resolve } from 'node:path';
import { EXIT } from '../errors/exit-codes.js';
import { exitForError } from '../errors/exit-for-error.js';
import type { Clock, Fields, Level, Spawn } from '../loop/index.js';
import { COOKIE_VAR } from '../os/cookie.js';
import { readInputText } from '../os/input-file.js';
import type { WorkerDenied } from '../state/index.js';
import { LlmError, transportFor, type LlmTransport } from './llm/index.js';
import { createTaskAt } from './new-task.js';
import type { WorkerSettings } from './run-options.js';
import { runTask } from './run-task.js';
import { TASK_FILES, type ActionLine } from './task-files.js';

/** What the session runs: the loop's worker settings, the harness's files, and the task directory. */
export interface WorkerSessionSetup {
  settings: WorkerSettings;
  denied: WorkerDenied;
  taskDir: string;
  /** The directory was named by the driver (the Action's worker-task): it must already be a task. */
  named: boolean;
}

export interface WorkerSessionIo {
  cwd: string;
  env: NodeJS.ProcessEnv;
  clock: Clock;
  spawn: Spawn;
  /** The session's prompt (the task's, when it is new). */
  prompt: string;
  /** Aborted when the loop stops the session: the task ends stopped, interrupted. */
  signal: AbortSignal;
  /** One transcript line. */
  out: (line: string) => void;
  /** One line for people (stderr). */
  err: (line: string) => void;
  log: (level: Level, fields: Fields) => void;
}

/** The session's `error` line and message, with its exit code. */
export function sessionFailure(
  io: Pick<WorkerSessionIo, 'out' | 'err'>,
  kind: string,
  message: string,
  code: number,
): number {
  io.out(JSON.stringify({ type: 'error', kind, message, exit_code: code }));
  io.err(`agent-harness worker session: ${message}`);
  return code;
}

export async function runWorkerSession(setup: WorkerSessionSetup, io: WorkerSessionIo): Promise<number> {
  const { settings, denied } = setup;
  const { log, prompt } = io;
  const fail = (kind: string, message: string, code: number) => sessionFailure(io, kind, message, code);
  try {
    const failure: { last: LlmError | null } = { last: null };
    const transport = recording(
      transportFor(settings.llm, { env: io.env, spawn: io.spawn, clock: io.clock }),
      failure,
    );
    let taskDir = setup.taskDir;
    const existing = await readTaskId(taskDir);
    if (existing === null) {
      if (setup.named) return fail('task', `${taskDir} is not a task directory (no task.json)`, EXIT.usage);
      taskDir = await createTaskAt(
        taskDir,
        {
          prompt,
          max_iterations: settings.worker.max_iterations,
          timeout_seconds: settings.worker.timeout_secs,
          allowed_paths: settings.worker.allowed_paths.map((path) => resolve(io.cwd, path)),
        },
        io.clock,
      );
    }
    io.out(
      JSON.stringify({
        type: 'start',
        task_dir: taskDir,
        task_id: existing ?? (await readTaskId(taskDir)),
        resumed: existing !== null,
        provider: transport.provider,
        model: transport.model,
        endpoint: transport.endpoint,
        pid: process.pid,
      }),
    );
    let answers = 0;
    const outcome = await runTask(taskDir, settings, {
      clock: io.clock,
      transport,
      log,
      signal: io.signal,
      denied,
      env: io.env,
      ...(io.env[COOKIE_VAR] ? { cookie: io.env[COOKIE_VAR] } : {}),
      onLine: (line: ActionLine) => {
        if (line.llm_response !== null) answers++;
        io.out(JSON.stringify({ type: 'iteration', ...line }));
      },
    });
    const llm = outcome.status === 'failed' ? failure.last : null;
    io.out(
      JSON.stringify({
        type: 'result',
        ...outcome,
        answers,
        llm_error:
          llm === null
            ? null
            : { kind: llm.kind, status: llm.status, retry_after_ms: llm.retryAfterMs, message: llm.message },
      }),
    );
    log(outcome.exit_code === 0 ? 'info' : 'error', {
      task: outcome.task_id,
      status: outcome.status,
      reason: outcome.termination_reason,
      iterations: outcome.iterations_run,
    });
    return outcome.exit_code;
  } catch (error) {
    const verdict = exitForError(error);
    // A setting the transport cannot use (llm.model unset) is the loop's config; anything else, the task's.
    const kind = verdict.code === EXIT.usage ? 'settings' : error instanceof LlmError ? 'llm' : 'task';
    return fail(kind, verdict.message, verdict.code);
  }
}

async function readTaskId(dir: string): Promise<string | null> {
  try {
    const task = JSON.parse(await readInputText(join(dir, TASK_FILES.task), { what: 'task definition' })) as {
      task_id?: unknown;
    };
    return typeof task.task_id === 'string' ? task.task_id : null;
  } catch {
    return null;
  }
}

/** The transport, remembering the last model call that failed: the result line names it for the loop. */
function recording(transport: LlmTransport, failure: { last: LlmError | null }): LlmTransport {
  return {
    provider: transport.provider,
    model: transport.model,
    endpoint: transport.endpoint,
    call: async (request) => {
      try {
        const reply = await transport.call(request);
        failure.last = null;
        return reply;
      } catch (error) {
        if (error instanceof LlmError) failure.last = error;
        throw error;
      }
    },
  };
}
