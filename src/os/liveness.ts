// Whether a process is alive, and whether it is still the very process someone recorded. A PID alone can be
// reused after a crash; a PID with its start time (clock ticks since boot, /proc/<pid>/stat) and the boot id
// names one process once. The temp-file sweeper asks here; the locks ask lock/holder.ts, which builds on this.
import { bootId, processStart } from './proc.js';

/** Whether a process with this PID exists (EPERM: it exists, owned by someone else). */
export function processAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A process as a lock records it; `start` and `boot` are null where there was no /proc. */
export interface ProcessIdentity {
  pid: number;
  start: string | null;
  boot: string | null;
}

/** This process (or `pid`) as a lock records it. */
export function processIdentity(pid: number = process.pid): ProcessIdentity {
  return { pid, start: processStart(pid), boot: bootId() };
}

/**
 * Whether the recorded process is still running as that very process: not gone, not a zombie, not a PID reused
 * by a later process or a process of an earlier boot. Without a recorded start time, the PID alone decides.
 */
export function sameProcessAlive(recorded: ProcessIdentity): boolean {
  if (recorded.start === null) return processAlive(recorded.pid);
  const boot = bootId();
  if (recorded.boot !== null && boot !== null && recorded.boot !== boot) return false;
  return processStart(recorded.pid) === recorded.start;
}
