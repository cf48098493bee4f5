// Finds processes a test file left behind: those whose environment carries this test file's mark (set in the
// worker's environment by leak-check.ts, so everything a test starts inherits it) and a harness's session
// cookie that is not the one the worker itself inherited (when the suite runs under a harness).
import { readFileSync } from 'node:fs';
import { COOKIE_VAR, environHas } from '../../src/os/cookie.js';
import { readProcTable } from '../../src/os/process-group.js';

export const MARK_VAR = 'AGENT_HARNESS_TEST_MARK';

export interface Leak {
  pid: number;
  cookie: string;
  command: string;
}

function cookieOf(environ: Buffer): string | null {
  for (const entry of environ.toString('utf8').split('\0'))
    if (entry.startsWith(`${COOKIE_VAR}=`)) return entry.slice(COOKIE_VAR.length + 1);
  return null;
}

export function findLeaks(mark: string, inheritedCookie: string | undefined): Leak[] {
  const leaks: Leak[] = [];
  for (const proc of readProcTable()) {
    if (proc.zombie || proc.pid === process.pid) continue;
    let environ: Buffer;
    try {
      environ = readFileSync(`/proc/${proc.pid}/environ`);
    } catch {
      continue;
    }
    if (!environHas(environ, `${MARK_VAR}=${mark}`)) continue;
    const cookie = cookieOf(environ);
    if (cookie === null || cookie === inheritedCookie) continue;
    let command = '?';
    try {
      command = readFileSync(`/proc/${proc.pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    } catch {
      // gone meanwhile
    }
    leaks.push({ pid: proc.pid, cookie, command });
  }
  return leaks;
}
