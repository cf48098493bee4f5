// A harness run's cgroups: at the start, sweep what dead runs left and make this run's cgroup
// (<parent>/agent-harness/run-<pidns>-<pid>-<start>-<cookie>); for each session, a child cgroup the agent is born
// in; at the session's end, every process in it ended and the cgroup removed; at the run's end, the run's cgroup
// removed. Where no cgroup can be used, a containment of kind `none` that says why (cgroup.ts).
//
// The agent is born in its session's cgroup: the harness moves itself into it, spawns (Node's spawn forks and
// executes before it returns, so no other code of the harness runs meanwhile) and moves itself back. The agent runs
// no instruction outside the cgroup, and a spawn failure is the same failure as without a cgroup. Whatever command
// is spawned (a user-switch wrapper around the agent too) is born there.
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from './clock-spawn.js';
import {
  BASE_NAME,
  chooseContainment,
  orphanRuns,
  runName,
  sessionName,
  type Containment,
  type RunOwner,
} from './cgroup.js';
import {
  endCgroup,
  isPopulated,
  moveInto,
  pidNamespace,
  readFacts,
  removeCgroup,
  subdirectories,
} from './cgroup-fs.js';
import { openScopes } from './cgroup-systemd.js';
import { keepMovesWarm } from './cgroup-warm.js';
import { processStart } from './proc.js';
import type { RunContainment, SessionCgroup, SweptRun } from './cgroup-types.js';
import type { EndHow } from './process-group.js';

/** The containment this process would use (what tests and the docs ask about); nothing is made. */
export function detectContainment(env: NodeJS.ProcessEnv): Containment {
  return chooseContainment(readFacts(env));
}

/** This run's owner record: this process, its start time and PID namespace, and the run's cookie. */
export function runOwner(cookie: string): RunOwner {
  return { pidns: pidNamespace(), pid: process.pid, start: processStart(process.pid) ?? '0', cookie };
}

const stillRunning = (pid: number, start: string) => processStart(pid) === start;

/**
 * Opens this run's containment: sweeps the run cgroups of dead harnesses (ending what is left in them), then makes
 * this run's. `graceMs` is the SIGTERM grace for what the sweep finds.
 */
export async function openContainment(options: {
  cookie: string;
  env: NodeJS.ProcessEnv;
  clock: Clock;
  graceMs: number;
}): Promise<{ run: RunContainment; swept: SweptRun[] }> {
  const facts = readFacts(options.env);
  const containment = chooseContainment(facts);
  const owner = runOwner(options.cookie);
  if (containment.kind === 'systemd-scope') return openScopes(owner, facts.mount, options);
  if (containment.kind === 'none') return { run: uncontained(containment), swept: [] };
  const base = join(containment.parent, BASE_NAME);
  const swept: SweptRun[] = [];
  for (const orphan of orphanRuns(subdirectories(base), owner.pidns, stillRunning)) {
    const dir = join(base, orphan.name);
    const { count } = await endCgroup(dir, options.graceMs, options.clock);
    removeCgroup(dir);
    swept.push({ where: dir, previousPid: orphan.owner.pid, count });
  }
  const home = facts.own!.dir;
  const dir = join(base, runName(owner));
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    const reason = `cannot make the cgroup ${dir}: ${(error as Error).message}`;
    return { run: uncontained({ kind: 'none', reason }), swept };
  }
  return { run: new CgroupRun(containment, dir, home, options.cookie, options.clock), swept };
}

function uncontained(containment: Containment): RunContainment {
  return {
    containment,
    path: null,
    session: () => null,
    close: () => Promise.resolve(0),
    prime: () => undefined,
  };
}

class CgroupRun implements RunContainment {
  constructor(
    readonly containment: Containment,
    readonly path: string,
    private readonly home: string,
    private readonly cookie: string,
    private readonly clock: Clock,
  ) {}

  session(global: number): SessionCgroup {
    const dir = join(this.path, sessionName(this.cookie, global));
    mkdirSync(dir, { recursive: true });
    return new CgroupSession(dir, this.home, this.clock);
  }

