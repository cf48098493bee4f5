import { tmpdir } from 'node:os';
import { join, dirname, basename, isAbsolute, resolve as resolve$1, relative, sep } from 'node:path';
import { existsSync, readdirSync, rmdirSync, readFileSync, readlinkSync, writeFileSync, accessSync, constants, statSync, lstatSync, realpathSync } from 'node:fs';
import { f as findExecutable, c as runCommand, w as withGitConfig, d as guardedGitEnv, r as runGit, g as git, h as harnessIdentityArgs, b as gitFailure } from './spend-D-HHXpeX.js';
import { r as readIsolationRecords, i as isolationRecordDir, c as removeIsolationRecord, R as RunIsolationRecord } from './worker-agent-CEPc612X.js';
import { mkdir, writeFile, mkdtemp, rm, stat, copyFile, utimes } from 'node:fs/promises';
import { p as procPids, m as readProcStat, r as readInputText, l as readInputTextSync, I as InputFileError, o as openInputFile, i as isCookie, e as endCarriers } from './input-file-Cbt1w_j3.js';
import { s as sameProcessAlive, a as processIdentity, f as fatalWriteKind } from './harness-files-B0x0nX25.js';
import { w as within } from './holder-DYQPLy_j.js';
import { createInterface } from 'node:readline';
import { r as readTail } from './tail-CzdcGSBg.js';
import { H as HarnessError, E as EXIT } from './exit-codes-BkuRLrXJ.js';
import 'node:crypto';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import { w as writeFileAtomic, o as overwriteInPlace, g as groupAlive, t as terminateGroup, b as terminateRecorded } from './process-group-v69azfoj.js';
import { p as parseEventLine } from './store-jcKbTIeG.js';
import 'node:child_process';
import { h as highestTranscript } from './paths-CsbkJmHS.js';

const CGROUP_VAR = "AGENT_HARNESS_CGROUP";
const BASE_NAME = "agent-harness";
function cgroupSetting(value) {
  const v = (value ?? "").trim().toLowerCase();
  if (v === "" || v === "auto") return "auto";
  if (v === "off" || v === "0" || v === "false" || v === "no") return "off";
  throw new Error(`${CGROUP_VAR}=${value} is not a setting: use "auto" (the default) or "off"`);
}
function cgroup2Mounts(mountinfo) {
  const mounts = [];
  for (const line of mountinfo.split("\n")) {
    const [before, after] = line.split(" - ");
    if (after === void 0 || after.split(" ")[0] !== "cgroup2") continue;
    const fields = before.split(" ");
    if (fields.length < 5) continue;
    mounts.push({ root: unescapeMount(fields[3]), point: unescapeMount(fields[4]) });
  }
  return mounts;
}
function unescapeMount(field) {
  return field.replace(/\\([0-7]{3})/g, (_, octal) => String.fromCharCode(parseInt(octal, 8)));
}
function preferredMount(mounts) {
  return mounts.find((m) => m.point === "/sys/fs/cgroup") ?? mounts.find((m) => m.point === "/sys/fs/cgroup/unified") ?? mounts[0] ?? null;
}
function ownCgroupPath(procCgroup) {
  for (const line of procCgroup.split("\n")) {
    if (!line.startsWith("0::")) continue;
    const path = line.slice(3).trim();
    return path.startsWith("/") && !path.endsWith(" (deleted)") && !path.startsWith("/..") ? path : null;
  }
  return null;
}
function cgroupDir(mount, path) {
  const root = mount.root === "/" ? "" : mount.root.replace(/\/+$/, "");
  if (root !== "" && path !== root && !path.startsWith(`${root}/`)) return null;
  const rest = path.slice(root.length).replace(/^\/+/, "");
  const point = mount.point.replace(/\/+$/, "");
  return rest === "" ? point : `${point}/${rest}`;
}
function chooseContainment(facts) {
  if (facts.setting === "off") return { kind: "none", reason: `${CGROUP_VAR}=off` };
  const usable = (at) => at !== null && at.canMake && at.canMove;
  if (facts.own?.canMove) {
    if (usable(facts.own)) return { kind: "cgroup", via: "own", parent: facts.own.dir };
    if (usable(facts.top)) return { kind: "cgroup", via: "top", parent: facts.top.dir };
  }
  if (facts.systemdUser) return { kind: "systemd-scope" };
  if (facts.mount === null) return { kind: "none", reason: "no cgroup v2 hierarchy is mounted" };
  const dirs = [facts.own?.dir, facts.top?.dir].filter(
    (d, i, all) => d !== void 0 && all.indexOf(d) === i
  );
  return {
    kind: "none",
    reason: `this user may not write ${dirs.join(" nor ") || "any cgroup"} and no systemd user manager answers`
  };
}
function escapes(containment) {
  switch (containment.kind) {
    case "none":
      return "a process that clears its environment (env -i, so it carries no session cookie) and leaves the agent's process group and parent-PID tree (a double fork and setsid) is not found, and outlives the session and the harness";
    case "cgroup":
    case "systemd-scope":
      return "only a process allowed to move itself to another cgroup (root, or the owner of the cgroup tree)";
  }
}
const RUN_PATTERN = /^run-(\d+)-(\d+)-(\d+)-([0-9a-f]{24})$/;
function runName(owner) {
  return `run-${owner.pidns}-${owner.pid}-${owner.start}-${owner.cookie}`;
}
function parseRunName(name) {
  const m = RUN_PATTERN.exec(name);
  if (m === null) return null;
  return { pidns: m[1], pid: Number(m[2]), start: m[3], cookie: m[4] };
}
function sessionName(cookie, global) {
  return `session-${cookie}-${global}`;
}
function orphanRuns(names, pidns, stillRunning) {
  const orphans = [];
  for (const name of names) {
    const owner = parseRunName(name);
    if (owner === null || owner.pidns !== pidns) continue;
    if (!stillRunning(owner.pid, owner.start)) orphans.push({ name, owner });
  }
  return orphans;
}
function killMethod(has) {
  if (has.kill) return "cgroup.kill";
  if (has.freeze) return "freeze";
  return "signal";
}
function populated(events) {
  return /^populated 1$/m.test(events);
}
function frozen(events) {
  return /^frozen 1$/m.test(events);
}
function procsOf(text) {
  return text.split("\n").map((line) => Number(line.trim())).filter((pid) => Number.isSafeInteger(pid) && pid > 0);
}
function scopeUnit(owner, global) {
  return `${BASE_NAME}-${runName(owner)}-${global}.scope`;
}
function parseScopeUnit(unit) {
  const m = /^agent-harness-(run-\d+-\d+-\d+-[0-9a-f]{24})-\d+\.scope$/.exec(unit);
  return m === null ? null : parseRunName(m[1]);
}
function inScope(unit, command, args) {
  return {
    command: "systemd-run",
    args: ["--user", "--scope", "--quiet", "--collect", `--unit=${unit}`, "--", command, ...args]
  };
}

