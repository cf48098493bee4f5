import { writeFileSync, renameSync, unlinkSync, constants, readFileSync } from 'node:fs';
import { readdir, unlink, open, rename } from 'node:fs/promises';
import { join, dirname, basename } from 'node:path';
import { n as namingFile, p as processAlive, H as HarnessFileError } from './harness-files-B0x0nX25.js';
import { p as procPids, j as parseProcStat } from './input-file-Cbt1w_j3.js';

let sequence = 0;
const tempFor = (path) => join(dirname(path), `.${basename(path)}.${process.pid}.${sequence++}.tmp`);
function writeFileAtomic(path, data, options = {}) {
  return namingFile(path, () => replaceFile(path, data, options));
}
function writeFileAtomicSync(path, data) {
  const tmp = tempFor(path);
  try {
    writeFileSync(tmp, data, { mode: 420 });
    renameSync(tmp, path);
  } catch (error) {
    try {
      unlinkSync(tmp);
    } catch {
    }
    throw new HarnessFileError(path, error);
  }
}
async function replaceFile(path, data, options) {
  const tmp = tempFor(path);
  const handle = await open(tmp, "w", 420);
  try {
    await handle.writeFile(data);
    if (options.durable) await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(tmp).catch(() => void 0);
    throw error;
  }
  await handle.close();
  try {
    await rename(tmp, path);
  } catch (error) {
    await unlink(tmp).catch(() => void 0);
    throw error;
  }
}
async function overwriteInPlace(path, data) {
  let handle;
  try {
    handle = await open(path, constants.O_WRONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch {
    return false;
  }
  try {
    const info = await handle.stat();
    const text = Buffer.from(data);
    const bytes = text.length < info.size ? Buffer.concat([text, Buffer.alloc(info.size - text.length, " ")]) : text;
    if (!info.isFile() || info.blocks * 512 < bytes.length) return false;
    const { bytesWritten } = await handle.write(bytes, 0, bytes.length, 0);
    return bytesWritten === bytes.length;
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}
const TEMP_NAME = /^\..+\.(\d+)\.\d+\.tmp$/;
async function sweepStaleTemps(dir) {
  let names;
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const match = TEMP_NAME.exec(name);
    if (!match || Number(match[1]) === process.pid || processAlive(Number(match[1]))) continue;
    await unlink(join(dir, name)).then(
      () => removed++,
      () => void 0
    );
  }
  return removed;
}

function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}
function signalPid(pid, signal) {
  try {
    process.kill(pid, signal);
  } catch {
  }
}
function readProcTable(window) {
  const table = [];
  for (const entry of procPids(window)) {
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    const { state, ppid, pgrp, start } = parseProcStat(stat);
    table.push({ pid: Number(entry), ppid, pgrp, zombie: state === "Z", start });
  }
  return table;
}
function groupMembers(pgid, table) {
  if (!signalGroup(pgid, 0)) return [];
  const procs = table ?? readProcTable();
  if (procs.length === 0) return [pgid];
  return procs.filter((p) => !p.zombie && p.pgrp === pgid).map((p) => p.pid);
}
function groupAlive(pgid) {
  return groupMembers(pgid).length > 0;
}
class AgentProcesses {
  /** `window`: the PIDs the agent's processes can have (pid-window.ts); every PID without one. */
  constructor(pgid, window) {
    this.pgid = pgid;
    this.window = window;
  }
  pgid;
  window;
  tracked = /* @__PURE__ */ new Map();
  /** One pass over the processes that can be the agent's. */
  table() {
    return readProcTable(this.window);
  }
  /** Adds the current descendants of the leader and of everything already tracked. */
  refresh(table = this.table()) {
    const children = /* @__PURE__ */ new Map();
    for (const proc of table) {
      const list = children.get(proc.ppid);
      if (list) list.push(proc);
      else children.set(proc.ppid, [proc]);
    }
    const queue = [this.pgid, ...this.tracked.keys()];
    const seen = new Set(queue);
    for (const proc of table) {
      if (proc.zombie) continue;
      const known = this.tracked.get(proc.pid);
      if (proc.pgrp === this.pgid || known?.start === proc.start)
        this.tracked.set(proc.pid, { start: proc.start, pgrp: proc.pgrp });
    }
    while (queue.length > 0) {
      const pid = queue.pop();
      for (const child of children.get(pid) ?? []) {
        if (seen.has(child.pid)) continue;
        seen.add(child.pid);
        if (!child.zombie) this.tracked.set(child.pid, { start: child.start, pgrp: child.pgrp });
        queue.push(child.pid);
      }
    }
  }
  /** Every descendant seen so far outside the leader's group, with its start time (for crash recovery). */
  escaped() {
    return [...this.tracked].filter(([, seen]) => seen.pgrp !== this.pgid).map(([pid, seen]) => ({ pid, start: seen.start }));
  }
  /** Live processes that belong to the agent: group members and tracked descendants (same start time). */
  alive(table = this.table()) {
    if (table.length === 0) return signalGroup(this.pgid, 0) ? [this.pgid] : [];
    const live = /* @__PURE__ */ new Set();
    for (const proc of table) {
      if (proc.zombie) continue;
      if (proc.pgrp === this.pgid || this.tracked.get(proc.pid)?.start === proc.start) live.add(proc.pid);
    }
    return [...live];
  }
  signal(signal) {
    signalGroup(this.pgid, signal);
    const table = this.table();
    for (const pid of this.alive(table)) {
      signalPid(pid, signal);
      const proc = table.find((p) => p.pid === pid);
      if (proc && proc.pgrp === proc.pid && proc.pgrp !== this.pgid) signalGroup(proc.pgrp, signal);
    }
  }
}
async function waitGone(procs, timeoutMs, clock, pollMs = 25) {
  const deadline = clock.monotonic() + timeoutMs;
  for (; ; ) {
    const table = procs.table();
    procs.refresh(table);
    if (procs.alive(table).length === 0) return true;
    if (clock.monotonic() >= deadline) return false;
    await clock.sleep(Math.min(pollMs, Math.max(1, deadline - clock.monotonic())));
  }
}
const END_ORDER = ["gone", "term", "kill"];
function strongerEnd(a, b) {
  return END_ORDER.indexOf(a) >= END_ORDER.indexOf(b) ? a : b;
}
async function terminateAgent(procs, graceMs, clock) {
  procs.refresh();
  if (procs.alive().length === 0) return "gone";
  procs.signal("SIGTERM");
  if (graceMs > 0 && await waitGone(procs, graceMs, clock)) return "term";
  procs.signal("SIGKILL");
  await waitGone(procs, 5e3, clock);
  return "kill";
}
function terminateGroup(pgid, graceMs, clock) {
  return terminateAgent(new AgentProcesses(pgid), graceMs, clock);
}
async function terminateRecorded(recorded, graceMs, clock) {
  const table = new Map(readProcTable().map((p) => [p.pid, p]));
  const live = recorded.filter((r) => {
    const proc = table.get(r.pid);
    return proc !== void 0 && !proc.zombie && proc.start === r.start;
  });
  await Promise.all(live.map(({ pid }) => terminateAgent(new AgentProcesses(pid), graceMs, clock)));
  return live.length;
}

export { AgentProcesses as A, writeFileAtomicSync as a, terminateRecorded as b, sweepStaleTemps as c, terminateAgent as d, strongerEnd as e, groupAlive as g, overwriteInPlace as o, signalGroup as s, terminateGroup as t, writeFileAtomic as w };
