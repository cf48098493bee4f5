// `agent-harness worker session --task-dir DIR`: the structured-action worker as the loop's agent
// (agent.format = "json-actions"). Hidden: the loop starts it (loop/dispatch.ts), with the session's prompt on
// stdin and its settings in the environment:
//   AGENT_HARNESS_WORKER_SETTINGS  {"llm": …, "worker": …} of the loaded config (required)
//   AGENT_HARNESS_WORKER_DENIED    ["/abs/path", …]: the harness's own files, invisible to the worker's tools
//   AGENT_HARNESS_WORKER_TASK      a task directory a driver hands every session (the Action's worker-task)
// Without a named task it creates one in DIR from the prompt with [worker]'s constraints, or resumes the one
// there. stdout is the transcript (src/agents/json-actions.ts reads it): a `start` line, one `iteration` line per
// worker iteration, a `result` line last; or one `error` line when the session cannot start. Log lines go to
// stderr. SIGTERM or SIGINT ends the task cleanly (stopped, interrupted); the loop kills a worker that lingers.
import { spawn } from 'node:child_process';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { configSchema } from '../config/schema.js';
import { EXIT } from '../errors/exit-codes.js';
import { UsageError } from './args.js';
import { exitForError } from '../errors/exit-for-error.js';
import type { Fields, Level } from '../loop/ports.js';
import { WORKER_DENIED_ENV, WORKER_SETTINGS_ENV, WORKER_TASK_ENV } from '../loop/worker-agent.js';
import { COOKIE_VAR } from '../os/cookie.js';
import { readInputText } from '../os/input-file.js';
import { systemClock } from '../os/system-clock.js';
import { formatLine } from '../platform/local/console-logger.js';
import type { WorkerDenied } from '../state/worker-denied.js';
import { LlmError, type LlmTransport } from '../worker/llm/transport.js';
import { transportFor } from '../worker/llm/index.js';
import { createTaskAt } from '../worker/new-task.js';
import { runTask } from '../worker/run-task.js';
import type { WorkerSettings } from '../worker/run-options.js';
import { TASK_FILES, type ActionLine } from '../worker/task-files.js';

export const SESSION_USAGE = `Usage: agent-harness worker session --task-dir DIR

Runs the structured-action worker as one loop session (agent.format = "json-actions"); the loop starts it.
The prompt is read from stdin; settings come from ${WORKER_SETTINGS_ENV} ({"llm": ..., "worker": ...}).
Prints the session transcript (JSON lines) on stdout and logs on stderr.`;

const settingsSchema = z.strictObject({ llm: configSchema.shape.llm, worker: configSchema.shape.worker });
const absolute = z.string().refine(isAbsolute, 'must be an absolute path');
const deniedSchema = z.strictObject({
  paths: z.array(absolute),
  prefixes: z.array(z.strictObject({ dir: absolute, prefix: z.string() })),
});

export interface SessionIo {
  cwd: string;
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
  readStdin: () => Promise<string>;
  /** Installs the stop signals; returns the function that removes them. */
  onStop: (stop: (signal: string) => void) => () => void;
}

export async function workerSession(argv: readonly string[], io: SessionIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) return (io.err(SESSION_USAGE), EXIT.ok);
  const fail = (kind: string, message: string, code: number): number => {
    io.out(JSON.stringify({ type: 'error', kind, message, exit_code: code }));
    io.err(`agent-harness worker session: ${message}`);
    return code;
  };
  let setup: { settings: WorkerSettings; denied: WorkerDenied; taskDir: string; named: boolean };
  try {
    setup = readSetup(argv, io);
  } catch (error) {
    if (error instanceof UsageError) return fail('settings', error.message, EXIT.usage);
    throw error;
  }
  const { settings, denied } = setup;
  // The house's log line (the loop's and `worker run`'s), on stderr: stdout is the transcript.
  const log = (level: Level, fields: Fields) => io.err(formatLine(systemClock.now(), level, fields));
  const prompt = await io.readStdin();
  const abort = new AbortController();
  let stopping = false;
  const uninstall = io.onStop((signal) => {
    // The loop may signal twice (the process group, then every process carrying its cookie): one stop is enough;
    // a worker that does not end gets SIGKILL after watchdog.kill_grace_secs.
    if (stopping) return;
    stopping = true;
    log('warn', { signal, action: 'stopping the task' });
    abort.abort();
  });
  try {
    const failure: { last: LlmError | null } = { last: null };
    const transport = recording(
      transportFor(settings.llm, { env: io.env, spawn, clock: systemClock }),
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
        systemClock,
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
      clock: systemClock,
      transport,
      log,
      signal: abort.signal,
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
  } finally {
    uninstall();
  }
}

function readSetup(
  argv: readonly string[],
  io: SessionIo,
): { settings: WorkerSettings; denied: WorkerDenied; taskDir: string; named: boolean } {
  const at = argv.indexOf('--task-dir');
  const dir = at >= 0 ? argv[at + 1] : undefined;
  const unknown = argv.filter((arg, i) => i !== at && i !== at + 1);
  if (dir === undefined || dir === '' || unknown.length > 0)
    throw new UsageError(
      `expected --task-dir DIR${unknown.length > 0 ? `, found ${unknown.join(' ')}` : ''}`,
    );
  const settings = parseEnvJson(io.env, WORKER_SETTINGS_ENV, settingsSchema, true);
  const denied = parseEnvJson(io.env, WORKER_DENIED_ENV, deniedSchema, false) ?? { paths: [], prefixes: [] };
  const named = io.env[WORKER_TASK_ENV];
  if (settings === undefined) throw new UsageError(`${WORKER_SETTINGS_ENV} is not set`);
  return {
    settings,
    denied,
    taskDir: resolve(io.cwd, named !== undefined && named !== '' ? named : dir),
    named: named !== undefined && named !== '',
  };
}

function parseEnvJson<T>(
  env: NodeJS.ProcessEnv,
  name: string,
  schema: z.ZodType<T>,
  required: boolean,
): T | undefined {
  const text = env[name];
  if (text === undefined || text === '') {
    if (required)
      throw new UsageError(`${name} is not set: the loop sets it (agent.format = "json-actions")`);
    return undefined;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${name} is not JSON: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`);
    throw new UsageError(`${name} is not usable: ${problems.join('; ')}`);
  }
  return parsed.data;
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

/** The real process's stdin, stdout, stderr and signals. */
export function processSessionIo(cwd: string): SessionIo {
  return {
    cwd,
    env: process.env,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    onStop: (stop) => {
      const signals = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;
      const handler = (signal: NodeJS.Signals) => stop(signal);
      for (const signal of signals) process.on(signal, handler);
      return () => {
        for (const signal of signals) process.off(signal, handler);
      };
    },
  };
}
