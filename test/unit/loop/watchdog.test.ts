import { describe, expect, it } from 'vitest';
import {
  initialWatchdog,
  napMs,
  pollIntervalMs,
  watchdogStep,
  type WatchdogLimits,
  type WatchdogState,
} from '../../../src/loop/watchdog.js';

const limits: WatchdogLimits = { staleTimeoutMs: 10_000, warnIntervalMs: 3_000, resultGraceMs: 2_000 };

function drive(observations: Array<[now: number, size: number, finalSeen?: boolean]>, l = limits) {
  let state: WatchdogState = initialWatchdog(0);
  return observations.map(([now, size, finalSeen]) => {
    const step = watchdogStep(state, { now, size, finalSeen: finalSeen ?? false }, l);
    state = step.state;
    return step.action;
  });
}

describe('watchdogStep', () => {
  it('kills exactly when no growth has been seen for the stale timeout', () => {
    const actions = drive([
      [1_000, 10],
      [5_000, 10],
      [10_999, 10],
      [11_000, 10],
    ]);
    expect(actions[0]).toEqual({ kind: 'grew' });
    expect(actions[2]!.kind).not.toBe('kill_stale');
    expect(actions[3]).toEqual({ kind: 'kill_stale', staleMs: 10_000 });
  });

  it('growth resets the stale timer', () => {
    const actions = drive([
      [9_000, 0],
      [9_500, 5],
      [19_000, 5],
      [19_500, 5],
    ]);
    expect(actions.map((a) => a.kind)).toEqual(['warn', 'grew', 'warn', 'kill_stale']);
  });

  it('warns once per interval of staleness, not on every poll', () => {
    const actions = drive([
      [2_999, 0],
      [3_000, 0],
      [3_500, 0],
      [6_000, 0],
      [6_100, 0],
    ]);
    expect(actions.map((a) => a.kind)).toEqual(['none', 'warn', 'none', 'warn', 'none']);
  });

  it('ends an agent still alive the grace period after its final result', () => {
    const actions = drive([
      [1_000, 100, true],
      [2_999, 100],
      [3_000, 100],
    ]);
    expect(actions[1]!.kind).toBe('none');
    expect(actions[2]).toEqual({ kind: 'kill_result_grace', sinceResultMs: 2_000 });
  });

  it('output after a result resets the grace: lingering is silence since the last output', () => {
    // A first result at 1 s, then the agent speaks again at 2.5 s (a new turn) and ends with a result at 4 s.
    const actions = drive([
      [1_000, 100, true],
      [2_500, 150, false],
      [3_500, 150],
      [4_000, 200, true],
      [5_999, 200],
      [6_000, 200],
    ]);
    expect(actions.slice(0, 5).map((a) => a.kind)).toEqual(['grew', 'grew', 'none', 'grew', 'none']);
    expect(actions[5]).toEqual({ kind: 'kill_result_grace', sinceResultMs: 2_000 });
  });

  it('growth that does not end in a result lifts the grace: only the stale timeout applies', () => {
    const actions = drive([
      [1_000, 100, true],
      [1_500, 120, false],
      [9_000, 120],
      [11_499, 120],
      [11_500, 120],
    ]);
    expect(actions.map((a) => a.kind)).toEqual(['grew', 'grew', 'warn', 'warn', 'kill_stale']);
  });

  it('a result that keeps growing counts from the poll that saw its last byte', () => {
    let state = initialWatchdog(0);
    state = watchdogStep(state, { now: 1_000, size: 100, finalSeen: true }, limits).state;
    state = watchdogStep(state, { now: 1_200, size: 130, finalSeen: true }, limits).state;
    expect(watchdogStep(state, { now: 3_199, size: 130, finalSeen: true }, limits).action.kind).toBe('none');
    expect(watchdogStep(state, { now: 3_200, size: 130, finalSeen: true }, limits).action).toEqual({
      kind: 'kill_result_grace',
      sinceResultMs: 2_000,
    });
  });

  it('with warnings disabled only the kill is reported', () => {
    const actions = drive(
      [
        [5_000, 0],
        [10_000, 0],
      ],
      { ...limits, warnIntervalMs: 0 },
    );
    expect(actions.map((a) => a.kind)).toEqual(['none', 'kill_stale']);
  });

  it('polls four times a second, finer for short timeouts', () => {
    expect(
      pollIntervalMs({ staleTimeoutMs: 20 * 60_000, warnIntervalMs: 60_000, resultGraceMs: 30_000 }),
    ).toBe(250);
    expect(pollIntervalMs({ staleTimeoutMs: 1_200, warnIntervalMs: 0, resultGraceMs: 30_000 })).toBe(60);
    expect(pollIntervalMs({ staleTimeoutMs: 100, warnIntervalMs: 0, resultGraceMs: 100 })).toBe(20);
  });
});

