// Signalling and reaping everything an agent started. The agent runs as a group leader (spawned detached), so
// ordinary grandchildren share its group. Some agents put their tool commands in a session of their own
// (Claude Code runs Bash tools and hooks under setsid), and those escape the group: the session therefore also
// tracks the agent's descendants by parent PID while they are still linked, and ends them with the group.
import { readFileSync } from 'node:fs';
import { parseProcStat, procPids } from './proc.js';
import type { Clock } from './clock-spawn.js';
import type { PidWindow } from './pid-window.js';

export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function signalPid(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // gone already
  }
}

export interface ProcInfo {
  pid: number;
  ppid: number;
  pgrp: number;
  zombie: boolean;
  /** Start time in clock ticks since boot: tells a live process from a later one that reused its PID. */
  start: string;
}

/**
 * One pass over /proc (only the PIDs in `window`, where it holds: pid-window.ts). Empty where there is no /proc
 * (the callers then fall back to kill(pid, 0)).
 */
export function readProcTable(window?: PidWindow): ProcInfo[] {
  const table: ProcInfo[] = [];
  for (const entry of procPids(window)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    const { state, ppid, pgrp, start } = parseProcStat(stat);
    table.push({ pid: Number(entry), ppid, pgrp, zombie: state === 'Z', start });
  }
  return table;
}

/**
 * Live (non-zombie) members of a process group. kill(-pgid, 0) also succeeds for zombies nobody has reaped
 * yet, so on Linux the answer is confirmed from /proc.
 */
export function groupMembers(pgid: number, table?: ProcInfo[]): number[] {
  if (!signalGroup(pgid, 0)) return [];
  const procs = table ?? readProcTable();
  if (procs.length === 0) return [pgid];
  return procs.filter((p) => !p.zombie && p.pgrp === pgid).map((p) => p.pid);
}

export function groupAlive(pgid: number): boolean {
  return groupMembers(pgid).length > 0;
}

/** The agent's process group plus every descendant seen so far, wherever it moved its group or session. */
export class AgentProcesses {
  private readonly tracked = new Map<number, { start: string; pgrp: number }>();

  /** `window`: the PIDs the agent's processes can have (pid-window.ts); every PID without one. */
  constructor(
    readonly pgid: number,
    readonly window?: PidWindow,
  ) {}

  /** One pass over the processes that can be the agent's. */
  table(): ProcInfo[] {
    return readProcTable(this.window);
  }

  /** Adds the current descendants of the leader and of everything already tracked. */
  refresh(table: ProcInfo[] = this.table()): void {
    const children = new Map<number, ProcInfo[]>();
    for (const proc of table) {
      const list = children.get(proc.ppid);
      if (list) list.push(proc);
      else children.set(proc.ppid, [proc]);
    }
    const queue = [this.pgid, ...this.tracked.keys()];
    const seen = new Set(queue);
    for (const proc of table) {
      if (proc.zombie) continue;
      // A process seen in the leader's group before it called setsid() has moved since: its group is re-read,
      // so it counts as escaped (and is recorded for crash recovery) once it has left.
      const known = this.tracked.get(proc.pid);
      if (proc.pgrp === this.pgid || known?.start === proc.start)
        this.tracked.set(proc.pid, { start: proc.start, pgrp: proc.pgrp });
    }
    while (queue.length > 0) {
      const pid = queue.pop()!;
      for (const child of children.get(pid) ?? []) {
        if (seen.has(child.pid)) continue;
        seen.add(child.pid);
        if (!child.zombie) this.tracked.set(child.pid, { start: child.start, pgrp: child.pgrp });
        queue.push(child.pid);
      }
    }
  }

  /** Every descendant seen so far outside the leader's group, with its start time (for crash recovery). */
  escaped(): Array<{ pid: number; start: string }> {
    return [...this.tracked]
      .filter(([, seen]) => seen.pgrp !== this.pgid)
      .map(([pid, seen]) => ({ pid, start: seen.start }));
  }

  /** Live processes that belong to the agent: group members and tracked descendants (same start time). */
  alive(table: ProcInfo[] = this.table()): number[] {
    if (table.length === 0) return signalGroup(this.pgid, 0) ? [this.pgid] : [];
    const live = new Set<number>();
    for (const proc of table) {
      if (proc.zombie) continue;
      if (proc.pgrp === this.pgid || this.tracked.get(proc.pid)?.start === proc.start) live.add(proc.pid);
    }
    return [...live];
  }

  signal(signal: NodeJS.Signals): void {
    signalGroup(this.pgid, signal);
    const table = this.table();
    for (const pid of this.alive(table)) {
      signalPid(pid, signal);
      const proc = table.find((p) => p.pid === pid);
      // A descendant that made its own group may have children in it that we never saw.
      if (proc && proc.pgrp === proc.pid && proc.pgrp !== this.pgid) signalGroup(proc.pgrp, signal);
    }
  }
}

async function waitGone(
  procs: AgentProcesses,
  timeoutMs: number,
  clock: Clock,
  pollMs = 25,
): Promise<boolean> {
  const deadline = clock.monotonic() + timeoutMs;
  for (;;) {
    const table = procs.table();
    procs.refresh(table);
    if (procs.alive(table).length === 0) return true;
    if (clock.monotonic() >= deadline) return false;
    await clock.sleep(Math.min(pollMs, Math.max(1, deadline - clock.monotonic())));
  }
}

/** What ending processes took: none was left, SIGTERM was enough, or SIGKILL was needed. */
export type EndHow = 'gone' | 'term' | 'kill';

const END_ORDER: readonly EndHow[] = ['gone', 'term', 'kill'];

/** The stronger of two ends (of one set of processes reached two ways): kill over term over gone. */
export function strongerEnd(a: EndHow, b: EndHow): EndHow {
  return END_ORDER.indexOf(a) >= END_ORDER.indexOf(b) ? a : b;
}

/**
 * SIGTERM to everything of the agent, up to `graceMs` for it to go, then SIGKILL. Returns 'term' when SIGTERM
 * sufficed, 'kill' when SIGKILL was needed, 'gone' when nothing was running.
 */
export async function terminateAgent(procs: AgentProcesses, graceMs: number, clock: Clock): Promise<EndHow> {
  procs.refresh();
  if (procs.alive().length === 0) return 'gone';
  procs.signal('SIGTERM');
  if (graceMs > 0 && (await waitGone(procs, graceMs, clock))) return 'term';
  procs.signal('SIGKILL');
  await waitGone(procs, 5000, clock);
  return 'kill';
}

/** Ends a bare process group (a hook, an orphaned agent group from a harness that died). */
export function terminateGroup(
  pgid: number,
  graceMs: number,
  clock: Clock,
): Promise<'gone' | 'term' | 'kill'> {
  return terminateAgent(new AgentProcesses(pgid), graceMs, clock);
}

/**
 * Ends processes recorded by a harness that died, only if each is still the very process recorded (same start
 * time), together with its own group and descendants (an escaped shell keeps forking).
 */
export async function terminateRecorded(
  recorded: ReadonlyArray<{ pid: number; start: string }>,
  graceMs: number,
  clock: Clock,
): Promise<number> {
  const table = new Map(readProcTable().map((p) => [p.pid, p]));
  const live = recorded.filter((r) => {
    const proc = table.get(r.pid);
    return proc !== undefined && !proc.zombie && proc.start === r.start;
  });
  await Promise.all(live.map(({ pid }) => terminateAgent(new AgentProcesses(pid), graceMs, clock)));
  return live.length;
}
