import { t as textTable } from './text-table-Kb3cLKic.js';
import { availableParallelism } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { w as withCookie } from './input-file-Cbt1w_j3.js';
import { s as signalGroup } from './process-group-v69azfoj.js';
import { h as holdUntil, M as MODEL_HOLD_FILE, s as stopTask } from './model-hold-BUrQRjPB.js';
import { openSync, constants, fstatSync, readSync, closeSync, existsSync } from 'node:fs';
import { t as taskFile, a as readTask, r as readState, b as readHeartbeat, M as MODEL_HOLD_VAR } from './task-driver-WpeUzbPL.js';
import './exit-codes-BkuRLrXJ.js';
import 'node:fs/promises';

const DELIBERATE_STEPS = /* @__PURE__ */ new Set(["waiting_for_model", "done"]);
function decideIdle(snapshot, limits) {
  const { status, reason } = snapshot;
  if (status === "completed") return { kind: "finish", result: "completed", why: reason ?? "completed" };
  if (status === "stopped" && reason === "done") return { kind: "finish", result: "completed", why: "done" };
  if (status === "failed") return { kind: "finish", result: "failed", why: "failed" };
  if (limits.shuttingDown) return { kind: "finish", result: "stopped", why: "not started (interrupted)" };
  return limits.slotFree ? { kind: "start" } : { kind: "wait" };
}
function staleness(snapshot, limits) {
  const child = snapshot.child;
  if (child === null || child.exit !== null) return null;
  const beat = snapshot.heartbeat;
  if (beat === null) {
    const waited = limits.now - child.startedAt;
    return waited > limits.staleAfterMs ? `no heartbeat ${secs(waited)} after its start` : null;
  }
  if (beat.ageMs > limits.staleAfterMs) return `heartbeat ${secs(beat.ageMs)} old`;
  if (!limits.held && !DELIBERATE_STEPS.has(beat.status) && beat.stepMs > limits.staleAfterMs)
    return `${beat.status} for ${secs(beat.stepMs)}`;
  return null;
}
const secs = (ms) => `${Math.round(ms / 100) / 10} s`;
function decideRunning(snapshot, limits) {
  const child = snapshot.child;
  const stop = snapshot.stop;
  if (child.exit !== null) return afterExit(snapshot, limits);
  if (stop === null) {
    if (limits.shuttingDown) return { kind: "stop", cause: "shutdown" };
    if (snapshot.doneFound) return { kind: "stop", cause: "done" };
    const stale = staleness(snapshot, limits);
    return stale === null ? { kind: "wait" } : { kind: "stop", cause: "stale", why: stale };
  }
  if (stop.signalled === null)
    return limits.now - stop.at >= limits.graceMs ? { kind: "signal", signal: "SIGTERM" } : { kind: "wait" };
  if (stop.signalled === "SIGTERM" && limits.now - stop.signalledAt >= limits.graceMs)
    return { kind: "signal", signal: "SIGKILL" };
  return { kind: "wait" };
}
function afterExit(snapshot, limits) {
  const exit = snapshot.child.exit;
  const { status, reason } = snapshot;
  const cause = snapshot.stop?.cause ?? null;
  if (status === "completed" || status === "stopped" && reason === "done")
    return { kind: "finish", result: "completed", why: reason ?? "completed" };
  if (status === "failed")
    return { kind: "finish", result: "failed", why: `failed (exit ${exit.code ?? "-"})` };
  if (exit.code === 5) return { kind: "finish", result: "held", why: "another worker runs it (exit 5)" };
  if (cause === "shutdown" || limits.shuttingDown)
    return { kind: "finish", result: "stopped", why: "stopped (supervisor interrupted)" };
  const died = exit.signal !== null || status === "running";
  if (cause === "stale" || died) {
    const why = cause === "stale" ? "stale: stopped" : exit.signal !== null ? `its worker died (${exit.signal})` : `its worker exited ${exit.code ?? "-"} with the task still running`;
    if (snapshot.restarts >= limits.maxRestarts)
      return { kind: "finish", result: "gave_up", why: `${why}; ${limits.maxRestarts} restarts used` };
    return { kind: "restart", why };
  }
  if (exit.code !== 0 && exit.code !== null && status !== "stopped")
    return { kind: "finish", result: "error", why: `worker run exited ${exit.code}` };
  return { kind: "finish", result: "stopped", why: reason ?? "stopped" };
}
const allCompleted = (results) => results.every((result) => result === "completed");

