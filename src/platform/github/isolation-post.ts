// A main step killed outright (the runner's hard kill, the OOM killer) under `agent-isolation: user` leaves the
// agent's user, every process it still runs, its ACL entries on the workspace and files it owns there. The post
// step runs after main whatever ended it, as main's user: it undoes all of that (loop/isolation-leftovers.ts)
// before anything else, and in particular before the job's git credentials come back into a tree that a daemon of
// the agent's could still read (credentials/index.ts calls it too, before restoring them).
//
// It sweeps every record whose harness is dead, not only those whose tree is this job's workspace: a record is
// acted on only once the harness that wrote it is gone (that pid with that start time in this boot), which is
// what makes undoing it safe wherever its tree is; a killed job of another workflow on the same self-hosted
// runner would otherwise keep its user and ACLs until some later isolated run starts here. A tree a live run
// also holds is deferred (os/isolation-sweep.ts).
import * as core from '@actions/core';
import { sweepLeftIsolations } from '../../loop/index.js';
import { hasIsolationRecords, isolationRecordDir } from '../../os/isolation-record.js';
import { probePrivilege } from '../../os/privilege.js';
import { systemClock } from '../../os/system-clock.js';
import { GitHubLogger } from './logger.js';

/** Undoes what killed runs left under user isolation; never throws (each failure is a warning). */
export async function sweepKilledIsolations(): Promise<void> {
  if (process.platform !== 'linux' || !hasIsolationRecords(isolationRecordDir())) return;
  const logger = new GitHubLogger(
    { write: (text) => process.stdout.write(text), debugEnabled: core.isDebug() },
    () => systemClock.now(),
  );
  try {
    const privilege = await probePrivilege();
    if (privilege === null) {
      logger.log('warn', {
        isolation: 'not_swept',
        why: 'a killed run left its agent user and ACLs, and this step can act as root neither directly nor by sudo -n',
        records: isolationRecordDir(),
      });
      return;
    }
    await sweepLeftIsolations({ privilege, clock: systemClock, logger });
  } catch (error) {
    logger.log('warn', { isolation: 'sweep_failed', error: (error as Error).message });
  }
}