describe('watchdogStep on the monotonic clock', () => {
  it('growth is dated by the poll that saw it: only the monotonic readings count', () => {
    // A healthy agent writing every 500 ms for 30 s: whatever the wall clock does meanwhile, the observations
    // carry monotonic time, and the gaps between growths never reach the timeout.
    let state = initialWatchdog(0);
    const kinds = new Set<string>();
    for (let t = 500; t <= 30_000; t += 500) {
      const step = watchdogStep(state, { now: t, size: t, finalSeen: false }, limits);
      state = step.state;
      kinds.add(step.action.kind);
    }
    expect([...kinds]).toEqual(['grew']);
    expect(state.lastGrowthAt).toBe(30_000);
  });
  it('an observation earlier than the last growth (never, on a monotonic clock) does not move it back', () => {
    const state = watchdogStep(initialWatchdog(500), { now: 400, size: 5, finalSeen: false }, limits).state;
    expect(state.lastGrowthAt).toBe(500);
  });

  it('a growth is dated by the wall clock within the interval since the previous poll, never outside it', () => {
    // Polls at 0 and 250; the agent wrote 180 ms before the second poll: the kill counts from 70, not 250.
    const seen = watchdogStep(
      initialWatchdog(0),
      { now: 250, size: 9, finalSeen: false, grewAgoMs: 180 },
      limits,
    );
    expect(seen.state.lastGrowthAt).toBe(70);
    const kill = watchdogStep(seen.state, { now: 10_070, size: 9, finalSeen: false }, limits);
    expect(kill.action).toEqual({ kind: 'kill_stale', staleMs: 10_000 });
    // The date set an hour forward meanwhile: the mtime looks an hour old, but the growth lies after the
    // previous poll, so it is dated no earlier than that poll.
    const stepped = watchdogStep(
      watchdogStep(initialWatchdog(0), { now: 250, size: 9, finalSeen: false }, limits).state,
      { now: 500, size: 12, finalSeen: false, grewAgoMs: 3_600_000 },
      limits,
    );
    expect(stepped.state.lastGrowthAt).toBe(250);
    expect(stepped.action).toEqual({ kind: 'grew' });
    // Set a day back: the mtime is in the future, and the growth is dated at the poll.
    const back = watchdogStep(
      initialWatchdog(0),
      { now: 250, size: 9, finalSeen: false, grewAgoMs: -86_400_000 },
      limits,
    );
    expect(back.state.lastGrowthAt).toBe(250);
  });

  it('naps until the next poll, or until a limit falls due if that comes sooner', () => {
    const l: WatchdogLimits = { staleTimeoutMs: 6_000, warnIntervalMs: 0, resultGraceMs: 2_000 };
    const grew = watchdogStep(
      initialWatchdog(0),
      { now: 250, size: 9, finalSeen: false, grewAgoMs: 180 },
      l,
    ).state;
    expect(napMs(grew, l, 250, 500)).toBe(250);
    // The stale timeout falls due at 70 + 6000: the nap from 5950 ends there, not at 6200.
    expect(napMs(grew, l, 250, 5_950)).toBe(120);
    const step = watchdogStep(grew, { now: 6_070, size: 9, finalSeen: false }, l);
    expect(step.action).toEqual({ kind: 'kill_stale', staleMs: 6_000 });
    // A final result's grace, and a warning, bound the nap the same way; never below 1 ms.
    const result = watchdogStep(initialWatchdog(0), { now: 100, size: 9, finalSeen: true }, l).state;
    expect(napMs(result, l, 250, 2_000)).toBe(100);
    expect(napMs(grew, { ...l, warnIntervalMs: 1_000 }, 250, 1_000)).toBe(70);
    expect(napMs(grew, l, 250, 9_000)).toBe(1);
  });
});
