import { existsSync, rmSync } from 'node:fs';
import { rm, appendFile, stat, rename, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { e as errorLine } from './error-line-D30764DK.js';
import { I as INIT_LOG, n as namingFile, a as processIdentity } from './harness-files-B0x0nX25.js';
import { r as readTail } from './tail-CzdcGSBg.js';
import { E as EXIT, H as HarnessError } from './exit-codes-BkuRLrXJ.js';
import { r as runShell } from './shell-xIIC2Ow-.js';
import { createHash } from 'node:crypto';
import { o as openInputFile, A as APPEND_FLAGS, r as readInputText } from './input-file-Cbt1w_j3.js';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import 'node:child_process';
import { i as isoSeconds } from './event-log-BGV3jqas.js';
import { D as DEPENDENCY_TAG, i as isPermanentlyFailed, b as isRetryable, h as hasDependencyError } from './store-B8ORO4c2.js';
import { tmpdir } from 'node:os';
import { w as writeFileAtomic } from './process-group-v69azfoj.js';
import { v as validPid, b as barePid, e as exclusively, d as releasedOnExit, l as lockOwnerUid, j as judgeLockHolder, c as claimOf, f as readLockTextSync } from './holder-DYQPLy_j.js';

const INIT_SCRIPT = "harness-init.sh";
const INTERRUPTED = "interrupted";
const TIMEOUT_MS = 6e5;
const TAIL_BYTES = 4096;
function initFailure(failure) {
  const how = failure.timedOut ? `was ended after ${TIMEOUT_MS / 6e4} minutes (exit ${failure.exitCode})` : `exited ${failure.exitCode}`;
  const lines = failure.output.trimEnd().split("\n").slice(-10);
  const shown = failure.output.trim() === "" ? "It printed nothing." : `Its last lines:
${lines.map((line) => `  ${line}`).join("\n")}`;
  return `${INIT_SCRIPT} failed twice, the last time it ${how}, so no task session started. ${shown}
${failure.log === null ? "Its output could not be kept" : `Its whole output: ${failure.log}`}. Fix the script or what it checks (it must exit 0, and may run at every session), then run again; try it alone with: sh ${INIT_SCRIPT}`;
}
async function runInitScript(state) {
  const { options } = state;
  if (options.signal?.aborted) return { stop: INTERRUPTED };
  const log = join(options.cwd, INIT_LOG);
  if (!existsSync(join(options.cwd, INIT_SCRIPT))) return null;
  for (let attempt = 1; ; attempt++) {
    const result = await runShell(`sh ./${INIT_SCRIPT} >./${INIT_LOG} 2>&1`, {
      cwd: options.cwd,
      env: options.env,
      timeoutMs: TIMEOUT_MS,
      clock: options.clock,
      spawn: options.spawn,
      ...state.containment()
    });
    if (result.interrupted) return { stop: INTERRUPTED };
    if (result.exitCode === 0) {
      await rm(log, { force: true });
      await state.note({ type: "INIT", message: "Environment health check: PASS" });
      return null;
    }
    const kept = await logTail(log);
    const output = kept ?? result.stderrTail;
    await state.note({
      type: "ERROR",
      category: "ENV_SETUP",
      message: `harness-init.sh failed (exit ${result.exitCode}, attempt ${attempt}/2): ${errorLine(output) ?? ""}`
    });
    if (attempt === 2) {
      const error = initFailure({
        exitCode: result.exitCode,
        timedOut: result.timedOut,
        output,
        log: kept === null ? null : log
      });
      return { stop: "env_setup", exitCode: EXIT.taskEnvironment, error };
    }
  }
}
function logTail(path) {
  return readTail(path, TAIL_BYTES).then(
    (tail) => tail.text,
    () => null
  );
}

const oneLine = (text) => text.replace(/\r\n|[\r\n\u2028\u2029]/g, " ");
function formatProgressLine(entry) {
  const parts = [`[${entry.ts.replace(/\.\d+Z$/, "Z")}]`, `[SESSION-${entry.session}]`, entry.type];
  if (entry.taskId !== void 0 && entry.taskId !== "") parts.push(`[${entry.taskId}]`);
  if (entry.category !== void 0) parts.push(`[${entry.category}]`);
  if (entry.message !== "") parts.push(entry.message);
  return oneLine(parts.join(" "));
}
class ProgressLog {
  constructor(path, now = Date.now) {
    this.path = path;
    this.now = now;
  }
  path;
  now;
  /** Appends one line; `ts` defaults to now. */
  async append(entry) {
    const line = formatProgressLine({ ...entry, ts: entry.ts ?? isoSeconds(this.now()) });
    await namingFile(this.path, () => appendFile(this.path, `${line}
`, { flag: APPEND_FLAGS }));
  }
  /** The last `n` lines (without newlines), oldest first; [] when the log does not exist. */
  async tail(n, blockSize = 64 * 1024) {
    if (n <= 0) return [];
    let handle;
    try {
      handle = await openInputFile(this.path, { what: "progress log", maxBytes: Infinity });
    } catch (error) {
      if (error.code === "ENOENT") return [];
      throw error;
    }
    try {
      const { size } = await handle.stat();
      const blocks = [];
      let position = size;
      let newlines = 0;
      while (position > 0 && newlines <= n) {
        const length = Math.min(blockSize, position);
        position -= length;
        const block = Buffer.alloc(length);
        let read = 0;
        while (read < length) {
          const { bytesRead } = await handle.read(block, read, length - read, position + read);
          if (bytesRead === 0) break;
          read += bytesRead;
        }
        blocks.unshift(block.subarray(0, read));
        for (let i = 0; i < read; i++) if (block[i] === 10) newlines++;
      }
      const lines = Buffer.concat(blocks).toString("utf8").split("\n");
      if (lines.at(-1) === "") lines.pop();
      if (position > 0) lines.shift();
      return lines.slice(-n).map((line) => line.replace(/\r$/, ""));
    } finally {
      await handle.close();
    }
  }
}
const shortHash = (hash) => hash.trim().slice(0, 7);
const quoted = (text) => JSON.stringify(oneLine(text));
function startingMessage(task, base) {
  return `${task.title} (base=${shortHash(base)})`;
}
function completedMessage(hash) {
  return `(commit ${shortHash(hash)})`;
}
function checkpointMessage(step, total, description) {
  return `step=${step}/${total} ${quoted(description)}`;
}
function lockAcquired(pid) {
  return `acquired (pid=${pid})`;
}
function lockReleased() {
  return "released";
}

function blockedEntries(graph) {
  const { n, order, rev, completed, depEntry, permFailed, tasks } = graph;
  const entries = [];
  const queue = new Int32Array(n);
  const queued = new Uint8Array(n);
  let head = 0;
  let tail = 0;
  for (const i of order) {
    if (permFailed[i]) {
      queue[tail++] = i;
      queued[i] = 1;
    }
  }
  while (head < tail) {
    const f = queue[head++];
    for (let e = rev.start[f]; e < rev.start[f + 1]; e++) {
      const t = rev.targets[e];
      if (completed[t] || depEntry[t]) continue;
      depEntry[t] = 1;
      permFailed[t] = 1;
      entries.push({ node: t, message: `${DEPENDENCY_TAG} Blocked by failed ${tasks[f].id}` });
      if (!queued[t]) {
        queued[t] = 1;
        queue[tail++] = t;
      }
    }
  }
  return entries;
}
function failedForGood(tasks) {
  const dependents = /* @__PURE__ */ new Map();
  const queue = [];
  const doomed = /* @__PURE__ */ new Set();
  for (const task of tasks) {
    if (task.status === "completed") continue;
    for (const dep of task.depends_on) {
      const list = dependents.get(dep);
      if (list) list.push(task);
      else dependents.set(dep, [task]);
    }
    if (isPermanentlyFailed(task)) {
      doomed.add(task.id);
      queue.push(task.id);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    for (const task of dependents.get(queue[head]) ?? []) {
      if (doomed.has(task.id)) continue;
      doomed.add(task.id);
      queue.push(task.id);
    }
  }
  return doomed;
}
function remainingWork(tasks, doomed = failedForGood(tasks)) {
  return tasks.some((task) => task.status !== "completed" && !doomed.has(task.id));
}

function idNumber(id) {
  const match = /(\d+)$/.exec(id);
  if (!match) return null;
  return match[1].replace(/^0+(?=\d)/, "");
}
function compareNumberStrings(a, b) {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}
function compareStrings(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}
function compareTaskIds(a, b) {
  const na = idNumber(a);
  const nb = idNumber(b);
  if (na !== null && nb !== null) {
    const byNumber = compareNumberStrings(na, nb);
    if (byNumber !== 0) return byNumber;
  } else if (na !== null) return -1;
  else if (nb !== null) return 1;
  return compareStrings(a, b);
}
function sortedById(tasks) {
  const numbers = tasks.map((t) => idNumber(t.id));
  return Array.from({ length: tasks.length }, (_, i) => i).sort((a, b) => {
    const na = numbers[a];
    const nb = numbers[b];
    if (na !== null && nb !== null) {
      const byNumber = compareNumberStrings(na, nb);
      if (byNumber !== 0) return byNumber;
    } else if (na !== null) return -1;
    else if (nb !== null) return 1;
    return compareStrings(tasks[a].id, tasks[b].id);
  });
}
function nextTaskId(tasks) {
  let max = 0n;
  for (const task of tasks) {
    const match = /^task-(\d+)$/.exec(task.id);
    if (!match) continue;
    const value = BigInt(match[1]);
    if (value > max) max = value;
  }
  return `task-${String(max + 1n).padStart(3, "0")}`;
}

const PRIORITY_RANK = { P0: 0, P1: 1, P2: 2 };
function priorityRank(priority) {
  return PRIORITY_RANK[priority] ?? 3;
}
function statusById(tasks) {
  const map = /* @__PURE__ */ new Map();
  for (const task of tasks) if (!map.has(task.id)) map.set(task.id, task.status);
  return map;
}
function depsCompleted(task, status) {
  return task.depends_on.every((dep) => status.get(dep) === "completed");
}
function comparePending(a, b) {
  return priorityRank(a.priority) - priorityRank(b.priority) || compareTaskIds(a.id, b.id);
}
function failedAtMs(task) {
  if (task.failed_at === null || task.failed_at === void 0) return -Infinity;
  const ms = Date.parse(task.failed_at);
  return Number.isNaN(ms) ? -Infinity : ms;
}
function compareRetry(a, b) {
  const byPriority = priorityRank(a.priority) - priorityRank(b.priority);
  if (byPriority !== 0) return byPriority;
  const fa = failedAtMs(a);
  const fb = failedAtMs(b);
  if (fa !== fb) return fa < fb ? -1 : 1;
  return compareTaskIds(a.id, b.id);
}
function readyTasks(tasks) {
  const status = statusById(tasks);
  const fresh = tasks.filter((t) => t.status === "pending" && depsCompleted(t, status)).sort(comparePending);
  const retries = tasks.filter((t) => isRetryable(t) && depsCompleted(t, status)).sort(compareRetry);
  return [...fresh, ...retries];
}
function selectNextTask(tasks) {
  const status = statusById(tasks);
  let best = null;
  for (const task of tasks) {
    if (task.status !== "pending" || !depsCompleted(task, status)) continue;
    if (best === null || comparePending(task, best) < 0) best = task;
  }
  if (best !== null) return best;
  for (const task of tasks) {
    if (!isRetryable(task) || !depsCompleted(task, status)) continue;
    if (best === null || compareRetry(task, best) < 0) best = task;
  }
  return best;
}

function buildCsr(n, count, fill) {
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) start[i + 1] = start[i] + count[i];
  const targets = new Int32Array(start[n]);
  const cursor = start.slice(0, n);
  fill((from, to) => {
    targets[cursor[from]++] = to;
  });
  return { start, targets };
}
function buildDependencyGraph(tasks) {
  const n = tasks.length;
  const indexById = /* @__PURE__ */ new Map();
  for (let i = 0; i < n; i++) if (!indexById.has(tasks[i].id)) indexById.set(tasks[i].id, i);
  const order = sortedById(tasks);
  const rank = new Int32Array(n);
  order.forEach((v, k) => rank[v] = k);
  const completed = new Uint8Array(n);
  const depEntry = new Uint8Array(n);
  const permFailed = new Uint8Array(n);
  const selfLoop = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const task = tasks[i];
    completed[i] = task.status === "completed" ? 1 : 0;
    depEntry[i] = hasDependencyError(task) ? 1 : 0;
    permFailed[i] = isPermanentlyFailed(task) ? 1 : 0;
  }
  const outCount = new Int32Array(n);
  const inCount = new Int32Array(n);
  const depIndex = (dep) => indexById.get(dep) ?? -1;
  for (let i = 0; i < n; i++) {
    if (completed[i]) continue;
    for (const dep of tasks[i].depends_on) {
      const j = depIndex(dep);
      if (j < 0) continue;
      inCount[j]++;
      if (completed[j]) continue;
      outCount[i]++;
      if (j === i) selfLoop[i] = 1;
    }
  }
  const out = buildCsr(n, outCount, (emit) => {
    for (let i = 0; i < n; i++) {
      if (completed[i]) continue;
      for (const dep of tasks[i].depends_on) {
        const j = depIndex(dep);
        if (j >= 0 && !completed[j]) emit(i, j);
      }
    }
  });
  const rev = buildCsr(n, inCount, (emit) => {
    for (const i of order) {
      if (completed[i]) continue;
      for (const dep of tasks[i].depends_on) {
        const j = depIndex(dep);
        if (j >= 0) emit(j, i);
      }
    }
  });
  return { tasks, n, order, rank, completed, depEntry, permFailed, selfLoop, out, rev };
}
function bfs(start, graph, allowed, visit) {
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const v = queue[head];
    for (let e = graph.start[v]; e < graph.start[v + 1]; e++) {
      const w = graph.targets[e];
      if (allowed(w) && visit(v, w)) queue.push(w);
    }
  }
}

