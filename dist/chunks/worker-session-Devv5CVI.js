import { spawn } from 'node:child_process';
import { resolve, join, isAbsolute } from 'node:path';
import { C as COOKIE_VAR, r as readInputText, s as strictObject, d as configSchema, g as array, h as string } from './input-file-Cbt1w_j3.js';
import { E as EXIT } from './exit-codes-BkuRLrXJ.js';
import 'node:fs/promises';
import { U as UsageError } from './relaunch-BurLyM5A.js';
import 'node:os';
import 'node:fs';
import { W as WORKER_SETTINGS_ENV, a as WORKER_TASK_ENV, b as WORKER_DENIED_ENV } from './worker-agent-CEPc612X.js';
import 'node:readline';
import './harness-files-B0x0nX25.js';
import 'node:buffer';
import 'node:crypto';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import 'node:worker_threads';
import { systemClock } from './system-clock-uwg5zo-s.js';
import { f as formatLine } from './console-logger-CaTkBmJG.js';
import { L as LlmError, T as TASK_FILES } from './task-driver-WpeUzbPL.js';
import { e as exitForError } from './exit-for-error-p-r9cYNM.js';
import { t as transportFor, c as createTaskAt, r as runTask } from './run-task-D3hRDPnY.js';
import 'process';
import 'buffer';
import 'node:module';
import 'node:util';
import 'node:perf_hooks';
import './event-log-BGV3jqas.js';
import './holder-DYQPLy_j.js';
import './process-group-v69azfoj.js';
import './state-lock-Cj8p1ocN.js';
import './instance-lock-BqpK38Bs.js';

function sessionFailure(io, kind, message, code) {
  io.out(JSON.stringify({ type: "error", kind, message, exit_code: code }));
  io.err(`agent-harness worker session: ${message}`);
  return code;
}
async function runWorkerSession(setup, io) {
  const { settings, denied } = setup;
  const { log, prompt } = io;
  const fail = (kind, message, code) => sessionFailure(io, kind, message, code);
  try {
    const failure = { last: null };
    const transport = recording(
      transportFor(settings.llm, { env: io.env, spawn: io.spawn, clock: io.clock }),
      failure
    );
    let taskDir = setup.taskDir;
    const existing = await readTaskId(taskDir);
    if (existing === null) {
      if (setup.named) return fail("task", `${taskDir} is not a task directory (no task.json)`, EXIT.usage);
      taskDir = await createTaskAt(
        taskDir,
        {
          prompt,
          max_iterations: settings.worker.max_iterations,
          timeout_seconds: settings.worker.timeout_secs,
          allowed_paths: settings.worker.allowed_paths.map((path) => resolve(io.cwd, path))
        },
        io.clock
      );
    }
    io.out(
      JSON.stringify({
        type: "start",
        task_dir: taskDir,
        task_id: existing ?? await readTaskId(taskDir),
        resumed: existing !== null,
        provider: transport.provider,
        model: transport.model,
        endpoint: transport.endpoint,
        pid: process.pid
      })
    );
    let answers = 0;
    const outcome = await runTask(taskDir, settings, {
      clock: io.clock,
      transport,
      log,
      signal: io.signal,
      denied,
      env: io.env,
      ...io.env[COOKIE_VAR] ? { cookie: io.env[COOKIE_VAR] } : {},
      onLine: (line) => {
        if (line.llm_response !== null) answers++;
        io.out(JSON.stringify({ type: "iteration", ...line }));
      }
    });
    const llm = outcome.status === "failed" ? failure.last : null;
    io.out(
      JSON.stringify({
        type: "result",
        ...outcome,
        answers,
        llm_error: llm === null ? null : { kind: llm.kind, status: llm.status, retry_after_ms: llm.retryAfterMs, message: llm.message }
      })
    );
    log(outcome.exit_code === 0 ? "info" : "error", {
      task: outcome.task_id,
      status: outcome.status,
      reason: outcome.termination_reason,
      iterations: outcome.iterations_run
    });
    return outcome.exit_code;
  } catch (error) {
    const verdict = exitForError(error);
    const kind = verdict.code === EXIT.usage ? "settings" : error instanceof LlmError ? "llm" : "task";
    return fail(kind, verdict.message, verdict.code);
  }
}
async function readTaskId(dir) {
  try {
    const task = JSON.parse(await readInputText(join(dir, TASK_FILES.task), { what: "task definition" }));
    return typeof task.task_id === "string" ? task.task_id : null;
  } catch {
    return null;
  }
}
function recording(transport, failure) {
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
    }
  };
}

