// Nothing the harness started outlives it, even when it is SIGKILLed and no next start comes (the job ended, the
// machine is shared): a reaper, a small shell process started with the run, holds the read end of a pipe whose
// only write end is the harness's. It sleeps in read(2). The harness tells it, line by line, what a successor's
// recovery would need (the agent's process group, the processes seen leaving it, the run's cgroup); a clean end
// says `done` and the reaper leaves without touching anything. When the harness dies any other way, the kernel
// closes the write end, read(2) returns end-of-file, and the reaper ends, as recovery would: the agent's group, the
// recorded escapees (same start time only), everything in the run's cgroup and every process carrying the run's
// cookie (so hooks, validations, gates and the worker's model command too): SIGTERM, a grace of at most a second,
// then SIGKILL until nothing is left, and it removes the emptied cgroups.
//
// Why not a parent-death signal (prctl PR_SET_PDEATHSIG, `setpriv --pdeathsig`) on each child: it reaches only
// the direct child, never its process group, its tool commands or a daemon it started; the kernel clears it when
// the child executes a set-user-ID program (sudo, for user isolation); and it fires when the spawning *thread*
// exits, not the process. The reaper is a POSIX shell (a millisecond to start, a megabyte of memory, nothing to
// load), in a session of its own (a signal to the harness's group or terminal does not reach it), ignoring
// SIGHUP/SIGINT/SIGTERM, with an environment of PATH alone (no credential of the job to read from it).
import type { ChildProcess } from 'node:child_process';
import type { Spawn } from './clock-spawn.js';
import { COOKIE_VAR, isCookie } from './cookie.js';

/** The name the reaper shows in `ps` (its `$0`): tests and people find it by this. */
export const REAPER_NAME = 'agent-harness-reaper';

/** The longest the reaper waits between SIGTERM and SIGKILL, whatever the configured grace. */
const MAX_GRACE_MS = 1000;

// $1: the cookie; $2: the grace in seconds. Lines in: `group PGID|-`, `escaped PID:START,...|-`, `cgroup PATH|-`,
// `done`. On end-of-file without `done`: end everything named, then leave.
const SCRIPT = `trap '' HUP INT TERM QUIT PIPE
c=$1 grace=$2 g=- e=- cg=-
while IFS= read -r line; do
  case $line in
    'group '*) g=\${line#group } ;;
    'escaped '*) e=\${line#escaped } ;;
    'cgroup '*) cg=\${line#cgroup } ;;
    done) exit 0 ;;
  esac
done
sig() {
  [ "$g" = - ] || kill -s "$1" -- "-$g" 2>/dev/null
  [ "$e" = - ] || for x in $(echo "$e" | tr , ' '); do
    p=\${x%%:*} s=\${x#*:}
    [ "$(sed 's/^.*) //' "/proc/$p/stat" 2>/dev/null | cut -d' ' -f20)" = "$s" ] && kill -s "$1" "$p" 2>/dev/null
  done
  if [ "$cg" != - ] && [ -d "$cg" ]; then
    if [ "$1" = KILL ] && [ -f "$cg/cgroup.kill" ]; then echo 1 > "$cg/cgroup.kill" 2>/dev/null; fi
    for p in $(find "$cg" -name cgroup.procs -exec cat {} + 2>/dev/null); do kill -s "$1" "$p" 2>/dev/null; done
  fi
  for f in $(grep -lzx "${COOKIE_VAR}=$c" /proc/[0-9]*/environ 2>/dev/null); do
    p=\${f#/proc/}
    kill -s "$1" "\${p%/environ}" 2>/dev/null
  done
}
sig TERM
sleep "$grace"
for n in 1 2 3; do sig KILL; sleep 0.1; done
[ "$cg" = - ] || find "$cg" -depth -type d -exec rmdir {} + 2>/dev/null
exit 0
`;

/** What the reaper is to end should the harness die; each field replaces what it was told before. */
export interface ReaperWatch {
  /** The running agent's process group; null between sessions. */
  group?: number | null;
  /** Processes seen leaving the agent's group, with their start times. */
  escaped?: ReadonlyArray<{ pid: number; start: string }>;
  /** The run's cgroup directory; null without one. */
  cgroup?: string | null;
}

export interface Reaper {
  watch(what: ReaperWatch): void;
  /** The harness ends cleanly: the reaper leaves without ending anything. */
  close(): void;
}

/** The script's text, for tests that check the shell parses it. */
export const reaperScript = (): string => SCRIPT;

/**
 * Starts the run's reaper. Where it cannot start (no /bin/sh), the run goes on without one: a successor's recovery
 * still ends what a dead harness left, as before.
 */
export function startReaper(cookie: string, graceMs: number, spawn: Spawn): Reaper {
  if (!isCookie(cookie)) throw new Error('reaper: not a run cookie');
  const grace = (Math.min(Math.max(graceMs, 0), MAX_GRACE_MS) / 1000).toFixed(1);
  let child: ChildProcess | null;
  try {
    child = spawn('/bin/sh', ['-c', SCRIPT, REAPER_NAME, cookie, grace], {
      stdio: ['pipe', 'ignore', 'ignore'],
      detached: true,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' },
    });
  } catch {
    child = null;
  }
  const stdin = child?.stdin ?? null;
  if (child === null || stdin === null) return { watch: () => undefined, close: () => undefined };
  child.on('error', () => undefined);
  stdin.on('error', () => undefined);
  // Neither the reaper nor its pipe keeps this process alive.
  child.unref();
  (stdin as unknown as { unref?: () => void }).unref?.();
  const send = (line: string) => {
    if (!stdin.destroyed) stdin.write(`${line}\n`);
  };
  return {
    watch(what) {
      if (what.cgroup !== undefined) send(`cgroup ${what.cgroup ?? '-'}`);
      if (what.group !== undefined) send(`group ${what.group ?? '-'}`);
      if (what.escaped !== undefined)
        send(
          `escaped ${what.escaped.length === 0 ? '-' : what.escaped.map((p) => `${p.pid}:${p.start}`).join(',')}`,
        );
    },
    close() {
      send('done');
      stdin.end();
    },
  };
}
