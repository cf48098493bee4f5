// The primes that keep a quick session's moves quick (cgroup-warm.ts): one every WARM_EVERY_MS from the spawn until
// WARM_FOR_MS after it, none once the session has ended. On a clock the test moves: no real time passes.
import { describe, it } from 'vitest';
import { keepMovesWarm, WARM_EVERY_MS, WARM_FOR_MS, WARM_LATE_MS } from '../../../src/os/cgroup-warm.js';
import { manualClock } from '../../support/manual-clock.js';

describe('keepMovesWarm', () => {
  it('primes every WARM_EVERY_MS until WARM_FOR_MS after its start, then returns', async ({ expect }) => {
    const clock = manualClock();
    const start = clock.monotonic();
    const at: number[] = [];
    const done = keepMovesWarm(() => at.push(clock.monotonic() - start), clock, new AbortController().signal);
    for (let t = 0; t < WARM_FOR_MS * 2; t += WARM_EVERY_MS) await clock.advance(WARM_EVERY_MS);
    await done;
    const expected = Array.from(
      { length: Math.floor(WARM_FOR_MS / WARM_EVERY_MS) },
      (_, i) => (i + 1) * WARM_EVERY_MS,
    );
    expect(at).toEqual(expected);
    expect(clock.pending()).toBe(0);
  });

  it('makes no prime once the session has ended (its signal aborted), and leaves no timer', async ({
    expect,
  }) => {
    const clock = manualClock();
    const stop = new AbortController();
    let primes = 0;
    const done = keepMovesWarm(() => primes++, clock, stop.signal);
    await clock.advance(WARM_EVERY_MS);
    await clock.advance(WARM_EVERY_MS);
    expect(primes).toBe(2);
    stop.abort();
    await done;
    await clock.advance(WARM_FOR_MS);
    expect(primes).toBe(2);
    expect(clock.pending()).toBe(0);
  });

  it('stops priming when a wake-up comes later than WARM_LATE_MS after the previous prime (the lock may be back)', async ({
    expect,
  }) => {
    const clock = manualClock();
    let primes = 0;
    const done = keepMovesWarm(() => primes++, clock, new AbortController().signal);
    await clock.advance(WARM_EVERY_MS);
    expect(primes).toBe(1);
    await clock.jump(WARM_LATE_MS + 1);
    await done;
    expect(primes).toBe(1);
    expect(clock.pending()).toBe(0);
  });

  it('does nothing when the session ended before the first prime', async ({ expect }) => {
    const clock = manualClock();
    const stop = new AbortController();
    stop.abort();
    let primes = 0;
    await keepMovesWarm(() => primes++, clock, stop.signal);
    await clock.advance(WARM_FOR_MS);
    expect(primes).toBe(0);
  });
});
