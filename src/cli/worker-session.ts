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
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { configSchema } from '../config/index.js';
import { EXIT } from '../errors/exit-codes.js';
import { UsageError } from './args.js';
import type { Fields, Level } from '../loop/index.js';
import { WORKER_DENIED_ENV, WORKER_SETTINGS_ENV, WORKER_TASK_ENV } from '../loop/index.js';
import { systemClock } from '../os/system-clock.js';
import { formatLine } from '../platform/local/index.js';
import { runWorkerSession, sessionFailure, type WorkerSessionSetup } from '../worker/index.js';

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
  let setup: WorkerSessionSetup;
  try {
    setup = readSetup(argv, io);
  } catch (error) {
    if (error instanceof UsageError) return sessionFailure(io, 'settings', error.message, EXIT.usage);
    throw error;
  }
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
    return await runWorkerSession(setup, {
      cwd: io.cwd,
      env: io.env,
      clock: systemClock,
      spawn,
      prompt,
      signal: abort.signal,
      out: io.out,
      err: io.err,
      log,
    });
  } finally {
    uninstall();
  }
}

function readSetup(argv: readonly string[], io: SessionIo): WorkerSessionSetup {
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
