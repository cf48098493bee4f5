// The PIDs a session's processes can have. Everything a session starts is born after its agent, and the kernel
// hands out PIDs in increasing order within a PID namespace, wrapping round at pid_max: so the session's
// processes have PIDs from the agent's up to the last one handed out (/proc/sys/kernel/ns_last_pid), read after
// the look at /proc. A look for them (the descendant scan, the end of a session's sweeps) reads only those
// processes' files instead of every process of the machine. The window is given up (every PID looked at) when so
// many processes were forked meanwhile that the numbers may have gone all the way round (/proc/stat's `processes`,
// the forks since boot machine-wide, over-counts this namespace's: the error is on the safe side), or when /proc
// cannot say. Root can move ns_last_pid (checkpoint/restore tools do): a root agent escapes every containment
// anyway (docs/security.md).
import { readFileSync } from 'node:fs';

/** The forks since boot, machine-wide; null where /proc cannot say. */
function forksSinceBoot(): number | null {
  try {
    const match = /^processes (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

function readNumber(path: string): number | null {
  try {
    const value = Number.parseInt(readFileSync(path, 'utf8'), 10);
    return Number.isSafeInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** Whether `pid` is in the cyclic range from `from` to `last` (both included). Pure. */
export function inPidRange(pid: number, from: number, last: number): boolean {
  return from <= last ? pid >= from && pid <= last : pid >= from || pid <= last;
}

/**
 * Whether a window that saw `forks` forks since it opened can still be trusted: fewer than pid_max less a margin
 * (PIDs the kernel reserves below 300 on a wrap, and any doubt). Pure.
 */
export function windowHolds(forks: number | null, pidMax: number | null): boolean {
  return forks !== null && pidMax !== null && forks >= 0 && forks < pidMax - 1000;
}

export class PidWindow {
  private constructor(
    readonly from: number,
    private readonly forksAtOpen: number | null,
    private readonly pidMax: number | null,
  ) {}

  /** A window from `firstPid` (the agent's, just spawned). */
  static open(firstPid: number): PidWindow {
    return new PidWindow(firstPid, forksSinceBoot(), readNumber('/proc/sys/kernel/pid_max'));
  }

  /**
   * The test for PIDs listed by a look at /proc just made: true for those in the window. Null (look at every one)
   * when the window cannot be trusted any more or /proc cannot say where it ends.
   */
  filter(): ((pid: number) => boolean) | null {
    const last = readNumber('/proc/sys/kernel/ns_last_pid');
    const forks = forksSinceBoot();
    if (last === null || this.forksAtOpen === null || forks === null) return null;
    if (!windowHolds(forks - this.forksAtOpen, this.pidMax)) return null;
    return (pid) => inPidRange(pid, this.from, last);
  }
}