const SESSION_USAGE = `Usage: agent-harness worker session --task-dir DIR

Runs the structured-action worker as one loop session (agent.format = "json-actions"); the loop starts it.
The prompt is read from stdin; settings come from ${WORKER_SETTINGS_ENV} ({"llm": ..., "worker": ...}).
Prints the session transcript (JSON lines) on stdout and logs on stderr.`;
const settingsSchema = strictObject({ llm: configSchema.shape.llm, worker: configSchema.shape.worker });
const absolute = string().refine(isAbsolute, "must be an absolute path");
const deniedSchema = strictObject({
  paths: array(absolute),
  prefixes: array(strictObject({ dir: absolute, prefix: string() }))
});
async function workerSession(argv, io) {
  if (argv.includes("--help") || argv.includes("-h")) return io.err(SESSION_USAGE), EXIT.ok;
  let setup;
  try {
    setup = readSetup(argv, io);
  } catch (error) {
    if (error instanceof UsageError) return sessionFailure(io, "settings", error.message, EXIT.usage);
    throw error;
  }
  const log = (level, fields) => io.err(formatLine(systemClock.now(), level, fields));
  const prompt = await io.readStdin();
  const abort = new AbortController();
  let stopping = false;
  const uninstall = io.onStop((signal) => {
    if (stopping) return;
    stopping = true;
    log("warn", { signal, action: "stopping the task" });
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
      log
    });
  } finally {
    uninstall();
  }
}
function readSetup(argv, io) {
  const at = argv.indexOf("--task-dir");
  const dir = at >= 0 ? argv[at + 1] : void 0;
  const unknown = argv.filter((arg, i) => i !== at && i !== at + 1);
  if (dir === void 0 || dir === "" || unknown.length > 0)
    throw new UsageError(
      `expected --task-dir DIR${unknown.length > 0 ? `, found ${unknown.join(" ")}` : ""}`
    );
  const settings = parseEnvJson(io.env, WORKER_SETTINGS_ENV, settingsSchema, true);
  const denied = parseEnvJson(io.env, WORKER_DENIED_ENV, deniedSchema, false) ?? { paths: [], prefixes: [] };
  const named = io.env[WORKER_TASK_ENV];
  if (settings === void 0) throw new UsageError(`${WORKER_SETTINGS_ENV} is not set`);
  return {
    settings,
    denied,
    taskDir: resolve(io.cwd, named !== void 0 && named !== "" ? named : dir),
    named: named !== void 0 && named !== ""
  };
}
function parseEnvJson(env, name, schema, required) {
  const text = env[name];
  if (text === void 0 || text === "") {
    if (required)
      throw new UsageError(`${name} is not set: the loop sets it (agent.format = "json-actions")`);
    return void 0;
  }
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${name} is not JSON: ${error.message}`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "(top)"}: ${i.message}`);
    throw new UsageError(`${name} is not usable: ${problems.join("; ")}`);
  }
  return parsed.data;
}
function processSessionIo(cwd) {
  return {
    cwd,
    env: process.env,
    out: (line) => process.stdout.write(`${line}
`),
    err: (line) => process.stderr.write(`${line}
`),
    readStdin: async () => {
      const chunks = [];
      for await (const chunk of process.stdin) chunks.push(chunk);
      return Buffer.concat(chunks).toString("utf8");
    },
    onStop: (stop) => {
      const signals = ["SIGTERM", "SIGINT", "SIGHUP"];
      const handler = (signal) => stop(signal);
      for (const signal of signals) process.on(signal, handler);
      return () => {
        for (const signal of signals) process.off(signal, handler);
      };
    }
  };
}

export { SESSION_USAGE, processSessionIo, workerSession };
