import { randomUUID } from 'node:crypto';
import { existsSync, constants, closeSync, readdirSync, openSync, realpathSync, lstatSync, fstatSync, readlinkSync } from 'node:fs';
import { mkdir, lstat, realpath, unlink, rename, link, copyFile, readdir, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, dirname, basename, sep, resolve } from 'node:path';
import { w as writeFileAtomic, t as terminateGroup, c as sweepStaleTemps } from './process-group-v69azfoj.js';
import { w as withCookie, e as endCarriers, D as DEFAULT_BASE_URLS } from './input-file-Cbt1w_j3.js';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import { H as HarnessError, E as EXIT } from './exit-codes-BkuRLrXJ.js';
import { n as namingFile, H as HarnessFileError, f as fatalWriteKind } from './harness-files-B0x0nX25.js';
import 'node:child_process';
import { t as taskFile, w as writeState, p as pendingState, L as LlmError, N as NO_USAGE$1, e as renderPrompt, f as resolveModelPath, g as failure, i as isRoot, j as closeQuietly, k as existingAncestor, l as openDir, m as isDenied, v as violation$1, n as at, q as errnoCode, s as openAt, D as DIR_FLAGS, u as refuseDanglingOut, x as isAllowed, y as TEMP_FLAGS, z as verify, A as realInside, B as toolFailureFor, C as modelPath, P as PROC_FD, E as below, F as listDir, R as READ_FLAGS, G as isToolName, H as TOOL_NAMES, I as TOOL_SCHEMAS, J as writePending, K as appendPendingResult, h as holdPathFrom, O as extendHold, d as readHold, c as holdEndMs, Q as ToolFatalError, S as answerJsonSchema, U as parseAnswer, V as removePending, X as writeHeartbeat, Y as appendActionLine, Z as openSandbox, T as TASK_FILES, a as readTask, _ as adoptTaskDefinition, r as readState, $ as readActionLog, a0 as readPending } from './task-driver-WpeUzbPL.js';
import { w as within } from './holder-DYQPLy_j.js';
import { r as readStateSettled, u as updateState, a as lockTask } from './state-lock-Cj8p1ocN.js';

async function createTask(parentDir, input, clock) {
  const taskId = randomUUID();
  return createTaskAt(join(parentDir, taskId), input, clock, taskId);
}
async function createTaskAt(dir, input, clock, taskId = randomUUID()) {
  const relative2 = input.allowed_paths.filter((path) => !isAbsolute(path));
  if (relative2.length > 0)
    throw new Error(`createTask: allowed_paths must be absolute: ${relative2.join(", ")}`);
  if (existsSync(taskFile(dir, "task"))) throw new Error(`createTask: ${dir} already holds a task`);
  const now = new Date(clock.now()).toISOString();
  await namingFile(dir, () => mkdir(join(dir, "artifacts"), { recursive: true }));
  const task = {
    task_id: taskId,
    prompt: input.prompt,
    constraints: {
      max_iterations: input.max_iterations,
      timeout_seconds: input.timeout_seconds,
      allowed_paths: input.allowed_paths.map((path) => fromTaskDir(dir, path))
    },
    created_at: now
  };
  await writeFileAtomic(taskFile(dir, "task"), `${JSON.stringify(task, null, 2)}
`);
  writeState(dir, pendingState(now));
  return dir;
}
function fromTaskDir(dir, path) {
  const rel = relative(dir, path);
  return rel === "" ? "." : isAbsolute(rel) ? path : rel;
}

const SERVER_TEXT_CHARS = 300;
function parseRetryAfter(value, nowMs) {
  if (value === null || value === void 0) return null;
  const text = value.trim();
  if (text === "") return null;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1e3);
  if (/^\d/.test(text) || !/[a-z]/i.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}
