// Containment by cgroup, the file system side: what the machine offers (mounts, this process's cgroup, what this
// user may write), moving a process into a cgroup, ending every process in a cgroup and its descendants, and
// removing the emptied tree. The decisions are cgroup.ts's.
import {
  accessSync,
  constants,
  existsSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmdirSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Clock } from './clock-spawn.js';
import { findExecutable } from './executable.js';
import type { EndHow } from './process-group.js';
import {
  cgroup2Mounts,
  cgroupDir,
  cgroupSetting,
  CGROUP_VAR,
  frozen,
  killMethod,
  ownCgroupPath,
  populated,
  preferredMount,
  procsOf,
  type CgroupAccess,
  type ContainmentFacts,
  type KillMethod,
} from './cgroup.js';

function readOr(path: string, fallback: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return fallback;
  }
}

function mayWrite(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Whether this user may make cgroups in `dir` and move processes through its cgroup.procs. */
function access(dir: string): CgroupAccess {
  return { dir, canMake: mayWrite(dir), canMove: mayWrite(join(dir, 'cgroup.procs')) };
}

/** What this machine offers this process (cgroup.ts decides what to use). */
export function readFacts(env: NodeJS.ProcessEnv): ContainmentFacts {
  const setting = cgroupSetting(env[CGROUP_VAR]);
  const mount = preferredMount(cgroup2Mounts(readOr('/proc/self/mountinfo', '')));
  const ownPath = ownCgroupPath(readOr('/proc/self/cgroup', ''));
  const ownDir = mount && ownPath !== null ? cgroupDir(mount, ownPath) : null;
  const topDir = mount ? cgroupDir(mount, mount.root) : null;
  const runtime = env.XDG_RUNTIME_DIR;
  const systemdUser =
    runtime !== undefined &&
    runtime !== '' &&
    existsSync(join(runtime, 'systemd', 'private')) &&
    findExecutable('systemd-run', '/', env) !== null &&
    findExecutable('systemctl', '/', env) !== null;
  return {
    setting,
    mount,
    own: ownDir === null ? null : access(ownDir),
    top: topDir === null ? null : access(topDir),
    systemdUser,
  };
}

/** This process's PID namespace (the inode of /proc/self/ns/pid); "0" where it cannot be read. */
export function pidNamespace(): string {
  try {
    return /\[(\d+)\]/.exec(readlinkSync('/proc/self/ns/pid'))?.[1] ?? '0';
  } catch {
    return '0';
  }
}

/** Moves process `pid` (all its threads) into the cgroup `dir`. Throws what the kernel said. */
export function moveInto(dir: string, pid: number): void {
  writeFileSync(join(dir, 'cgroup.procs'), `${pid}\n`);
}

/** Whether any process is left in `dir` or below (false once it is gone). */
export function isPopulated(dir: string): boolean {
  return populated(readOr(join(dir, 'cgroup.events'), ''));
}

/** The cgroup directories below `dir`, deepest first, then `dir` itself. */
function treeDeepestFirst(dir: string): string[] {
  const dirs: string[] = [];
  const walk = (at: string) => {
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

/** Every process in `dir` and below. */
export function membersOf(dir: string): number[] {
  return treeDeepestFirst(dir).flatMap((at) => procsOf(readOr(join(at, 'cgroup.procs'), '')));
}

function signalEach(pids: readonly number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    if (pid === process.pid) continue; // never this process, should it be in there
    try {
      process.kill(pid, signal);
    } catch {
      // gone already
    }
  }
}

async function waitEmpty(dir: string, ms: number, clock: Clock): Promise<boolean> {
  const deadline = clock.monotonic() + ms;
  for (;;) {
    if (!isPopulated(dir)) return true;
    if (clock.monotonic() >= deadline) return false;
    await clock.sleep(Math.min(20, Math.max(1, deadline - clock.monotonic())));
  }
}

/** The strongest means the kernel offers to empty `dir`. */
export function killMethodOf(dir: string): KillMethod {
  return killMethod({
    kill: existsSync(join(dir, 'cgroup.kill')),
    freeze: existsSync(join(dir, 'cgroup.freeze')),
  });
}

/** One round of SIGKILL to everything in the tree, by `method`. */
async function killRound(dir: string, method: KillMethod, clock: Clock): Promise<void> {
  const members = membersOf(dir);
  // This process is in there only if it could not move back after a spawn: it is spared, one by one.
  if (members.includes(process.pid)) method = 'signal';
  try {
    if (method === 'cgroup.kill') return writeFileSync(join(dir, 'cgroup.kill'), '1');
    if (method === 'freeze') {
      writeFileSync(join(dir, 'cgroup.freeze'), '1');
      const deadline = clock.monotonic() + 200;
      while (!frozen(readOr(join(dir, 'cgroup.events'), 'frozen 1')) && clock.monotonic() < deadline)
        await clock.sleep(5);
      signalEach(membersOf(dir), 'SIGKILL');
      writeFileSync(join(dir, 'cgroup.freeze'), '0');
      return;
    }
  } catch {
    // the cgroup went meanwhile, or the file refused: fall back to signals
  }
  signalEach(members, 'SIGKILL');
}

/**
 * Ends every process in the cgroup `dir` and below: SIGTERM to each, up to `graceMs` for them to go, then SIGKILL
 * to all, round after round until the tree is empty (a process forking while it is being killed cannot outrun
 * cgroup.kill or a freeze). Returns how many there were at first and what it took.
 */
export async function endCgroup(
  dir: string,
  graceMs: number,
  clock: Clock,
  /** How to SIGKILL (the tests try each); the strongest the kernel offers by default. */
  method: KillMethod = killMethodOf(dir),
): Promise<{ count: number; how: EndHow }> {
  if (!isPopulated(dir)) return { count: 0, how: 'gone' };
  const first = membersOf(dir).filter((pid) => pid !== process.pid);
  if (graceMs > 0) {
    signalEach(first, 'SIGTERM');
    if (await waitEmpty(dir, graceMs, clock)) return { count: first.length, how: 'term' };
  }
  for (let round = 0; round < 50 && isPopulated(dir); round++) {
    await killRound(dir, method, clock);
    if (await waitEmpty(dir, 500, clock)) break;
  }
  return { count: first.length, how: 'kill' };
}

/** Removes the emptied cgroup `dir` and everything below it. False when a process is still in it. */
export function removeCgroup(dir: string): boolean {
  for (const at of treeDeepestFirst(dir)) {
    try {
      rmdirSync(at);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return false;
    }
  }
  return true;
}

/** The directory names in `dir` (none when it cannot be read). */
export function subdirectories(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
  } catch {
    return [];
  }
}