const PATH_MAX_IDS = 20;
const PATH_HEAD = 8;
const PATH_TAIL = 8;
function cycleEntries(graph) {
  const { n, order, completed, out, rev, selfLoop, rank, depEntry, tasks } = graph;
  const comp = new Int32Array(n).fill(-1);
  const components = tarjan(n, order, completed, out, comp);
  const entries = [];
  for (const members of components) {
    if (members.length === 1 && !selfLoop[members[0]]) continue;
    const toMark = members.filter((v) => !depEntry[v]);
    if (toMark.length === 0) continue;
    const paths = cyclePaths(members, toMark, comp, out, rev, selfLoop, rank, tasks);
    for (let k = 0; k < toMark.length; k++)
      entries.push({
        node: toMark[k],
        message: `${DEPENDENCY_TAG} Circular dependency detected: ${paths[k]}`
      });
  }
  return entries.sort((a, b) => rank[a.node] - rank[b.node]);
}
function tarjan(n, order, completed, out, comp) {
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack = new Int32Array(n);
  const callStack = new Int32Array(n);
  const edgeCursor = new Int32Array(n);
  const components = [];
  let sp = 0;
  let next = 0;
  for (const root of order) {
    if (completed[root] || index[root] !== -1) continue;
    let csp = 0;
    const enter = (v) => {
      index[v] = low[v] = next++;
      stack[sp++] = v;
      onStack[v] = 1;
      edgeCursor[v] = out.start[v];
      callStack[csp++] = v;
    };
    enter(root);
    while (csp > 0) {
      const v = callStack[csp - 1];
      if (edgeCursor[v] < out.start[v + 1]) {
        const w = out.targets[edgeCursor[v]++];
        if (index[w] === -1) enter(w);
        else if (onStack[w] && index[w] < low[v]) low[v] = index[w];
        continue;
      }
      csp--;
      if (csp > 0) {
        const parent = callStack[csp - 1];
        if (low[v] < low[parent]) low[parent] = low[v];
      }
      if (low[v] === index[v]) {
        const members = [];
        let w;
        do {
          w = stack[--sp];
          onStack[w] = 0;
          comp[w] = components.length;
          members.push(w);
        } while (w !== v);
        components.push(members);
      }
    }
  }
  return components;
}
function cyclePaths(members, toMark, comp, out, rev, selfLoop, rank, tasks) {
  const id = (v) => tasks[v].id;
  const c = comp[members[0]];
  const inComp = (w) => comp[w] === c;
  let r = members[0];
  for (const v of members) if (rank[v] < rank[r]) r = v;
  const fParent = /* @__PURE__ */ new Map([[r, r]]);
  const rNext = /* @__PURE__ */ new Map([[r, r]]);
  const rDist = /* @__PURE__ */ new Map([[r, 0]]);
  bfs(r, out, inComp, (from, to) => {
    if (fParent.has(to)) return false;
    fParent.set(to, from);
    return true;
  });
  bfs(r, rev, inComp, (from, to) => {
    if (rNext.has(to)) return false;
    rNext.set(to, from);
    rDist.set(to, rDist.get(from) + 1);
    return true;
  });
  const cycle = [r];
  if (!selfLoop[r]) {
    let best = -1;
    for (let e = out.start[r]; e < out.start[r + 1]; e++) {
      const s = out.targets[e];
      if (s === r || !inComp(s)) continue;
      if (best < 0 || rDist.get(s) < rDist.get(best)) best = s;
    }
    for (let x = best; x !== r; x = rNext.get(x)) cycle.push(x);
  }
  const onCycle = /* @__PURE__ */ new Map();
  cycle.forEach((v, k) => onCycle.set(v, k));
  return toMark.map((v) => {
    if (selfLoop[v]) return `${id(v)} -> ${id(v)}`;
    const at = onCycle.get(v);
    if (at !== void 0) {
      const len = cycle.length;
      return formatPath(len + 1, (k) => id(cycle[(at + k) % len]));
    }
    const walk = [];
    for (let x = v; x !== r; x = rNext.get(x)) walk.push(x);
    const back = [];
    for (let x = v; x !== r; x = fParent.get(x)) back.push(x);
    walk.push(r);
    for (let k = back.length - 1; k >= 1; k--) walk.push(back[k]);
    const path = [];
    const position = /* @__PURE__ */ new Map();
    for (const x of walk) {
      const seen = position.get(x);
      if (seen !== void 0) {
        for (let k = seen + 1; k < path.length; k++) position.delete(path[k]);
        path.length = seen + 1;
      } else {
        position.set(x, path.length);
        path.push(x);
      }
    }
    path.push(v);
    return formatPath(path.length, (k) => id(path[k]));
  });
}
function formatPath(length, idAt) {
  if (length <= PATH_MAX_IDS) return Array.from({ length }, (_, k) => idAt(k)).join(" -> ");
  const head = Array.from({ length: PATH_HEAD }, (_, k) => idAt(k));
  const tail = Array.from({ length: PATH_TAIL }, (_, k) => idAt(length - PATH_TAIL + k));
  return [...head, `... ${length - PATH_HEAD - PATH_TAIL} more ...`, ...tail].join(" -> ");
}