function retryAfterMs(headers, nowMs) {
  const ms = headers.get("retry-after-ms")?.trim();
  if (ms !== void 0 && /^\d+(\.\d+)?$/.test(ms)) return Math.round(Number(ms));
  return parseRetryAfter(headers.get("retry-after"), nowMs);
}
function shorten(text, secrets = [], max = SERVER_TEXT_CHARS) {
  let clean = text;
  for (const secret of secrets) if (secret.length > 0) clean = clean.split(secret).join("***");
  clean = clean.replace(/\s+/g, " ").trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}\u2026` : clean;
}
function serverError(body) {
  let parsed;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { text: body, code: null };
  }
  if (parsed !== null && typeof parsed === "object" && "error" in parsed) {
    const error = parsed.error;
    if (typeof error === "string") return { text: error, code: null };
    if (error !== null && typeof error === "object") {
      const { message, code, type } = error;
      const words = typeof message === "string" ? message : JSON.stringify(error);
      const codeText = typeof code === "string" || typeof code === "number" ? String(code) : null;
      return { text: words, code: codeText ?? (typeof type === "string" ? type : null) };
    }
  }
  if (parsed !== null && typeof parsed === "object" && "message" in parsed) {
    const message = parsed.message;
    if (typeof message === "string") return { text: message, code: null };
  }
  return { text: body, code: null };
}
const isModelNotFound = (status, text, code) => status === 404 && (code === "model_not_found" || /model/i.test(text) && /not found|does not exist/i.test(text));
function httpFailure(input) {
  const { url, status, hints } = input;
  const { text, code } = serverError(input.body);
  const said = shorten(text, input.secrets);
  const answered = `${hints.service} at ${url} answered ${status}${said === "" ? "" : ` (${said})`}`;
  let kind = "http_error";
  let fix;
  let wait = null;
  if (status === 401 || status === 403) {
    kind = "authentication";
    fix = hints.authentication;
  } else if (status === 429) {
    kind = "rate_limited";
    wait = retryAfterMs(input.headers, input.nowMs);
    fix = wait === null ? "it is rate limiting: wait, or lower the request rate" : `it is rate limiting and asks to wait ${Math.ceil(wait / 1e3)} s`;
  } else if (isModelNotFound(status, text, code)) {
    kind = "model_not_found";
    fix = hints.modelNotFound;
  } else if (status === 404) {
    fix = "check llm.base_url: nothing answers at this path";
  } else if (status >= 500) {
    fix = "the server failed: see its log";
  } else {
    fix = "the server refused the request";
  }
  return new LlmError(`${answered}: ${fix}`, kind, status, wait);
}
function describeCause(error) {
  const parts = [];
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = e.code;
    if (typeof code === "string") return e.message.includes(code) ? e.message : `${code}: ${e.message}`;
    if (e.message !== "" && e.message !== "fetch failed") parts.push(e.message);
  }
  return parts[0] ?? (error instanceof Error ? error.message : String(error));
}
async function readCapped(response, limit) {
  if (response.body === null) return "";
  const chunks = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.length;
    if (size > limit) {
      await response.body.cancel().catch(() => void 0);
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}
async function postJson(options) {
  const { url, hints } = options;
  if (options.signal?.aborted) throw new LlmError(`the call to ${url} was cancelled`, "cancelled");
  const timeout = AbortSignal.timeout(Math.max(1, Math.round(options.timeoutMs)));
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...options.headers },
      body: JSON.stringify(options.body),
      signal,
      redirect: "error"
    });
    const text = await readCapped(response, options.maxBodyBytes);
    if (text === null)
      return { status: response.status, headers: response.headers, text: "", overLimit: true };
    return { status: response.status, headers: response.headers, text };
  } catch (error) {
    if (error instanceof LlmError) throw error;
    if (options.signal?.aborted) throw new LlmError(`the call to ${url} was cancelled`, "cancelled");
    if (timeout.aborted)
      throw new LlmError(
        `${hints.service} at ${url} did not answer within ${options.timeoutMs / 1e3} s: raise llm.timeout_secs, or use a smaller or already loaded model`,
        "timeout"
      );
    const cause = shorten(describeCause(error), options.secrets);
    throw new LlmError(
      `cannot reach ${hints.service} at ${url} (${cause}): ${hints.unreachable}`,
      "unreachable"
    );
  }
}
function parseJsonReply(reply, url, hints) {
  try {
    return JSON.parse(reply.text);
  } catch {
    const start = shorten(reply.text, [], 120);
    throw new LlmError(
      `${hints.service} at ${url} answered ${reply.status} with a body that is not JSON${start === "" ? " (empty)" : ` (${start})`}: check that llm.base_url points at ${hints.service}`,
      "bad_response",
      reply.status
    );
  }
}
const tokenCount = (value) => typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null;
const joinUrl = (base, path) => `${base.replace(/\/+$/, "")}${path}`;
const overLongReply = (model) => ({
  text: "",
  usage: NO_USAGE$1,
  model,
  truncated: true
});

const MODEL_PLACEHOLDER = "{model}";
function defaultCommand(platform) {
  return platform === "win32" ? ["wsl", "bash", "-c", `ollama run ${MODEL_PLACEHOLDER}`] : ["ollama", "run", MODEL_PLACEHOLDER];
}
const usesModel = (argv) => argv.some((arg) => arg.includes(MODEL_PLACEHOLDER));
const substituteModel = (argv, model) => argv.map((arg) => arg.split(MODEL_PLACEHOLDER).join(model));
const commandLine = (argv) => argv.map((arg) => arg === "" || /[\s"'\\$`]/.test(arg) ? JSON.stringify(arg) : arg).join(" ");
const DRAIN_MS = 500;
async function runCommand(argv, stdin, options) {
  const { clock } = options;
  const grace = options.killGraceMs ?? 2e3;
  const out = [];
  let kept = 0;
  let seen = 0;
  let errTail = "";
  let child;
  try {
    child = options.spawn(argv[0], argv.slice(1), {
      cwd: options.cwd,
      env: withCookie(options.env, options.cookie),
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
      windowsHide: true
    });
  } catch (error) {
    const words = error instanceof Error ? error.message : String(error);
    return {
      outcome: "not_started",
      exitCode: null,
      signal: null,
      stdout: "",
      truncated: false,
      stderrTail: words
    };
  }
  let startError = null;
  const exited = new Promise((resolve) => {
    child.once("error", (error) => {
      startError = error;
      resolve({ code: null, signal: null });
    });
    child.once("exit", (code2, signal2) => resolve({ code: code2, signal: signal2 }));
  });
  const closed = new Promise((resolve) => {
    child.once("close", () => resolve());
    child.once("error", () => resolve());
  });
  child.stdout?.on("data", (chunk) => {
    seen += chunk.length;
    if (kept >= options.maxStdoutBytes) return;
    const part = chunk.subarray(0, options.maxStdoutBytes - kept);
    out.push(part);
    kept += part.length;
  });
  child.stderr?.on("data", (chunk) => {
    errTail = (errTail + chunk.toString("utf8")).slice(-4096);
  });
  child.stdin?.on("error", () => void 0);
  child.stdin?.end(stdin);
  const stopWaiting = new AbortController();
  const onAbort = () => stopWaiting.abort();
  options.signal?.addEventListener("abort", onAbort, { once: true });
  if (options.signal?.aborted) stopWaiting.abort();
  const winner = await Promise.race([
    exited.then(() => "exited"),
    clock.sleep(options.timeoutMs, stopWaiting.signal).then((elapsed) => elapsed ? "timeout" : options.signal?.aborted ? "cancelled" : "exited")
  ]);
  options.signal?.removeEventListener("abort", onAbort);
  stopWaiting.abort();
  const pid = child.pid;
  const endLeftovers = async () => {
    await Promise.all([
      pid === void 0 ? null : terminateGroup(pid, grace, clock),
      options.cookie === void 0 ? null : endCarriers(options.cookie, grace, clock)
    ]);
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  if (winner !== "exited") await endLeftovers();
  const { code, signal } = await exited;
  const drained = new AbortController();
  closed.then(
    () => drained.abort(),
    () => drained.abort()
  );
  await clock.sleep(winner === "exited" ? DRAIN_MS : 0, drained.signal);
  if (winner === "exited" && pid !== void 0) await endLeftovers();
  child.stdout?.destroy();
  child.stderr?.destroy();
  await closed;
  const failed = startError;
  return {
    outcome: failed !== null ? "not_started" : winner,
    exitCode: code,
    signal,
    stdout: Buffer.concat(out).toString("utf8"),
    truncated: seen > kept,
    stderrTail: failed !== null ? failed.message : errTail.trim()
  };
}
const tail = (text) => shorten(text.slice(-600), [], 600);
function commandTransport(options) {
  const line = commandLine(options.argv);
  const seconds = options.timeoutMs / 1e3;
  return {
    provider: "command",
    model: options.model,
    endpoint: line,
    async call(request) {
      if (request.signal?.aborted) throw new LlmError(`llm.command \`${line}\` was cancelled`, "cancelled");
      const started = options.clock.monotonic();
      const run = await runCommand(options.argv, renderPrompt(request.messages), {
        ...options,
        maxStdoutBytes: options.maxAnswerBytes + 1,
        signal: request.signal
      });
      if (run.outcome === "not_started")
        throw new LlmError(
          `cannot start llm.command \`${line}\` (${tail(run.stderrTail)}): install ${options.argv[0]} or set llm.command`,
          "command_failed"
        );
      if (run.outcome === "cancelled")
        throw new LlmError(`llm.command \`${line}\` was cancelled (its processes were ended)`, "cancelled");
      if (run.outcome === "timeout")
        throw new LlmError(
          `llm.command \`${line}\` gave no answer within ${seconds} s and was ended: raise llm.timeout_secs, or use a smaller or already loaded model`,
          "timeout"
        );
      if (run.exitCode !== 0) {
        const how = run.exitCode === null ? `was killed by ${run.signal ?? "a signal"}` : `exited with ${run.exitCode}`;
        const said = run.stderrTail === "" ? "nothing on stderr" : tail(run.stderrTail);
        throw new LlmError(`llm.command \`${line}\` ${how} (${said})`, "command_failed");
      }
      return {
        text: run.stdout,
        usage: NO_USAGE$1,
        model: options.model,
        duration_ms: Math.round(Math.max(0, options.clock.monotonic() - started)),
        ...run.truncated ? { truncated: true } : {}
      };
    }
  };
}

const maxBodyBytes = (maxAnswerBytes) => maxAnswerBytes * 6 + 64 * 1024;
function httpTransport(wire, options) {
  const url = joinUrl(options.baseUrl, wire.path);
  const hints = wire.hints(options.model, options.apiKeyEnv);
  const secrets = options.apiKey === void 0 ? [] : [options.apiKey];
  const headers = options.apiKey === void 0 ? {} : { authorization: `Bearer ${options.apiKey}` };
  return {
    provider: wire.provider,
    model: options.model,
    endpoint: url,
    async call(request) {
      const started = options.clock.monotonic();
      const reply = await postJson({
        url,
        body: wire.body(options.model, options.temperature, request),
        headers,
        timeoutMs: options.timeoutMs,
        signal: request.signal,
        maxBodyBytes: maxBodyBytes(options.maxAnswerBytes),
        hints,
        secrets
      });
      if (reply.status < 200 || reply.status > 299)
        throw httpFailure({ ...reply, body: reply.text, url, nowMs: options.clock.now(), hints, secrets });
      if (reply.overLimit)
        return {
          ...overLongReply(options.model),
          duration_ms: Math.round(Math.max(0, options.clock.monotonic() - started))
        };
      const answer = wire.reply(parseJsonReply(reply, url, hints), url, hints, secrets);
      return {
        ...answer,
        model: answer.model ?? options.model,
        duration_ms: Math.round(Math.max(0, options.clock.monotonic() - started))
      };
    }
  };
}

function ollamaHints(model, apiKeyEnv) {
  return {
    service: "Ollama",
    unreachable: "start Ollama (`ollama serve`) or set llm.base_url",
    modelNotFound: `pull the model: \`ollama pull ${model}\`, or set llm.model to one \`ollama list\` shows`,
    authentication: apiKeyEnv === void 0 ? "it wants an API key: set llm.api_key_env to the name of the variable that holds it" : `set the variable named by llm.api_key_env (${apiKeyEnv}) to a key this server accepts`
  };
}
function ollamaBody(model, temperature, request) {
  return {
    model,
    messages: request.messages.map(({ role, content }) => ({ role, content })),
    stream: false,
    format: request.schema,
    options: { temperature }
  };
}
function ollamaReply(parsed, url, hints, secrets) {
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
    throw new LlmError(`${hints.service} at ${url} answered with JSON that is not an object`, "bad_response");
  const body = parsed;
  const content = body.message?.content;
  if (body.message == null && typeof body.error === "string")
    throw new LlmError(
      `${hints.service} at ${url} answered with an error: ${shorten(body.error, secrets)}`,
      "http_error"
    );
  return {
    text: typeof content === "string" ? content : "",
    usage: { input_tokens: tokenCount(body.prompt_eval_count), output_tokens: tokenCount(body.eval_count) },
    model: typeof body.model === "string" ? body.model : null
  };
}
const ollamaWire = {
  provider: "ollama",
  path: "/api/chat",
  hints: ollamaHints,
  body: ollamaBody,
  reply: ollamaReply
};

const SCHEMA_NAME = "worker_answer";
function openaiHints(model, apiKeyEnv) {
  return {
    service: "the OpenAI-compatible server",
    unreachable: "start it (llama.cpp: `llama-server -m MODEL.gguf`, which listens on 127.0.0.1:8080) or set llm.base_url",
    modelNotFound: `set llm.model to a model this server serves (it has no "${model}")`,
    authentication: apiKeyEnv === void 0 ? "it wants an API key: set llm.api_key_env to the name of the variable that holds it" : `set the variable named by llm.api_key_env (${apiKeyEnv}) to a valid key`
  };
}
function openaiBody(model, temperature, request) {
  return {
    model,
    messages: request.messages.map(({ role, content }) => ({ role, content })),
    temperature,
    stream: false,
    response_format: {
      type: "json_schema",
      json_schema: { name: SCHEMA_NAME, schema: request.schema, strict: false }
    }
  };
}
function openaiReply(parsed, url, hints, secrets) {
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
    throw new LlmError(`${hints.service} at ${url} answered with JSON that is not an object`, "bad_response");
  const body = parsed;
  const choice = Array.isArray(body.choices) ? body.choices[0] : void 0;
  if (body.choices === void 0 && body.error !== void 0 && body.error !== null)
    throw new LlmError(
      `${hints.service} at ${url} answered with an error: ${shorten(JSON.stringify(body.error), secrets)}`,
      "http_error"
    );
  const content = choice !== null && typeof choice === "object" ? choice.message?.content : void 0;
  return {
    text: typeof content === "string" ? content : "",
    usage: {
      input_tokens: tokenCount(body.usage?.prompt_tokens),
      output_tokens: tokenCount(body.usage?.completion_tokens)
    },
    model: typeof body.model === "string" ? body.model : null
  };
}
const openaiWire = {
  provider: "openai",
  path: "/chat/completions",
  hints: openaiHints,
  body: openaiBody,
  reply: openaiReply
};

class LlmConfigError extends HarnessError {
  constructor(message, key) {
    super(message, EXIT.usage);
    this.key = key;
  }
  key;
  name = "LlmConfigError";
}
function apiKeyFrom(llm, env) {
  const name = llm.api_key_env;
  if (name === void 0) return void 0;
  const value = env[name];
  if (value === void 0 || value.trim() === "")
    throw new LlmConfigError(
      `llm.api_key_env names ${name}, which is not set${value === void 0 ? "" : " (it is empty)"}: export ${name} with the API key, or remove llm.api_key_env if the server needs none`,
      "llm.api_key_env"
    );
  return value.trim();
}
function transportFor(llm, deps) {
  const timeoutMs = llm.timeout_secs * 1e3;
  if (llm.provider === "command") {
    const argv = llm.command ?? defaultCommand(deps.platform ?? process.platform);
    const configured = llm.command !== void 0;
    if (argv.length === 0 || argv[0] === "")
      throw new LlmConfigError(
        'llm.command[0] is empty: name the program to run, e.g. ["ollama", "run", "{model}"]',
        "llm.command"
      );
    if (usesModel(argv) && llm.model === void 0)
      throw new LlmConfigError(
        configured ? "llm.command uses {model} but llm.model is not set: set llm.model, or write the model into llm.command" : 'llm.model is not set: the default llm.command (`ollama run {model}`) needs it; set llm.model (e.g. "qwen2.5-coder:7b") or llm.command',
        "llm.model"
      );
    return commandTransport({
      argv: llm.model === void 0 ? [...argv] : substituteModel(argv, llm.model),
      model: llm.model ?? null,
      env: deps.env,
      timeoutMs,
      maxAnswerBytes: llm.max_answer_bytes,
      spawn: deps.spawn,
      clock: deps.clock,
      cookie: deps.cookie
    });
  }
  if (llm.model === void 0)
    throw new LlmConfigError(
      `llm.model is not set: llm.provider = "${llm.provider}" needs the model's name${llm.provider === "ollama" ? ' (one `ollama list` shows, e.g. "qwen2.5-coder:7b")' : " (the one the server serves)"}`,
      "llm.model"
    );
  const options = {
    baseUrl: llm.base_url ?? DEFAULT_BASE_URLS[llm.provider],
    model: llm.model,
    temperature: llm.temperature,
    timeoutMs,
    apiKey: apiKeyFrom(llm, deps.env),
    apiKeyEnv: llm.api_key_env,
    maxAnswerBytes: llm.max_answer_bytes,
    clock: deps.clock
  };
  return httpTransport(llm.provider === "ollama" ? ollamaWire : openaiWire, options);
}

let sequence = 0;
function tempName(name) {
  let cut = name;
  while (Buffer.byteLength(cut) > 200) cut = cut.slice(0, -1);
  return `.${cut}.${process.pid}.${sequence++}.tmp`;
}
async function placeFile(sandbox, path, content, maxBytes, mode) {
  const target = resolveModelPath(sandbox, path);
  const given = target.given;
  const bytes = Buffer.byteLength(content, "utf8");
  if (bytes > maxBytes)
    throw failure(given, `the content is ${bytes} bytes, over the ${maxBytes}-byte write limit`);
  if (target.trailingSlash) throw failure(given, 'names a directory (it ends with "/"), not a file');
  if (isRoot(sandbox, target.absolute)) throw failure(given, "is a directory");
  const dir = await openParent(sandbox, dirname(target.absolute), given);
  try {
    await placeIn(sandbox, dir, basename(target.absolute), content, mode, given, 0);
  } finally {
    await closeQuietly(dir.handle);
  }
}
async function openParent(sandbox, parent, given) {
  const { real, missing } = await existingAncestor(sandbox, parent, given);
  let dir = await openDir(sandbox, real, given);
  try {
    for (const name of missing) {
      if (isDenied(sandbox, join(dir.real, name)))
        throw violation$1(given, "a protected path (not available to the worker)");
      await mkdir(at(dir, name)).catch((error) => {
        if (errnoCode(error) !== "EEXIST") throw error;
      });
      const next = await openAt(sandbox, dir, name, DIR_FLAGS, given);
      await closeQuietly(dir.handle);
      dir = { handle: next.handle, real: next.real };
    }
    return dir;
  } catch (error) {
    await closeQuietly(dir.handle);
    throw error;
  }
}
async function placeIn(sandbox, dir, name, content, mode, given, hops) {
  if (isDenied(sandbox, join(dir.real, name)))
    throw violation$1(given, "a protected path (not available to the worker)");
  const existing = await lstat(at(dir, name)).catch((error) => {
    if (errnoCode(error) === "ENOENT") return null;
    throw error;
  });
  if (existing !== null && mode === "create")
    throw failure(given, "already exists (use write_file to replace it)");
  if (existing?.isSymbolicLink()) {
    if (hops > 0) throw violation$1(given, "is a symbolic link where none was expected (refused)");
    const real = await realpath(at(dir, name)).catch(async (error) => {
      if (errnoCode(error) !== "ENOENT") throw error;
      await refuseDanglingOut(sandbox, join(dir.real, name), given);
      throw failure(given, "is a symbolic link to something that does not exist");
    });
    if (!isAllowed(sandbox, real)) throw violation$1(given, "resolves outside the allowed paths");
    if (isRoot(sandbox, real)) throw failure(given, "is a directory");
    const parent = await openDir(sandbox, dirname(real), given);
    try {
      return await placeIn(sandbox, parent, basename(real), content, mode, given, hops + 1);
    } finally {
      await closeQuietly(parent.handle);
    }
  }
  if (existing?.isDirectory()) throw failure(given, "is a directory");
  if (existing !== null && !existing.isFile())
    throw violation$1(given, "is not a regular file (a FIFO, socket or device)");
  await writeThrough(sandbox, dir, name, content, mode, given, existing ? existing.mode & 511 : null);
}
async function writeThrough(sandbox, dir, name, content, mode, given, fileMode) {
  const temp = tempName(name);
  let made = false;
  try {
    const file = await openAt(sandbox, dir, temp, TEMP_FLAGS, given, fileMode ?? 438).catch(
      async (error) => {
        if (errnoCode(error) !== "EEXIST") await unlink(at(dir, temp)).catch(() => void 0);
        throw error;
      }
    );
    made = true;
    try {
      if (fileMode !== null) await file.handle.chmod(fileMode);
      await verify(sandbox, dir.handle, dir.real, given);
      await file.handle.writeFile(content, "utf8");
    } catch (error) {
      await closeQuietly(file.handle);
      throw error;
    }
    await file.handle.close();
    await verify(sandbox, dir.handle, dir.real, given);
    if (mode === "replace") {
      await rename(at(dir, temp), at(dir, name));
      made = false;
    } else {
      await createExclusive(at(dir, temp), at(dir, name)).catch((error) => {
        throw errnoCode(error) === "EEXIST" ? failure(given, "already exists (use write_file to replace it)") : error;
      });
    }
  } finally {
    if (made) await unlink(at(dir, temp)).catch(() => void 0);
  }
}
async function createExclusive(temp, target) {
  try {
    await link(temp, target);
  } catch (error) {
    const code = errnoCode(error);
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP") throw error;
    await copyFile(temp, target, constants.COPYFILE_EXCL);
  }
}

async function createFile(sandbox, args, limits) {
  await placeFile(sandbox, args.path, args.content, limits.max_write_bytes, "create");
  return true;
}

const MAX_ALTERNATIVES = 256;
function globMatcher(pattern) {
  const alternatives = expandBraces(pattern.replace(/^\.\//, ""), pattern).map(
    (alt) => alt.split("/").map((segment) => segment === "**" ? "globstar" : tokens(segment))
  );
  const match = (segments) => alternatives.some((alt) => matchPath(alt, segments));
  return pattern.includes("/") ? (relativePath) => match(relativePath.split("/")) : (_path, name) => match([name]);
}
function expandBraces(pattern, given) {
  let results = [""];
  let i = 0;
  while (i < pattern.length) {
    const char = pattern[i];
    if (char === "\\" && i + 1 < pattern.length) {
      results = results.map((r) => r + pattern.slice(i, i + 2));
      i += 2;
      continue;
    }
    const close = char === "{" ? closingBrace(pattern, i) : -1;
    if (close < 0) {
      results = results.map((r) => r + char);
      i++;
      continue;
    }
    const options = splitTopLevel(pattern.slice(i + 1, close)).flatMap(
      (option) => expandBraces(option, given)
    );
    results = results.flatMap((r) => options.map((o) => r + o));
    if (results.length > MAX_ALTERNATIVES)
      throw failure(given, `the pattern expands to over ${MAX_ALTERNATIVES} alternatives`);
    i = close + 1;
  }
  return results;
}
function closingBrace(pattern, open) {
  let depth = 0;
  let comma = false;
  for (let i = open; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === "\\") i++;
    else if (char === "{") depth++;
    else if (char === "," && depth === 1) comma = true;
    else if (char === "}" && --depth === 0) return comma ? i : -1;
  }
  return -1;
}
function splitTopLevel(body) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (char === "\\") i++;
    else if (char === "{") depth++;
    else if (char === "}") depth--;
    else if (char === "," && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}
function tokens(segment) {
  const out = [];
  const chars = [...segment];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i];
    if (char === "\\" && i + 1 < chars.length) out.push({ kind: "char", char: chars[++i] });
    else if (char === "*") {
      if (out.at(-1)?.kind !== "star") out.push({ kind: "star" });
    } else if (char === "?") out.push({ kind: "one" });
    else if (char === "[") {
      const set = characterSet(chars, i);
      if (set === null) out.push({ kind: "char", char });
      else {
        out.push({ kind: "set", test: set.test });
        i = set.end;
      }
    } else out.push({ kind: "char", char });
  }
  return out;
}
function characterSet(chars, open) {
  let i = open + 1;
  const negated = chars[i] === "!" || chars[i] === "^";
  if (negated) i++;
  const ranges = [];
  for (let first = true; i < chars.length; i++, first = false) {
    const char = chars[i];
    if (char === "]" && !first) {
      const test = (c) => ranges.some(([lo2, hi]) => c >= lo2 && c <= hi) !== negated;
      return { test, end: i };
    }
    const lo = char === "\\" && i + 1 < chars.length ? chars[++i] : char;
    if (chars[i + 1] === "-" && i + 2 < chars.length && chars[i + 2] !== "]") {
      ranges.push([lo, chars[i + 2]]);
      i += 2;
    } else ranges.push([lo, lo]);
  }
  return null;
}
function matchName(pattern, name) {
  const chars = /[\ud800-\udfff]/.test(name) ? [...name] : name;
  let p = 0;
  let n = 0;
  let star = -1;
  let resume = 0;
  while (n < chars.length) {
    const token = pattern[p];
    if (token !== void 0 && token.kind !== "star" && fits(token, chars[n])) {
      p++;
      n++;
    } else if (token?.kind === "star") {
      star = p++;
      resume = n;
    } else if (star >= 0) {
      p = star + 1;
      n = ++resume;
    } else return false;
  }
  while (pattern[p]?.kind === "star") p++;
  return p === pattern.length;
}
function fits(token, char) {
  if (token.kind === "char") return token.char === char;
  if (token.kind === "one") return true;
  return token.test(char);
}
function matchPath(pattern, segments) {
  let p = 0;
  let s = 0;
  let star = -1;
  let resume = 0;
  while (s < segments.length) {
    const segment = pattern[p];
    if (segment !== void 0 && segment !== "globstar" && matchName(segment, segments[s])) {
      p++;
      s++;
    } else if (segment === "globstar") {
      star = p++;
      resume = s;
    } else if (star >= 0) {
      p = star + 1;
      s = ++resume;
    } else return false;
  }
  while (pattern[p] === "globstar") p++;
  return p === pattern.length;
}

