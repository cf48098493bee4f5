// Containment by cgroup, the decisions: which cgroup v2 hierarchy (if any) this harness may use, how its run and
// session cgroups are named, which of them a dead harness left, how a cgroup is emptied, and what escapes where
// there is none. Every function here is pure; cgroup-run.ts reads the machine and acts on the answers.
//
// A process cannot leave a cgroup by clearing its environment, changing its process group or session, or losing
// its parent, so a session whose agent is born in a cgroup of its own ends with everything the agent started
// (cgroup.kill, or freeze + SIGKILL). Only a process allowed to write another cgroup's cgroup.procs (root, or the
// owner of a delegated subtree) can move itself out.

/** `off` turns cgroups off (the pgid + cookie containment alone); unset or `auto` uses one where it can. */
export const CGROUP_VAR = 'AGENT_HARNESS_CGROUP';

/** The directory every harness run's cgroup is made in, below the chosen parent. */
export const BASE_NAME = 'agent-harness';

export type CgroupSetting = 'auto' | 'off';

/** The setting named by AGENT_HARNESS_CGROUP; a value it does not know is an error naming the ones it does. */
export function cgroupSetting(value: string | undefined): CgroupSetting {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'auto') return 'auto';
  if (v === 'off' || v === '0' || v === 'false' || v === 'no') return 'off';
  throw new Error(`${CGROUP_VAR}=${value} is not a setting: use "auto" (the default) or "off"`);
}

export interface Cgroup2Mount {
  /** Where it is mounted (/sys/fs/cgroup, /sys/fs/cgroup/unified). */
  point: string;
  /** The cgroup the mount shows at its top, in this process's cgroup namespace ("/" unless bind-mounted). */
  root: string;
}

/** The cgroup v2 mounts of a /proc/self/mountinfo text. */
export function cgroup2Mounts(mountinfo: string): Cgroup2Mount[] {
  const mounts: Cgroup2Mount[] = [];
  for (const line of mountinfo.split('\n')) {
    const [before, after] = line.split(' - ');
    if (after === undefined || after.split(' ')[0] !== 'cgroup2') continue;
    const fields = before!.split(' ');
    if (fields.length < 5) continue;
    mounts.push({ root: unescapeMount(fields[3]!), point: unescapeMount(fields[4]!) });
  }
  return mounts;
}

/** mountinfo writes space, tab, newline and backslash as octal escapes. */
function unescapeMount(field: string): string {
  return field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
}

/** The hierarchy to use: /sys/fs/cgroup when it is cgroup v2, else /sys/fs/cgroup/unified (hybrid), else any. */
export function preferredMount(mounts: readonly Cgroup2Mount[]): Cgroup2Mount | null {
  return (
    mounts.find((m) => m.point === '/sys/fs/cgroup') ??
    mounts.find((m) => m.point === '/sys/fs/cgroup/unified') ??
    mounts[0] ??
    null
  );
}

/** This process's cgroup v2 path from /proc/self/cgroup (the `0::/path` line); null on a v1-only machine. */
export function ownCgroupPath(procCgroup: string): string | null {
  for (const line of procCgroup.split('\n')) {
    if (!line.startsWith('0::')) continue;
    const path = line.slice(3).trim();
    // A process whose cgroup was removed under it reads "/path (deleted)"; one outside our namespace "/..".
    return path.startsWith('/') && !path.endsWith(' (deleted)') && !path.startsWith('/..') ? path : null;
  }
  return null;
}

/** The directory of a cgroup path under a mount; null when the mount does not show that cgroup. */
export function cgroupDir(mount: Cgroup2Mount, path: string): string | null {
  const root = mount.root === '/' ? '' : mount.root.replace(/\/+$/, '');
  if (root !== '' && path !== root && !path.startsWith(`${root}/`)) return null;
  const rest = path.slice(root.length).replace(/^\/+/, '');
  const point = mount.point.replace(/\/+$/, '');
  return rest === '' ? point : `${point}/${rest}`;
}

export interface CgroupAccess {
  dir: string;
  canMake: boolean;
  canMove: boolean;
}

/** What the machine offers, as cgroup-fs.ts found it. */
export interface ContainmentFacts {
  setting: CgroupSetting;
  /** The cgroup v2 hierarchy, if one is mounted. */
  mount: Cgroup2Mount | null;
  /**
   * This process's own cgroup directory: whether this user may make cgroups in it, and move processes through its
   * cgroup.procs (the harness moves itself back there after each spawn).
   */
  own: CgroupAccess | null;
  /** The hierarchy's top directory, and the same questions. */
  top: CgroupAccess | null;
  /** `systemd-run` is on PATH and this user's systemd manager answers. */
  systemdUser: boolean;
}

export type Containment =
  /** Sessions in cgroups below `parent`: this process's own cgroup (delegated to it) or the hierarchy's top. */
  | { kind: 'cgroup'; via: 'own' | 'top'; parent: string }
  /** Sessions in transient scopes of the user's systemd manager (`systemd-run --user --scope`). */
  | { kind: 'systemd-scope' }
  /** No cgroup: the process group, parent-PID tracking and the environment cookie alone. */
  | { kind: 'none'; reason: string };

/**
 * Where sessions are contained. This process's own cgroup comes first when it may write it (a delegated subtree, a
 * container's cgroup, root): the agent then stays under the limits the harness runs under, and a harness run by a
 * harness stays inside its session's cgroup. Then the hierarchy's top, then the user's systemd manager. The agent
 * is born in its session's cgroup (the harness moves itself there for the synchronous spawn and back), so the
 * harness must be able to move itself back into its own cgroup.
 */