function validateDependencies(tasks, nowIso) {
  const graph = buildDependencyGraph(tasks);
  const added = new Array(graph.n);
  const changes = [];
  for (const { node, message } of cycleEntries(graph)) {
    added[node] = message;
    graph.depEntry[node] = 1;
    graph.permFailed[node] = 1;
    changes.push({ id: tasks[node].id, kind: "cycle", message });
  }
  for (const { node, message } of blockedEntries(graph)) {
    added[node] = message;
    changes.push({ id: tasks[node].id, kind: "blocked", message });
  }
  const result = tasks.map((task, i) => {
    const message = added[i];
    if (message === void 0) return task;
    return {
      ...task,
      status: "failed",
      error_log: [...task.error_log, message],
      failed_at: task.status === "failed" ? task.failed_at : nowIso
    };
  });
  return { tasks: result, changes };
}

function ownerRecord(pid) {
  return processIdentity(pid);
}
function parseOwner(text) {
  try {
    const data = JSON.parse(text);
    const str = (v) => typeof v === "string" && v !== "" ? v : null;
    if (!validPid(data.pid)) return null;
    return { pid: data.pid, start: str(data.start), boot: str(data.boot) };
  } catch {
    return null;
  }
}
async function readLockOwner(dir) {
  try {
    return parseOwner(await readInputText(join(dir, "owner"), { what: "task lock file" }));
  } catch {
    return null;
  }
}
const sameOwner = (a, b) => a !== null && a.pid === b.pid && a.start === b.start && a.boot === b.boot;

