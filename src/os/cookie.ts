// Containment a daemon cannot escape by leaving the agent's group or session: every process the harness starts
// (the agent, hooks, prepend commands, validation, harness-init.sh, cleanup) gets an environment cookie unique to
// the harness run, and every descendant inherits it, as the Actions runner does with RUNNER_TRACKING_ID and
// Jenkins with BUILD_ID. Ending the run's processes means ending every process whose environment carries it.
// Reading every process's environment costs a few milliseconds, so this is done only when something is ended,
// never on the watchdog's poll. A process that clears its own environment is not found this way (the group and
// parent-PID tracking in process-group.ts still apply to it, and the session's cgroup where there is one:
// cgroup-run.ts).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { procPids, readProcStat } from './proc.js';
import type { Clock } from './clock-spawn.js';
import type { PidWindow } from './pid-window.js';

export const COOKIE_VAR = 'AGENT_HARNESS_COOKIE';

export function newCookie(): string {
  return randomBytes(12).toString('hex');
}

/** What a cookie read back from a status file must look like before anything is ended by it. */
export function isCookie(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{24}$/.test(value);
}

/** `env` with the run's cookie, replacing any a harness further up left there. */
export function withCookie(env: NodeJS.ProcessEnv, cookie: string | undefined): NodeJS.ProcessEnv {
  return cookie === undefined ? env : { ...env, [COOKIE_VAR]: cookie };
}

/** Whether a NUL-separated environment block holds exactly `entry` (`NAME=value`). */
export function environHas(environ: Buffer, entry: string): boolean {
  const needle = Buffer.from(`${entry}\0`);
  if (environ.subarray(0, needle.length).equals(needle)) return true;
  const inner = Buffer.from(`\0${entry}\0`);
  if (environ.includes(inner)) return true;
  // The last entry may lack its terminating NUL.
  const last = Buffer.from(`\0${entry}`);
  return environ.length >= last.length && environ.subarray(environ.length - last.length).equals(last);
}

/** This process and its ancestors: never ended, though a harness run under another inherits its cookie. */
function selfAndAncestors(): Set<number> {
  const spared = new Set<number>();
  for (
    let pid: number | null = process.pid;
    pid !== null && pid > 0 && !spared.has(pid);
    pid = readProcStat(pid)?.ppid ?? null
  )
    spared.add(pid);
  return spared;
}

/**
 * Processes carrying the cookie in their environment (a zombie's reads as empty), never this process nor its
 * ancestors. Empty where there is no /proc.
 */
export function processesCarrying(cookie: string, window?: PidWindow): number[] {
  const full = `${COOKIE_VAR}=${cookie}`;
  const carriers: number[] = [];
  for (const pid of procPids(window)) {
    let environ: Buffer;
    try {
      environ = readFileSync(`/proc/${pid}/environ`);
    } catch {
      continue; // gone, or another user's
    }
    if (environHas(environ, full)) carriers.push(Number(pid));
  }
  if (carriers.length === 0) return carriers;
  const spared = selfAndAncestors();
  return carriers.filter((pid) => !spared.has(pid));
}

function signalAll(pids: readonly number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // gone already
    }
  }
}

/**
 * SIGKILLs every process carrying the cookie now, without waiting for any of them (a forced stop that must exit in
 * this same tick, before anything else of the run can go on). Returns how many were found.
 */
export function killCarriersNow(cookie: string): number {
  const carriers = processesCarrying(cookie);
  signalAll(carriers, 'SIGKILL');
  return carriers.length;
}

/**
 * Ends every process carrying the cookie: SIGTERM, up to `graceMs` for them to go, then SIGKILL, again and
 * again until none is left (a daemon may fork while it is being killed). Returns how many were found at first.
 */
export async function endCarriers(cookie: string, graceMs: number, clock: Clock): Promise<number> {
  return (await endCarriersSaying(cookie, graceMs, clock)).count;
}

/** endCarriers, also saying what it took: none found, SIGTERM was enough, or SIGKILL was needed. */
export async function endCarriersSaying(
  cookie: string,
  graceMs: number,
  clock: Clock,
  /** Only the carriers with a PID in this window (a session's: pid-window.ts); every one without. */
  window?: PidWindow,
): Promise<{ count: number; how: 'gone' | 'term' | 'kill' }> {
  const first = processesCarrying(cookie, window);
  if (first.length === 0) return { count: 0, how: 'gone' };
  signalAll(first, 'SIGTERM');
  const deadline = clock.monotonic() + graceMs;
  let left = first;
  while (left.length > 0 && clock.monotonic() < deadline) {
    await clock.sleep(Math.min(50, Math.max(1, deadline - clock.monotonic())));
    left = processesCarrying(cookie, window);
  }
  if (left.length === 0) return { count: first.length, how: 'term' };
  // SIGKILL cannot be ignored; only a fork between the scan and the kill survives a round.
  for (let round = 0; left.length > 0 && round < 50; round++) {
    signalAll(left, 'SIGKILL');
    await clock.sleep(20);
    left = processesCarrying(cookie, window);
  }
  return { count: first.length, how: 'kill' };
}