const SLICE_MS = 10;
async function findFiles(sandbox, args, limits) {
  const matches = globMatcher(args.pattern);
  const start = resolveModelPath(sandbox, args.start_path);
  const given = start.given;
  const real = await realInside(sandbox, start.absolute, given);
  if (real === null) throw failure(given, "no such directory");
  const top = await openDir(sandbox, real, given).catch((error) => {
    const refused = toolFailureFor(error, "find_files", given);
    throw refused.message.includes("(ENOTDIR)") ? failure(given, "is not a directory") : refused;
  });
  const found = [];
  const stack = [];
  const inWorkspace = within(sandbox.workspace, top.real);
  const base = modelPath(sandbox, top.real);
  const shown = (absolute) => {
    if (!inWorkspace) return absolute;
    const rest = below(top.real, absolute);
    return base === "." ? rest : `${base}/${rest}`;
  };
  const walk = { sandbox, maxDepth: args.max_depth, matches, found, shown };
  try {
    stack.push(frame(walk, top.handle.fd, top.real, "", 0));
    let slice = performance.now();
    while (stack.length > 0) {
      if (performance.now() - slice > SLICE_MS) {
        await new Promise((resume) => setImmediate(resume));
        slice = performance.now();
      }
      const current = stack[stack.length - 1];
      const name = current.pending.pop();
      if (name === void 0) {
        stack.pop();
        if (stack.length > 0) closeSync(current.fd);
        continue;
      }
      const fd = openChild(sandbox, current, name);
      if (fd === null) continue;
      const rel = current.rel === "" ? name : `${current.rel}/${name}`;
      try {
        stack.push(frame(walk, fd, childOf(current.real, name), rel, current.depth + 1));
      } catch (error) {
        closeSync(fd);
        throw error;
      }
    }
  } finally {
    for (const open of stack.splice(1)) closeSync(open.fd);
    await closeQuietly(top.handle);
  }
  found.sort();
  if (found.length <= limits.max_find_results) return { result: found };
  return {
    result: found.slice(0, limits.max_find_results),
    note: `cut at ${limits.max_find_results} of ${found.length} paths: narrow the pattern, start deeper or lower max_depth`
  };
}
const childOf = (real, name) => real.endsWith(sep) ? `${real}${name}` : `${real}${sep}${name}`;
function frame(walk, fd, real, rel, depth) {
  const entries = readdirSync(PROC_FD ? `/proc/self/fd/${fd}` : real, { withFileTypes: true });
  if (!PROC_FD && !samePlace(walk.sandbox, fd, real)) return { fd, real, rel, depth, pending: [] };
  const pending = [];
  for (const entry of entries) {
    const path = rel === "" ? entry.name : `${rel}/${entry.name}`;
    const absolute = childOf(real, entry.name);
    if (isDenied(walk.sandbox, absolute)) continue;
    const directory = entry.isDirectory();
    if (walk.matches(path, entry.name))
      walk.found.push(directory ? `${walk.shown(absolute)}/` : walk.shown(absolute));
    if (directory && depth < walk.maxDepth) pending.push(entry.name);
  }
  return { fd, real, rel, depth, pending };
}
function openChild(sandbox, parent, name) {
  let fd;
  try {
    fd = openSync(PROC_FD ? `/proc/self/fd/${parent.fd}/${name}` : join(parent.real, name), DIR_FLAGS);
  } catch (error) {
    const code = errnoCode(error);
    if (code === "ENOENT" || code === "ENOTDIR" || code === "ELOOP" || code === "EACCES" || code === "EPERM")
      return null;
    throw error;
  }
  const expected = join(parent.real, name);
  if (PROC_FD ? kernelPathIs(sandbox, fd, expected) : samePlace(sandbox, fd, expected)) return fd;
  closeSync(fd);
  return null;
}
function kernelPathIs(sandbox, fd, expected) {
  try {
    const actual = readlinkSync(`/proc/self/fd/${fd}`);
    return actual === expected && isAllowed(sandbox, actual);
  } catch {
    return false;
  }
}
function samePlace(sandbox, fd, path) {
  try {
    const actual = realpathSync(path);
    const seen = lstatSync(actual);
    const open = fstatSync(fd);
    return isAllowed(sandbox, actual) && seen.ino === open.ino && seen.dev === open.dev;
  } catch {
    return false;
  }
}

