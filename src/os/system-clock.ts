// The real clock: wall time and a sleep that an abort signal cuts short.
import type { Clock } from './clock-spawn.js';

export const systemClock: Clock = {
  now: () => Date.now(),
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
