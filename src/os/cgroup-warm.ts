// Keeps the kernel's cgroup-move lock on its slow side through the first moments of a session, so that a session
// that ends quickly (an instant agent, one that fails at once, a retry) pays no RCU grace period before the next
// spawn. The first write to a cgroup.procs after a quiet spell waits for a grace period (5–15 ms on a 2-core VM);
// one made within about a grace period after the previous write does not (0.1 ms). The spawn's moves are such
// writes; `prime` (cgroup-run.ts: this process written into the cgroup it is already in, on the thread pool) is
// repeated every WARM_EVERY_MS until WARM_FOR_MS after the spawn, or until the session ends (`signal`). A longer
// session lets the lock go back and pays one grace period at its end, overlapped with the work between sessions.
import type { Clock } from './clock-spawn.js';

/** Below the shortest time the kernel was seen to keep the lock switched after a write (15 ms), with margin. */
export const WARM_EVERY_MS = 8;
/** How long after a spawn the lock is kept switched: at most WARM_FOR_MS / WARM_EVERY_MS writes per session. */
export const WARM_FOR_MS = 100;
/**
 * A wake-up later than this after the previous write (a busy machine, a blocked event loop) may find the lock gone
 * back: that write would wait a grace period holding the kernel's cgroup mutex, which every cgroup change of the
 * machine waits for meanwhile. No more primes then; the session's end pays its one wait, as without them.
 */
export const WARM_LATE_MS = 12;

/**
 * Calls `prime` every WARM_EVERY_MS for WARM_FOR_MS from now (on `clock`), until `signal` aborts or a wake-up comes
 * later than WARM_LATE_MS after the previous prime (or the start: the spawn's own moves).
 */
export async function keepMovesWarm(prime: () => void, clock: Clock, signal: AbortSignal): Promise<void> {
  const start = clock.monotonic();
  let last = start;
  while (clock.monotonic() - start + WARM_EVERY_MS <= WARM_FOR_MS) {
    if (!(await clock.sleep(WARM_EVERY_MS, signal))) return;
    const now = clock.monotonic();
    if (now - last > WARM_LATE_MS) return;
    prime();
    last = now;
  }
}