async function listDirectory(sandbox, args, limits) {
  const target = resolveModelPath(sandbox, args.path);
  const given = target.given;
  const real = await realInside(sandbox, target.absolute, given);
  if (real === null) throw failure(given, "no such directory");
  let dir;
  try {
    dir = await openDir(sandbox, real, given);
  } catch (error) {
    const refused = toolFailureFor(error, "list_directory", given);
    if (refused.message.includes("(ENOTDIR)")) throw failure(given, "is not a directory (use read_file)");
    throw refused;
  }
  try {
    const entries = await listDir(sandbox, dir, given);
    const names = entries.filter((entry) => !isDenied(sandbox, join(dir.real, entry.name))).map((entry) => entry.isDirectory() ? `${entry.name}/` : entry.name).sort();
    if (names.length <= limits.max_list_entries) return { result: names };
    return {
      result: names.slice(0, limits.max_list_entries),
      note: `cut at ${limits.max_list_entries} of ${names.length} entries: list a subdirectory or use find_files with a pattern`
    };
  } finally {
    await closeQuietly(dir.handle);
  }
}

async function readFile(sandbox, args, limits) {
  const target = resolveModelPath(sandbox, args.path);
  const given = target.given;
  const real = await realInside(sandbox, target.absolute, given);
  if (real === null) throw failure(given, "no such file");
  if (isRoot(sandbox, real)) throw failure(given, "is a directory (use list_directory)");
  const before = await lstat(real);
  if (before.isDirectory()) throw failure(given, "is a directory (use list_directory)");
  if (!before.isFile()) throw violation$1(given, "is not a regular file (a FIFO, socket or device)");
  let parent = null;
  let file = null;
  try {
    parent = await openDir(sandbox, dirname(real), given);
    file = await openAt(sandbox, parent, basename(real), READ_FLAGS, given);
    const stats = await file.handle.stat();
    if (stats.isDirectory()) throw failure(given, "is a directory (use list_directory)");
    if (!stats.isFile()) throw violation$1(given, "is not a regular file (a FIFO, socket or device)");
    if (target.trailingSlash) throw failure(given, "is a file, not a directory");
    if (stats.size > limits.max_read_bytes)
      throw failure(given, `is ${stats.size} bytes, over the ${limits.max_read_bytes}-byte read limit`);
    const buffer = Buffer.alloc(limits.max_read_bytes + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await file.handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > limits.max_read_bytes)
      throw failure(given, `is over the ${limits.max_read_bytes}-byte read limit`);
    const bytes = buffer.subarray(0, length);
    if (bytes.includes(0)) throw failure(given, "is a binary file (it holds NUL bytes)");
    return bytes.toString("utf8");
  } finally {
    await closeQuietly(file?.handle);
    await closeQuietly(parent?.handle);
  }
}

