// The two operating-system edges every timing and process decision goes through, injectable so tests are exact:
// the clock (and sleeping on it) and spawning a process.
import type { SpawnOptions, ChildProcess } from 'node:child_process';

export interface Clock {
  /** Wall time, epoch ms: for timestamps shown to people and instants another process compares. It can step. */
  now: () => number;
  /**
   * Monotonic ms from an arbitrary origin, never stepping with the wall clock: every duration, deadline, grace,
   * timeout and elapsed figure reads this one.
   */
  monotonic: () => number;
  /** Resolves true after `ms`, or false as soon as `signal` aborts. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<boolean>;
}

export type Spawn = (command: string, args: readonly string[], options: SpawnOptions) => ChildProcess;
