// What a run says about its containment when it starts: the dead runs' cgroups it swept (a warning and an
// `orphan_processes_killed` event each, when something was still running in one), and which containment its
// sessions have, with what can escape it: a warning where there is no cgroup (docs/security.md#containment).
import type { Logger } from '../loop/index.js';
import { escapes } from '../os/cgroup.js';
import type { RunContainment, SweptRun } from '../os/cgroup-types.js';
import type { HarnessEvent } from '../state/index.js';

export async function announceContainment(
  opened: { run: RunContainment; swept: SweptRun[] },
  logger: Logger,
  emit: (event: HarnessEvent) => Promise<void>,
): Promise<void> {
  for (const swept of opened.swept) {
    if (swept.count === 0) {
      logger.log('debug', {
        recovery: 'orphan_cgroup',
        cgroup: swept.where,
        previous_pid: swept.previousPid,
      });
      continue;
    }
    logger.log('warn', {
      recovery: 'orphan_cgroup',
      cgroup: swept.where,
      count: swept.count,
      previous_pid: swept.previousPid,
    });
    await emit({ event: 'orphan_processes_killed', count: swept.count, previous_pid: swept.previousPid });
  }
  const { containment, path } = opened.run;
  if (containment.kind === 'none')
    logger.log('warn', { containment: 'none', reason: containment.reason, escapes: escapes(containment) });
  else logger.log('info', { containment: containment.kind, ...(path !== null ? { cgroup: path } : {}) });
}
