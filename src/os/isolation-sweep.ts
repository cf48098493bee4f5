// Undoing what a killed harness left under `agent.isolation = "user"`: its run's record (isolation-record.ts)
// names the agent's user and every grant; when the harness that wrote it is gone (that pid with that start time
// in this boot), every process of the user is ended, what it created in each tree is handed back, the ACL entries
// are removed and the ACLs the trees had put back, and the user, its home and the record are deleted. Called
// where the harness can act as root: the start of an isolated run (loop/isolation.ts) and the Action's post step.
//
// Nothing is done by what a record merely says. A record is ignored (named in a warning, left in place) when its
// user's name is not one the harness makes, its uid or gid is root's or the harness's own, its home is not where
// the harness puts homes, a tree is not an absolute path or a listed ancestor not a parent of it, or when the
// system gives the name another uid than the record's (`id -u`), or the record's uid now belongs to another user.
// A harness of another PID namespace (a container sharing the temp directory) cannot be judged from here: its
// record is left to that namespace.
// A record whose tree a live run also holds (one inside the other) is deferred: its processes are ended, the rest
// waits until that run has ended, as removing every ACL entry of a tree would take the live run's away too.
import { existsSync, lstatSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, isAbsolute, join, resolve } from 'node:path';
import { AGENT_USER_NAME, endAgentProcesses, lookupUser, type AgentUser } from './agent-user.js';
import { pidNamespace } from './cgroup-fs.js';
import type { Clock } from './clock-spawn.js';
import {
  isolationRecordDir,
  readIsolationRecords,
  removeIsolationRecord,
  type IsolationRecord,
} from './isolation-record.js';
import { sameProcessAlive } from './liveness.js';
import { runAsRoot, type Privilege } from './privilege.js';
import { runCommand } from './run-command.js';
import { handBack, revokeTree } from './tree-access.js';
import { within } from './path-within.js';

export interface SweptIsolation {
  user: string;
  /** null: the user was never made (the harness died before), so only its record and home were left. */
  uid: number | null;
  roots: string[];
  /** Processes of the user that were still running. */
  processes: number;
  previousPid: number;
}

/** Who the sweeping harness is: its uid and gid, and the temp directory its records and homes are in. */
export interface Sweeper {
  uid: number;
  gid: number;
  baseDir: string;
}

/** What the machine says now about a record's harness and user. */
export interface RecordFacts {
  harnessAlive: boolean;
  /** The uid and gid the system gives the record's user name; null when there is no such user. */
  ids: { uid: number; gid: number } | null;
  /** The user holding the record's uid, when the record's user is gone; null: nobody holds it. */
  uidHolder: string | null;
}

export type Verdict =
  { act: 'keep' } | { act: 'ignore'; why: string } | { act: 'sweep'; uid: number | null; gid: number | null };

const canonical = (path: string): boolean => isAbsolute(path) && resolve(path) === path;

/** Why a record must not be acted on, from what it says alone; null when it may be (pure). */
export function recordProblem(record: IsolationRecord, path: string, me: Sweeper): string | null {
  const { user } = record;
  if (!AGENT_USER_NAME.test(user.name))
    return `its user name ${JSON.stringify(user.name)} is not one the harness makes`;
  if (basename(path) !== `${user.name}.json`) return 'its file is not named after its user';
  const ids = [
    ['uid', user.uid, me.uid],
    ['gid', user.gid, me.gid],
  ] as const;
  for (const [what, id, mine] of ids)
    if (id !== null && (id <= 0 || id === mine)) return `its ${what} ${id} is root's or the harness's own`;
  if (record.owner.uid !== me.uid) return `it was written for uid ${record.owner.uid}, not this user`;
  const home = join(me.baseDir, user.name);
  if (user.home !== home) return `its home ${user.home} is not ${home}`;
  for (const { root, ancestors } of record.grants) {
    if (!canonical(root) || root === '/')
      return `its tree ${JSON.stringify(root)} is not a directory below /`;
    for (const { dir } of ancestors)
      if (!canonical(dir) || root === dir || !within(dir, root))
        return `${JSON.stringify(dir)} is not a parent directory of its tree ${root}`;
  }
  return null;
}

/** What to do with a record that passed recordProblem, from what the machine says (pure). */
export function judgeRecord(record: IsolationRecord, me: Sweeper, facts: RecordFacts): Verdict {
  if (facts.harnessAlive) return { act: 'keep' };
  const { name, uid, gid } = record.user;
  const ignore = (why: string): Verdict => ({ act: 'ignore', why });
  if (facts.ids !== null) {
    if (uid !== null && (facts.ids.uid !== uid || facts.ids.gid !== gid))
      return ignore(
        `${name} is uid ${facts.ids.uid} gid ${facts.ids.gid} here, not ${uid} ${gid} as recorded`,
      );
    if (facts.ids.uid <= 0 || facts.ids.uid === me.uid || facts.ids.gid <= 0 || facts.ids.gid === me.gid)
      return ignore(`${name} is root's or the harness's own uid or gid here`);
    return { act: 'sweep', ...facts.ids };
  }
  if (uid !== null && facts.uidHolder !== null)
    return ignore(`${name} is gone and its uid ${uid} now belongs to ${facts.uidHolder}`);
  return { act: 'sweep', uid, gid };
}