export function chooseContainment(facts: ContainmentFacts): Containment {
  if (facts.setting === 'off') return { kind: 'none', reason: `${CGROUP_VAR}=off` };
  const usable = (at: CgroupAccess | null) => at !== null && at.canMake && at.canMove;
  // The harness is born in its own cgroup and moves back there after every spawn: without that, nothing.
  if (facts.own?.canMove) {
    if (usable(facts.own)) return { kind: 'cgroup', via: 'own', parent: facts.own.dir };
    if (usable(facts.top)) return { kind: 'cgroup', via: 'top', parent: facts.top!.dir };
  }
  if (facts.systemdUser) return { kind: 'systemd-scope' };
  if (facts.mount === null) return { kind: 'none', reason: 'no cgroup v2 hierarchy is mounted' };
  const dirs = [facts.own?.dir, facts.top?.dir].filter(
    (d, i, all) => d !== undefined && all.indexOf(d) === i,
  );
  return {
    kind: 'none',
    reason: `this user may not write ${dirs.join(' nor ') || 'any cgroup'} and no systemd user manager answers`,
  };
}

/** What can outlive a session under this containment: logged at the start of every run. */
export function escapes(containment: Containment): string {
  switch (containment.kind) {
    case 'none':
      return (
        'a process that clears its environment (env -i, so it carries no session cookie) and leaves the ' +
        "agent's process group and parent-PID tree (a double fork and setsid) is not found, and outlives " +
        'the session and the harness'
      );
    case 'cgroup':
    case 'systemd-scope':
      return 'only a process allowed to move itself to another cgroup (root, or the owner of the cgroup tree)';
  }
}

/** A harness run's cgroup: who made it (PID namespace, PID, start time) and the run's cookie. */
export interface RunOwner {
  pidns: string;
  pid: number;
  start: string;
  cookie: string;
}

const RUN_PATTERN = /^run-(\d+)-(\d+)-(\d+)-([0-9a-f]{24})$/;

export function runName(owner: RunOwner): string {
  return `run-${owner.pidns}-${owner.pid}-${owner.start}-${owner.cookie}`;
}

export function parseRunName(name: string): RunOwner | null {
  const m = RUN_PATTERN.exec(name);
  if (m === null) return null;
  return { pidns: m[1]!, pid: Number(m[2]), start: m[3]!, cookie: m[4]! };
}

/** A session's cgroup below its run's: named by the run's cookie and the session's global number. */
export function sessionName(cookie: string, global: number): string {
  return `session-${cookie}-${global}`;
}

/**
 * The run cgroups among `names` that a dead harness left: made in this PID namespace (a PID of another one means
 * nothing here), by a process that is no longer that very process.
 */
export function orphanRuns(
  names: readonly string[],
  pidns: string,
  stillRunning: (pid: number, start: string) => boolean,
): Array<{ name: string; owner: RunOwner }> {
  const orphans: Array<{ name: string; owner: RunOwner }> = [];
  for (const name of names) {
    const owner = parseRunName(name);
    if (owner === null || owner.pidns !== pidns) continue;
    if (!stillRunning(owner.pid, owner.start)) orphans.push({ name, owner });
  }
  return orphans;
}

/**
 * How a cgroup is emptied: `cgroup.kill` (Linux 5.14) SIGKILLs every process in it and below at once; else
 * freeze it (5.2) so nothing forks while each is SIGKILLed, then thaw; else SIGKILL each, round after round.
 */
export type KillMethod = 'cgroup.kill' | 'freeze' | 'signal';

export function killMethod(has: { kill: boolean; freeze: boolean }): KillMethod {
  if (has.kill) return 'cgroup.kill';
  if (has.freeze) return 'freeze';
  return 'signal';
}

/** Whether a cgroup.events text says a process is left in the cgroup or below. */
export function populated(events: string): boolean {
  return /^populated 1$/m.test(events);
}

/** Whether a cgroup.events text says the cgroup is frozen. */
export function frozen(events: string): boolean {
  return /^frozen 1$/m.test(events);
}

/** The PIDs of a cgroup.procs text. */
export function procsOf(text: string): number[] {
  return text
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((pid) => Number.isSafeInteger(pid) && pid > 0);
}

/** A systemd unit name for a session's scope (`agent-harness-` and the names above, so a sweep can parse it). */
export function scopeUnit(owner: RunOwner, global: number): string {
  return `${BASE_NAME}-${runName(owner)}-${global}.scope`;
}

export function parseScopeUnit(unit: string): RunOwner | null {
  const m = /^agent-harness-(run-\d+-\d+-\d+-[0-9a-f]{24})-\d+\.scope$/.exec(unit);
  return m === null ? null : parseRunName(m[1]!);
}

/**
 * The agent's command run in a transient scope of the user's systemd manager: `systemd-run --scope` puts itself in
 * the scope before it executes the command, so the agent runs no instruction outside it. Nothing secret is added
 * to the command line (the unit's name holds the run's cookie, which every process of the run carries anyway).
 */
export function inScope(
  unit: string,
  command: string,
  args: readonly string[],
): { command: string; args: string[] } {
  return {
    command: 'systemd-run',
    args: ['--user', '--scope', '--quiet', '--collect', `--unit=${unit}`, '--', command, ...args],
  };
}
