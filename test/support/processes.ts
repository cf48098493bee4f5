// Whether processes a test started are still there: one answer for every test that checks it leaves nothing.
//
// A PID is a number the kernel gives out again once its process is gone, and a loaded machine (the suite, two
// suites under `npm run test:stress`) goes through all of them in minutes: a PID a test recorded may belong to
// another test's process by the time it looks. So a PID is known with the start time its process had when it was
// recorded (the scripted agents write `pid start` lines; `remember` reads it from a live process), and a process
// with that PID but another start time is not the one recorded: it does not count as alive, and is never killed.
import { readdirSync, readFileSync } from 'node:fs';
import { groupAlive, readProcTable } from '../../src/os/process-group.js';
import { readProcStat } from '../../src/os/proc.js';
import { REAPER_NAME } from '../../src/os/reaper.js';

/** Start times of the PIDs recorded so far, as the processes had them then. */
const starts = new Map<number, string>();

function stat(pid: number): { zombie: boolean; start: string } | null {
  const now = readProcStat(pid);
  return now && { zombie: now.state === 'Z', start: now.start };
}

/** Records a live process's start time now, so that a later process given the same PID is not taken for it. */
export function remember(pid: number): number {
  const now = stat(pid);
  if (now && !starts.has(pid)) starts.set(pid, now.start);
  return pid;
}

/** The PIDs of a file of `pid [start]` lines (the scripted agents' record), each start time remembered. */
export function readPids(path: string): number[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [pid, start] = line.trim().split(/\s+/);
      if (start) starts.set(Number(pid), start);
      return Number(pid);
    });
}

/** Whether `pid` names the very process recorded: not one that took the PID over since (another start time). */
function recorded(pid: number, now: { start: string }): boolean {
  const then = starts.get(pid);
  return then === undefined || then === now.start;
}

/** A live (not zombie) process, the one recorded under this PID; a zombie has ended, it only waits to be reaped. */
export function pidAlive(pid: number): boolean {
  const now = stat(pid);
  return now !== null && !now.zombie && recorded(pid, now);
}

/**
 * The ones among `pids` still running, as processes or as process groups they lead. A group outlives its leader
 * while members are left, and its number cannot be given out again until the last is gone: a group is alive when
 * its leader is, or when its leader is gone (or a zombie) and members are left.
 */
export const alive = (pids: number[]): number[] =>
  pids.filter((pid) => {
    const now = stat(pid);
    if (now !== null && !recorded(pid, now)) return false; // the PID is another process's now: ours is gone
    return (now !== null && !now.zombie) || groupAlive(pid);
  });

/** SIGKILLs those among `pids` that are still the processes recorded (never a process that took a PID over). */
export function killRecorded(pids: number[]): void {
  for (const pid of pids) {
    if (!pidAlive(pid)) continue;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

/**
 * Live processes carrying `AH_E2E_MARK=<mark>` in their environment: whatever a real agent CLI started, anywhere,
 * whichever group or session it moved to.
 */
export function markedProcesses(mark: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!pidAlive(Number(entry))) continue;
      if (readFileSync(`/proc/${entry}/environ`, 'latin1').includes(`AH_E2E_MARK=${mark}`))
        found.push(Number(entry));
    } catch {
      // exited while we looked
    }
  }
  return found;
}

/** How soon a SIGKILLed harness's reaper must have ended what it started (issue 22: no survivor after 3 s). */
export const REAPED_MS = 3000;

/** The reaper of the harness `pid` (os/reaper.ts), found by its name among the harness's children; null: none. */
export function reaperOf(pid: number): number | null {
  for (const child of readProcTable().filter((p) => p.ppid === pid)) {
    try {
      if (readFileSync(`/proc/${child.pid}/cmdline`, 'latin1').split('\0').includes(REAPER_NAME))
        return child.pid;
    } catch {
      // exited while we looked
    }
  }
  return null;
}

/**
 * SIGKILLs the reaper of the harness `pid` (as a `kill -9 -1` or the OOM killer may), so that a test of a
 * successor's recovery sees what a dead harness leaves when its reaper is gone too. Throws when it has none.
 */
export function killReaperOf(pid: number): void {
  const reaper = reaperOf(pid);
  if (reaper === null) throw new Error(`harness ${pid} has no reaper`);
  process.kill(reaper, 'SIGKILL');
}