async function writeFile(sandbox, args, limits) {
  await placeFile(sandbox, args.path, args.content, limits.max_write_bytes, "replace");
  return true;
}

const RUN = {
  read_file: async (args, ctx) => ({ result: await readFile(ctx.sandbox, args, ctx.limits) }),
  write_file: async (args, ctx) => ({ result: await writeFile(ctx.sandbox, args, ctx.limits) }),
  create_file: async (args, ctx) => ({ result: await createFile(ctx.sandbox, args, ctx.limits) }),
  list_directory: (args, ctx) => listDirectory(ctx.sandbox, args, ctx.limits),
  find_files: (args, ctx) => findFiles(ctx.sandbox, args, ctx.limits)
};
async function runAction(action, ctx) {
  const tool = action.tool;
  if (!isToolName(tool))
    return {
      tool,
      ok: false,
      error: `unknown tool ${JSON.stringify(tool)}: the tools are ${TOOL_NAMES.join(", ")}`
    };
  const parsed = TOOL_SCHEMAS[tool].safeParse(action.args);
  if (!parsed.success)
    return {
      tool,
      ok: false,
      error: `${tool}: bad args: ${describeIssues(parsed.error.issues, action.args)}`
    };
  try {
    const run = RUN[tool];
    const outcome = await run(parsed.data, ctx);
    return outcome.note === void 0 ? { tool, ok: true, result: outcome.result } : { tool, ok: true, result: outcome.result, note: outcome.note };
  } catch (error) {
    const refused = toolFailureFor(error, tool, givenPath(parsed.data));
    const message = `${tool}: ${refused.message}`;
    return refused.violation ? { tool, ok: false, error: message, violation: true } : { tool, ok: false, error: message };
  }
}
function describeIssues(issues, args) {
  return issues.map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join(".") : "args";
    if (issue.code === "unrecognized_keys")
      return `unknown key${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => JSON.stringify(k)).join(", ")} (allowed: the tool's own keys only)`;
    const key = issue.path[0];
    if (issue.code === "invalid_type" && typeof key === "string" && !Object.hasOwn(args, key))
      return `${where}: required`;
    return `${where}: ${issue.message}`;
  }).join("; ");
}
function givenPath(args) {
  const record = args;
  const path = typeof record.path === "string" ? record.path : record.start_path;
  return typeof path === "string" ? path : "(no path)";
}