class LockHeldError extends HarnessError {
  constructor(message, lockDir, holderPid) {
    super(message, EXIT.alreadyRunning);
    this.lockDir = lockDir;
    this.holderPid = holderPid;
  }
  lockDir;
  holderPid;
  name = "LockHeldError";
}
const DEFAULT_FRESH_MS = 2e3;
function defaultLockTmpDir() {
  return process.platform === "win32" ? tmpdir() : "/tmp";
}
function lockDirFor(cwd, tmpDir = defaultLockTmpDir()) {
  const hash = createHash("sha256").update(resolve(cwd)).digest("hex").slice(0, 8);
  return join(tmpDir, `harness-${hash}.lock`);
}
async function readLockPid(dir) {
  let text;
  try {
    text = await readInputText(join(dir, "pid"), { what: "task lock file" });
  } catch (error) {
    const code = error.code;
    if (code === "ENOENT" || code === "ENOTDIR") {
      return await exists(dir) ? "missing" : "gone";
    }
    throw error;
  }
  if (text.trim() === "") return "missing";
  return barePid(text) ?? "garbage";
}
async function acquireLock(cwd, options = {}) {
  const dir = lockDirFor(cwd, options.tmpDir);
  const pid = options.pid ?? process.pid;
  const freshMs = options.freshMs ?? DEFAULT_FRESH_MS;
  const pollMs = options.pollMs ?? 25;
  const passes = Math.ceil(freshMs / pollMs) + 100;
  for (let pass = 0; pass < passes; pass++) {
    if (await tryMkdir(dir)) return finishAcquire(dir, pid, null);
    const before = await statDir(dir);
    if (before === null) continue;
    const holder = await readLockPid(dir);
    if (holder === "gone") continue;
    const owner = await readLockOwner(dir);
    const verdict = judge(cwd, before, holder, owner);
    if (verdict?.held) {
      const live = verdict.pid;
      throw new LockHeldError(`another harness session is active (pid=${live}); lock ${dir}`, dir, live);
    }
    const age = Date.now() - before.mtimeMs;
    if (verdict === null && age > -1e3 && age < freshMs) {
      await sleep(pollMs);
      continue;
    }
    const why = verdict?.why ?? (age < 0 ? "its directory is dated in the future" : "it has had no pid for too long");
    await reclaim(dir, pid, holder, before.ino);
    if (!await tryMkdir(dir)) throw new LockHeldError(`lock contention on ${dir}`, dir, null);
    return finishAcquire(dir, pid, { from: verdict?.pid ?? null, why });
  }
  throw new LockHeldError(`lock contention on ${dir}: it kept changing while we looked`, dir, null);
}
async function reclaim(dir, pid, seen, ino) {
  const stale = `${dir}.stale.${pid}`;
  await rm(stale, { recursive: true, force: true });
  try {
    await rename(dir, stale);
  } catch {
    throw new LockHeldError(`another agent reclaimed the lock ${dir}`, dir, null);
  }
  const moved = await statDir(stale);
  const movedPid = await readLockPid(stale);
  if (moved === null || moved.ino !== ino || movedPid !== seen) {
    await rename(stale, dir).catch(() => void 0);
    const holder = typeof movedPid === "number" ? movedPid : null;
    throw new LockHeldError(
      `another agent reclaimed the lock ${dir}${holder === null ? "" : ` (pid=${holder})`}`,
      dir,
      holder
    );
  }
  await rm(stale, { recursive: true, force: true });
}
async function finishAcquire(dir, pid, stale) {
  const owner = ownerRecord(pid);
  try {
    await writeFileAtomic(join(dir, "owner"), `${JSON.stringify(owner)}
`);
    await writeFileAtomic(join(dir, "pid"), `${pid}
`);
  } catch (error) {
    if (error.code === "ENOENT") {
      throw new LockHeldError(`another agent reclaimed the lock ${dir}`, dir, null);
    }
    await rm(dir, { recursive: true, force: true }).catch(() => void 0);
    throw error;
  }
  const release = releasedOnExit(
    () => {
      const text = (name) => readLockTextSync(join(dir, name), "task lock file");
      const ours = text("pid")?.trim() === String(pid) || sameOwner(parseOwner(text("owner") ?? ""), owner);
      if (ours) rmSync(dir, { recursive: true, force: true });
    },
    async () => {
      if (await readLockPid(dir) === pid || sameOwner(await readLockOwner(dir), owner)) {
        await rm(dir, { recursive: true, force: true });
      }
    }
  );
  return {
    dir,
    pid,
    reclaimed: stale !== null,
    reclaimedFrom: stale?.from ?? null,
    reclaimedWhy: stale?.why ?? null,
    release
  };
}
const tryMkdir = (dir) => exclusively(() => mkdir(dir, { mode: 493 }));
async function statDir(dir) {
  try {
    return await stat(dir);
  } catch (error) {
    if (error.code === "ENOENT") return null;
    throw error;
  }
}
async function exists(path) {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
function judge(cwd, dir, holder, owner) {
  const place = { workDir: resolve(cwd), ownerUid: lockOwnerUid(dir) };
  if (owner !== null && owner.start !== null)
    return judgeLockHolder(claimOf(owner.pid, owner.start, owner.boot), place);
  if (typeof holder === "number") return judgeLockHolder({ pid: holder, record: null }, place);
  if (owner !== null) return judgeLockHolder({ pid: owner.pid, record: null }, place);
  if (holder === "garbage") return { held: false, pid: null, why: "its pid file holds no pid" };
  return null;
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export { INIT_SCRIPT as I, ProgressLog as P, acquireLock as a, readyTasks as b, checkpointMessage as c, lockReleased as d, lockAcquired as e, runInitScript as f, completedMessage as g, failedForGood as h, remainingWork as i, selectNextTask as j, startingMessage as k, lockDirFor as l, nextTaskId as n, readLockPid as r, shortHash as s, validateDependencies as v };