const shortId = (id) => id.slice(0, 8);
const age = (ms) => ms === null ? "-" : `${Math.round(ms / 1e3)}s`;
function taskLine(view, withAge = true) {
  const parts = [
    shortId(view.task_id).padEnd(8),
    (view.result ?? view.status).padEnd(9),
    `${view.iteration}/${view.max_iterations}`.padEnd(7),
    (view.last_tool ?? "-").padEnd(14)
  ];
  if (withAge) parts.push(`hb ${age(view.heartbeat_age_ms)}`.padEnd(7));
  parts.push(`${view.tokens} tok`, `restarts ${view.restarts}`);
  if (view.result !== null && view.why !== null) parts.push(`(${view.why})`);
  return parts.join("  ").trimEnd();
}
function holdLine(until) {
  return until === null ? null : `model held until ${new Date(until).toISOString()}`;
}
function eventLine(event) {
  const { event: name, task, dir: _dir, ...fields } = event;
  if (name === "model_hold")
    return fields.until === null ? "model hold over" : `model held until ${fields.until}`;
  const rest = Object.entries(fields).filter(([, value]) => value !== void 0 && value !== null && value !== "").map(
    ([key, value]) => `${key}=${typeof value === "string" && /\s/.test(value) ? JSON.stringify(value) : String(value)}`
  );
  return [task === void 0 ? "" : shortId(task), name, ...rest].filter((p) => p !== "").join(" ");
}
function finalTable(views) {
  if (views.length === 0) return "No tasks.";
  const rows = views.map((v) => [
    shortId(v.task_id),
    v.result ?? "-",
    v.status,
    `${v.iteration}/${v.max_iterations}`,
    v.termination_reason ?? "-",
    String(v.restarts),
    String(v.tokens),
    v.why ?? ""
  ]);
  const header = ["TASK", "RESULT", "STATUS", "ITER", "REASON", "RESTARTS", "TOKENS", "WHY"];
  return textTable(header, rows, header.length).join("\n");
}
function lineChanges() {
  const seen = /* @__PURE__ */ new Map();
  return (view) => {
    const line = taskLine(view, false);
    if (seen.get(view.dir) === line) return null;
    seen.set(view.dir, line);
    return line;
  };
}

const OUTPUT_MAX = 2e3;
function runDoneCheck(command, workspace, timeoutMs, deps) {
  return new Promise((resolve) => {
    let output = "";
    const keep = (chunk) => {
      if (output.length < OUTPUT_MAX) output = (output + chunk.toString()).slice(0, OUTPUT_MAX);
    };
    let child;
    try {
      child = deps.spawn("/bin/sh", ["-c", command], {
        cwd: workspace,
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
        env: withCookie(deps.env, deps.cookie)
      });
    } catch (error) {
      resolve({ done: false, code: null, timedOut: false, output: error.message });
      return;
    }
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    const timer = new AbortController();
    let timedOut = false;
    deps.clock.sleep(timeoutMs, timer.signal).then(
      (elapsed) => {
        if (!elapsed || child.pid === void 0) return;
        timedOut = true;
        signalGroup(child.pid, "SIGKILL");
      },
      () => void 0
    );
    const end = () => {
      if (child.pid !== void 0) signalGroup(child.pid, "SIGKILL");
    };
    if (deps.signal?.aborted) end();
    deps.signal?.addEventListener("abort", end, { once: true });
    child.once("error", (error) => {
      deps.signal?.removeEventListener("abort", end);
      timer.abort();
      resolve({ done: false, code: null, timedOut: false, output: error.message });
    });
    child.once("close", (code) => {
      timer.abort();
      deps.signal?.removeEventListener("abort", end);
      if (child.pid !== void 0) signalGroup(child.pid, "SIGKILL");
      resolve({
        done: !timedOut && code === 0,
        code: timedOut ? null : code,
        timedOut,
        output: output.trim()
      });
    });
  });
}