const INTERRUPTED = "not run: the worker was interrupted";
const TIMED_OUT = "not run: the task ran out of time (timeout_seconds)";
async function runActions(step, results) {
  const pending = {
    iteration: step.iteration,
    timestamp: step.timestamp,
    llm_response: step.answer,
    results: [],
    usage: step.usage,
    duration_ms: { model: step.modelMs }
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

const TOOLS = `Tools (exactly these five; "args" is an object with exactly these keys):
- read_file {"path": string} -> the file's text, or an error
- write_file {"path": string, "content": string} -> true; overwrites the file, creates it (and its directories) if missing
- create_file {"path": string, "content": string} -> true; fails if the file exists
- list_directory {"path": string} -> the names in the directory (directories end with "/")
- find_files {"pattern": string, "start_path": string, "max_depth"?: integer 0-20, default 3} -> matching paths (glob: *, **, ?, {a,b}; a pattern with "/" matches the path below start_path, otherwise the file name)`;
function systemMessage(input) {
  const [workspace, ...others] = input.roots;
  return [
    "You are a worker inside a harness. Each turn you answer with file operations; the harness runs them and shows you the results next turn. You have no memory between turns except what this message shows.",
    "",
    "Answer format: exactly one JSON object and nothing else (no prose, no Markdown):",
    '{"reasoning": "optional short note", "actions": [{"tool": "read_file", "args": {"path": "src/a.txt"}}]}',
    '"actions" is required and may be empty ([]); "reasoning" is optional and ignored; any other field is refused. Actions run in order; one that fails does not stop the others.',
    "",
    TOOLS,
    "There are no other tools: no shell, no network.",
    "",
    `Paths: relative paths resolve against the workspace ${workspace ?? "(none)"}.` + (others.length > 0 ? ` Absolute paths may also be under: ${others.join(", ")}.` : "") + ` Put files you produce as the task's output in ${input.artifacts}. Anything else (outside these directories, .git, .harness, the task directory) is refused and recorded as a security violation.`,
    "",
    `The harness decides when the task ends (after at most ${input.task.constraints.max_iterations} iterations or ${input.task.constraints.timeout_seconds} seconds, or when it is stopped); you cannot end it. When the work is done, answer {"actions": []}.`
  ].join("\n");
}
function userMessage(input) {
  const parts = [
    "Task:",
    input.task.prompt.trim(),
    "",
    `Iteration ${input.iteration} of ${input.task.constraints.max_iterations}.`
  ];
  const shown = input.historyIterations > 0 ? input.history.slice(-input.historyIterations) : [];
  if (shown.length === 0) parts.push("", "No earlier iterations.");
  else {
    const skipped = input.history.length - shown.length;
    parts.push("", `Earlier iterations (oldest first${skipped > 0 ? `; ${skipped} older not shown` : ""}):`);
    for (const line of shown) parts.push("", ...describeIteration(line, input.maxResultBytes));
  }
  const last = input.history.at(-1);
  const errors = last !== void 0 ? lastErrors(last) : [];
  if (errors.length > 0)
    parts.push("", `Errors in the last iteration (${last.iteration}):`, ...errors.map((e) => `- ${e}`));
  return parts.join("\n");
}
function buildMessages(input) {
  return [
    { role: "system", content: systemMessage(input) },
    { role: "user", content: userMessage(input) }
  ];
}
function describeIteration(line, maxBytes) {
  const out = [
    `## Iteration ${line.iteration}${line.interrupted ? " (interrupted: the worker was killed)" : ""}`
  ];
  if (line.llm_response === null) {
    out.push(`Your answer could not be used (${line.error?.kind ?? "error"}): ${line.error?.message ?? ""}`);
    return out;
  }
  out.push(`Your answer: ${JSON.stringify({ actions: line.llm_response.actions })}`);
  if (line.results.length === 0) out.push("No actions.");
  line.results.forEach(
    (result, i) => out.push(`Result ${i + 1} (${result.tool}): ${describeResult(result, maxBytes)}`)
  );
  return out;
}
function describeResult(result, maxBytes) {
  if (!result.ok) return cut(`error: ${result.error}`, maxBytes);
  const body = typeof result.result === "string" ? result.result : JSON.stringify(result.result);
  return cut(`ok: ${body}${result.note !== void 0 ? ` (${result.note})` : ""}`, maxBytes);
}
function lastErrors(line) {
  if (line.error !== null)
    return [`your answer could not be used (${line.error.kind}): ${line.error.message}`];
  return line.results.flatMap(
    (result, i) => result.ok ? [] : [`action ${i + 1} (${result.tool}): ${cut(result.error, 1024)}`]
  );
}
function firstBytes(text, maxBytes) {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= maxBytes) return text;
  let end = maxBytes;
  while (end > 0 && (bytes[end] & 192) === 128) end--;
  return bytes.subarray(0, end).toString("utf8");
}
function cut(text, maxBytes) {
  const total = Buffer.byteLength(text, "utf8");
  if (total <= maxBytes) return text;
  const head = firstBytes(text, maxBytes);
  return `${head}\u2026 [cut: ${total} bytes, the first ${Buffer.byteLength(head, "utf8")} shown]`;
}

const HOLD_POLL_MS = 250;
const newHoldState = () => ({
  path: void 0,
  rateLimits: 0,
  ownUntilMs: 0,
  warned: null
});
function rateLimitDecision(input) {
  return {
    untilMs: input.nowMs + Math.max(0, input.retryAfterMs ?? input.defaultWaitMs),
    giveUp: input.inARow > input.maxWaits
  };
}
function holdSleepMs(untilMs, nowMs, pollMs) {
  return untilMs <= nowMs ? 0 : Math.min(untilMs - nowMs, pollMs);
}
async function callModel(run, iteration, request) {
  const { clock, transport } = run.deps;
  const hold = run.hold;
  if (hold.path === void 0) {
    const from = holdPathFrom(run.deps.env);
    hold.path = from.path;
    if (from.problem !== null) warn(run, from.problem);
  }
  for (; ; ) {
    const waited = await waitForHold(run, iteration);
    if (waited !== null) return waited;
    run.rec.beat("calling_model", iteration);
    const started = clock.monotonic();
    try {
      const reply = await transport.call(request);
      hold.rateLimits = 0;
      return { reply, started };
    } catch (error) {
      if (hold.path === null || !(error instanceof LlmError) || error.kind !== "rate_limited") throw error;
      hold.rateLimits++;
      const { llm } = run.settings;
      const decision = rateLimitDecision({
        inARow: hold.rateLimits,
        maxWaits: llm.max_rate_limit_waits,
        retryAfterMs: error.retryAfterMs,
        defaultWaitMs: llm.rate_limit_wait_secs * 1e3,
        nowMs: clock.now()
      });
      hold.ownUntilMs = Math.max(hold.ownUntilMs, decision.untilMs);
      const now = new Date(clock.now()).toISOString();
      const until = new Date(decision.untilMs).toISOString();
      const written = extendHold(hold.path, {
        until,
        set_at: now,
        set_by: run.task.task_id,
        status: error.status ?? 429
      });
      if (written.problem !== null) problem(run, hold.path, written.problem, "this worker still waits");
      if (decision.giveUp) throw error;
      run.deps.log("warn", {
        event: "model_rate_limited",
        task: run.task.task_id,
        iteration,
        until: written.hold?.until ?? until,
        retry_after_ms: error.retryAfterMs,
        waits: `${hold.rateLimits}/${llm.max_rate_limit_waits}`
      });
    }
  }
}
async function waitForHold(run, iteration) {
  const { clock, signal } = run.deps;
  const path = run.hold.path;
  if (path === null || path === void 0) return null;
  const began = clock.monotonic();
  let waiting = false;
  try {
    for (; ; ) {
      if (signal?.aborted) return "interrupted";
      const read = readHold(path);
      if (read.problem !== null) problem(run, path, read.problem, "taken as no hold");
      const untilMs = Math.max(run.hold.ownUntilMs, holdEndMs(read.hold));
      const sleep = holdSleepMs(untilMs, clock.now(), HOLD_POLL_MS);
      if (sleep === 0) return null;
      if (!waiting) {
        waiting = true;
        run.rec.beat("waiting_for_model", iteration);
        run.deps.log("info", {
          event: "model_hold",
          task: run.task.task_id,
          iteration,
          until: new Date(untilMs).toISOString(),
          set_by: read.hold !== null && holdEndMs(read.hold) >= untilMs ? read.hold.set_by : run.task.task_id
        });
      }
      if (!await clock.sleep(sleep, signal)) return "interrupted";
      if ((await run.rec.readState()).status === "stopped") return "stopped";
    }
  } finally {
    if (waiting) run.rec.notRunning(clock.monotonic() - began);
  }
}
function problem(run, path, what, consequence) {
  warn(run, `the model hold file ${path} ${what}: ${consequence}`);
}
function warn(run, message) {
  if (run.hold.warned === message) return;
  run.hold.warned = message;
  run.deps.log("warn", { event: "model_hold_ignored", task: run.task.task_id, message });
}

class Fatal extends HarnessError {
  constructor(kind, message, exitCode) {
    super(message, exitCode);
    this.kind = kind;
  }
  kind;
  name = "Fatal";
}
function fatalOf(error) {
  if (error instanceof Fatal) return error;
  if (error instanceof ToolFatalError) return new Fatal(error.kind, error.message, EXIT.writeFailed);
  if (error instanceof HarnessFileError)
    return new Fatal(fatalWriteKind(error.code) ?? "write_failed", error.message, EXIT.writeFailed);
  return null;
}
const NO_USAGE = { input_tokens: null, output_tokens: null };
function addUsage(total, more) {
  const add = (a, b) => a === null && b === null ? null : (a ?? 0) + (b ?? 0);
  return {
    input_tokens: add(total.input_tokens, more.input_tokens),
    output_tokens: add(total.output_tokens, more.output_tokens)
  };
}
const violationsIn = (results) => results.filter((result) => !result.ok && result.violation === true).length;
function iterationLine(fields) {
  const line = {
    iteration: fields.iteration,
    timestamp: new Date(fields.now).toISOString(),
    llm_response: fields.answer,
    error: fields.error,
    results: [...fields.results],
    usage: fields.usage,
    duration_ms: { model: fields.modelMs, tools: fields.toolsMs }
  };
  if (fields.fatal !== void 0) line.fatal = { kind: fields.fatal.kind, message: fields.fatal.message };
  return line;
}

function terminationFor(input) {
  if (input.status === "stopped") return "stopped";
  if (input.interrupted) return "interrupted";
  if (input.iteration >= input.maxIterations) return "max_iterations";
  if (timedOut(input.elapsedMs, input.timeoutSeconds)) return "timeout";
  return null;
}
function timedOut(elapsedMs, timeoutSeconds) {
  return elapsedMs > timeoutSeconds * 1e3;
}
function statusFor(reason) {
  switch (reason) {
    case "max_iterations":
    case "timeout":
    case "done":
      return "completed";
    case "stopped":
    case "interrupted":
      return "stopped";
    case "fatal":
      return "failed";
  }
}

async function iterate(run) {
  const { worker, llm } = run.settings;
  const rec = run.rec;
  rec.step("reading_state", rec.state.iteration);
  const reason = termination(run);
  if (reason !== null) return reason;
  const i = rec.state.iteration + 1;
  const messages = buildMessages({
    task: run.task,
    iteration: i,
    history: rec.history,
    historyIterations: worker.history_iterations,
    maxResultBytes: worker.max_result_bytes,
    roots: run.sandbox.roots,
    artifacts: run.sandbox.roots.at(-1)
  });
  const signal = run.deps.signal;
  let called;
  try {
    called = await callModel(run, i, {
      messages,
      schema: answerJsonSchema(),
      ...signal ? { signal } : {}
    });
  } catch (error2) {
    if (signal?.aborted) return "interrupted";
    if (!(error2 instanceof LlmError)) throw error2;
    const fatal = new Fatal(error2.kind, error2.message, EXIT.modelUnreachable);
    const now = run.deps.clock.monotonic();
    rec.logLine(rec.line(i, [], NO_USAGE, now, now, { fatal }));
    throw fatal;
  }
  if (typeof called === "string") return called;
  const { reply, started: modelStart } = called;
  const toolsStart = run.deps.clock.monotonic();
  run.model = reply.model ?? run.model;
  run.usage = addUsage(run.usage, reply.usage);
  const parsed = parseAnswer(reply.text, llm.max_answer_bytes, reply.truncated === true);
  const answer = parsed.ok ? parsed.answer : null;
  if ((await rec.readState()).status === "stopped") return "stopped";
  const results = [];
  const acting = answer !== null && answer.actions.length > 0;
  if (acting) {
    rec.beat("executing_action", i);
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
          ...signal ? { signal } : {},
          overdue: () => timedOut(rec.elapsed(), run.task.constraints.timeout_seconds),
          onViolation: (tool, error2) => violation(run, i, tool, error2)
        },
        results
      );
    } catch (error2) {
      if (!(error2 instanceof ToolFatalError)) throw error2;
      results.push({ tool: answer.actions[results.length]?.tool ?? "", ok: false, error: error2.message });
      const fatal = fatalOf(error2);
      const line2 = rec.line(i, results, reply.usage, modelStart, toolsStart, { answer, fatal });
      try {
        rec.logLine(line2);
        removePending(run.dir);
      } catch {
      }
      throw fatal;
    }
    run.tally.actions += results.filter(
      (r) => r.ok || r.error !== INTERRUPTED && r.error !== TIMED_OUT
    ).length;
  }
  rec.step("writing_state", i);
  const error = parsed.ok ? null : parsed.error;
  const line = rec.line(i, results, reply.usage, modelStart, toolsStart, { answer, error });
  if (error !== null) {
    line.raw = firstBytes(reply.text, 2048);
    run.deps.log("warn", {
      event: "answer_error",
      iteration: i,
      kind: error.kind,
      message: error.message
    });
  }
  rec.logLine(line);
  const found = violationsIn(results);
  await rec.setState((current) => ({
    ...current,
    iteration: Math.max(current.iteration, i),
    security_violations: current.security_violations + found
  }));
  if (acting) removePending(run.dir);
  run.tally.iterations++;
  rec.step("sleeping", i);
  return null;
}
function termination(run) {
  return terminationFor({
    status: run.rec.state.status,
    iteration: run.rec.state.iteration,
    maxIterations: run.task.constraints.max_iterations,
    elapsedMs: run.rec.elapsed(),
    timeoutSeconds: run.task.constraints.timeout_seconds,
    interrupted: run.deps.signal?.aborted === true
  });
}
function violation(run, iteration, tool, error) {
  run.tally.violations++;
  run.deps.log("warn", { event: "security_violation", task: run.task.task_id, iteration, tool, error });
}

