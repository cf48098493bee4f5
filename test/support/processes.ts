// Whether processes a test started are still there: one answer for every test that checks it leaves nothing.
import { readFileSync } from 'node:fs';
import { groupAlive } from '../../src/loop/process-group.js';

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
