// Signalling and reaping a whole process group. The agent runs as a group leader (spawned detached), so every
// grandchild it forks shares its group and dies with it, unless it deliberately calls setsid.
import { readFileSync, readdirSync } from 'node:fs';
import type { Clock } from '../platform/ports.js';

export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EPERM') return true;
    return false;
  }
}

/**
 * Live (non-zombie) members of a process group. kill(-pgid, 0) also succeeds for zombies that nobody has
 * reaped yet, so on Linux the answer is confirmed from /proc.
 */
export function groupMembers(pgid: number): number[] {
  if (!signalGroup(pgid, 0)) return [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [pgid];
  }
  const members: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after the parenthesised command name: state ppid pgrp ...
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (rest[0] !== 'Z' && Number(rest[2]) === pgid) members.push(Number(entry));
  }
  return members;
}

export function groupAlive(pgid: number): boolean {
  return groupMembers(pgid).length > 0;
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Polls until the group has no live member or `timeoutMs` passes. Returns whether it is gone. */
export async function waitGroupGone(
  pgid: number,
  timeoutMs: number,
  clock: Clock,
  pollMs = 25,
): Promise<boolean> {
  const deadline = clock.now() + timeoutMs;
  for (;;) {
    if (!groupAlive(pgid)) return true;
    if (clock.now() >= deadline) return false;
    await clock.sleep(Math.min(pollMs, Math.max(1, deadline - clock.now())));
  }
}

/**
 * SIGTERM to the group, up to `graceMs` for it to go, then SIGKILL. Returns 'term' when SIGTERM sufficed,
 * 'kill' when SIGKILL was needed, 'gone' when nothing was running.
 */
export async function terminateGroup(
  pgid: number,
  graceMs: number,
  clock: Clock,
): Promise<'gone' | 'term' | 'kill'> {
  if (!groupAlive(pgid)) return 'gone';
  signalGroup(pgid, 'SIGTERM');
  if (graceMs > 0 && (await waitGroupGone(pgid, graceMs, clock))) return 'term';
  signalGroup(pgid, 'SIGKILL');
  await waitGroupGone(pgid, 5000, clock);
  return 'kill';
}