function readOr(path, fallback) {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return fallback;
  }
}
function mayWrite(path) {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
function access(dir) {
  return { dir, canMake: mayWrite(dir), canMove: mayWrite(join(dir, "cgroup.procs")) };
}
function readFacts(env) {
  const setting = cgroupSetting(env[CGROUP_VAR]);
  const mount = preferredMount(cgroup2Mounts(readOr("/proc/self/mountinfo", "")));
  const ownPath = ownCgroupPath(readOr("/proc/self/cgroup", ""));
  const ownDir = mount && ownPath !== null ? cgroupDir(mount, ownPath) : null;
  const topDir = mount ? cgroupDir(mount, mount.root) : null;
  const runtime = env.XDG_RUNTIME_DIR;
  const systemdUser = runtime !== void 0 && runtime !== "" && existsSync(join(runtime, "systemd", "private")) && findExecutable("systemd-run", "/", env) !== null && findExecutable("systemctl", "/", env) !== null;
  return {
    setting,
    mount,
    own: ownDir === null ? null : access(ownDir),
    top: topDir === null ? null : access(topDir),
    systemdUser
  };
}
function pidNamespace() {
  try {
    return /\[(\d+)\]/.exec(readlinkSync("/proc/self/ns/pid"))?.[1] ?? "0";
  } catch {
    return "0";
  }
}
function moveInto(dir, pid) {
  writeFileSync(join(dir, "cgroup.procs"), `${pid}
`);
}
function isPopulated(dir) {
  return populated(readOr(join(dir, "cgroup.events"), ""));
}
function treeDeepestFirst(dir) {
  const dirs = [];
  const walk = (at) => {
    let entries;
    try {
      entries = readdirSync(at, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) if (entry.isDirectory()) walk(join(at, entry.name));
    dirs.push(at);
  };
  walk(dir);
  return dirs;
}
function membersOf(dir) {
  return treeDeepestFirst(dir).flatMap((at) => procsOf(readOr(join(at, "cgroup.procs"), "")));
}
function signalEach(pids, signal) {
  for (const pid of pids) {
    if (pid === process.pid) continue;
    try {
      process.kill(pid, signal);
    } catch {
    }
  }
}
async function waitEmpty(dir, ms, clock) {
  const deadline = clock.monotonic() + ms;
  for (; ; ) {
    if (!isPopulated(dir)) return true;
    if (clock.monotonic() >= deadline) return false;
    await clock.sleep(Math.min(20, Math.max(1, deadline - clock.monotonic())));
  }
}
function killMethodOf(dir) {
  return killMethod({
    kill: existsSync(join(dir, "cgroup.kill")),
    freeze: existsSync(join(dir, "cgroup.freeze"))
  });
}
async function killRound(dir, method, clock) {
  const members = membersOf(dir);
  if (members.includes(process.pid)) method = "signal";
  try {
    if (method === "cgroup.kill") return writeFileSync(join(dir, "cgroup.kill"), "1");
    if (method === "freeze") {
      writeFileSync(join(dir, "cgroup.freeze"), "1");
      const deadline = clock.monotonic() + 200;
      while (!frozen(readOr(join(dir, "cgroup.events"), "frozen 1")) && clock.monotonic() < deadline)
        await clock.sleep(5);
      signalEach(membersOf(dir), "SIGKILL");
      writeFileSync(join(dir, "cgroup.freeze"), "0");
      return;
    }
  } catch {
  }
  signalEach(members, "SIGKILL");
}
async function endCgroup(dir, graceMs, clock, method = killMethodOf(dir)) {
  if (!isPopulated(dir)) return { count: 0, how: "gone" };
  const first = membersOf(dir).filter((pid) => pid !== process.pid);
  if (graceMs > 0) {
    signalEach(first, "SIGTERM");
    if (await waitEmpty(dir, graceMs, clock)) return { count: first.length, how: "term" };
  }
  for (let round = 0; round < 50 && isPopulated(dir); round++) {
    await killRound(dir, method, clock);
    if (await waitEmpty(dir, 500, clock)) break;
  }
  return { count: first.length, how: "kill" };
}
function removeCgroup(dir) {
  for (const at of treeDeepestFirst(dir)) {
    try {
      rmdirSync(at);
    } catch (error) {
      if (error.code !== "ENOENT") return false;
    }
  }
  return true;
}
function subdirectories(dir) {
  try {
    return readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch {
    return [];
  }
}

function asRoot(privilege, argv) {
  return privilege === "root" ? [argv[0], argv.slice(1)] : ["sudo", ["-n", "--", ...argv]];
}
async function runAsRoot(privilege, argv) {
  const [command, args] = asRoot(privilege, argv);
  const result = await runCommand(command, args);
  if (result.code !== 0)
    throw new Error(`${argv.join(" ")} failed: ${result.stderr.trim() || `exit code ${result.code}`}`);
  return result.stdout;
}
async function probePrivilege() {
  if (process.getuid?.() === 0) return "root";
  try {
    return (await runCommand("sudo", ["-n", "true"], { timeoutMs: 1e4 })).code === 0 ? "sudo" : null;
  } catch {
    return null;
  }
}

const agentUserName = (cookie) => `agent-harness-${cookie.slice(0, 8)}`;
const AGENT_USER_NAME = /^agent-harness-[0-9a-f]{8}$/;
async function lookupUser(name) {
  const [uid, gid] = await Promise.all([runCommand("id", ["-u", name]), runCommand("id", ["-g", name])]);
  if (uid.code !== 0 || gid.code !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}
async function createAgentUser(input) {
  const name = agentUserName(input.cookie);
  const home = join(input.baseDir, name);
  if (await lookupUser(name) === null)
    await runAsRoot(input.privilege, [
      "useradd",
      "--system",
      "--user-group",
      "--no-create-home",
      "--home-dir",
      home,
      "--shell",
      "/bin/sh",
      name
    ]);
  const ids = await lookupUser(name);
  if (ids === null) throw new Error(`the agent's user ${name} was made but cannot be looked up`);
  await mkdir(join(home, "tmp"), { recursive: true, mode: 448 });
  const identity = [
    ...input.identity.name ? [`	name = ${quote(input.identity.name)}`] : [],
    ...input.identity.email ? [`	email = ${quote(input.identity.email)}`] : []
  ];
  await writeFile(
    join(home, ".gitconfig"),
    ["[safe]", "	directory = *", ...identity.length > 0 ? ["[user]", ...identity] : [], ""].join("\n")
  );
  await runAsRoot(input.privilege, ["chown", "-R", `${ids.uid}:${ids.gid}`, home]);
  await runAsRoot(input.privilege, ["chmod", "0700", home]);
  return {
    name,
    ...ids,
    home,
    privilege: input.privilege,
    owner: { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 }
  };
}
const quote = (value) => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;
function agentUserEnv(user) {
  return {
    HOME: user.home,
    USER: user.name,
    LOGNAME: user.name,
    TMPDIR: join(user.home, "tmp"),
    GIT_CONFIG_GLOBAL: join(user.home, ".gitconfig"),
    ...withGitConfig({}, [["safe.directory", "*"]])
  };
}
const OWNER_PLACES = /^(HOME|USER|LOGNAME|TMPDIR|XDG_[A-Z_]+)$/;
const switchUser = (user) => [
  "setpriv",
  `--reuid=${user.uid}`,
  `--regid=${user.gid}`,
  "--clear-groups",
  "--no-new-privs",
  "--"
];
function asAgentUser(user, command, args, env) {
  const again = ["PATH", "HOME", "TMPDIR"].flatMap(
    (name) => env[name] !== void 0 ? [`${name}=${env[name]}`] : []
  );
  const inner = [...switchUser(user), "env", ...again, command, ...args];
  return user.privilege === "root" ? { command: inner[0], args: inner.slice(1) } : { command: "sudo", args: ["-n", "-E", "--", ...inner] };
}
function processesOf(uid) {
  return procPids().flatMap((entry) => {
    try {
      if (statSync(`/proc/${entry}`).uid !== uid) return [];
      const state = readProcStat(Number(entry))?.state;
      return state === void 0 || state === "Z" || state === "X" ? [] : [Number(entry)];
    } catch {
      return [];
    }
  });
}
async function endAgentProcesses(user, clock, timeoutMs = 1e4) {
  const found = processesOf(user.uid).length;
  const deadline = clock.monotonic() + timeoutMs;
  while (processesOf(user.uid).length > 0) {
    await runAsRoot(user.privilege, [...switchUser(user), "kill", "-KILL", "-1"]).catch(() => void 0);
    if (processesOf(user.uid).length === 0) break;
    if (clock.monotonic() >= deadline)
      throw new Error(`processes of the agent's user ${user.name} are still running after SIGKILL`);
    await clock.sleep(20);
  }
  return found;
}
async function removeAgentUser(user, clock) {
  await endAgentProcesses(user, clock);
  await runAsRoot(user.privilege, ["userdel", user.name]);
  await runAsRoot(user.privilege, ["rm", "-rf", "--", user.home]);
}

const WALKS = 3;
function onlyVanished(stderr) {
  const lines = stderr.split("\n").filter((line) => line.trim() !== "");
  return lines.length > 0 && lines.every((line) => line.endsWith(": No such file or directory"));
}
async function setfaclTree(privilege, args, run = runCommand) {
  for (let walk = 1; ; walk++) {
    const [command, argv] = asRoot(privilege, ["setfacl", "-R", ...args]);
    const result = await run(command, argv);
    if (result.code === 0) return;
    if (!onlyVanished(result.stderr))
      throw new Error(
        `setfacl -R ${args.join(" ")} failed: ${result.stderr.trim() || `exit code ${result.code}`}`
      );
    if (walk >= WALKS) return;
  }
}

function closedAncestors(root, uid) {
  const closed = [];
  for (let dir = dirname(root); ; dir = dirname(dir)) {
    const stat = statSync(dir);
    if (stat.uid !== uid && (stat.mode & 1) === 0) closed.push(dir);
    if (dir === dirname(dir)) break;
  }
  return closed;
}
async function aclDump(paths, recursive) {
  const args = ["--absolute-names", "--skip-base", "--physical", ...recursive ? ["-R"] : [], ...paths];
  const result = await runCommand("getfacl", args);
  if (result.code !== 0 && result.stdout === "") throw new Error(`getfacl failed: ${result.stderr.trim()}`);
  return result.stdout;
}
async function grantTree(user, root, protect, planned = () => void 0) {
  const before = await aclDump([root], true);
  const ancestors = await Promise.all(
    closedAncestors(root, user.uid).map(async (dir) => ({
      dir,
      hadAcl: (await aclDump([dir], false)).trim() !== ""
    }))
  );
  const grant = { root, before, ancestors };
  planned(grant);
  for (const { dir } of ancestors) await runAsRoot(user.privilege, ["setfacl", "-m", `u:${user.uid}:x`, dir]);
  const entries = [`u:${user.uid}:rwX`, `d:u:${user.uid}:rwX`];
  if (user.owner.uid !== 0) entries.push(`d:u:${user.owner.uid}:rwX`);
  await setfaclTree(user.privilege, ["-P", "-m", entries.join(","), root]);
  const existing = protect.filter((path) => existsSync(path));
  if (existing.length > 0) await runAsRoot(user.privilege, ["setfacl", "-x", `u:${user.uid}`, ...existing]);
  return grant;
}
async function handBack(user, root) {
  const owner = `${user.owner.uid}:${user.owner.gid}`;
  await runAsRoot(user.privilege, [
    "find",
    root,
    // The harness's own atomic writes (a status .tmp renamed into place) come and go while it walks: a name gone
    // before find looks at it is no error (it failed the run once, "No such file or directory").
    "-ignore_readdir_race",
    "-xdev",
    "(",
    "-user",
    String(user.uid),
    "-o",
    "-group",
    String(user.gid),
    ")",
    "-exec",
    "chown",
    "-h",
    owner,
    "{}",
    "+"
  ]);
}
async function revokeTree(user, grant) {
  if (existsSync(grant.root)) {
    await setfaclTree(user.privilege, ["-P", "-b", "-k", grant.root]);
    if (grant.before.trim() !== "") await restoreAcls(user, grant.before);
  }
  for (const { dir, hadAcl } of grant.ancestors) {
    if (!existsSync(dir)) continue;
    await runAsRoot(user.privilege, ["setfacl", "-x", `u:${user.uid}`, dir]);
    if (!hadAcl && !NAMED_ENTRY.test(await aclDump([dir], false)))
      await runAsRoot(user.privilege, ["setfacl", "-b", dir]);
  }
}
const NAMED_ENTRY = /^(?:default:)?(?:user|group):[^:\n]+:/m;
async function restoreAcls(user, dump) {
  const dir = await mkdtemp(join(tmpdir(), "agent-harness-acl-"));
  try {
    const file = join(dir, "acl");
    await writeFile(file, dump, { mode: 384 });
    await runAsRoot(user.privilege, ["setfacl", `--restore=${file}`]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const canonical = (path) => isAbsolute(path) && resolve$1(path) === path;
function recordProblem(record, path, me) {
  const { user } = record;
  if (!AGENT_USER_NAME.test(user.name))
    return `its user name ${JSON.stringify(user.name)} is not one the harness makes`;
  if (basename(path) !== `${user.name}.json`) return "its file is not named after its user";
  const ids = [
    ["uid", user.uid, me.uid],
    ["gid", user.gid, me.gid]
  ];
  for (const [what, id, mine] of ids)
    if (id !== null && (id <= 0 || id === mine)) return `its ${what} ${id} is root's or the harness's own`;
  if (record.owner.uid !== me.uid) return `it was written for uid ${record.owner.uid}, not this user`;
  const home = join(me.baseDir, user.name);
  if (user.home !== home) return `its home ${user.home} is not ${home}`;
  for (const { root, ancestors } of record.grants) {
    if (!canonical(root) || root === "/")
      return `its tree ${JSON.stringify(root)} is not a directory below /`;
    for (const { dir } of ancestors)
      if (!canonical(dir) || root === dir || !within(dir, root))
        return `${JSON.stringify(dir)} is not a parent directory of its tree ${root}`;
  }
  return null;
}
function judgeRecord(record, me, facts) {
  if (facts.harnessAlive) return { act: "keep" };
  const { name, uid, gid } = record.user;
  const ignore = (why) => ({ act: "ignore", why });
  if (facts.ids !== null) {
    if (uid !== null && (facts.ids.uid !== uid || facts.ids.gid !== gid))
      return ignore(
        `${name} is uid ${facts.ids.uid} gid ${facts.ids.gid} here, not ${uid} ${gid} as recorded`
      );
    if (facts.ids.uid <= 0 || facts.ids.uid === me.uid || facts.ids.gid <= 0 || facts.ids.gid === me.gid)
      return ignore(`${name} is root's or the harness's own uid or gid here`);
    return { act: "sweep", ...facts.ids };
  }
  if (uid !== null && facts.uidHolder !== null)
    return ignore(`${name} is gone and its uid ${uid} now belongs to ${facts.uidHolder}`);
  return { act: "sweep", uid, gid };
}
function sharesTree(roots, liveRoots) {
  return roots.some((root) => liveRoots.some((live) => within(live, root) || within(root, live)));
}
function harnessMayRun(record) {
  const here = pidNamespace();
  if (record.pidns !== "0" && here !== "0" && record.pidns !== here) return true;
  return sameProcessAlive(record.harness);
}
async function recordFacts(record) {
  const harnessAlive = harnessMayRun(record);
  if (harnessAlive) return { harnessAlive, ids: null, uidHolder: null };
  const ids = await lookupUser(record.user.name);
  let uidHolder = null;
  if (ids === null && record.user.uid !== null) {
    const holder = await runCommand("id", ["-nu", String(record.user.uid)]);
    uidHolder = holder.code === 0 ? holder.stdout.trim() || null : null;
  }
  return { harnessAlive, ids, uidHolder };
}
async function sweepDeadIsolations(deps) {
  const me = {
    uid: process.getuid?.() ?? 0,
    gid: process.getgid?.() ?? 0,
    baseDir: deps.baseDir ?? tmpdir()
  };
  const dead = [];
  const liveRoots = [];
  for (const entry of readIsolationRecords(isolationRecordDir(me.baseDir, me.uid))) {
    const ignored = (why) => deps.log("warn", { isolation_record: entry.path, ignored: why, fix: "remove it once checked" });
    if ("problem" in entry) {
      ignored(entry.problem);
      continue;
    }
    const problem = recordProblem(entry.record, entry.path, me);
    if (problem !== null) {
      ignored(problem);
      continue;
    }
    const facts = await recordFacts(entry.record).catch((error) => error);
    if (facts instanceof Error) {
      ignored(`its user could not be looked up: ${facts.message}`);
      continue;
    }
    const verdict = judgeRecord(entry.record, me, facts);
    if (verdict.act === "ignore") ignored(verdict.why);
    else if (verdict.act === "keep") liveRoots.push(...entry.record.grants.map((grant) => grant.root));
    else dead.push({ path: entry.path, record: entry.record, uid: verdict.uid, gid: verdict.gid });
  }
  const swept = [];
  for (const { path, record, uid, gid } of dead) {
    const roots = record.grants.map((grant) => grant.root);
    const user = uid !== null && gid !== null ? { ...record.user, uid, gid, privilege: deps.privilege, owner: record.owner } : null;
    try {
      if (sharesTree(roots, liveRoots)) {
        const ended = user ? await endAgentProcesses(user, deps.clock) : 0;
        deps.log("warn", {
          isolation_record: path,
          deferred: "a live run holds the same tree: its ACLs and user are left until that run has ended",
          processes_ended: ended
        });
        continue;
      }
      const done = { ...await sweepRecord(path, record, user, deps), roots };
      deps.log("warn", {
        isolation: "swept",
        agent_user: done.user,
        uid: done.uid,
        previous_pid: done.previousPid,
        trees: roots.join(", "),
        processes: done.processes,
        why: "a killed harness left them"
      });
      await deps.onSwept?.(done).catch(() => void 0);
      swept.push(done);
    } catch (error) {
      deps.log("warn", {
        isolation_record: path,
        sweep_failed: error.message,
        kept: "for the next start"
      });
    }
  }
  return swept;
}
async function sweepRecord(path, record, user, deps) {
  let processes = 0;
  if (user !== null) {
    processes = await endAgentProcesses(user, deps.clock);
    for (const { root } of record.grants) if (existsSync(root)) await handBack(user, root);
    for (const grant of [...record.grants].reverse()) await revokeTree(user, grant);
  }
  const { name, home } = record.user;
  const ids = await lookupUser(name);
  if (ids !== null && user !== null && ids.uid === user.uid)
    await runAsRoot(deps.privilege, ["userdel", name]);
  if (present(home)) await runAsRoot(deps.privilege, ["rm", "-rf", "--", home]);
  removeIsolationRecord(path);
  return { user: name, uid: user?.uid ?? null, processes, previousPid: record.harness.pid };
}
const present = (path) => {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
};

function startRunRecord(name, privilege) {
  return RunIsolationRecord.start(isolationRecordDir(), {
    version: 1,
    user: { name, uid: null, gid: null, home: join(tmpdir(), name) },
    harness: processIdentity(),
    pidns: pidNamespace(),
    privilege,
    owner: { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 },
    grants: []
  });
}
async function sweepLeftIsolations(deps) {
  const emit = deps.emit;
  return sweepDeadIsolations({
    privilege: deps.privilege,
    clock: deps.clock,
    log: (level, fields) => deps.logger.log(level, fields),
    ...emit ? {
      onSwept: (swept) => emit({
        event: "isolation_swept",
        user: swept.user,
        ...swept.uid !== null ? { uid: swept.uid } : {},
        roots: swept.roots,
        processes: swept.processes,
        previous_pid: swept.previousPid
      })
    } : {}
  });
}

class CounterFileError extends HarnessError {
  name = "CounterFileError";
  constructor(message) {
    super(message, EXIT.usage);
  }
}
async function readCounter(path) {
  let text;
  try {
    text = await readInputText(path, { what: "counter file" });
  } catch (error) {
    if (error.code === "ENOENT") return 0;
    throw error;
  }
  const trimmed = text.trim();
  if (trimmed === "") return 0;
  if (!/^\d+$/.test(trimmed)) {
    throw new CounterFileError(
      `${path}: expected a non-negative integer, found ${JSON.stringify(trimmed.slice(0, 40))}; fix or delete the file (the counter then restarts after the highest transcript number)`
    );
  }
  return Number(trimmed);
}
async function writeCounter(path, value) {
  await writeFileAtomic(path, `${value}
`, { durable: true });
}

const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const NULL_SHA = /^0+$/;
function parseSha(text) {
  return SHA.test(text) && !NULL_SHA.test(text) ? text : null;
}
function parseRefFile(text) {
  const body = text.endsWith("\n") ? text.slice(0, -1) : text;
  if (body.includes("\n")) return null;
  if (body.startsWith("ref: ")) {
    const target = body.slice("ref: ".length).trim();
    return isPlainRefName(target) ? { symref: target } : null;
  }
  const sha = parseSha(body.trim());
  return sha === null ? null : { sha };
}
function isPlainRefName(name) {
  if (!name.startsWith("refs/")) return false;
  const parts = name.split("/");
  if (parts.length < 3) return false;
  return parts.every(
    (part) => /^[A-Za-z0-9._-]+$/.test(part) && !part.startsWith(".") && !part.endsWith(".") && !part.endsWith(".lock") && !part.includes("..")
  );
}
function parsePackedRefs(text) {
  const refs = /* @__PURE__ */ new Map();
  const lines = text.split("\n");
  for (const [index, line] of lines.entries()) {
    if (line === "") {
      if (index === lines.length - 1) continue;
      return null;
    }
    if (line.startsWith("#")) {
      if (index === 0) continue;
      return null;
    }
    if (line.startsWith("^")) {
      if (parseSha(line.slice(1)) === null) return null;
      continue;
    }
    const space = line.indexOf(" ");
    const sha = parseSha(line.slice(0, space));
    const name = line.slice(space + 1);
    if (space <= 0 || sha === null || name === "") return null;
    if (!name.startsWith("refs/heads/")) continue;
    if (!isPlainRefName(name)) return null;
    refs.set(name, sha);
  }
  return refs;
}
function parseGitFile(text) {
  const match = /^gitdir: (.+?)\r?\n?$/.exec(text);
  return match ? match[1] : null;
}
function parseCommonDir(text) {
  const path = text.replace(/\r?\n$/, "");
  return path === "" || path.includes("\n") ? null : path;
}
const HARMLESS_EXTENSIONS = /* @__PURE__ */ new Set([
  "objectformat",
  "worktreeconfig",
  "noop",
  "preciousobjects",
  "partialclone"
]);
function configAllowsFileRefs(text) {
  let section = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    if (line.endsWith("\\")) return false;
    const header = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"[^"]*")?\s*\]\s*(?:[#;].*)?$/.exec(line);
    if (header) {
      section = header[1].toLowerCase();
      if (section === "include" || section === "includeif") return false;
      continue;
    }
    if (line.startsWith("[")) return false;
    const entry = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(line);
    if (!entry) return false;
    const key = entry[1].toLowerCase();
    if (section === "extensions" && !HARMLESS_EXTENSIONS.has(key)) return false;
    if (section === "core" && key === "repositoryformatversion" && !/^[01]\s*$/.test(entry[2] ?? ""))
      return false;
  }
  return true;
}
function resolveRefs(head, loose, packed) {
  const lookup = (name, depth) => {
    if (depth > 5 || !name.startsWith("refs/heads/")) return void 0;
    const value = loose.get(name);
    if (value === void 0) return packed.get(name) ?? null;
    if ("sha" in value) return value.sha;
    const target = lookup(value.symref, depth + 1);
    return target === null ? void 0 : target;
  };
  const branches = {};
  for (const name of /* @__PURE__ */ new Set([...packed.keys(), ...loose.keys()])) {
    const sha2 = lookup(name, 0);
    if (sha2 == null) return null;
    branches[name] = sha2;
  }
  if ("sha" in head) return { head: head.sha, branches };
  const sha = lookup(head.symref, 0);
  if (sha === void 0) return null;
  return { head: sha, branches };
}
function configWorkTree(text) {
  let section = "";
  let worktree = null;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    const header = /^\[\s*([A-Za-z0-9.-]+)/.exec(line);
    if (header) {
      section = header[1].toLowerCase();
      continue;
    }
    const entry = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(line);
    if (section !== "core" || !entry) continue;
    const key = entry[1].toLowerCase();
    const value = entry[2];
    if (key === "bare" && !/^(?:false|no|off|0)$/i.test(value ?? "true")) return void 0;
    if (key === "worktree") {
      if (value === void 0 || value === "" || /["\\#;]/.test(value)) return void 0;
      worktree = value;
    }
  }
  return worktree;
}

const REPOSITORY_ENV = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_COMMON_DIR",
  "GIT_CEILING_DIRECTORIES",
  "GIT_DISCOVERY_ACROSS_FILESYSTEM",
  "GIT_OBJECT_DIRECTORY",
  "GIT_NAMESPACE",
  "GIT_CONFIG_PARAMETERS",
  "GIT_CONFIG_COUNT"
];
class AskGit extends Error {
}
class Refused extends Error {
}
const environmentMovesRepository = (env) => REPOSITORY_ENV.some((name) => env[name] !== void 0);
function statOrNull(path) {
  try {
    return statSync(path);
  } catch (error) {
    const code = error.code;
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    throw new AskGit();
  }
}
function readOrNull(path) {
  try {
    return readInputTextSync(path, { what: "git file", maxBytes: 256 << 20 });
  } catch (error) {
    if (error instanceof InputFileError) throw new Refused();
    if (error.code === "ENOENT") return null;
    throw new AskGit();
  }
}
function need(value) {
  if (value == null) throw new AskGit();
  return value;
}
function realpathOrAsk(path) {
  try {
    return realpathSync(path);
  } catch {
    throw new AskGit();
  }
}
function ownOrAsk(stats) {
  if (typeof process.geteuid === "function" && stats.uid !== process.geteuid()) throw new AskGit();
}
function looksLikeGitDir(dir) {
  return statOrNull(join(dir, "HEAD")) !== null && statOrNull(join(dir, "objects")) !== null;
}
function findGitPlace(cwd) {
  let dir = realpathOrAsk(cwd);
  const start = need(statOrNull(dir));
  if (!start.isDirectory()) throw new AskGit();
  let crossed = false;
  for (; ; ) {
    const dotGit = join(dir, ".git");
    const found = statOrNull(dotGit);
    if (found !== null) {
      if (crossed) throw new AskGit();
      ownOrAsk(need(statOrNull(dir)));
      let gitDir;
      if (found.isDirectory()) {
        if (!looksLikeGitDir(dotGit)) throw new AskGit();
        ownOrAsk(found);
        gitDir = dotGit;
      } else {
        if (!found.isFile()) throw new AskGit();
        gitDir = resolve$1(dir, need(parseGitFile(need(readOrNull(dotGit)))));
        ownOrAsk(need(statOrNull(gitDir)));
      }
      const common = readOrNull(join(gitDir, "commondir"));
      const commonDir = common === null ? gitDir : resolve$1(gitDir, need(parseCommonDir(common)));
      return { top: dir, gitDir, commonDir };
    }
    if (looksLikeGitDir(dir)) throw new AskGit();
    const parent = dirname(dir);
    if (parent === dir) return null;
    const above = need(statOrNull(parent));
    if (above.dev !== start.dev) crossed = true;
    dir = parent;
  }
}
function localGitPathsFromFiles(cwd, env = process.env) {
  if (environmentMovesRepository(env)) return "ask-git";
  try {
    const place = findGitPlace(cwd);
    if (place === null) return null;
    const configs = [readOrNull(join(place.commonDir, "config")) ?? ""];
    const worktreeConfig = readOrNull(join(place.gitDir, "config.worktree"));
    if (worktreeConfig !== null) configs.push(worktreeConfig);
    let top = place.top;
    for (const text of configs) {
      if (!configAllowsFileRefs(text)) return "ask-git";
      const moved = configWorkTree(text);
      if (moved === void 0) return "ask-git";
      if (moved !== null) top = realpathOrAsk(resolve$1(place.gitDir, moved));
    }
    const below = relative(top, realpathOrAsk(cwd));
    if (below.startsWith("..") || isAbsolute(below)) return "ask-git";
    const prefix = below === "" ? "" : `${below.split(sep).join("/")}/`;
    return { prefix, excludeFile: join(place.commonDir, "info", "exclude") };
  } catch (error) {
    if (error instanceof AskGit || error instanceof Refused) return "ask-git";
    throw error;
  }
}

async function writeStatus(path, status, options = {}) {
  const text = `${JSON.stringify(status, null, 2)}
`;
  try {
    await writeFileAtomic(path, text);
  } catch (error) {
    if (!options.lastWord || fatalWriteKind(error.code) !== "disk_full") throw error;
    if (!await overwriteInPlace(path, text)) throw error;
  }
}
async function readStatus(path) {
  let text;
  try {
    text = await readInputText(path, { what: "status file" });
  } catch (error) {
    if (error.code === "ENOENT") return null;
    throw error;
  }
  const parsed = JSON.parse(text);
  if (!parsed || typeof parsed !== "object" || typeof parsed.pid !== "number") {
    throw new Error(`${path}: not a harness status document`);
  }
  return parsed;
}

function nextNumber(counter, highestUsed) {
  return highestUsed === null ? counter : Math.max(counter, highestUsed + 1);
}
const LOG_TAIL_BYTES = 1024 * 1024;
function sessionNumber(line) {
  if (!line.includes('"session_complete"')) return null;
  const parsed = parseEventLine(line);
  if (parsed.kind !== "event" || parsed.event.event !== "session_complete") return null;
  const { global } = parsed.event;
  return global !== void 0 && Number.isSafeInteger(global) ? global : null;
}
function highestIn(lines, highest = null) {
  for (const line of lines) {
    const number = sessionNumber(line);
    if (number !== null) highest = Math.max(highest ?? 0, number);
  }
  return highest;
}
async function highestLoggedSession(eventLog) {
  if (eventLog === null) return null;
  try {
    if (!(await stat(eventLog)).isFile()) return null;
    const tail = await readTail(eventLog, LOG_TAIL_BYTES);
    const inTail = highestIn(tail.text.split("\n"));
    if (inTail !== null || tail.complete) return inTail;
    let highest = null;
    const handle = await openInputFile(eventLog, { what: "event log", maxBytes: Infinity });
    try {
      const lines = createInterface({
        input: handle.createReadStream({ autoClose: false }),
        crlfDelay: Infinity
      });
      for await (const line of lines) highest = highestIn([line], highest);
    } finally {
      await handle.close();
    }
    return highest;
  } catch (error) {
    if (error.code === "ENOENT") return null;
    throw error;
  }
}
async function resumeNumbering(paths, prefix) {
  const recorded = await readCounter(paths.counter);
  const transcript = await highestTranscript(paths.outputDir, prefix);
  const logged = await highestLoggedSession(paths.eventLog);
  const highest = transcript === null ? logged : logged === null ? transcript : Math.max(transcript, logged);
  return { recorded, next: nextNumber(recorded, highest) };
}

async function recoverPreviousRun(statusPath, deps) {
  const staleHolder = typeof deps.staleLock === "object" ? deps.staleLock : null;
  const endLockCarriers = async (except) => {
    const cookie = staleHolder?.cookie;
    if (staleHolder !== null && cookie !== void 0 && cookie !== except)
      await endOrphans(cookie, staleHolder.pid, deps);
  };
  let previous;
  try {
    previous = await readStatus(statusPath);
  } catch {
    deps.logger.log("warn", { status_file: "unreadable", action: "replaced" });
    return endLockCarriers();
  }
  if (!previous) return endLockCarriers();
  const pgid = previous.agent_pgid;
  if (pgid && groupAlive(pgid)) {
    const how = await terminateGroup(pgid, deps.killGraceMs, deps.clock);
    deps.logger.log("warn", {
      recovery: "orphan_agent_group",
      pgid,
      previous_pid: previous.pid,
      ended_with: how
    });
    await deps.emit({ event: "orphan_group_killed", pgid, previous_pid: previous.pid, ended_with: how });
  }
  const escaped = previous.agent_escaped ?? [];
  if (escaped.length > 0) {
    const ended = await terminateRecorded(escaped, deps.killGraceMs, deps.clock);
    if (ended > 0) {
      deps.logger.log("warn", { recovery: "orphan_descendants", count: ended, previous_pid: previous.pid });
      await deps.emit({ event: "orphan_descendants_killed", count: ended, previous_pid: previous.pid });
    }
  }
  if (isCookie(previous.cookie)) await endOrphans(previous.cookie, previous.pid, deps);
  await endLockCarriers(previous.cookie ?? void 0);
}
async function endOrphans(cookie, previousPid, deps) {
  const ended = await endCarriers(cookie, deps.killGraceMs, deps.clock);
  if (ended > 0) {
    deps.logger.log("warn", { recovery: "orphan_processes", count: ended, previous_pid: previousPid });
    await deps.emit({ event: "orphan_processes_killed", count: ended, previous_pid: previousPid });
  }
}

const indexFiles = /* @__PURE__ */ new Map();
async function indexFile(cwd) {
  const known = indexFiles.get(cwd);
  if (known !== void 0) return known;
  let found;
  if (process.env.GIT_INDEX_FILE === void 0) {
    try {
      const paths = localGitPathsFromFiles(cwd);
      if (paths === null) found = null;
      else if (paths !== "ask-git") found = join(findGitPlace(cwd)?.gitDir ?? "", "index");
    } catch (error) {
      if (!(error instanceof AskGit)) throw error;
    }
  }
  if (found === void 0 || found === "index") {
    const result = await runGit(cwd, ["rev-parse", "--path-format=absolute", "--git-path", "index"]);
    found = result.code === 0 ? result.stdout.trim() : null;
  }
  indexFiles.set(cwd, found);
  return found;
}
async function copyIndex(index, scratch) {
  try {
    await copyFile(index, scratch);
    const { atime, mtime } = await stat(index);
    await utimes(scratch, atime, mtime);
  } catch (error) {
    if (error.code !== "ENOENT") throw error;
  }
}
const ADD_AND_WRITE = 'git add -A --ignore-errors --pathspec-from-file="$1" --pathspec-file-nul; s=$?; [ "$s" -le 1 ] || exit "$s"; exec git write-tree';
async function workTreeTree(cwd, pathspecs) {
  const index = await indexFile(cwd);
  if (index === null) return null;
  const dir = await mkdtemp(join(tmpdir(), "agent-harness-tree-"));
  const scratch = join(dir, "index");
  const specs = join(dir, "pathspecs");
  try {
    await copyIndex(index, scratch);
    await writeFile(specs, pathspecs.map((spec) => `${spec}\0`).join(""));
    const result = await runCommand("sh", ["-c", ADD_AND_WRITE, "sh", specs], {
      cwd,
      env: guardedGitEnv({ ...process.env, GIT_INDEX_FILE: scratch }),
      timeoutMs: 6e4
    });
    const tree = result.stdout.trim();
    if (result.code !== 0 || !/^[0-9a-f]{40,64}$/.test(tree))
      throw new Error(
        `git add -A and write-tree failed in ${cwd}: ${result.stderr.trim() || `exit code ${result.code}`}`
      );
    return tree;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const WIP_REF_PREFIX = "refs/agent-harness/wip/";
const INLINE_LEAVE_OUT = 100;
async function resolve(cwd, rev) {
  const result = await runGit(cwd, ["rev-parse", "-q", "--verify", rev]);
  return result.code === 0 ? result.stdout.trim() : null;
}
async function untrackedIn(cwd, head, tree) {
  const out = head === null ? await git(cwd, ["ls-tree", "-r", "-z", "--name-only", "--full-tree", tree]) : await git(cwd, [
    "diff-tree",
    "-r",
    "-z",
    "--no-renames",
    "--name-only",
    "--diff-filter=A",
    head,
    tree
  ]);
  return out.split("\0").filter((p) => p !== "");
}
const literal = (path, magic = "top,literal") => `:(${magic})${path}`;
async function asInBase(cwd, tree, paths, base) {
  if (paths.length === 0) return tree;
  const dir = await mkdtemp(join(tmpdir(), "agent-harness-keep-"));
  const env = { ...process.env, GIT_INDEX_FILE: join(dir, "index") };
  const specs = join(dir, "pathspecs");
  const from = [`--pathspec-from-file=${specs}`, "--pathspec-file-nul"];
  const run = async (args) => {
    const result = await runGit(cwd, args, void 0, env);
    if (result.code !== 0) throw gitFailure(cwd, args, result);
    return result.stdout.trim();
  };
  try {
    await writeFile(specs, paths.map((p) => `${literal(p)}\0`).join(""));
    await run(["read-tree", tree]);
    await run(["rm", "-r", "-q", "-f", "--cached", "--ignore-unmatch", ...from]);
    if (base !== null) {
      const reset = ["reset", "-q", base, ...from];
      const result = await runGit(cwd, reset, void 0, env);
      if (result.code !== 0 && result.code !== 1) throw gitFailure(cwd, reset, result);
    }
    return await run(["write-tree"]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
async function keepWork(input) {
  const { cwd } = input;
  const leaveOut = input.treeBefore === null ? input.leaveOut ?? [] : await untrackedIn(cwd, input.headBefore, input.treeBefore);
  const inline = leaveOut.length <= INLINE_LEAVE_OUT ? leaveOut.map((p) => literal(p, "top,exclude,literal")) : [];
  const now = await workTreeTree(cwd, [...input.pathspecs, ...inline]);
  if (now === null) return null;
  const head = await resolve(cwd, "HEAD^{commit}");
  const tree = await asInBase(cwd, now, leaveOut, head);
  if (input.treeBefore !== null && tree === await asInBase(cwd, input.treeBefore, leaveOut, head))
    return null;
  if (head !== null && tree === await resolve(cwd, `${head}^{tree}`)) return null;
  const parent = head === null ? [] : ["-p", head];
  const commit = (await git(cwd, [...await harnessIdentityArgs(cwd), "commit-tree", tree, ...parent, "-m", input.message])).trim();
  await git(cwd, ["update-ref", "-m", "agent-harness: work kept", input.ref, commit]);
  return { ref: input.ref, commit };
}

export { AskGit as A, isPlainRefName as B, CGROUP_VAR as C, workTreeTree as D, keepWork as E, writeCounter as F, recoverPreviousRun as G, runName as H, parseScopeUnit as I, orphanRuns as J, scopeUnit as K, cgroupDir as L, endCgroup as M, inScope as N, OWNER_PLACES as O, readFacts as P, chooseContainment as Q, Refused as R, BASE_NAME as S, subdirectories as T, removeCgroup as U, pidNamespace as V, WIP_REF_PREFIX as W, sessionName as X, moveInto as Y, isPopulated as Z, escapes as _, readCounter as a, resumeNumbering as b, cgroupSetting as c, startRunRecord as d, agentUserName as e, createAgentUser as f, grantTree as g, removeAgentUser as h, endAgentProcesses as i, handBack as j, asAgentUser as k, localGitPathsFromFiles as l, agentUserEnv as m, revokeTree as n, environmentMovesRepository as o, probePrivilege as p, findGitPlace as q, readStatus as r, sweepLeftIsolations as s, configAllowsFileRefs as t, readOrNull as u, need as v, writeStatus as w, parseRefFile as x, parsePackedRefs as y, resolveRefs as z };
