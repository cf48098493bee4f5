// A clock that moves only when the test says: `advance(ms)` wakes, in order, every sleep due by then and lets the
// code that awaited it run (its microtasks), without any real time passing and without letting I/O complete.
import type { Clock } from '../../src/os/clock-spawn.js';

export interface ManualClock extends Clock {
  advance(ms: number): Promise<void>;
  /** Moves the clock by `ms` at once, then wakes what is due: a wake-up as late as a busy event loop makes it. */
  jump(ms: number): Promise<void>;
  /** Sleeps not yet due nor aborted. */
  pending(): number;
}

export function manualClock(start = 1_000_000): ManualClock {
  let now = start;
  const sleepers = new Set<{ at: number; wake: (elapsed: boolean) => void }>();
  const settle = async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  return {
    now: () => now,
    monotonic: () => now,
    sleep: (ms, signal) =>
      new Promise<boolean>((resolve) => {
        if (signal?.aborted) return resolve(false);
        const sleeper = {
          at: now + Math.max(0, ms),
          wake: (elapsed: boolean) => {
            sleepers.delete(sleeper);
            signal?.removeEventListener('abort', onAbort);
            resolve(elapsed);
          },
        };
        const onAbort = () => sleeper.wake(false);
        signal?.addEventListener('abort', onAbort, { once: true });
        sleepers.add(sleeper);
      }),
    async advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...sleepers].filter((s) => s.at <= until).sort((a, b) => a.at - b.at)[0];
        if (due === undefined) break;
        now = Math.max(now, due.at);
        due.wake(true);
        await settle();
      }
      now = until;
      await settle();
    },
    async jump(ms) {
      now += ms;
      for (const due of [...sleepers].filter((s) => s.at <= now).sort((a, b) => a.at - b.at)) {
        due.wake(true);
        await settle();
      }
    },
    pending: () => sleepers.size,
  };
}
