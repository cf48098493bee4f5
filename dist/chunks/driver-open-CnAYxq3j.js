import { k as localGitPathsFromFiles, g as git, b as runGit, e as gitFailure, H as HARNESS_IDENTITY, m as keepWork, W as WIP_REF_PREFIX, f as findExecutable, D as DEPENDENCY_TAG, i as isPermanentlyFailed, p as isRetryable, q as hasDependencyError, t as taskStats, j as formatStats, r as readTaskFile, w as writeTaskFile, a as TaskFileError } from './stats-B7irQI-N.js';
import { H as HarnessError, E as EXIT } from './exit-codes-B1e2_Xbp.js';
import { realpathSync, rmSync, existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve, relative, sep } from 'node:path';
import { r as readInputText, J as withCookie, f as endCarriers, o as openInputFile, A as APPEND_FLAGS } from './input-file-6q8ve5AP.js';
import { t as terminateGroup, i as isoSeconds } from './process-group-CrZliCAe.js';
import { w as writeFileAtomic, s as sweepStaleTemps } from './atomic-DSIYmMaW.js';
import { createHash } from 'node:crypto';
import { mkdir, writeFile, unlink, readdir, rm, stat, rename, appendFile, copyFile, utimes, rmdir } from 'node:fs/promises';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import { C as CONFIG_FILE_NAMES } from './discover-NOJB2NMI.js';
import { a as processIdentity, n as namingFile, T as TASK_FILE, P as PROGRESS_FILE, h as harnessGitView, b as harnessFiles } from './harness-files-Dukz__AL.js';
import { tmpdir } from 'node:os';
import { spawn } from 'node:child_process';
import { v as validPid, b as barePid, e as exclusively, d as releasedOnExit, l as lockOwnerUid, j as judgeLockHolder, c as claimOf, f as readLockTextSync } from './holder-DB3IUA2-.js';
import { systemClock } from './system-clock-uwg5zo-s.js';

async function repoPrefix(cwd) {
  const read = localGitPathsFromFiles(cwd);
  if (read === null) throw new Error(`not in a git repository: ${cwd}`);
  if (read !== "ask-git") return read.prefix;
  return (await git(cwd, ["rev-parse", "--show-prefix"])).trim();
}
async function excludeFile(cwd) {
  const read = localGitPathsFromFiles(cwd);
  if (read !== null && read !== "ask-git") return read.excludeFile;
  const where = (await git(cwd, ["rev-parse", "--git-path", "info/exclude"])).trim();
  return isAbsolute(where) ? where : join(realpathSync(cwd), where);
}
const BLOCK_START = "# >>> agent-harness: its own files (written by the harness; do not edit) >>>";
const BLOCK_END = "# <<< agent-harness <<<";
async function excludeLocally(cwd, patterns) {
  const path = await excludeFile(cwd);
  let current = "";
  try {
    current = await readInputText(path, { what: "git exclude file" });
  } catch (error) {
    if (error.code !== "ENOENT") throw error;
  }
  const start = current.indexOf(BLOCK_START);
  const end = current.indexOf(BLOCK_END, start);
  const outside = start >= 0 && end >= 0 ? current.slice(0, start) + current.slice(end + BLOCK_END.length).replace(/^\n/, "") : current;
  const block = patterns.length === 0 ? "" : [BLOCK_START, ...patterns, BLOCK_END].join("\n") + "\n";
  const next = block === "" ? outside : `${outside}${outside === "" || outside.endsWith("\n") ? "" : "\n"}${block}`;
  if (next === current) return false;
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, next);
  return true;
}

const DRAIN_MS = 500;
const INTERRUPTED_EXIT_CODE = 130;
async function runShell(command, options) {
  const { clock } = options;
  const started = clock.monotonic();
  const cap = options.maxOutputBytes ?? 1024 * 1024;
  const grace = options.killGraceMs ?? 2e3;
  const out = [];
  let outBytes = 0;
  let errTail = "";
  let keptBytes = 0;
  const result = (exitCode2, timedOut, interrupted) => ({
    exitCode: exitCode2,
    timedOut,
    interrupted,
    stdout: Buffer.concat(out).toString("utf8"),
    stdoutBytes: outBytes,
    stdoutTruncated: outBytes > keptBytes,
    stderrTail: errTail.trim(),
    durationMs: clock.monotonic() - started
  });
  if (options.signal?.aborted) return result(INTERRUPTED_EXIT_CODE, false, true);
  const child = options.spawn("/bin/sh", ["-c", command], {
    cwd: options.cwd,
    env: withCookie(options.env, options.cookie),
    detached: true,
    stdio: ["ignore", "pipe", "pipe"]
  });
  child.stdout?.on("data", (chunk) => {
    outBytes += chunk.length;
    if (keptBytes >= cap) return;
    const kept = chunk.subarray(0, cap - keptBytes);
    out.push(kept);
    keptBytes += kept.length;
  });
  child.stderr?.on("data", (chunk) => {
    errTail = (errTail + chunk.toString("utf8")).slice(-4096);
  });
  const exited = new Promise((resolve) => {
    child.once("error", (error) => {
      errTail = error.message;
      resolve(127);
    });
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 128 + 15 : 1)));
  });
  const closed = new Promise((resolve) => {
    child.once("close", () => resolve());
    child.once("error", () => resolve());
  });
  const stopWaiting = new AbortController();
  const onAbort = () => stopWaiting.abort();
  options.signal?.addEventListener("abort", onAbort, { once: true });
  const winner = await Promise.race([
    exited.then(() => "exited"),
    clock.sleep(options.timeoutMs, stopWaiting.signal).then((elapsed) => elapsed ? "timeout" : options.signal?.aborted ? "interrupted" : "exited")
  ]);
  options.signal?.removeEventListener("abort", onAbort);
  stopWaiting.abort();
  const pid = child.pid;
  const endLeftovers = (graceMs) => Promise.all([
    pid === void 0 ? null : terminateGroup(pid, graceMs, clock),
    options.cookie === void 0 ? null : endCarriers(options.cookie, graceMs, clock)
  ]);
  const reason = options.signal?.reason;
  if (winner === "timeout") await endLeftovers(grace);
  if (winner === "interrupted") await endLeftovers(typeof reason === "number" ? reason : grace);
  const exitCode = await exited;
  const drained = new AbortController();
  closed.then(
    () => drained.abort(),
    () => drained.abort()
  );
  await clock.sleep(winner === "exited" ? DRAIN_MS : 0, drained.signal);
  if (winner === "exited") await endLeftovers(grace);
  child.stdout?.destroy();
  child.stderr?.destroy();
  await closed;
  if (winner === "timeout") return result(124, true, false);
  if (winner === "interrupted") return result(INTERRUPTED_EXIT_CODE, false, true);
  return result(exitCode, false, false);
}

