// A harness that died (SIGKILL, a lost machine) may leave its agent's process group running, and hooks or a
// validation it had started. The next start finds the group, the escaped descendants and the run's cookie in
// the old status file and ends them all before doing anything else (before the task driver's recovery runs a
// validation of its own). Whether the old harness is still alive is not read from the status file: this start
// holds the instance lock (instance-lock.ts), so no other harness runs here. The homes call this before
// opening the task driver (the loop does when a home has not).
import type { Clock, Logger } from './ports.js';
import type { HarnessEvent } from '../state/index.js';
import { readStatus } from '../state/index.js';
import { endCarriers, isCookie } from '../os/cookie.js';
import type { InstanceLock } from '../state/index.js';
import { groupAlive, terminateGroup, terminateRecorded } from '../os/process-group.js';

export async function recoverPreviousRun(
  statusPath: string,
  deps: {
    clock: Clock;
    logger: Logger;
    emit: (event: HarnessEvent) => Promise<void>;
    killGraceMs: number;
    /** The instance lock a killed harness left (taken over by this start): its cookie, if it named one. */
    staleLock?: InstanceLock['reclaimedFrom'];
  },
): Promise<void> {
  // Ended last: what the records below did not find. A harness killed before its loop wrote a status (while its
  // task driver started) is known by its lock alone.
  const staleHolder = typeof deps.staleLock === 'object' ? deps.staleLock : null;
  const endLockCarriers = async (except?: string) => {
    const cookie = staleHolder?.cookie;
    if (staleHolder !== null && cookie !== undefined && cookie !== except)
      await endOrphans(cookie, staleHolder.pid, deps);
  };
  let previous;
  try {
    previous = await readStatus(statusPath);
  } catch {
    deps.logger.log('warn', { status_file: 'unreadable', action: 'replaced' });
    return endLockCarriers();
  }
  // Even a status naming our own PID is a predecessor's (a container reuses PIDs): we have not written yet.
  if (!previous) return endLockCarriers();
  const pgid = previous.agent_pgid;
  if (pgid && groupAlive(pgid)) {
    const how = await terminateGroup(pgid, deps.killGraceMs, deps.clock);
    deps.logger.log('warn', {
      recovery: 'orphan_agent_group',
      pgid,
      previous_pid: previous.pid,
      ended_with: how,
    });
    await deps.emit({ event: 'orphan_group_killed', pgid, previous_pid: previous.pid, ended_with: how });
  }
  // Descendants that had left the group (tools run under setsid) were recorded with their start times.
  const escaped = previous.agent_escaped ?? [];
  if (escaped.length > 0) {
    const ended = await terminateRecorded(escaped, deps.killGraceMs, deps.clock);
    if (ended > 0) {
      deps.logger.log('warn', { recovery: 'orphan_descendants', count: ended, previous_pid: previous.pid });
      await deps.emit({ event: 'orphan_descendants_killed', count: ended, previous_pid: previous.pid });
    }
  }
  // Everything else the dead run started: a daemon that left every group, a hook, a validation.
  if (isCookie(previous.cookie)) await endOrphans(previous.cookie, previous.pid, deps);
  await endLockCarriers(previous.cookie ?? undefined);
}

async function endOrphans(
  cookie: string,
  previousPid: number,
  deps: { clock: Clock; logger: Logger; emit: (event: HarnessEvent) => Promise<void>; killGraceMs: number },
): Promise<void> {
  const ended = await endCarriers(cookie, deps.killGraceMs, deps.clock);
  if (ended > 0) {
    deps.logger.log('warn', { recovery: 'orphan_processes', count: ended, previous_pid: previousPid });
    await deps.emit({ event: 'orphan_processes_killed', count: ended, previous_pid: previousPid });
  }
}
