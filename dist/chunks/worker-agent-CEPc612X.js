import { unlinkSync, writeFileSync, renameSync, mkdirSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, basename } from 'node:path';
import { y as object, z as number, _ as _enum, h as string, B as literal, g as array, G as boolean } from './input-file-Cbt1w_j3.js';
import { readdir } from 'node:fs/promises';
import { L as LoopError, E as EXIT } from './exit-codes-BkuRLrXJ.js';
import 'node:crypto';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import { T as TASK_FILE, P as PROGRESS_FILE } from './harness-files-B0x0nX25.js';
import 'node:child_process';

function notPrivate(stat, kind) {
  if (kind === "dir" ? !stat.isDirectory() : !stat.isFile())
    return `not a ${kind === "dir" ? "directory" : "file"}`;
  if (typeof process.getuid === "function" && stat.uid !== process.getuid())
    return `owned by uid ${stat.uid}, not this user`;
  if ((stat.mode & 63) !== 0) return `open to others (mode ${(stat.mode & 511).toString(8)})`;
  return null;
}
function ensurePrivateDir(dir) {
  try {
    mkdirSync(dir, { mode: 448 });
  } catch (error) {
    if (error.code !== "EEXIST") throw error;
  }
  const why = notPrivate(lstatSync(dir), "dir");
  if (why !== null)
    throw new Error(`${dir} is not a private directory of this user (${why}): remove it and run again`);
}
function writePrivateFile(path, data) {
  ensurePrivateDir(dirname(path));
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    unlinkSync(tmp);
  } catch {
  }
  writeFileSync(tmp, data, { mode: 384, flag: "wx" });
  renameSync(tmp, path);
}
function removePrivateFile(path) {
  try {
    unlinkSync(path);
  } catch (error) {
    if (error.code !== "ENOENT") throw error;
  }
}

const Identity = object({
  pid: number().int().positive(),
  start: string().nullable(),
  boot: string().nullable()
});
const Grant = object({
  root: string(),
  before: string(),
  ancestors: array(object({ dir: string(), hadAcl: boolean() }))
});
const RecordSchema = object({
  version: literal(1),
  /** The agent's user; uid and gid are null until it is made. */
  user: object({
    name: string(),
    uid: number().int().nullable(),
    gid: number().int().nullable(),
    home: string()
  }),
  /** The harness that made it: pid, start time and boot id, so a live harness's record is never swept. */
  harness: Identity,
  /** Its PID namespace ("0": unknown): a pid is only judged in the namespace it was read in. */
  pidns: string(),
  privilege: _enum(["root", "sudo"]),
  /** The harness's user and group, which the agent's files go back to. */
  owner: object({ uid: number().int().nonnegative(), gid: number().int().nonnegative() }),
  /** Every grant (tree-access.ts), recorded before it is made. */
  grants: array(Grant)
}).strict();
function isolationRecordDir(baseDir = tmpdir(), uid = ownUid()) {
  return join(baseDir, `agent-harness-isolation-${uid}`);
}
const recordFile = (dir, userName) => join(dir, `${userName}.json`);
function ownUid() {
  return typeof process.getuid === "function" ? process.getuid() : 0;
}
function writeIsolationRecord(path, record) {
  writePrivateFile(path, JSON.stringify(record));
}
const removeIsolationRecord = removePrivateFile;
function readIsolationRecords(dir) {
  let stat;
  try {
    stat = lstatSync(dir);
  } catch (error) {
    if (error.code === "ENOENT") return [];
    return [{ path: dir, problem: `unreadable: ${error.message}` }];
  }
  const dirProblem = notPrivate(stat, "dir");
  if (dirProblem !== null)
    return [{ path: dir, problem: `not a private directory of this user: ${dirProblem}` }];
  let names;
  try {
    names = readdirSync(dir);
  } catch (error) {
    return [{ path: dir, problem: `unreadable: ${error.message}` }];
  }
  return names.filter((name) => name.endsWith(".json")).sort().map((name) => readOne(join(dir, name)));
}
function readOne(path) {
  try {
    const why = notPrivate(lstatSync(path), "file");
    if (why !== null) return { path, problem: `not a private file of this user: ${why}` };
    let data;
    try {
      data = JSON.parse(readFileSync(path, "utf8"));
    } catch (error) {
      return { path, problem: `not a record: ${error.message}` };
    }
    const parsed = RecordSchema.safeParse(data);
    if (!parsed.success)
      return { path, problem: `not a record: ${parsed.error.issues[0]?.message ?? "invalid"}` };
    return { path, record: parsed.data };
  } catch (error) {
    return { path, problem: `unreadable: ${error.message}` };
  }
}
function hasIsolationRecords(dir) {
  try {
    return readdirSync(dir).some((name) => name.endsWith(".json"));
  } catch {
    return false;
  }
}
class RunIsolationRecord {
  constructor(path, record) {
    this.path = path;
    this.record = record;
  }
  path;
  record;
  /** Writes the first record, before anything is made. */
  static start(dir, record) {
    const path = recordFile(dir, record.user.name);
    writeIsolationRecord(path, record);
    return new RunIsolationRecord(path, record);
  }
  userMade(ids) {
    this.record = { ...this.record, user: { ...this.record.user, ...ids } };
    writeIsolationRecord(this.path, this.record);
  }
  granting(grant) {
    this.record = { ...this.record, grants: [...this.record.grants, grant] };
    writeIsolationRecord(this.path, this.record);
  }
  remove() {
    removeIsolationRecord(this.path);
  }
}