function checkRevision$1(rev) {
  if (rev === "" || rev.startsWith("-")) throw new Error(`not a valid revision: ${JSON.stringify(rev)}`);
}
async function headCommit(cwd) {
  const args = ["rev-parse", "--verify", "-q", "HEAD"];
  const result = await runGit(cwd, args);
  if (result.code === 0) return result.stdout.trim() || null;
  if (result.code === 1 && result.stderr.trim() === "") return null;
  throw gitFailure(cwd, args, result);
}
async function commitExists(cwd, hash) {
  if (hash.trim() === "" || hash.startsWith("-")) return false;
  const args = ["cat-file", "-t", hash];
  const result = await runGit(cwd, args);
  if (result.code === 0) return result.stdout.trim() === "commit";
  if (/not a git repository/i.test(result.stderr)) throw gitFailure(cwd, args, result);
  return false;
}
const NO_HARNESS_FILES = { pathspecs: [], excludes: [], ignorePatterns: [] };
const userFiles = (harness) => [":/", ...harness.excludes];
async function hasUncommittedChanges(cwd, harness = NO_HARNESS_FILES) {
  const out = await git(cwd, ["status", "--porcelain", "--untracked-files=all", "--", ...userFiles(harness)]);
  return out.trim() !== "";
}
const FIELD = "";
const RECORD = "";
async function logSince(cwd, base) {
  checkRevision$1(base);
  const out = await git(cwd, ["log", `--format=%H${FIELD}%s${FIELD}%B${RECORD}`, `${base}..HEAD`, "--"]);
  return out.split(RECORD).map((record) => record.replace(/^\n+/, "")).filter((record) => record !== "").map((record) => {
    const [hash = "", subject = "", message = ""] = record.split(FIELD);
    return { hash, subject, message };
  });
}
function mentionsTask(message, taskId) {
  const escaped = taskId.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`).test(message);
}
async function taskCommitsSince(cwd, base, taskId) {
  return (await logSince(cwd, base)).filter((commit) => mentionsTask(commit.message, taskId)).map(({ hash, subject }) => ({ hash, subject }));
}
async function changedFilesSince(cwd, base, harness = NO_HARNESS_FILES) {
  checkRevision$1(base);
  const out = await git(cwd, ["diff", "--name-only", base, "--", ...userFiles(harness)]);
  return out.split("\n").filter((line) => line !== "");
}
async function unstage(cwd, pathspecs) {
  const from = pathspecs[0]?.startsWith("--pathspec-from-file=") ? [...pathspecs] : ["--", ...pathspecs];
  if (await headCommit(cwd) !== null) await git(cwd, ["reset", "-q", "HEAD", ...from]);
  else await git(cwd, ["rm", "-r", "-q", "--cached", "--ignore-unmatch", ...from]);
}
async function gitDirPath(cwd, name) {
  const where = (await git(cwd, ["rev-parse", "--git-path", name])).trim();
  return isAbsolute(where) ? where : join(realpathSync(cwd), where);
}
let pathspecFiles = 0;
async function withPathspecFile(cwd, pathspecs, use) {
  const file = await gitDirPath(cwd, `agent-harness/pathspecs-${process.pid}-${pathspecFiles++}.tmp`);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, pathspecs.map((p) => `${p}\0`).join(""));
  try {
    return await use([`--pathspec-from-file=${file}`, "--pathspec-file-nul"]);
  } finally {
    await unlink(file).catch(() => void 0);
  }
}
async function configValue(cwd, key) {
  const result = await runGit(cwd, ["config", "--get", key]);
  return result.code === 0 ? result.stdout.trim() : "";
}
async function commitAll(cwd, message, harness = NO_HARNESS_FILES, leaveOut = []) {
  await git(cwd, ["add", "-A", "--", ":/"]);
  if (harness.pathspecs.length > 0) await unstage(cwd, harness.pathspecs);
  if (leaveOut.length > 0) await withPathspecFile(cwd, leaveOut, (file) => unstage(cwd, file));
  const staged = await runGit(cwd, ["diff", "--cached", "--quiet"]);
  if (staged.code === 0) return null;
  if (staged.code !== 1) throw gitFailure(cwd, ["diff", "--cached", "--quiet"], staged);
  const identity = [];
  if (await configValue(cwd, "user.email") === "") {
    identity.push("-c", `user.name=${HARNESS_IDENTITY.name}`, "-c", `user.email=${HARNESS_IDENTITY.email}`);
  } else if (await configValue(cwd, "user.name") === "") {
    identity.push("-c", `user.name=${HARNESS_IDENTITY.name}`);
  }
  await git(cwd, [...identity, "commit", "-q", "-m", message]);
  return headCommit(cwd);
}
async function stashList(cwd) {
  const out = await git(cwd, ["stash", "list"]);
  return out.split("\n").filter((line) => line !== "");
}
async function currentBranch(cwd) {
  const result = await runGit(cwd, ["symbolic-ref", "-q", "--short", "HEAD"]);
  if (result.code === 0) return result.stdout.trim() || null;
  if (result.code === 1) return null;
  throw gitFailure(cwd, ["symbolic-ref", "-q", "--short", "HEAD"], result);
}
async function returnToBranch(cwd, branch, base) {
  const now = await currentBranch(cwd);
  if (now === branch) return null;
  const ref = `refs/heads/${branch}`;
  if (branch.startsWith("-") || (await runGit(cwd, ["check-ref-format", ref])).code !== 0) {
    throw new Error(`not a valid branch name: ${JSON.stringify(branch)}`);
  }
  const where = now === null ? `detached at ${(await headCommit(cwd) ?? "nothing").slice(0, 7)}` : `on ${now}`;
  let recreated = "";
  if ((await runGit(cwd, ["rev-parse", "--verify", "-q", ref])).code !== 0) {
    if (base === null) throw new Error(`branch ${branch} no longer exists and no base commit is recorded`);
    checkRevision$1(base);
    await git(cwd, ["update-ref", ref, base]);
    recreated = ` (it had been deleted; made again at ${base.slice(0, 7)})`;
  }
  await git(cwd, ["symbolic-ref", "HEAD", ref]);
  await git(cwd, ["reset", "-q"]);
  return `agent left branch ${branch} (HEAD was ${where}); back on ${branch}${recreated}, working tree kept`;
}

const split$1 = (out) => out.split("\0").filter((line) => line !== "");
async function listUntracked(cwd, harness, flags = []) {
  const args = ["ls-files", "-z", "--others", "--exclude-standard", "--full-name", ...flags];
  return split$1(await git(cwd, [...args, "--", ":/", ...harness.excludes]));
}
async function snapshotTree(cwd, harness) {
  return {
    untracked: await listUntracked(cwd, harness),
    untrackedDirs: await listUntracked(cwd, harness, ["--directory"]),
    ignored: await listUntracked(cwd, harness, ["--ignored", "--directory"])
  };
}
const covers = (entry, path) => entry === path || entry.endsWith("/") && (path.startsWith(entry) || `${path}/` === entry);
function existedBefore(snapshot) {
  const exact = /* @__PURE__ */ new Set([...snapshot.untracked, ...snapshot.ignored]);
  const dirs = [...snapshot.untracked, ...snapshot.ignored].filter((e) => e.endsWith("/"));
  return (path) => exact.has(path) || dirs.some((d) => covers(d, path));
}
function dirsBefore(snapshot) {
  const dirs = /* @__PURE__ */ new Set();
  for (const entry of [...snapshot.untracked, ...snapshot.untrackedDirs, ...snapshot.ignored]) {
    const parts = entry.split("/");
    for (let i = 1; i < parts.length; i++) dirs.add(`${parts.slice(0, i).join("/")}/`);
  }
  return dirs;
}
function placeOf(cwd, prefix) {
  const depth = prefix.split("/").filter(Boolean).length;
  return { cwd, prefix, top: depth === 0 ? cwd : resolve(cwd, ...Array(depth).fill("..")) };
}
function inRepo(place, path) {
  const rel = relative(place.cwd, resolve(place.cwd, path));
  if (isAbsolute(rel)) return null;
  const joined = join(place.prefix, rel).split(sep).join("/");
  return joined === "" || joined === "." || joined.startsWith("../") || joined === ".." ? null : joined;
}
function protectedPaths(place, files) {
  const paths = [
    files.configFile ?? null,
    files.promptFile ?? null,
    ...(files.configNames ?? []).map((name) => join(place.cwd, name)),
    join(place.cwd, "harness-init.sh")
  ].filter((p) => p !== null).map((p) => inRepo(place, p)).filter((p) => p !== null);
  const dirs = [join(place.cwd, ".harness"), join(place.top, ".harness")].map((p) => inRepo(place, p)).filter((p) => p !== null).map((p) => `${p}/`);
  return [.../* @__PURE__ */ new Set([...paths, ...dirs])];
}
const literalSpecs = (paths, magic = "top,literal") => paths.map((p) => `:(${magic})${p.replace(/\/$/, "")}`);
const claimFile = (cwd, task) => gitDirPath(cwd, `agent-harness/claims/${task}.json`);
async function writeClaim(cwd, record) {
  const path = await claimFile(cwd, record.task);
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, `${JSON.stringify(record)}
`, { durable: true });
}
const isStrings = (v) => Array.isArray(v) && v.every((s) => typeof s === "string");
async function readClaim(cwd, task) {
  try {
    const text = await readInputText(await claimFile(cwd, task), {
      what: "claim record",
      maxBytes: 64 << 20
    });
    const record = JSON.parse(text);
    const { tree } = record;
    if (record.version !== 1 || record.task !== task || !tree) return null;
    if (!isStrings(tree.untracked) || !isStrings(tree.untrackedDirs) || !isStrings(tree.ignored)) return null;
    return record;
  } catch {
    return null;
  }
}
async function removeClaim(cwd, task) {
  await unlink(await claimFile(cwd, task)).catch((error) => {
    if (error.code !== "ENOENT") throw error;
  });
}
async function claimedTasks(cwd) {
  try {
    const dir = dirname(await claimFile(cwd, "x"));
    return (await readdir(dir)).filter((n) => /^task-\d+\.json$/.test(n)).map((n) => n.slice(0, -5));
  } catch {
    return [];
  }
}
function someNames(paths, max = 5) {
  const shown = paths.slice(0, max).join(", ");
  return paths.length > max ? `${shown} (+${paths.length - max} more)` : shown;
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

function checkRevision(rev) {
  if (rev === "" || rev.startsWith("-")) throw new Error(`not a valid revision: ${JSON.stringify(rev)}`);
}
async function rollback(cwd, base, harness = NO_HARNESS_FILES, options = {}) {
  checkRevision(base);
  const protect = options.protect ?? [];
  const restore = [
    "restore",
    "-q",
    `--source=${base}`,
    "--staged",
    "--worktree",
    "--",
    ...userFiles(harness),
    ...literalSpecs(protect, "top,exclude,literal")
  ];
  const restored = await runGit(cwd, restore);
  if (restored.code !== 0 && !/did not match any file/.test(restored.stderr)) {
    throw gitFailure(cwd, restore, restored);
  }
  if (protect.length > 0) {
    const stripped = protect.map((p) => p.replace(/\/$/, ""));
    const inBase = (await git(cwd, ["ls-tree", "-r", "-z", "--name-only", "--full-tree", base, "--", ...stripped])).split("\0").filter((p) => p !== "");
    if (inBase.length > 0) {
      await withPathspecFile(
        cwd,
        literalSpecs(inBase),
        (file) => git(cwd, ["restore", "-q", `--source=${base}`, "--staged", "--worktree", ...file])
      );
    }
  }
  await git(cwd, ["reset", "-q", "--soft", base]);
  const indexToBase = [...harness.pathspecs, ...literalSpecs(protect)];
  if (indexToBase.length > 0) await git(cwd, ["reset", "-q", base, "--", ...indexToBase]);
  if (options.clean !== false) {
    await git(cwd, ["clean", "-fdq", ...harness.ignorePatterns.flatMap((p) => ["-e", p])]);
  }
}

function taskWipRef(attempt) {
  const id = attempt.task.replace(/[^A-Za-z0-9_-]+/g, "_").replace(/^[-_]+/, "") || "task";
  return `${WIP_REF_PREFIX}task-${id}-${attempt.number}`;
}
async function notTheAttempt(tree, record) {
  if (!record) return listUntracked(tree.place.cwd, tree.harness);
  const stash = record.stash;
  const stayed = stash ? stash.paths.filter((p) => !stash.cleared.includes(p)) : [];
  return [...record.tree.untracked, ...stayed];
}
async function keepAttempt(tree, record, attempt) {
  try {
    const kept = await keepWork({
      cwd: tree.place.cwd,
      pathspecs: userFiles(tree.harness),
      headBefore: null,
      treeBefore: null,
      leaveOut: await notTheAttempt(tree, record),
      ref: taskWipRef(attempt),
      message: `agent-harness: work of task ${attempt.task}, attempt ${attempt.number}, before its rollback

What the failed attempt changed and did not commit, on top of HEAD; nothing of the user's branch, HEAD or index was moved.
`
    });
    return kept?.ref ?? null;
  } catch (error) {
    return { error: error.message };
  }
}

const split = (out) => out.split("\0").filter((line) => line !== "");
const identity = ["-c", `user.name=${HARNESS_IDENTITY.name}`, "-c", `user.email=${HARNESS_IDENTITY.email}`];
async function firstFreeRef(cwd, task) {
  for (let n = 1; ; n++) {
    const ref = `refs/agent-harness/stash/${task}${n === 1 ? "" : `-${n}`}`;
    if ((await runGit(cwd, ["rev-parse", "--verify", "-q", ref])).code !== 0) return ref;
  }
}
async function keepAside(cwd, task, harness, protect) {
  const base = await headCommit(cwd);
  if (base === null) return null;
  const tmp = await gitDirPath(cwd, `agent-harness/index-${task}.tmp`);
  await mkdir(dirname(tmp), { recursive: true });
  try {
    const real = await gitDirPath(cwd, "index");
    await copyFile(real, tmp);
    const { atime, mtime } = await stat(real);
    await utimes(tmp, atime, mtime);
  } catch (error) {
    if (error.code === "ENOENT") return null;
    throw error;
  }
  const env = { ...process.env, GIT_INDEX_FILE: tmp };
  const run = async (args) => {
    const result = await runGit(cwd, args, void 0, env);
    if (result.code !== 0) throw gitFailure(cwd, args, result);
    return result.stdout.trim();
  };
  let index;
  let tree;
  try {
    if (harness.pathspecs.length > 0) await run(["reset", "-q", base, "--", ...harness.pathspecs]);
    index = await run(["write-tree"]);
    await run(["add", "-u", "--", ":/"]);
    if (harness.pathspecs.length > 0) await run(["reset", "-q", base, "--", ...harness.pathspecs]);
    tree = await run(["write-tree"]);
  } finally {
    await unlink(tmp).catch(() => void 0);
  }
  const names = async (t) => split(await git(cwd, ["diff-tree", "-r", "-z", "--name-only", base, t]));
  const paths = [.../* @__PURE__ */ new Set([...await names(index), ...await names(tree)])].sort();
  if (paths.length === 0) return null;
  const commitTree = async (t, parents, message) => (await git(cwd, [
    ...identity,
    "commit-tree",
    "--no-gpg-sign",
    ...parents.flatMap((p) => ["-p", p]),
    "-m",
    message,
    t
  ])).trim();
  const indexCommit = await commitTree(index, [base], `index on ${task}: kept aside by agent-harness`);
  const commit = await commitTree(
    tree,
    [base, indexCommit],
    `WIP before ${task}: tracked changes kept aside by agent-harness`
  );
  const ref = await firstFreeRef(cwd, task);
  await git(cwd, ["update-ref", "-m", `agent-harness: tracked changes before ${task}`, ref, commit]);
  const cleared = paths.filter((p) => !protect.some((entry) => covers(entry, p)));
  return { ref, commit, index: indexCommit, base, paths, cleared };
}
async function clearKeptAside(cwd, stash) {
  if (stash.cleared.length === 0) return;
  await withPathspecFile(
    cwd,
    literalSpecs(stash.cleared),
    (file) => git(cwd, ["restore", `--source=${stash.base}`, "--staged", "--worktree", ...file])
  );
}
async function giveBack(cwd, stash, options) {
  const specs = literalSpecs(stash.paths);
  const differs = async (rev) => new Set(split(await git(cwd, ["diff", "-z", "--name-only", rev, "--", ...specs])));
  const notBack = await differs(stash.commit);
  const changedSinceBase = options.force ? /* @__PURE__ */ new Set() : await differs(stash.base);
  const conflicts = stash.paths.filter((p) => notBack.has(p) && changedSinceBase.has(p));
  const todo = stash.paths.filter((p) => notBack.has(p) && !changedSinceBase.has(p));
  const restore = options.force ? stash.paths : todo;
  if (restore.length > 0) {
    const inIndex = new Set(
      split(await git(cwd, ["diff-tree", "-r", "-z", "--name-only", stash.base, stash.index]))
    );
    const staged = restore.filter((p) => inIndex.has(p));
    if (staged.length > 0) {
      await withPathspecFile(
        cwd,
        literalSpecs(staged),
        (file) => git(cwd, ["restore", `--source=${stash.index}`, "--staged", ...file])
      );
    }
    const inTree = new Set(
      split(
        await git(cwd, ["ls-tree", "-r", "-z", "--name-only", "--full-tree", stash.commit, "--", ...restore])
      )
    );
    const present = restore.filter((p) => inTree.has(p));
    if (present.length > 0) {
      await withPathspecFile(
        cwd,
        literalSpecs(present),
        (file) => git(cwd, ["restore", `--source=${stash.commit}`, "--worktree", ...file])
      );
    }
    const place = (await git(cwd, ["rev-parse", "--show-cdup"])).trim();
    for (const gone of restore.filter((p) => !inTree.has(p))) {
      await unlink(join(cwd, place, gone)).catch(() => void 0);
    }
  }
  if (conflicts.length === 0) await git(cwd, ["update-ref", "-d", stash.ref]);
  return { restored: options.force ? stash.paths : todo, conflicts };
}

const parentsOf = (path) => {
  const parts = path.replace(/\/$/, "").split("/");
  return parts.slice(1).map((_, i) => `${parts.slice(0, parts.length - 1 - i).join("/")}/`);
};
async function removeEmpty(abs) {
  let entries;
  try {
    entries = await readdir(abs, { withFileTypes: true });
  } catch {
    return false;
  }
  let empty = true;
  for (const entry of entries) {
    if (!entry.isDirectory() || !await removeEmpty(join(abs, entry.name))) empty = false;
  }
  if (!empty) return false;
  try {
    await rmdir(abs);
    return true;
  } catch {
    return false;
  }
}
async function removeNewUntracked(place, harness, before, protect) {
  const existed = existedBefore(before);
  const hadDirs = dirsBefore(before);
  const kept = [];
  const spared = [];
  const removed = [];
  const isProtected = (path) => protect.some((p) => covers(p, path));
  const inCwd = (path) => path.startsWith(place.prefix);
  const abs = (path) => join(place.top, path);
  const candidates = /* @__PURE__ */ new Set();
  for (const path of await listUntracked(place.cwd, harness)) {
    if (path.endsWith("/") || existed(path) || !inCwd(path)) {
      kept.push(path);
      continue;
    }
    if (isProtected(path)) {
      spared.push(path);
      continue;
    }
    await unlink(abs(path)).catch((error) => {
      if (error.code !== "ENOENT") throw error;
    });
    removed.push(path);
    for (const dir of parentsOf(path)) candidates.add(dir);
  }
  for (const entry of await listUntracked(place.cwd, harness, ["--directory"])) {
    if (entry.endsWith("/")) candidates.add(entry);
  }
  const deepestFirst = [...candidates].sort((a, b) => b.split("/").length - a.split("/").length);
  for (const dir of deepestFirst) {
    if (hadDirs.has(dir) || before.untrackedDirs.includes(dir) || existed(dir) || isProtected(dir)) continue;
    if (!inCwd(dir) || dir === place.prefix) continue;
    if (await removeEmpty(abs(dir))) removed.push(dir);
  }
  const dirs = removed.filter((p) => p.endsWith("/"));
  const folded = removed.filter((p) => !dirs.some((d) => d !== p && p.startsWith(d)));
  return { removed: folded.sort(), kept, spared };
}

async function claimTree(tree, task, now) {
  const { cwd } = tree.place;
  const snapshot = await snapshotTree(cwd, tree.harness);
  const stash = await keepAside(cwd, task, tree.harness, tree.protect);
  const record = { version: 1, task, claimed_at: now, tree: snapshot, stash };
  await writeClaim(cwd, record);
  if (stash) await clearKeptAside(cwd, stash);
  return record;
}
function claimNote(record) {
  const stash = record.stash;
  if (!stash) return null;
  const stayed = stash.paths.filter((p) => !stash.cleared.includes(p));
  return `tracked changes present at claim (${stash.paths.length} path(s): ${someNames(stash.paths)}) kept aside in ${stash.ref}; given back after the task` + (stayed.length > 0 ? `; ${someNames(stayed)} stay in the tree, left out of the task's commit` : "");
}
function notTheTask(record) {
  const stash = record.stash;
  const stayed = stash ? stash.paths.filter((p) => !stash.cleared.includes(p)) : [];
  return literalSpecs([...record.tree.untracked, ...record.tree.ignored, ...stayed]);
}
async function taskHasChanges(tree, record) {
  const { cwd } = tree.place;
  if (!record) return hasUncommittedChanges(cwd, tree.harness);
  const stash = record.stash;
  const stayed = stash ? stash.paths.filter((p) => !stash.cleared.includes(p)) : [];
  const status = await git(cwd, [
    "status",
    "--porcelain",
    "--untracked-files=no",
    "--",
    ...userFiles(tree.harness),
    ...literalSpecs(stayed, "top,exclude,literal")
  ]);
  if (status.trim() !== "") return true;
  const existed = existedBefore(record.tree);
  return (await listUntracked(cwd, tree.harness)).some((p) => !existed(p));
}
function commitTask(tree, message, record) {
  return commitAll(tree.place.cwd, message, tree.harness, record ? notTheTask(record) : []);
}
async function rollbackTask(tree, base, record, attempt) {
  const wip = attempt ? { wip: await keepAttempt(tree, record, attempt) } : {};
  await rollback(tree.place.cwd, base, tree.harness, { protect: tree.protect, clean: false });
  if (!record) {
    return {
      removed: [],
      kept: await listUntracked(tree.place.cwd, tree.harness),
      spared: [],
      unknown: true,
      ...wip
    };
  }
  const outcome = await removeNewUntracked(tree.place, tree.harness, record.tree, tree.protect);
  return { ...outcome, unknown: false, ...wip };
}
function rollbackLine(base, report) {
  const parts = [`git reset --hard ${shortHash(base)}`];
  const wip = report.wip;
  const kept = typeof wip === "string" ? `work kept in ${wip} (git checkout ${wip} -- .)` : wip ? `work not kept: ${wip.error}` : null;
  if (report.unknown) {
    parts.push(
      `no untracked path removed: no record of what existed at the claim` + (report.kept.length > 0 ? ` (kept ${report.kept.length}: ${someNames(report.kept)})` : "")
    );
    return [...parts, ...kept ? [kept] : []].join("; ");
  }
  parts.push(
    report.removed.length > 0 ? `removed ${report.removed.length} untracked path(s) the task made: ${someNames(report.removed)}` : "removed no untracked path"
  );
  if (report.kept.length > 0) {
    parts.push(
      `kept ${report.kept.length} untracked path(s) from before the task: ${someNames(report.kept)}`
    );
  }
  if (report.spared.length > 0) {
    parts.push(`kept ${report.spared.length} the harness never removes: ${someNames(report.spared)}`);
  }
  if (kept) parts.push(kept);
  return parts.join("; ");
}
async function settleClaim(tree, record, options) {
  const lines = [];
  const stash = record.stash;
  if (stash) {
    const back = await giveBack(tree.place.cwd, stash, options);
    const given = back.restored.filter((p) => !back.conflicts.includes(p));
    if (given.length > 0 || back.conflicts.length === 0) {
      lines.push(`tracked changes from before the task given back (${someNames(stash.paths)})`);
    }
    if (back.conflicts.length > 0) {
      lines.push(
        `tracked changes from before the task to ${someNames(back.conflicts)} not given back: the task changed them too; they are as the task left them, yours are in ${stash.ref} (git stash apply --index ${stash.ref})`
      );
    }
  }
  await removeClaim(tree.place.cwd, record.task);
  return lines;
}