const KILLED_RUNNING = "not run: the worker was killed during this iteration; it may or may not have completed";
const KILLED_NOT_STARTED = "not run: the worker was killed during this iteration";
function lastCounted(lines) {
  let last = 0;
  for (const line of lines) if (line.fatal === void 0 && line.iteration > last) last = line.iteration;
  return last;
}
function decideStart(input) {
  if (input.state.status === "completed") return { kind: "done" };
  if (input.state.status === "stopped" && input.state.termination_reason === "done")
    return { kind: "done", complete: true };
  let iteration = Math.max(input.state.iteration, lastCounted(input.lines));
  let violations = 0;
  for (const line of input.lines)
    if (line.fatal === void 0 && line.iteration > input.state.iteration)
      violations += violationsIn(line.results);
  let interrupted = null;
  const pending = input.pending;
  if (pending !== null && pending.iteration > iteration) {
    interrupted = interruptedLine(pending, input.now);
    iteration = pending.iteration;
    violations += violationsIn(interrupted.results);
  }
  return { kind: "run", iteration, interrupted, removePending: pending !== null, violations };
}
function interruptedLine(pending, now) {
  const actions = pending.llm_response.actions;
  const done = pending.results.slice(0, actions.length);
  const rest = actions.slice(done.length).map((action, i) => ({
    tool: action.tool,
    ok: false,
    error: i === 0 ? KILLED_RUNNING : KILLED_NOT_STARTED
  }));
  return {
    iteration: pending.iteration,
    timestamp: now,
    llm_response: pending.llm_response,
    error: null,
    results: [...done, ...rest],
    usage: pending.usage,
    duration_ms: { model: pending.duration_ms.model, tools: 0 },
    interrupted: true
  };
}

const HEARTBEAT_LAG_MS = 1e3;
class HeartbeatWriter {
  constructor(dir, clock, intervalMs) {
    this.dir = dir;
    this.clock = clock;
    this.intervalMs = intervalMs;
    this.lagMs = Math.min(HEARTBEAT_LAG_MS, intervalMs);
    this.since = clock.now();
  }
  dir;
  clock;
  intervalMs;
  status = "reading_state";
  iteration = 0;
  /** Wall time the current step began: heartbeat.json's `since`, so a supervisor sees a step that hangs. */
  since;
  /** The clock's monotonic reading at the last write. */
  written = -Infinity;
  /** A step to write is waiting for the lag to pass. */
  dirty = false;
  lagMs;
  refresher = null;
  stopped = false;
  /** Cuts the refresher's current sleep short: a step to write, or the end. */
  wake = null;
  /**
   * A step that waits on the outside begins: written now when the last write is lagMs old (or there is no
   * refresher, or `now`), else by the refresher once it is. Throws a HarnessFileError when written and failing.
   */
  beat(status, iteration, now = false) {
    this.step(status, iteration);
    if (now || this.refresher === null || this.clock.monotonic() - this.written >= this.lagMs) {
      this.write();
      return;
    }
    if (this.dirty) return;
    this.dirty = true;
    this.wake?.abort(null);
  }
  /** Records a bookkeeping step without writing it: the refresher writes it if it lasts intervalMs. */
  step(status, iteration) {
    if (status !== this.status || iteration !== this.iteration) this.since = this.clock.now();
    this.status = status;
    this.iteration = iteration;
  }
  /** Starts the refresher: the current step written whenever it is due (the rule above), until stop(). */
  start() {
    if (this.refresher !== null || this.stopped) return;
    this.refresher = (async () => {
      while (!this.stopped) {
        const wake = new AbortController();
        this.wake = wake;
        const due = this.written + (this.dirty ? this.lagMs : this.intervalMs);
        await this.clock.sleep(Math.max(1, due - this.clock.monotonic()), wake.signal);
        if (this.stopped) return;
        if (this.clock.monotonic() - this.written < (this.dirty ? this.lagMs : this.intervalMs)) continue;
        try {
          this.write();
        } catch {
        }
      }
    })();
  }
  /** Stops the refresher; no write follows once this settles. */
  async stop() {
    this.stopped = true;
    this.wake?.abort(null);
    await this.refresher;
  }
  write() {
    const timestamp = new Date(this.clock.now()).toISOString();
    writeHeartbeat(this.dir, {
      iteration: this.iteration,
      timestamp,
      status: this.status,
      pid: process.pid,
      since: new Date(this.since).toISOString()
    });
    this.written = this.clock.monotonic();
    this.dirty = false;
  }
}