  prime(): void {
    primeMoves(this.home);
  }

  async close(clock: Clock): Promise<number> {
    returnHome(this.home);
    const { count } = await endCgroup(this.path, 0, clock);
    removeCgroup(this.path);
    return count;
  }
}

/**
 * Where this process is while it is out of its own cgroup (a spawn in progress, or a move back that failed); null
 * at home. A move is not free: the first one after a quiet spell waits for an RCU grace period in the kernel (about
 * 9 ms on a 2-core VM), so a move home is made only when this process is away.
 */
let away: string | null = null;

/** The move primeMoves has in flight, or null. */
let priming: Promise<void> | null = null;

/**
 * Takes the kernel's wait out of the next spawn's move. The first write to a cgroup.procs after a quiet spell waits
 * for an RCU grace period (the kernel switches its lock on every fork and exit of the machine to its slow side
 * first), and the writes made within about one grace period after another find it switched. So this process moves
 * itself into the cgroup it is already in (nothing changes), written on libuv's thread pool: the wait overlaps the
 * work between two sessions instead of blocking this thread before the spawn. Nothing else is ever moved, and the
 * spawn waits for this move to land (spawnInsideWhenReady): landing after the move into a session's cgroup, it
 * would bring this process home before the spawn. Once in flight, a second call is that one; a failure is the
 * spawn's to see.
 */
function primeMoves(home: string): void {
  if (priming !== null || away !== null) return;
  priming = writeFile(join(home, 'cgroup.procs'), `${process.pid}\n`).then(
    () => {
      priming = null;
    },
    () => {
      priming = null;
    },
  );
}

/** Moves this process back to its own cgroup if a spawn left it elsewhere (never throws). */
function returnHome(home: string): boolean {
  if (away === null) return true;
  try {
    moveInto(home, process.pid);
    away = null;
    return true;
  } catch {
    return false;
  }
}

class CgroupSession implements SessionCgroup {
  placementError: string | null = null;
  /** Ends the primes made since the spawn (cgroup-warm.ts). */
  private readonly warm = new AbortController();

  constructor(
    readonly where: string,
    private readonly home: string,
    private readonly clock: Clock,
  ) {}

  wrap(command: string, args: readonly string[]): { command: string; args: string[] } {
    return { command, args: [...args] };
  }

  async spawnInsideWhenReady<T>(spawn: () => T): Promise<T> {
    while (priming !== null) await priming;
    return this.spawnInside(spawn); // in the same turn as the check: no move can start in between
  }

  prime(): void {
    this.warm.abort();
    primeMoves(this.home);
  }

  spawnInside<T>(spawn: () => T): T {
    if (priming !== null) {
      this.placementError = `a move of the harness into ${this.home} was still in flight`;
      return spawn();
    }
    try {
      moveInto(this.where, process.pid);
      away = this.where;
    } catch (error) {
      this.placementError = `cannot move into ${this.where}: ${(error as Error).message}`;
      return spawn();
    }
    try {
      return spawn();
    } finally {
      if (!returnHome(this.home))
        this.placementError = `cannot move the harness back into ${this.home} after the spawn`;
      // The two moves just made switched the kernel's lock: a session that ends soon finds it still switched.
      else keepMovesWarm(() => primeMoves(this.home), this.clock, this.warm.signal).catch(() => undefined);
    }
  }

  get holdsAll(): boolean {
    return this.placementError === null;
  }

  emptied(): boolean {
    return this.holdsAll && !isPopulated(this.where);
  }

  async end(graceMs: number, clock: Clock): Promise<{ count: number; how: EndHow }> {
    this.warm.abort();
    returnHome(this.home);
    return endCgroup(this.where, graceMs, clock);
  }

  remove(): Promise<boolean> {
    this.warm.abort();
    return Promise.resolve(!isPopulated(this.where) && removeCgroup(this.where));
  }
}
