import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, dirname, basename } from 'node:path';
import { T as TASK_FILES, a as readTask, t as taskFile, r as readState, p as pendingState, W as WorkerStateError, b as readHeartbeat, c as holdEndMs, d as readHold } from './task-driver-WpeUzbPL.js';
import { l as lockHolderAlive, u as updateState } from './state-lock-Cj8p1ocN.js';
import { t as textTable } from './text-table-Kb3cLKic.js';
import './input-file-Cbt1w_j3.js';
import './exit-codes-BkuRLrXJ.js';
import 'node:crypto';

function livenessOf(input) {
  if (input.status !== "running") return "-";
  if (!input.holderAlive) return "dead";
  if (input.heartbeatAgeMs === null || input.heartbeatAgeMs > input.staleAfterSecs * 1e3) return "stale";
  return "alive";
}
async function findTaskDirs(dir) {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  if (entries.some((entry) => entry.isFile() && entry.name === TASK_FILES.task)) return [dir];
  const dirs = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const inner = await readdir(join(dir, entry.name)).catch(() => []);
    if (inner.includes(TASK_FILES.task)) dirs.push(join(dir, entry.name));
  }
  return dirs;
}
async function readListing(dir, now, staleAfterSecs) {
  let task = null;
  let state = null;
  let problem;
  try {
    task = readTask(dir);
    state = existsSync(taskFile(dir, "state")) ? readState(dir) : pendingState(task.created_at);
  } catch (error) {
    if (!(error instanceof WorkerStateError)) throw error;
    problem = error.message;
  }
  const heartbeat = readHeartbeat(dir);
  const age = heartbeat === null ? null : Math.max(0, now - Date.parse(heartbeat.timestamp));
  const status = state?.status ?? "unreadable";
  return {
    dir,
    task_id: task?.task_id ?? dir.split(/[\\/]/).at(-1),
    status,
    iteration: state?.iteration ?? 0,
    max_iterations: task?.constraints.max_iterations ?? 0,
    termination_reason: state?.termination_reason ?? null,
    liveness: livenessOf({
      status,
      holderAlive: status === "running" && await lockHolderAlive(dir),
      heartbeatAgeMs: age,
      staleAfterSecs
    }),
    heartbeat_age_secs: age === null ? null : Math.round(age / 1e3),
    prompt: task?.prompt ?? "",
    created_at: task?.created_at ?? "",
    ...problem !== void 0 ? { problem } : {}
  };
}
async function listTasks(dir, now, staleAfterSecs) {
  const listings = await Promise.all(
    (await findTaskDirs(dir)).map((d) => readListing(d, now, staleAfterSecs))
  );
  return listings.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.dir.localeCompare(b.dir));
}
const firstLine = (text, max = 60) => {
  const line = text.trim().split("\n")[0] ?? "";
  return line.length > max ? `${line.slice(0, max - 1)}\u2026` : line;
};
function formatListing(listings) {
  if (listings.length === 0) return "No tasks.";
  const rows = listings.map((t) => [
    t.task_id.slice(0, 8),
    t.status,
    t.status === "unreadable" ? "-" : `${t.iteration}/${t.max_iterations}`,
    t.termination_reason ?? "-",
    t.liveness === "stale" && t.heartbeat_age_secs !== null ? `stale (${t.heartbeat_age_secs}s)` : t.liveness,
    t.problem !== void 0 ? t.problem : firstLine(t.prompt)
  ]);
  const header = ["TASK", "STATUS", "ITER", "REASON", "LIVENESS", "PROMPT"];
  return textTable(header, rows, header.length).join("\n");
}

async function stopTask(dir, clock, reason = "stopped") {
  let before = null;
  let changed = false;
  readTask(dir);
  await updateState(dir, (current) => {
    before = current;
    if (current.status === "completed" || current.status === "failed" || current.status === "stopped")
      return null;
    changed = true;
    return {
      ...current,
      status: "stopped",
      termination_reason: reason,
      updated_at: new Date(clock.now()).toISOString()
    };
  });
  return { before, changed };
}

const MODEL_HOLD_FILE = ".model-hold.json";
function holdUntil(path, now) {
  const until = holdEndMs(readHold(path).hold);
  return Number.isFinite(until) && until > now ? until : null;
}
const SUPERVISE_LOCK = "supervise.lock";
function supervisedDenied(holdPath, taskDirs) {
  if (holdPath === null) return { paths: [], prefixes: [] };
  const dirs = [.../* @__PURE__ */ new Set([dirname(holdPath), ...taskDirs.map((dir) => dirname(dir))])];
  return {
    paths: [holdPath, ...dirs.map((dir) => join(dir, SUPERVISE_LOCK))],
    prefixes: [
      { dir: dirname(holdPath), prefix: `.${basename(holdPath)}.` },
      ...dirs.map((dir) => ({ dir, prefix: `.${SUPERVISE_LOCK}.` }))
    ]
  };
}

export { MODEL_HOLD_FILE as M, SUPERVISE_LOCK as S, formatListing as a, supervisedDenied as b, findTaskDirs as f, holdUntil as h, listTasks as l, stopTask as s };
