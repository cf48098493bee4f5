// Whether processes a test started are still there: one answer for every test that checks it leaves nothing.
import { readdirSync, readFileSync } from 'node:fs';
import { groupAlive } from '../../src/os/process-group.js';

/** A live (not zombie) process; a zombie has ended, it only waits for its parent to reap it. */
export function pidAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** The ones among `pids` still running, as processes or as process groups they lead. */
export const alive = (pids: number[]): number[] => pids.filter((pid) => groupAlive(pid) || pidAlive(pid));

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
