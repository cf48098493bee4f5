import { writeFileSync, linkSync, unlinkSync } from 'node:fs';
import { unlink, link, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, basename } from 'node:path';
import { i as isCookie, I as InputFileError } from './input-file-Cbt1w_j3.js';
import { b as barePid, v as validPid, j as judgeLockHolder, c as claimOf, r as readLockFile, e as exclusively, a as readLockText, d as releasedOnExit, f as readLockTextSync } from './holder-DYQPLy_j.js';
import { H as HarnessError, E as EXIT, L as LoopError } from './exit-codes-BkuRLrXJ.js';
import { H as HarnessFileError, a as processIdentity, f as fatalWriteKind } from './harness-files-B0x0nX25.js';
import { createHash } from 'node:crypto';

class AlreadyRunningError extends HarnessError {
  constructor(message, holder = null, reclaiming = false) {
    super(message, EXIT.alreadyRunning);
    this.holder = holder;
    this.reclaiming = reclaiming;
  }
  holder;
  reclaiming;
  name = "AlreadyRunningError";
  /** The holder in words: `pid 123 (since …)`, or `another process` when the lock names none usable. */
  get heldBy() {
    if (!this.holder) return "another process";
    return `pid ${this.holder.pid}${this.holder.since ? ` (since ${this.holder.since})` : ""}`;
  }
}
class CannotWriteError extends HarnessFileError {
  constructor(lock, cause, kind) {
    super(dirname(lock), cause, "cannot write in");
    const fix = kind === "disk_full" ? "free space on its disk" : "make it writable (remount a read-only file system read-write, or fix its owner and mode)";
    this.message = `${this.message}, so the instance lock ${lock} cannot be taken and nothing was started (nothing there was changed): ${fix}, or set session.status_file (with session.counter_file, session.output_dir and output.event_log) to a writable place`;
  }
}

function currentHolder(pid = process.pid, now = /* @__PURE__ */ new Date()) {
  const { start, boot } = processIdentity(pid);
  return { pid, start: start ?? "", boot: boot ?? "", since: now.toISOString() };
}
function judgeHolderOf(holder, place) {
  return judgeLockHolder(claimOf(holder.pid, holder.start, holder.boot), place);
}
function parseHolder(text) {
  const pid = barePid(text);
  if (pid !== null) return { pid, start: "", boot: "", since: "" };
  try {
    const value = JSON.parse(text);
    if (value === null || typeof value !== "object" || !validPid(value.pid) || typeof value.start !== "string" || typeof value.boot !== "string")
      return null;
    const holder = {
      pid: value.pid,
      start: value.start,
      boot: value.boot,
      since: String(value.since ?? "")
    };
    if (isCookie(value.cookie)) holder.cookie = value.cookie;
    return holder;
  } catch {
    return null;
  }
}

const MAX_DEPTH = 3;
const ATTEMPTS = 8;
async function take(path, tmp, content, depth, workDir) {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (await tryLink(tmp, path)) return { ok: true, reclaimedFrom: null, reclaimedWhy: null };
    const found = await readLockFile(path, "instance lock");
    if (found === null) continue;
    const seen2 = found.text;
    const holder = parseHolder(seen2);
    const verdict = holder === null ? null : judgeHolderOf(holder, { workDir, ownerUid: found.uid });
    if (holder !== null && verdict?.held) return { ok: false, holder, reclaiming: depth > 0 };
    if (depth >= MAX_DEPTH) {
      throw new AlreadyRunningError(
        `stale lock ${path} could not be taken over (reclaim markers nest ${MAX_DEPTH} deep); no harness holds it: remove it and its .reclaim-* files by hand`
      );
    }
    const marker = `${path}.reclaim-${markerKey(seen2, holder)}`;
    const claim = await take(marker, tmp, content, depth + 1, workDir);
    if (!claim.ok) return { ok: false, holder: claim.holder, reclaiming: true };
    try {
      if (await readOrNull(path) !== seen2) continue;
      await unlink(path).catch(() => void 0);
      if (await tryLink(tmp, path)) {
        const why = verdict !== null && !verdict.held ? verdict.why : "it is not a lock";
        return { ok: true, reclaimedFrom: holder ?? "unreadable", reclaimedWhy: why };
      }
    } finally {
      if (await readOrNull(marker) === content) await unlink(marker).catch(() => void 0);
    }
  }
  const seen = await readOrNull(path);
  return { ok: false, holder: seen === null ? null : parseHolder(seen), reclaiming: false };
}
function markerKey(seen, holder) {
  if (holder !== null && /^\d*$/.test(holder.start)) return `${holder.pid}-${holder.start || "0"}`;
  return createHash("sha256").update(seen).digest("hex").slice(0, 16);
}
const tryLink = (from, to) => exclusively(() => link(from, to));
const readOrNull = (path) => readLockText(path, "instance lock");

let sequence = 0;
function lockPathFor(statusPath) {
  return `${statusPath}.lock`;
}
async function acquireInstanceLock(path, options = {}) {
  const holder = currentHolder();
  if (options.cookie !== void 0) holder.cookie = options.cookie;
  const content = `${JSON.stringify(holder)}
`;
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${sequence++}.tmp`);
  let outcome;
  try {
    await mkdir(dirname(path), { recursive: true });
    await unlink(tmp).catch(() => void 0);
    await writeFile(tmp, content, { flag: "wx", mode: 420 });
    outcome = await take(path, tmp, content, 0, options.workDir ?? null);
  } catch (error) {
    if (error instanceof AlreadyRunningError || error instanceof InputFileError) throw error;
    const kind = fatalWriteKind(error.code);
    if (kind !== void 0) throw new CannotWriteError(path, error, kind);
    throw new LoopError(
      `cannot take the instance lock ${path}: ${error.message}; check that its directory is writable`,
      EXIT.failure
    );
  } finally {
    await unlink(tmp).catch(() => void 0);
  }
  if (!outcome.ok)
    throw new AlreadyRunningError(describeHeld(path, outcome), outcome.holder, outcome.reclaiming);
  return heldLock(path, content, outcome.reclaimedFrom, outcome.reclaimedWhy);
}
let self = null;
function takeFreeLock(path) {
  self ??= currentHolder();
  const content = `${JSON.stringify({ ...self, since: (/* @__PURE__ */ new Date()).toISOString() })}
`;
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.f${sequence++}.tmp`);
  try {
    writeFileSync(tmp, content, { flag: "wx", mode: 420 });
  } catch {
    return null;
  }
  let taken = false;
  try {
    linkSync(tmp, path);
    taken = true;
  } catch {
  } finally {
    try {
      unlinkSync(tmp);
    } catch {
    }
  }
  return taken ? heldLock(path, content, null, null) : null;
}
function heldLock(path, content, reclaimedFrom, reclaimedWhy) {
  const release = releasedOnExit(() => {
    try {
      if (readLockTextSync(path, "instance lock") === content) unlinkSync(path);
    } catch {
    }
  });
  return { path, reclaimedFrom, reclaimedWhy, release };
}
function describeHeld(path, held) {
  const who = held.holder ? `another harness (PID ${held.holder.pid})` : "another harness";
  const what = held.reclaiming ? "is taking over a stale lock" : "is running";
  return `${who} ${what} in this directory (lock ${path}); stop it first (touch the STOP file or send SIGTERM), or give this one another status file`;
}

export { AlreadyRunningError as A, acquireInstanceLock as a, judgeHolderOf as j, lockPathFor as l, parseHolder as p, takeFreeLock as t };
