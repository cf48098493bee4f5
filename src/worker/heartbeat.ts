// heartbeat.json, the liveness hint a supervisor reads without parsing logs: rewritten at every step of the loop
// and, while one step takes long (a model call, a big action), every worker.heartbeat_secs on the injected clock.
import type { Clock } from '../os/clock-spawn.js';
import { writeHeartbeat, type HeartbeatStatus } from './task-files.js';

export class HeartbeatWriter {
  constructor(
    private readonly dir: string,
    private readonly clock: Clock,
    private readonly intervalMs: number,
  ) {}

  beat(status: HeartbeatStatus, iteration: number): void {
    const timestamp = new Date(this.clock.now()).toISOString();
    writeHeartbeat(this.dir, { iteration, timestamp, status, pid: process.pid });
  }

  /** Runs `work`, rewriting the heartbeat every interval until it settles (a failed rewrite is not fatal here). */
  async refreshing<T>(status: HeartbeatStatus, iteration: number, work: () => Promise<T>): Promise<T> {
    const stop = new AbortController();
    const refresher = (async () => {
      while (await this.clock.sleep(this.intervalMs, stop.signal)) {
        try {
          this.beat(status, iteration);
        } catch {
          // the step itself will meet the same failure and say so
        }
      }
    })();
    try {
      return await work();
    } finally {
      stop.abort();
      await refresher;
    }
  }
}
