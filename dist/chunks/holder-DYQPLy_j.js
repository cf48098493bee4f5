import { o as openInputFile, l as readInputTextSync, r as readInputText, m as readProcStat, q as ancestry, t as processUid, u as processCwd, v as bootId, x as processStart } from './input-file-Cbt1w_j3.js';
import { realpathSync } from 'node:fs';
import { p as processAlive } from './harness-files-B0x0nX25.js';
import { sep } from 'node:path';

function within(base, path) {
  return path === base || path.startsWith(base.endsWith(sep) ? base : base + sep);
}

async function exclusively(make) {
  try {
    await make();
    return true;
  } catch (error) {
    if (error.code === "EEXIST") return false;
    throw error;
  }
}
function lockOwnerUid(stats) {
  return process.platform === "win32" ? null : stats.uid;
}
async function readLockFile(path, what) {
  let file;
  try {
    file = await openInputFile(path, { what });
  } catch (error) {
    if (error.code === "ENOENT") return null;
    throw error;
  }
  try {
    const uid = lockOwnerUid(await file.stat());
    return { text: await file.readFile("utf8"), uid };
  } finally {
    await file.close();
  }
}
async function readLockText(path, what) {
  try {
    return await readInputText(path, { what });
  } catch (error) {
    if (error.code === "ENOENT") return null;
    throw error;
  }
}
function readLockTextSync(path, what) {
  try {
    return readInputTextSync(path, { what });
  } catch {
    return null;
  }
}
function releasedOnExit(removeSync, remove = () => Promise.resolve(removeSync())) {
  let released = false;
  const onExit = () => {
    if (released) return;
    released = true;
    removeSync();
  };
  process.on("exit", onExit);
  return async () => {
    if (released) return;
    released = true;
    process.removeListener("exit", onExit);
    await remove();
  };
}

function validPid(value) {
  return Number.isSafeInteger(value) && value > 0;
}
function barePid(text) {
  const bare = /^\s*(\d+)\s*$/.exec(text);
  const pid = bare === null ? null : Number(bare[1]);
  return validPid(pid) ? pid : null;
}
function claimOf(pid, start, boot) {
  return { pid, record: start === null || start === "" ? null : { pid, start, boot: boot || null } };
}
function judgeHolder(claim, place, facts) {
  const { pid } = claim;
  const stale = (why) => ({ held: false, pid, why });
  const record = claim.record;
  if (record !== null && record.start !== null) {
    if (record.boot !== null && facts.boot !== null && record.boot !== facts.boot)
      return stale(`its owner record is from another boot`);
    if (facts.start === null) return stale(`pid ${pid} is gone`);
    if (facts.start !== record.start)
      return stale(`pid ${pid} is no longer the process that took it (another start time)`);
    return { held: true, pid };
  }
  if (pid === 1) return stale("pid 1 is the init process, never a lock holder");
  if (facts.readers[0] === pid) return stale(`pid ${pid} is this very process`);
  if (facts.readers.includes(pid))
    return stale(`pid ${pid} is an ancestor of this process (it started this run), not another session`);
  if (!facts.alive) return stale(`pid ${pid} is gone`);
  if (facts.uid !== null && place.ownerUid !== null && facts.uid !== place.ownerUid)
    return stale(`pid ${pid} runs as uid ${facts.uid}, the lock belongs to uid ${place.ownerUid}`);
  if (facts.cwd !== null && place.workDir !== null && !within(place.workDir, facts.cwd))
    return stale(`pid ${pid} runs in ${facts.cwd}, not in ${place.workDir}`);
  return { held: true, pid };
}
function judgeLockHolder(claim, place) {
  return judgeHolder(
    claim,
    { ...place, workDir: place.workDir && real(place.workDir) },
    holderFacts(claim.pid)
  );
}
function holderFacts(pid) {
  const state = readProcStat(pid)?.state;
  return {
    alive: processAlive(pid) && state !== "Z" && state !== "X",
    start: processStart(pid),
    boot: bootId(),
    cwd: processCwd(pid),
    uid: processUid(pid),
    readers: ancestry()
  };
}
function real(path) {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

export { readLockText as a, barePid as b, claimOf as c, releasedOnExit as d, exclusively as e, readLockTextSync as f, judgeLockHolder as j, lockOwnerUid as l, readLockFile as r, validPid as v, within as w };