const SHELL_BUILTINS = /* @__PURE__ */ new Set([
  ":",
  ".",
  "[",
  "!",
  "{",
  "(",
  "alias",
  "bg",
  "break",
  "case",
  "cd",
  "command",
  "continue",
  "echo",
  "eval",
  "exec",
  "exit",
  "export",
  "false",
  "fg",
  "for",
  "getopts",
  "hash",
  "if",
  "jobs",
  "kill",
  "printf",
  "pwd",
  "read",
  "readonly",
  "return",
  "set",
  "shift",
  "test",
  "times",
  "trap",
  "true",
  "type",
  "ulimit",
  "umask",
  "unalias",
  "unset",
  "until",
  "wait",
  "while"
]);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
function commandBinary(command) {
  const words = command.trim().split(/\s+/);
  for (const word of words) {
    if (word === "") return null;
    if (ASSIGNMENT.test(word)) continue;
    let binary = word;
    const quoted = /^(['"])(.*)\1$/.exec(binary);
    if (quoted) binary = quoted[2] ?? "";
    binary = binary.replace(/[;&|<>].*$/, "");
    if (binary === "") return null;
    if (/[$`*?~]/.test(binary) || binary.startsWith("(") || binary.startsWith("{")) return null;
    return binary;
  }
  return null;
}
function lastLine$1(text) {
  const lines = text.split("\n").map((line) => line.trim());
  for (let i = lines.length - 1; i >= 0; i--) if (lines[i] !== "") return lines[i];
  return "";
}
async function runValidation(task, options) {
  const command = task.validation.command;
  if (command === null || command.trim() === "") {
    return {
      result: "skipped",
      category: null,
      message: "no validation command",
      exitCode: null,
      output: ""
    };
  }
  const binary = commandBinary(command);
  if (binary !== null && !SHELL_BUILTINS.has(binary) && !findExecutable(binary, options.cwd, options.env)) {
    return {
      result: "missing",
      category: "ENV_SETUP",
      message: `command not found: ${binary}`,
      exitCode: null,
      output: ""
    };
  }
  const timeoutSeconds = task.validation.timeout_seconds;
  const result = await runShell(`exec 1>&2
${command}`, {
    cwd: options.cwd,
    env: options.env,
    timeoutMs: timeoutSeconds * 1e3,
    clock: options.clock ?? systemClock,
    spawn: options.spawn ?? spawn,
    ...options.cookie !== void 0 ? { cookie: options.cookie } : {},
    ...options.signal !== void 0 ? { signal: options.signal } : {}
  });
  const output = result.stderrTail.slice(-2048);
  if (result.interrupted) {
    return {
      result: "interrupted",
      category: null,
      message: `validation interrupted by a stop request: ${command}`,
      exitCode: null,
      output
    };
  }
  if (result.timedOut) {
    return {
      result: "timeout",
      category: "TIMEOUT",
      message: `validation timed out after ${timeoutSeconds}s: ${command}`,
      exitCode: null,
      output
    };
  }
  if (result.exitCode === 0) {
    return { result: "pass", category: null, message: "validation passed", exitCode: 0, output };
  }
  const last = lastLine$1(output);
  return {
    result: "fail",
    category: "TEST_FAIL",
    message: `validation failed (exit ${result.exitCode})${last === "" ? "" : `: ${last}`}`,
    exitCode: result.exitCode,
    output
  };
}

function decideRecovery(facts) {
  if (facts.uncommitted && facts.taskCommits > 0) return { kind: "commit_then_validate" };
  if (facts.uncommitted) return { kind: "validate_with_uncommitted" };
  if (facts.taskCommits > 0) return { kind: "validate" };
  if (facts.checkpoints === 0) return { kind: "fail_no_progress" };
  return facts.checkpointFilesPresent === true ? { kind: "resume_from_checkpoint" } : { kind: "fail_work_lost" };
}
const PATH_EXTENSION = /^[\w.-]*[\w-]\.[A-Za-z][A-Za-z0-9]{0,9}$/;
function namedPaths(descriptions) {
  const names = /* @__PURE__ */ new Set();
  for (const description of descriptions) {
    for (const raw of description.split(/\s+/)) {
      const word = raw.replace(/^[`'"([{<]+/, "").replace(/[`'")\]}>,;:!?.]+$/, "");
      if (word === "" || /^[a-z]+:\/\//i.test(word)) continue;
      if (/^[\w.-]+(\/[\w.-]+)+\/?$/.test(word) || PATH_EXTENSION.test(word)) {
        names.add(word.replace(/^\.\//, "").replace(/\/$/, ""));
      }
    }
  }
  return [...names];
}
function matchesPath(name, path) {
  return path === name || path.endsWith(`/${name}`) || path.startsWith(`${name}/`);
}
async function checkpointProgressPresent(cwd, base, checkpoints, harness = NO_HARNESS_FILES) {
  const changed = await changedFilesSince(cwd, base, harness);
  if (changed.length === 0) return false;
  const relevant = namedPaths(checkpoints.map((c) => c.description)).filter(
    (name) => existsSync(join(cwd, name)) || changed.some((path) => matchesPath(name, path))
  );
  if (relevant.length === 0) return true;
  return relevant.some((name) => changed.some((path) => matchesPath(name, path)));
}
function quote(text) {
  return text.replace(/"/g, "'").replace(/\s+/g, " ").trim();
}
function describeFacts(facts) {
  const parts = [
    facts.uncommitted ? "uncommitted changes" : "no uncommitted changes",
    facts.taskCommits > 0 ? `${facts.taskCommits} task commit(s)` : "no task commits",
    facts.checkpoints > 0 ? `${facts.checkpoints} checkpoint(s)` : "no checkpoints"
  ];
  if (facts.checkpointFilesPresent !== null) {
    parts.push(
      facts.checkpointFilesPresent ? "files reflect checkpoints" : "files do not reflect checkpoints"
    );
  }
  return parts.join(", ");
}
async function recoverInterruptedTask(task, options) {
  const { cwd, log, now } = options;
  const harness = options.harness ?? NO_HARNESS_FILES;
  const id = task.id;
  const recovery = (action2, reason2) => log({ type: "RECOVERY", message: `[${id}] action="${quote(action2)}" reason="${quote(reason2)}"` });
  const error = (category, message) => log({ type: "ERROR", message: `[${id}] [${category}] ${message}`, category });
  const failed = (category, message, attempts2) => ({
    task: {
      ...structuredClone(task),
      status: "failed",
      attempts: attempts2,
      error_log: [...task.error_log, `[${category}] ${message}`],
      failed_at: now()
    },
    outcome: "failed"
  });
  const base = task.started_at_commit;
  if (base === null || !await commitExists(cwd, base)) {
    const message = base === null ? "started_at_commit is not recorded; cannot roll back" : `started_at_commit ${base} does not exist; cannot roll back`;
    recovery("mark_failed_at_max_attempts", message);
    error("TASK_EXEC", message);
    return failed("TASK_EXEC", message, Math.max(task.attempts, task.max_attempts));
  }
  if (task.started_on_branch) {
    const moved = await returnToBranch(cwd, task.started_on_branch, base).catch(
      (e) => `could not return to branch ${task.started_on_branch}: ${e.message}`
    );
    if (moved !== null) log({ type: "WARN", message: `[${id}] ${moved}` });
  }
  const touch = options.touch;
  const uncommitted = touch ? await taskHasChanges(touch.tree, touch.claim) : await hasUncommittedChanges(cwd, harness);
  const commitWork = (message) => touch ? commitTask(touch.tree, message, touch.claim) : commitAll(cwd, message, harness);
  const taskCommits = (await taskCommitsSince(cwd, base, id)).length;
  const checkpoints = task.checkpoints.length;
  const checkpointFilesPresent = !uncommitted && taskCommits === 0 && checkpoints > 0 ? await checkpointProgressPresent(cwd, base, task.checkpoints, harness) : null;
  const facts = { uncommitted, taskCommits, checkpoints, checkpointFilesPresent };
  const stashes = await stashList(cwd);
  const reason = describeFacts(facts) + (stashes.length > 0 ? `; ${stashes.length} stash entr(ies) left untouched` : "");
  const action = decideRecovery(facts);
  const attempts = task.attempts + 1;
  switch (action.kind) {
    case "fail_no_progress": {
      recovery("mark_failed", reason);
      error("SESSION_TIMEOUT", "No progress detected");
      return failed("SESSION_TIMEOUT", "No progress detected", attempts);
    }
    case "fail_work_lost": {
      const last = task.checkpoints[task.checkpoints.length - 1];
      const message = `Work lost: checkpoint step=${last?.step ?? "?"}/${last?.total ?? "?"} not reflected in the files`;
      recovery("mark_failed", reason);
      error("SESSION_TIMEOUT", message);
      return failed("SESSION_TIMEOUT", message, attempts);
    }
    case "resume_from_checkpoint": {
      const last = task.checkpoints[task.checkpoints.length - 1];
      recovery("resume_from_checkpoint", `${reason}; last step=${last?.step ?? "?"}/${last?.total ?? "?"}`);
      return { task: structuredClone(task), outcome: "resume" };
    }
    case "validate":
    case "validate_with_uncommitted":
    case "commit_then_validate": {
      recovery(action.kind, reason);
      const commitMessage = `[${id}] ${task.title} (recovered after an interrupted session)`;
      if (action.kind === "commit_then_validate") await commitWork(commitMessage);
      const outcome = await runValidation(task, {
        cwd,
        env: options.env,
        ...options.cookie !== void 0 ? { cookie: options.cookie } : {},
        ...options.signal !== void 0 ? { signal: options.signal } : {}
      });
      if (outcome.result === "interrupted") {
        recovery("none", "validation interrupted by a stop request; the next start recovers the task");
        return { task: structuredClone(task), outcome: "interrupted" };
      }
      const lastValidation = recordValidation(outcome, now);
      if (outcome.result === "pass" || outcome.result === "skipped") {
        const commit = action.kind === "validate_with_uncommitted" ? await commitWork(commitMessage) : null;
        const at = now();
        recovery(
          "mark_completed",
          `validation ${outcome.result}${commit === null ? "" : `; commit ${commit}`}`
        );
        return {
          task: {
            ...structuredClone(task),
            status: "completed",
            completed_at: at,
            ...lastValidation === void 0 ? {} : { last_validation: lastValidation }
          },
          outcome: "completed"
        };
      }
      const category = outcome.category ?? "TEST_FAIL";
      error(category, outcome.message);
      if (touch) {
        const report = await rollbackTask(touch.tree, base, touch.claim, { task: id, number: attempts });
        log({ type: "ROLLBACK", message: `[${id}] ${rollbackLine(base, report)}` });
      } else {
        await rollback(cwd, base, harness);
        log({ type: "ROLLBACK", message: `[${id}] git reset --hard ${base} && git clean -fd` });
      }
      recovery("mark_failed", `validation ${outcome.result}; rolled back to ${base}`);
      const result = { ...failed(category, outcome.message, attempts), rolledBack: true };
      if (lastValidation !== void 0) result.task.last_validation = lastValidation;
      return result;
    }
  }
}
function recordValidation(outcome, now) {
  if (outcome.result === "skipped" || outcome.result === "interrupted") return void 0;
  return { result: outcome.result, at: now(), exit_code: outcome.exitCode };
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
function remainingWork(tasks) {
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

class DriverState {
  constructor(file, session, lock, progress, options, tree) {
    this.file = file;
    this.session = session;
    this.lock = lock;
    this.progress = progress;
    this.options = options;
    this.tree = tree;
  }
  file;
  session;
  lock;
  progress;
  options;
  tree;
  current = null;
  tasksThisSession = 0;
  /** The last iteration's task was completed (the loop's no-progress check reads it). */
  lastCompleted = false;
  /** Whether this session has been counted in session_count (on its first claim). */
  counted = false;
  get path() {
    return join(this.options.cwd, TASK_FILE);
  }
  now() {
    return new Date(this.options.clock.now()).toISOString().replace(/\.\d{3}Z$/, "Z");
  }
  async note(entry) {
    await this.progress.append({ ...entry, session: this.session });
  }
  /** The kept-aside changes given back and the claim record removed; the lines it says go to the progress log. */
  async settle(taskId, claim, force) {
    for (const message of await settleClaim(this.tree, claim, { force })) {
      await this.note({ type: "WARN", taskId, message });
    }
  }
  /** HEAD back on the branch the task started on, if the agent left it; noted in the progress log. */
  async backOnBranch(task) {
    if (!task.started_on_branch) return;
    const moved = await returnToBranch(
      this.options.cwd,
      task.started_on_branch,
      task.started_at_commit
    ).catch((error) => `could not return to branch ${task.started_on_branch}: ${error.message}`);
    if (moved !== null) await this.note({ type: "WARN", taskId: task.id, message: moved });
  }
  async writeStats(reason) {
    const stats = taskStats(this.file.tasks);
    await this.note({ type: "STATS", message: formatStats(stats) });
    await this.note({ type: "LOCK", message: lockReleased() });
    await this.options.emit({ event: "task_stats", reason, ...stats });
  }
  /**
   * The agent records checkpoints in the task file while the session runs (`tasks checkpoint`). Only those are
   * taken from disk: statuses, attempts and everything else stay as the harness holds them, so an agent that
   * edits the file cannot complete its own task.
   */
  async takeCheckpoints(id) {
    const onDisk = await readTaskFile(this.path).catch(() => null);
    const theirs = onDisk?.file.tasks.find((t) => t.id === id)?.checkpoints ?? [];
    const ours = this.fresh(id);
    if (ours && theirs.length > ours.checkpoints.length) {
      this.file = this.withTask({ ...ours, checkpoints: theirs });
    }
  }
  containment() {
    const { cookie, signal } = this.options;
    return { ...cookie !== void 0 ? { cookie } : {}, ...signal !== void 0 ? { signal } : {} };
  }
  fresh(id) {
    return this.file.tasks.find((t) => t.id === id);
  }
  withTask(task) {
    return { ...this.file, tasks: this.file.tasks.map((t) => t.id === task.id ? task : t) };
  }
  async save(file) {
    this.file = file;
    await writeTaskFile(this.path, file);
  }
}

const INIT_SCRIPT = "harness-init.sh";
const INTERRUPTED = "interrupted";
async function openDriverState(options) {
  const path = join(options.cwd, TASK_FILE);
  await sweepStaleTemps(options.cwd);
  const progress = new ProgressLog(join(options.cwd, PROGRESS_FILE), options.clock.now);
  let read;
  try {
    read = await readTaskFile(path, { now: options.clock.now });
  } catch (error) {
    if (error instanceof TaskFileError) {
      await progress.append({ session: 0, type: "ERROR", category: "ENV_SETUP", message: error.message });
    }
    throw error;
  }
  if (read === null) return null;
  const lock = await acquireLock(options.cwd, options.lockTmpDir ? { tmpDir: options.lockTmpDir } : {});
  let file = read.file;
  const session = file.session_count + 1;
  try {
    const tree = await taskTree(options, lock.dir);
    const self = new DriverState(file, session, lock, progress, options, tree);
    if (read.restoredFromBackup) {
      await self.note({
        type: "WARN",
        message: `harness-tasks.json unparseable (${read.problem}); restored from backup`
      });
    }
    if (lock.reclaimed)
      await self.note({
        type: "WARN",
        message: `Removed stale lock from pid=${lock.reclaimedFrom ?? "?"}: ${lock.reclaimedWhy ?? "stale"}`
      });
    await self.note({ type: "LOCK", message: lockAcquired(lock.pid) });
    for (const task of file.tasks.filter((t) => t.status === "in_progress")) {
      const claim = await readClaim(options.cwd, task.id);
      const recovered = await recoverInterruptedTask(task, {
        cwd: options.cwd,
        env: options.env,
        ...self.containment(),
        now: () => self.now(),
        harness: tree.harness,
        touch: { tree, claim },
        // The line's message already carries the task id and the category.
        log: (line) => {
          self.progress.append({ session, type: line.type, message: line.message }).catch(
            (error) => options.log("warn", {
              event: "progress log not written",
              path: self.progress.path,
              error: String(error)
            })
          );
        }
      });
      file = { ...file, tasks: file.tasks.map((t) => t.id === task.id ? recovered.task : t) };
      if (claim && (recovered.outcome === "completed" || recovered.outcome === "failed")) {
        await self.settle(task.id, claim, recovered.rolledBack === true);
      }
      await options.emit({ event: "task_recovered", task_id: task.id, outcome: recovered.outcome });
    }
    for (const id of await claimedTasks(options.cwd)) {
      if (file.tasks.some((t) => t.id === id && t.status === "in_progress")) continue;
      const claim = await readClaim(options.cwd, id);
      if (claim) await self.settle(id, claim, false);
    }
    if (file !== read.file) await self.save(file);
    self.file = file;
    const init = options.signal?.aborted ? { stop: INTERRUPTED } : await runInitScript(self);
    if (init) {
      await closeUnstarted(self, init.stop);
      return init;
    }
    if (session > file.session_config.max_sessions) {
      await closeUnstarted(self, "max_sessions");
      return { stop: "max_sessions" };
    }
    return self;
  } catch (error) {
    await lock.release();
    throw error;
  }
}
async function closeUnstarted(state, reason) {
  try {
    await state.writeStats(reason);
  } finally {
    await state.lock.release();
  }
}
async function taskTree(options, lockDir) {
  let prefix;
  try {
    prefix = await repoPrefix(options.cwd);
  } catch {
    return { place: placeOf(options.cwd, ""), harness: NO_HARNESS_FILES, protect: [] };
  }
  const place = placeOf(options.cwd, prefix);
  const view = harnessGitView(harnessFiles(options.paths, { lockDir }), options.cwd, prefix);
  await excludeLocally(options.cwd, view.ignorePatterns).catch(
    (error) => options.log("warn", { git_exclude: `could not update the local exclude file: ${error.message}` })
  );
  const protect = protectedPaths(place, {
    configFile: options.configFile ?? null,
    promptFile: options.paths.promptFile,
    configNames: CONFIG_FILE_NAMES
  });
  return { place, harness: view, protect };
}
async function runInitScript(state) {
  const { options } = state;
  const script = join(options.cwd, INIT_SCRIPT);
  if (!existsSync(script)) return null;
  for (let attempt = 1; attempt <= 2; attempt++) {
    const result = await runShell(`sh ${JSON.stringify(script)}`, {
      cwd: options.cwd,
      env: options.env,
      timeoutMs: 6e5,
      clock: options.clock,
      spawn: options.spawn,
      ...state.containment()
    });
    if (result.interrupted) return { stop: INTERRUPTED };
    if (result.exitCode === 0) {
      await state.note({ type: "INIT", message: "Environment health check: PASS" });
      return null;
    }
    await state.note({
      type: "ERROR",
      category: "ENV_SETUP",
      message: `harness-init.sh failed (exit ${result.exitCode}, attempt ${attempt}/2): ${lastLine(result.stderrTail)}`
    });
  }
  return { stop: "env_setup", exitCode: EXIT.taskEnvironment };
}
function lastLine(text) {
  return text.trim().split("\n").at(-1) ?? "";
}

export { DriverState as D, INIT_SCRIPT as I, NO_HARNESS_FILES as N, ProgressLog as P, acquireLock as a, readyTasks as b, checkpointMessage as c, repoPrefix as d, runShell as e, excludeLocally as f, runValidation as g, commitTask as h, headCommit as i, completedMessage as j, commitExists as k, lockDirFor as l, rollbackTask as m, nextTaskId as n, rollbackLine as o, openDriverState as p, remainingWork as q, readLockPid as r, selectNextTask as s, currentBranch as t, claimTree as u, validateDependencies as v, startingMessage as w, claimNote as x, taskHasChanges as y };
