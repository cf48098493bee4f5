// What Linux's /proc says about a process: its state, parent, group and start time (/proc/<pid>/stat), its
// current directory and uid, its ancestors, and the boot it belongs to. A process is told from a later one that
// reused its PID by its start time (clock ticks since boot) and the boot id. Every reader is null-safe: where there is no /proc, the callers fall back to
// kill(pid, 0).
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import type { PidWindow } from './pid-window.js';

export interface ProcStat {
  /** R, S, D, Z (zombie), X (dead), … */
  state: string;
  ppid: number;
  pgrp: number;
  /** Start time in clock ticks since boot (field 22). */
  start: string;
}

/** The fields of a /proc/<pid>/stat line, read after the parenthesised command name (which may hold spaces). */
export function parseProcStat(text: string): ProcStat {
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: rest[0] ?? '', ppid: Number(rest[1]), pgrp: Number(rest[2]), start: rest[19] ?? '' };
}

/** The process's stat, or null when it is gone or there is no /proc. */
export function readProcStat(pid: number): ProcStat | null {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

/** The start time of a live process; null when it is gone, a zombie, or there is no /proc. */
export function processStart(pid: number): string | null {
  const stat = readProcStat(pid);
  if (stat === null || stat.state === 'Z' || stat.state === 'X' || stat.start === '') return null;
  return stat.start;
}

let cachedBoot: string | null | undefined;
/** This boot's id (/proc/sys/kernel/random/boot_id); null where there is none. */
export function bootId(): string | null {
  if (cachedBoot === undefined) {
    try {
      cachedBoot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
    } catch {
      cachedBoot = null;
    }
  }
  return cachedBoot;
}

/**
 * Every process's directory name under /proc (its PID, as text); only those in `window` where it holds (a
 * session's PIDs: pid-window.ts). Empty where there is no /proc.
 */
export function procPids(window?: PidWindow): string[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const pids = entries.filter((e) => e.charCodeAt(0) >= 48 && e.charCodeAt(0) <= 57);
  // Where the window ends is read after the listing: every PID listed was handed out by then.
  const inWindow = window?.filter() ?? null;
  return inWindow === null ? pids : pids.filter((pid) => inWindow(Number(pid)));
}

/** The process's current directory (/proc/<pid>/cwd); null when it is gone, not ours to read, or no /proc. */
export function processCwd(pid: number): string | null {
  try {
    return readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return null;
  }
}

/** The process's effective uid (/proc/<pid>/status, `Uid:` real effective saved fs); null where it cannot tell. */
export function processUid(pid: number): number | null {
  try {
    const line = /^Uid:\s+\d+\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return line ? Number(line[1]) : null;
  } catch {
    return null;
  }
}

/** `pid` and its ancestors, nearest first, up to (not including) pid 0; just `pid` and its parent without /proc. */
export function ancestry(pid: number = process.pid): number[] {
  const chain = [pid];
  for (let current = pid; chain.length < 4096;) {
    const parent = readProcStat(current)?.ppid;
    if (parent === undefined || !Number.isSafeInteger(parent) || parent <= 0 || chain.includes(parent)) break;
    chain.push(parent);
    current = parent;
  }
  if (chain.length === 1 && pid === process.pid && process.ppid > 0) chain.push(process.ppid);
  return chain;
}