class TaskRecord {
  constructor(dir, clock, state, log, options) {
    this.dir = dir;
    this.clock = clock;
    this.options = options;
    this.state = state;
    this.written = state.status;
    this.torn = log.torn;
    this.history = log.lines.filter(shown).slice(-(options.keep + 1));
    this.runStart = clock.monotonic();
    this.baseElapsed = state.elapsed_ms;
    this.heart = new HeartbeatWriter(dir, clock, options.heartbeatMs);
  }
  dir;
  clock;
  options;
  state;
  /** Recent iterations for the context (fatal lines without results left out). */
  history;
  heart;
  /** The status this process last wrote: a `stopped` it did not write is an external stop, never overwritten. */
  written;
  torn;
  runStart;
  baseElapsed;
  /** This run's time that is not running time: waits on the model's hold (model-call.ts). */
  held = 0;
  /** Running time: what earlier runs recorded plus this run's, its waits on the model's hold left out. */
  elapsed() {
    return this.baseElapsed + Math.round(Math.max(0, this.clock.monotonic() - this.runStart - this.held));
  }
  /** `ms` of this run were spent waiting on the model's hold: not running time. */
  notRunning(ms) {
    this.held += Math.max(0, ms);
  }
  iso(ms = this.clock.now()) {
    return new Date(ms).toISOString();
  }
  /** state.json now, read again once if another process is caught mid-write (readStateSettled). */
  async readState() {
    this.state = await readStateSettled(this.dir);
    return this.state;
  }
  /** Writes the state under the mutex with the running time refreshed; an external stop is kept. */
  async setState(change) {
    this.state = await updateState(this.dir, (current) => {
      const next = { ...change(current), updated_at: this.iso(), elapsed_ms: this.elapsed() };
      if (current.status !== "stopped" || this.written === "stopped" || next.status === "stopped")
        return next;
      if (current.termination_reason === "done" && next.status === "completed" && next.termination_reason === "done")
        return next;
      return { ...next, status: "stopped", termination_reason: current.termination_reason ?? "stopped" };
    });
    this.written = this.state.status;
  }
  logLine(line) {
    appendActionLine(this.dir, line, this.torn);
    this.torn = false;
    if (shown(line)) this.history.push(line);
    if (this.history.length > this.options.keep + 1) this.history.shift();
    this.options.onLine?.(line);
  }
  /** Iteration `iteration`'s line, the model's time from `modelStart` to `toolsStart`, the tools' since. */
  line(iteration, results, usage, modelStart, toolsStart, more) {
    const toolsEnd = this.clock.monotonic();
    return iterationLine({
      iteration,
      now: this.clock.now(),
      answer: more.answer ?? null,
      error: more.error ?? null,
      results,
      usage,
      modelMs: Math.round(Math.max(0, toolsStart - modelStart)),
      toolsMs: Math.round(Math.max(0, toolsEnd - toolsStart)),
      ...more.fatal ? { fatal: more.fatal } : {}
    });
  }
  /** A step that waits on the outside begins (heartbeat.ts's rule); `now`: written at once (the start, the end). */
  beat(status, iteration, now = false) {
    this.heart.beat(status, iteration, now);
  }
  /** Records a bookkeeping step: written only if it lasts worker.heartbeat_secs (heartbeat.ts). */
  step(status, iteration) {
    this.heart.step(status, iteration);
  }
}
const shown = (line) => line.fatal === void 0 || line.results.length > 0;

async function openTaskSandbox(dir, task, extra = {}) {
  const artifacts = taskFile(dir, "artifacts");
  await namingFile(artifacts, () => mkdir(artifacts, { recursive: true }));
  const allowed = [...task.constraints.allowed_paths.map((path) => resolve(dir, path)), artifacts];
  const { roots } = await openSandbox({ allowed, denied: [] });
  const denied = [dir, ...await otherTasks(dir, roots), ...extra.paths ?? []];
  return openSandbox({ allowed, denied, deniedPrefixes: extra.prefixes ?? [] });
}
async function otherTasks(dir, roots) {
  const realDir = await realpath(dir);
  const parent = dirname(realDir);
  if (parent === realDir) return [];
  const ownArtifacts = join(realDir, TASK_FILES.artifacts);
  const holdsRoot = roots.some(
    (root) => within(parent, root) && !within(realDir, root) && root !== ownArtifacts
  );
  if (!holdsRoot) return [parent];
  const names = await readdir(parent).catch(() => []);
  const siblings = [];
  for (const name of names) {
    const sibling = join(parent, name);
    if (sibling === realDir) continue;
    const info = await stat(join(sibling, TASK_FILES.task)).catch(() => null);
    if (info !== null) siblings.push(sibling);
  }
  return siblings;
}

async function sweepPendingTemps(sandbox, pending) {
  const dirs = /* @__PURE__ */ new Set();
  for (const action of pending.llm_response.actions) {
    const path = action.args.path;
    if (typeof path !== "string") continue;
    try {
      dirs.add(dirname(resolveModelPath(sandbox, path).absolute));
    } catch {
    }
  }
  let removed = 0;
  for (const dir of dirs) {
    const real = await realpath(dir).catch(() => null);
    if (real !== null && isAllowed(sandbox, real) && !isDenied(sandbox, real))
      removed += await sweepStaleTemps(real);
  }
  return removed;
}

async function runTask(taskDir, settings, deps) {
  const dir = resolve(taskDir);
  readTask(dir);
  const lock = await lockTask(dir, deps.cookie);
  try {
    return await new TaskRun(dir, settings, deps).run();
  } finally {
    await lock.release();
  }
}
class TaskRun {
  constructor(dir, settings, deps) {
    this.dir = dir;
    this.settings = settings;
    this.deps = deps;
  }
  dir;
  settings;
  deps;
  task;
  rec;
  sandbox;
  tally = { iterations: 0, actions: 0, violations: 0 };
  hold = newHoldState();
  usage = NO_USAGE;
  model = null;
  async run() {
    adoptTaskDefinition(this.dir, new Date(this.deps.clock.now()).toISOString());
    this.task = readTask(this.dir);
    const state = readState(this.dir);
    const log = readActionLog(this.dir);
    const pending = readPending(this.dir);
    const { worker } = this.settings;
    this.rec = new TaskRecord(this.dir, this.deps.clock, state, log, {
      heartbeatMs: worker.heartbeat_secs * 1e3,
      keep: worker.history_iterations,
      ...this.deps.onLine ? { onLine: this.deps.onLine } : {}
    });
    const decision = decideStart({ state, lines: log.lines, pending, now: this.rec.iso() });
    if (decision.kind === "done") {
      if (decision.complete) await this.rec.setState((current) => ({ ...current, status: "completed" }));
      return this.outcome(null);
    }
    this.sandbox = await openTaskSandbox(this.dir, this.task, this.deps.denied);
    try {
      this.rec.beat("reading_state", state.iteration, true);
      this.rec.heart.start();
      if (pending !== null) await sweepPendingTemps(this.sandbox, pending);
      if (decision.interrupted !== null) this.rec.logLine(decision.interrupted);
      removePending(this.dir);
      await this.rec.setState((current) => ({
        ...current,
        status: "running",
        termination_reason: null,
        error: null,
        iteration: Math.max(current.iteration, decision.iteration),
        started_at: current.started_at ?? this.rec.iso(),
        security_violations: current.security_violations + decision.violations
      }));
      const iteration = this.rec.state.iteration;
      this.deps.log("info", { event: "worker_start", task: this.task.task_id, iteration });
      for (; ; ) {
        const reason = await iterate(this);
        if (reason !== null) return await this.finish(reason);
      }
    } catch (error) {
      const fatal = fatalOf(error);
      if (fatal === null) throw error;
      return this.fail(fatal);
    } finally {
      await this.rec.heart.stop();
    }
  }
  async finish(reason) {
    await this.rec.setState(
      (current) => current.status === "stopped" ? current.termination_reason === "done" ? (
        // a supervisor found it done (stop-task.ts): the task is complete, not merely stopped
        { ...current, status: "completed" }
      ) : { ...current, termination_reason: current.termination_reason ?? "stopped" } : { ...current, status: statusFor(reason), termination_reason: reason }
    );
    this.rec.beat("done", this.rec.state.iteration, true);
    const { status, termination_reason: why, iteration } = this.rec.state;
    this.deps.log("info", { event: "worker_end", task: this.task.task_id, status, reason: why, iteration });
    return this.outcome(null);
  }
  /** Ends the task as failed; a state that cannot be written either is left as it is (the outcome says why). */
  async fail(fatal) {
    const error = { kind: fatal.kind, message: fatal.message };
    this.deps.log("error", { event: "worker_fatal", task: this.task.task_id, ...error });
    const failed = { status: "failed", termination_reason: "fatal", error };
    try {
      await this.rec.setState((current) => ({ ...current, ...failed }));
      this.rec.beat("done", this.rec.state.iteration, true);
    } catch {
      this.rec.state = { ...this.rec.state, ...failed };
    }
    return this.outcome(fatal.exitCode);
  }
  outcome(exitCode) {
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
      exit_code: exitCode ?? EXIT.ok
    };
  }
}

export { createTask as a, createTaskAt as c, runTask as r, transportFor as t };