function workerDenied(paths, configFile) {
  const database = paths.metricsDb ? ["", "-wal", "-shm", "-journal"].map((suffix) => `${paths.metricsDb}${suffix}`) : [];
  const taskFile = resolve(paths.cwd, TASK_FILE);
  const listed = [
    ...configFile === null ? [] : [resolve(paths.cwd, configFile)],
    paths.promptFile,
    paths.counter,
    paths.status,
    paths.lock,
    paths.stopFile,
    ...paths.eventLog ? [paths.eventLog] : [],
    ...database,
    taskFile,
    `${taskFile}.bak`,
    resolve(paths.cwd, PROGRESS_FILE)
  ];
  return {
    paths: [...new Set(listed)],
    prefixes: [
      // Transcripts (compressed ones too) and prompt copies, and the temp files their compression writes.
      { dir: paths.outputDir, prefix: `${paths.outputPrefix}-` },
      { dir: paths.outputDir, prefix: `.${paths.outputPrefix}-` }
    ]
  };
}

const WORKER_SETTINGS_ENV = "AGENT_HARNESS_WORKER_SETTINGS";
const WORKER_DENIED_ENV = "AGENT_HARNESS_WORKER_DENIED";
const WORKER_TASK_ENV = "AGENT_HARNESS_WORKER_TASK";
const WORKER_SESSIONS_DIR = join(".harness", "worker");
const isWorkerFormat = (config) => config.agent.format === "json-actions";
async function workerInvocation(config, paths, self, global, configFile = null) {
  if (self === null)
    throw new LoopError(
      `agent.format = "json-actions" runs the harness's own worker, and this caller did not say how to start it`,
      EXIT.agentNotStarted,
      "agent_not_started"
    );
  const taskDir = join(paths.cwd, WORKER_SESSIONS_DIR, `session-${global}`);
  return {
    command: self.command,
    args: [...self.args, "worker", "session", "--task-dir", taskDir],
    env: {
      [WORKER_SETTINGS_ENV]: JSON.stringify({ llm: config.llm, worker: config.worker }),
      [WORKER_DENIED_ENV]: JSON.stringify(await loopWorkerDenied(paths, taskDir, configFile))
    }
  };
}
async function loopWorkerDenied(paths, taskDir, configFile) {
  const common = workerDenied(paths, configFile);
  const denied = [
    ...common.paths,
    ...await entriesBut(join(paths.cwd, ".harness"), "worker"),
    ...await entriesBut(join(paths.cwd, WORKER_SESSIONS_DIR), basename(taskDir)),
    join(paths.cwd, ".agent-harness-state")
  ];
  return { paths: [...new Set(denied)], prefixes: common.prefixes };
}
async function entriesBut(dir, keep) {
  const names = await readdir(dir).catch(() => []);
  return names.filter((name) => name !== keep).map((name) => join(dir, name));
}

export { RunIsolationRecord as R, WORKER_SETTINGS_ENV as W, WORKER_TASK_ENV as a, WORKER_DENIED_ENV as b, removeIsolationRecord as c, isWorkerFormat as d, workerInvocation as e, writePrivateFile as f, removePrivateFile as g, hasIsolationRecords as h, isolationRecordDir as i, notPrivate as n, readIsolationRecords as r, workerDenied as w };
