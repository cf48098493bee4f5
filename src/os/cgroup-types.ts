// The shapes of a harness run's containment and of one session's cgroup: cgroup-run.ts makes them for cgroup
// directories the harness owns, cgroup-systemd.ts for systemd scopes; the loop only sees these interfaces.
import type { Clock } from './clock-spawn.js';
import type { Containment } from './cgroup.js';
import type { EndHow } from './process-group.js';

/** One session's cgroup. */
export interface SessionCgroup {
  /** The cgroup's directory, or the systemd unit. */
  readonly where: string;
  /** The command to spawn for `command args` (systemd-run in front of it for a scope; itself otherwise). */
  wrap(command: string, args: readonly string[]): { command: string; args: string[] };
  /**
   * Calls `spawn` so that the process it starts is born in the cgroup. A move of this process still in flight
   * (primeMoves) could land between the move in and the spawn: then nothing is moved, and placementError says why.
   */
  spawnInside<T>(spawn: () => T): T;
  /** spawnInside once no move of this process is in flight: what the loop calls. */
  spawnInsideWhenReady<T>(spawn: () => T): Promise<T>;
  /**
   * primeMoves, for the next session's spawn (called when this session's agent has exited); ends the primes that
   * kept the moves quick since the spawn (cgroup-warm.ts).
   */
  prime(): void;
  /** Why the agent could not be placed in the cgroup (it then runs with the fallback containment only). */
  readonly placementError: string | null;
  /**
   * Whether every process the agent starts is known to stay in this cgroup: the agent was born in a cgroup
   * directory this process made, and a process leaves a cgroup only by writing to another one's cgroup.procs,
   * which only root may (and a root agent escapes every containment, the cookie's included, docs/security.md).
   * False for a systemd scope and after a placement that failed. Read after the spawn.
   */
  readonly holdsAll: boolean;
  /** holdsAll, and nothing is left in the cgroup: every process the session started has ended. */
  emptied(): boolean;
  /** Ends every process in the cgroup: SIGTERM, `graceMs`, then SIGKILL until it is empty. */
  end(graceMs: number, clock: Clock): Promise<{ count: number; how: EndHow }>;
  /** Removes the emptied cgroup; false when something is still in it. */
  remove(): Promise<boolean>;
}

/** A dead run's cgroup the start swept: whose it was and how many processes were still in it. */
export interface SweptRun {
  where: string;
  previousPid: number;
  count: number;
}

/** A harness run's containment. */
export interface RunContainment {
  readonly containment: Containment;
  /** The run's cgroup directory (kind `cgroup`), for the status file. */
  readonly path: string | null;
  /** A new session's cgroup, or null (kind `none`). Throws when it cannot be made. */
  session(global: number): SessionCgroup | null;
  /** Ends whatever is left in the run's cgroups and removes them. Returns how many processes it ended. */
  close(clock: Clock): Promise<number>;
  /** primeMoves, where the run has cgroups of its own (a no-op otherwise). */
  prime(): void;
}
