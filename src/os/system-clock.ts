// The real clock: wall time, a monotonic reading (performance.now: CLOCK_MONOTONIC, unmoved when someone sets the
// date or NTP steps it) and a sleep that an abort signal cuts short (Node's timers run on the monotonic clock too).
import { performance } from 'node:perf_hooks';
import type { Clock } from './clock-spawn.js';

export const systemClock: Clock = {
  now: () => Date.now(),
  monotonic: () => performance.now(),
  sleep: (ms, signal) =>
    new Promise<boolean>((resolve) => {
      if (signal?.aborted) return resolve(false);
      const timer = setTimeout(
        () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(true);
        },
        Math.max(0, ms),
      );
      const onAbort = () => {
        clearTimeout(timer);
        resolve(false);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};