const WRITE_TOOLS = /* @__PURE__ */ new Set(["write_file", "create_file"]);
const CHUNK = 64 * 1024;
function newsOf(lines) {
  const news = { lines: 0, wroteFiles: false, lastTool: null, tokens: 0 };
  for (const line of lines) {
    news.lines++;
    const results = Array.isArray(line.results) ? line.results : [];
    if (results.some((r) => WRITE_TOOLS.has(r.tool) && r.ok)) news.wroteFiles = true;
    const last = results.at(-1);
    if (last !== void 0) news.lastTool = last.tool;
    news.tokens += (line.usage?.input_tokens ?? 0) + (line.usage?.output_tokens ?? 0);
  }
  return news;
}
class ActionTail {
  constructor(path) {
    this.path = path;
  }
  path;
  offset = 0;
  partial = "";
  /** The lines appended since the last call (a regular file only; anything else reads as nothing new). */
  read() {
    const parsed = [];
    let fd;
    try {
      fd = openSync(this.path, constants.O_RDONLY | constants.O_NONBLOCK);
    } catch {
      return newsOf(parsed);
    }
    try {
      const info = fstatSync(fd);
      if (!info.isFile()) return newsOf(parsed);
      if (info.size < this.offset) {
        this.offset = 0;
        this.partial = "";
      }
      const buffer = Buffer.alloc(CHUNK);
      const decoder = new TextDecoder();
      let text = this.partial;
      for (; ; ) {
        const n = readSync(fd, buffer, 0, CHUNK, this.offset);
        if (n <= 0) break;
        this.offset += n;
        text += decoder.decode(buffer.subarray(0, n), { stream: true });
      }
      const cut = text.lastIndexOf("\n");
      this.partial = text.slice(cut + 1);
      for (const raw of text.slice(0, cut + 1).split("\n")) {
        if (raw.trim() === "") continue;
        try {
          const value = JSON.parse(raw);
          if (value !== null && typeof value === "object") parsed.push(value);
        } catch {
        }
      }
    } finally {
      closeSync(fd);
    }
    return newsOf(parsed);
  }
}

class Watched {
  constructor(dir) {
    this.dir = dir;
    this.tail = new ActionTail(taskFile(dir, "actions"));
    try {
      this.spec = readTask(dir);
    } catch (error) {
      this.problem = error.message;
    }
    this.id = this.spec?.task_id ?? basename(dir);
  }
  dir;
  id;
  spec = null;
  problem = null;
  status = null;
  reason = null;
  error = null;
  iteration = 0;
  tail;
  tokens = 0;
  lastTool = null;
  child = null;
  heartbeat = null;
  beatKey = "";
  beatKeySince = 0;
  restarts = 0;
  stop = null;
  doneFound = false;
  checking = false;
  recheck = false;
  result = null;
  why = null;
  /** Reads the task's files: `now` the supervisor's monotonic time, `wall` its wall time. */
  read(now, wall) {
    try {
      const state = existsSync(taskFile(this.dir, "state")) ? readState(this.dir) : null;
      this.status = state?.status ?? (this.spec !== null ? "pending" : null);
      this.reason = state?.termination_reason ?? null;
      this.iteration = state?.iteration ?? 0;
      this.error = state?.error ? `${state.error.kind}: ${state.error.message}` : null;
      this.problem = null;
    } catch (error) {
      this.status = null;
      this.problem = error.message;
    }
    const child = this.child;
    const beat = child === null ? null : readHeartbeat(this.dir);
    if (child !== null && beat !== null && beat.pid === child.pid) {
      const key = `${beat.iteration}:${beat.status}`;
      if (key !== this.beatKey) {
        this.beatKey = key;
        this.beatKeySince = now;
      }
      const since = beat.since === void 0 ? NaN : Date.parse(beat.since);
      this.heartbeat = {
        ageMs: Math.max(0, wall - Date.parse(beat.timestamp)),
        stepMs: Number.isFinite(since) ? Math.max(0, wall - since) : now - this.beatKeySince,
        status: beat.status
      };
    }
    const news = this.tail.read();
    this.tokens += news.tokens;
    if (news.lastTool !== null) this.lastTool = news.lastTool;
    return news;
  }
  /** The snapshot decide.ts judges a running task by. */
  snapshot(child) {
    return {
      status: this.status,
      reason: this.reason,
      child: { startedAt: child.startedAt, exit: child.exit },
      heartbeat: this.heartbeat,
      restarts: this.restarts,
      stop: this.stop,
      doneFound: this.doneFound
    };
  }
  /** What the progress shows; the heartbeat's age is this child's, as the last read() found it. */
  view() {
    const live = this.child !== null && this.result === null;
    return {
      dir: this.dir,
      task_id: this.id,
      status: this.status ?? "unreadable",
      termination_reason: this.reason,
      iteration: this.iteration,
      max_iterations: this.spec?.constraints.max_iterations ?? 0,
      last_tool: this.lastTool,
      heartbeat_age_ms: live ? this.heartbeat?.ageMs ?? null : null,
      tokens: this.tokens,
      restarts: this.restarts,
      pid: this.child !== null && this.child.exit === null ? this.child.pid : null,
      result: this.result,
      why: this.why ?? this.problem
    };
  }
}