/** Whether a dead run's trees meet a live run's: one inside the other, or the same (pure). */
export function sharesTree(roots: readonly string[], liveRoots: readonly string[]): boolean {
  return roots.some((root) => liveRoots.some((live) => within(live, root) || within(root, live)));
}

/** Whether the record's harness may still run: the very process alive here, or one of another PID namespace. */
function harnessMayRun(record: IsolationRecord): boolean {
  const here = pidNamespace();
  if (record.pidns !== '0' && here !== '0' && record.pidns !== here) return true;
  return sameProcessAlive(record.harness);
}

async function recordFacts(record: IsolationRecord): Promise<RecordFacts> {
  const harnessAlive = harnessMayRun(record);
  if (harnessAlive) return { harnessAlive, ids: null, uidHolder: null };
  const ids = await lookupUser(record.user.name);
  let uidHolder: string | null = null;
  if (ids === null && record.user.uid !== null) {
    const holder = await runCommand('id', ['-nu', String(record.user.uid)]);
    uidHolder = holder.code === 0 ? holder.stdout.trim() || null : null;
  }
  return { harnessAlive, ids, uidHolder };
}

export type SweepLog = (level: 'info' | 'warn', fields: Record<string, string | number | null>) => void;

export interface SweepDeps {
  /** The sweeping harness's own way to act as root (never the record's). */
  privilege: Privilege;
  clock: Clock;
  log: SweepLog;
  onSwept?: (swept: SweptIsolation) => Promise<void>;
  /** The temp directory (default os.tmpdir()). */
  baseDir?: string;
}

/** Sweeps every record of a dead harness; returns what was swept. Never throws: failures are warnings. */
export async function sweepDeadIsolations(deps: SweepDeps): Promise<SweptIsolation[]> {
  const me: Sweeper = {
    uid: process.getuid?.() ?? 0,
    gid: process.getgid?.() ?? 0,
    baseDir: deps.baseDir ?? tmpdir(),
  };
  const dead: Array<{ path: string; record: IsolationRecord; uid: number | null; gid: number | null }> = [];
  const liveRoots: string[] = [];
  for (const entry of readIsolationRecords(isolationRecordDir(me.baseDir, me.uid))) {
    const ignored = (why: string) =>
      deps.log('warn', { isolation_record: entry.path, ignored: why, fix: 'remove it once checked' });
    if ('problem' in entry) {
      ignored(entry.problem);
      continue;
    }
    const problem = recordProblem(entry.record, entry.path, me);
    if (problem !== null) {
      ignored(problem);
      continue;
    }
    const facts = await recordFacts(entry.record).catch((error: Error) => error);
    if (facts instanceof Error) {
      ignored(`its user could not be looked up: ${facts.message}`);
      continue;
    }
    const verdict = judgeRecord(entry.record, me, facts);
    if (verdict.act === 'ignore') ignored(verdict.why);
    else if (verdict.act === 'keep') liveRoots.push(...entry.record.grants.map((grant) => grant.root));
    else dead.push({ path: entry.path, record: entry.record, uid: verdict.uid, gid: verdict.gid });
  }
  const swept: SweptIsolation[] = [];
  for (const { path, record, uid, gid } of dead) {
    const roots = record.grants.map((grant) => grant.root);
    const user: AgentUser | null =
      uid !== null && gid !== null
        ? { ...record.user, uid, gid, privilege: deps.privilege, owner: record.owner }
        : null;
    try {
      if (sharesTree(roots, liveRoots)) {
        const ended = user ? await endAgentProcesses(user, deps.clock) : 0;
        deps.log('warn', {
          isolation_record: path,
          deferred: 'a live run holds the same tree: its ACLs and user are left until that run has ended',
          processes_ended: ended,
        });
        continue;
      }
      const done = { ...(await sweepRecord(path, record, user, deps)), roots };
      deps.log('warn', {
        isolation: 'swept',
        agent_user: done.user,
        uid: done.uid,
        previous_pid: done.previousPid,
        trees: roots.join(', '),
        processes: done.processes,
        why: 'a killed harness left them',
      });
      await deps.onSwept?.(done).catch(() => undefined);
      swept.push(done);
    } catch (error) {
      deps.log('warn', {
        isolation_record: path,
        sweep_failed: (error as Error).message,
        kept: 'for the next start',
      });
    }
  }
  return swept;
}

/** Ends the user's processes, hands its files back, revokes its grants, deletes it, its home and the record. */
async function sweepRecord(
  path: string,
  record: IsolationRecord,
  user: AgentUser | null,
  deps: SweepDeps,
): Promise<Omit<SweptIsolation, 'roots'>> {
  let processes = 0;
  if (user !== null) {
    processes = await endAgentProcesses(user, deps.clock);
    for (const { root } of record.grants) if (existsSync(root)) await handBack(user, root);
    for (const grant of [...record.grants].reverse()) await revokeTree(user, grant);
  }
  const { name, home } = record.user;
  // Looked up again: another sweep may have removed it meanwhile.
  const ids = await lookupUser(name);
  if (ids !== null && user !== null && ids.uid === user.uid)
    await runAsRoot(deps.privilege, ['userdel', name]);
  if (present(home)) await runAsRoot(deps.privilege, ['rm', '-rf', '--', home]);
  removeIsolationRecord(path);
  return { user: name, uid: user?.uid ?? null, processes, previousPid: record.harness.pid };
}

const present = (path: string): boolean => {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
};
