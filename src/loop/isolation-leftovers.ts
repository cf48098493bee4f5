// What a harness killed outright leaves under `agent.isolation = "user"`, on the loop's side: the run's record,
// written before its user is made (os/isolation-record.ts), and the sweep of the records dead runs left
// (os/isolation-sweep.ts) with its log lines and its event. The sweep runs at every isolated start, before the
// run makes its own user, and in the Action's post step (platform/github/isolation-post.ts).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pidNamespace } from '../os/cgroup-fs.js';
import type { Clock } from '../os/clock-spawn.js';
import { isolationRecordDir, RunIsolationRecord } from '../os/isolation-record.js';
import { sweepDeadIsolations, type SweptIsolation } from '../os/isolation-sweep.js';
import { processIdentity } from '../os/liveness.js';
import type { Privilege } from '../os/privilege.js';
import type { HarnessEvent } from '../state/index.js';
import type { Logger } from './ports.js';

/** Writes this run's record for its user `name`; throws when the records' directory is not this user's own. */
export function startRunRecord(name: string, privilege: Privilege): RunIsolationRecord {
  return RunIsolationRecord.start(isolationRecordDir(), {
    version: 1,
    user: { name, uid: null, gid: null, home: join(tmpdir(), name) },
    harness: processIdentity(),
    pidns: pidNamespace(),
    privilege,
    owner: { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 },
    grants: [],
  });
}

/** Undoes what every dead run left (a warning each), emitting `isolation_swept` where there is an event log. */
export async function sweepLeftIsolations(deps: {
  privilege: Privilege;
  clock: Clock;
  logger: Logger;
  emit?: (event: HarnessEvent) => Promise<void>;
}): Promise<SweptIsolation[]> {
  const emit = deps.emit;
  return sweepDeadIsolations({
    privilege: deps.privilege,
    clock: deps.clock,
    log: (level, fields) => deps.logger.log(level, fields),
    ...(emit
      ? {
          onSwept: (swept: SweptIsolation) =>
            emit({
              event: 'isolation_swept',
              user: swept.user,
              ...(swept.uid !== null ? { uid: swept.uid } : {}),
              roots: swept.roots,
              processes: swept.processes,
              previous_pid: swept.previousPid,
            }),
        }
      : {}),
  });
}