function superviseSettings(worker, dir, over) {
  const staleAfterMs = (over.staleAfterSecs ?? worker.stale_after_secs) * 1e3;
  return {
    parallel: over.parallel ?? worker.supervise_parallel ?? Math.min(4, availableParallelism()),
    staleAfterMs,
    graceMs: over.graceMs,
    maxRestarts: over.maxRestarts ?? worker.supervise_max_restarts,
    doneWhen: over.doneWhen,
    doneTimeoutMs: worker.done_when_timeout_secs * 1e3,
    holdFile: join(dir, MODEL_HOLD_FILE),
    pollMs: Math.min(1e3, Math.max(100, staleAfterMs / 4))
  };
}
async function supervise(dirs, settings, deps) {
  const tasks = dirs.map((dir) => new Watched(dir));
  const checks = /* @__PURE__ */ new Set();
  const checkStop = new AbortController();
  let wake = new AbortController();
  const wakeUp = () => wake.abort();
  deps.signal.addEventListener("abort", wakeUp, { once: true });
  let held = null;
  const report = (task, event, fields = {}) => deps.report({ event, task: task.id, dir: task.dir, ...fields });
  const start = (task, restart) => {
    const { command, args } = deps.workerRun(task.dir);
    const env = withCookie({ ...deps.env, [MODEL_HOLD_VAR]: settings.holdFile }, deps.cookie);
    const startedAt = deps.clock.monotonic();
    let proc;
    try {
      proc = deps.spawn(command, args, {
        cwd: deps.cwd,
        env,
        detached: true,
        stdio: ["ignore", "pipe", "pipe"]
      });
    } catch (error) {
      task.result = "error";
      task.why = `worker run could not start: ${error.message}`;
      report(task, "finish", { result: task.result, why: task.why });
      return;
    }
    const child = { proc, pid: proc.pid ?? -1, startedAt, exit: null, stderr: "" };
    task.child = child;
    task.heartbeat = null;
    task.beatKey = "";
    task.stop = null;
    task.doneFound = false;
    proc.stdout?.resume();
    proc.stderr?.on("data", (chunk) => {
      child.stderr = (child.stderr + chunk.toString()).slice(-2e3);
    });
    proc.once("error", (error) => {
      child.stderr += error.message;
      child.exit ??= { code: 1, signal: null };
      wakeUp();
    });
    proc.once("exit", (code, signal) => {
      child.exit = { code, signal };
      wakeUp();
    });
    if (restart === null) report(task, "start", { pid: child.pid });
    else report(task, "restart", { pid: child.pid, restarts: task.restarts, why: restart });
  };
  const readFiles = (task, now, wall) => {
    const news = task.read(now, wall);
    const doneWhen = task.spec?.done_when ?? settings.doneWhen;
    const child = task.child;
    if (news.wroteFiles && doneWhen !== null && child !== null && child.exit === null && task.stop === null)
      check(task, doneWhen);
  };
  const check = (task, command) => {
    if (task.checking) {
      task.recheck = true;
      return;
    }
    task.checking = true;
    task.recheck = false;
    const workspace = resolve(task.dir, task.spec.constraints.allowed_paths[0]);
    const running = runDoneCheck(command, workspace, settings.doneTimeoutMs, {
      spawn: deps.spawn,
      clock: deps.clock,
      env: deps.env,
      cookie: deps.cookie,
      signal: checkStop.signal
    }).then((result) => {
      task.checking = false;
      report(task, "done_check", {
        done: result.done,
        code: result.code,
        timed_out: result.timedOut,
        output: result.output
      });
      if (result.done) task.doneFound = true;
      else if (task.recheck && task.stop === null && task.child?.exit === null) check(task, command);
      wakeUp();
    });
    checks.add(running);
    running.then(
      () => checks.delete(running),
      () => checks.delete(running)
    );
  };
  const requestStop = async (task, cause, why) => {
    task.stop = { cause, at: deps.clock.monotonic(), signalled: null, signalledAt: 0 };
    try {
      await stopTask(task.dir, deps.clock, cause === "done" ? "done" : "stopped");
      report(task, "stop", { cause, why });
    } catch (error) {
      report(task, "stop", { cause, why, error: error.message });
    }
  };
  const apply = async (task, decision) => {
    switch (decision.kind) {
      case "wait":
        return;
      case "start":
        return start(task, null);
      case "stop":
        return requestStop(task, decision.cause, decision.why);
      case "signal":
        signalGroup(task.child.pid, decision.signal);
        task.stop = { ...task.stop, signalled: decision.signal, signalledAt: deps.clock.monotonic() };
        report(task, "signal", { signal: decision.signal, pid: task.child.pid });
        return;
      case "restart":
        task.restarts++;
        return start(task, decision.why);
      case "finish": {
        const child = task.child;
        task.result = decision.result;
        task.why = decision.result === "failed" && task.error !== null ? task.error : decision.why;
        const stderr = child?.stderr.trim().split("\n").at(-1);
        if (decision.result === "error" && stderr) task.why = `${decision.why}: ${stderr}`;
        report(task, "finish", {
          result: task.result,
          why: task.why,
          status: task.status,
          reason: task.reason
        });
        return;
      }
    }
  };
  let shutdownSeen = false;
  for (; ; ) {
    const shuttingDown = deps.signal.aborted;
    if (shuttingDown && !shutdownSeen) {
      shutdownSeen = true;
      checkStop.abort();
    }
    const now = deps.clock.monotonic();
    const wall = deps.clock.now();
    const hold = holdUntil(settings.holdFile, wall);
    if (hold !== held) {
      held = hold;
      deps.report({ event: "model_hold", until: hold === null ? null : new Date(hold).toISOString() });
    }
    let running = tasks.filter((t) => t.result === null && t.child !== null).length;
    for (const task of tasks) {
      if (task.result !== null) continue;
      readFiles(task, now, wall);
      const limits = {
        now,
        staleAfterMs: settings.staleAfterMs,
        graceMs: settings.graceMs,
        maxRestarts: settings.maxRestarts,
        held: hold !== null,
        shuttingDown,
        slotFree: running < settings.parallel
      };
      if (task.child === null && task.problem !== null && task.spec === null) {
        await apply(task, { kind: "finish", result: "error", why: task.problem });
        continue;
      }
      const decision = task.child === null ? decideIdle(task, limits) : decideRunning(task.snapshot(task.child), limits);
      const hadChild = task.child !== null;
      await apply(task, decision);
      if (!hadChild && task.child !== null) running++;
      if (hadChild && task.result !== null) running--;
    }
    deps.refresh(
      tasks.map((task) => task.view()),
      held
    );
    if (tasks.every((task) => task.result !== null)) break;
    wake = new AbortController();
    if (deps.signal.aborted && !shuttingDown) continue;
    if (tasks.some((t) => t.child?.exit !== null && t.child !== null && t.result === null)) continue;
    await deps.clock.sleep(settings.pollMs, wake.signal);
  }
  deps.signal.removeEventListener("abort", wakeUp);
  await Promise.all([...checks]);
  return tasks.map((task) => task.view());
}

export { allCompleted as a, superviseSettings as b, eventLine as e, finalTable as f, holdLine as h, lineChanges as l, supervise as s, taskLine as t };
