// heartbeat.json, the liveness hint a supervisor reads without parsing logs. The rule: it is written when the run
// starts, when a step that waits on something outside the process begins (`calling_model`, `executing_action`),
// at the end (`done`), and, while the run goes on, whenever it is worker.heartbeat_secs old, naming the step the
// worker is in then, whatever it is (a long model call or action, a wait on state.json's mutex). The bookkeeping
// steps between (reading_state, writing_state, sleeping) take well under a millisecond on a working disk and are
// only recorded: the next step's write follows at once, and each write replaces the file through a rename, the
// costliest thing an iteration does on ext4. Its age is measured on the monotonic clock; its timestamp is the
// injected clock's.
import type { Clock } from '../os/clock-spawn.js';
import { writeHeartbeat, type HeartbeatStatus } from './task-files.js';

export class HeartbeatWriter {
  private status: HeartbeatStatus = 'reading_state';
  private iteration = 0;
  /** performance.now() of the last write. */
  private written = -Infinity;
  private refresher: { stop: AbortController; done: Promise<void> } | null = null;

  constructor(
    private readonly dir: string,
    private readonly clock: Clock,
    private readonly intervalMs: number,
  ) {}

  /** Records the step and writes it. Throws a HarnessFileError when the file cannot be written. */
  beat(status: HeartbeatStatus, iteration: number): void {
    this.step(status, iteration);
    this.write();
  }

  /** Records the step without writing it: the refresher writes it if it lasts worker.heartbeat_secs. */
  step(status: HeartbeatStatus, iteration: number): void {
    this.status = status;
    this.iteration = iteration;
  }

  /** Starts rewriting the heartbeat whenever it is intervalMs old, until stop(). */
  start(): void {
    if (this.refresher !== null) return;
    const stop = new AbortController();
    const done = (async () => {
      for (;;) {
        const wait = Math.max(1, this.written + this.intervalMs - performance.now());
        if (!(await this.clock.sleep(wait, stop.signal))) return;
        if (performance.now() - this.written < this.intervalMs) continue;
        try {
          this.write();
        } catch {
          // the step itself will meet the same failure and say so
        }
      }
    })();
    this.refresher = { stop, done };
  }

  /** Stops the refresher; no write follows once this settles. */
  async stop(): Promise<void> {
    const refresher = this.refresher;
    if (refresher === null) return;
    this.refresher = null;
    refresher.stop.abort();
    await refresher.done;
  }

  private write(): void {
    const timestamp = new Date(this.clock.now()).toISOString();
    writeHeartbeat(this.dir, { iteration: this.iteration, timestamp, status: this.status, pid: process.pid });
    this.written = performance.now();
  }
}
