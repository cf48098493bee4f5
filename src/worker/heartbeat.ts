// heartbeat.json, the liveness hint a supervisor reads without parsing logs. The rule: it names the step the worker
// is in within a second of that step's start (within worker.heartbeat_secs if that is shorter), and is never
// older than worker.heartbeat_secs while the worker runs, whatever the step (a long model call or action, a wait
// on state.json's mutex). So: the run's first step and its end (`done`) are written at once; a step that waits on
// something outside the process (`calling_model`, `executing_action`) is written at once when the last write is
// that second old, else by the refresher when it is; the bookkeeping steps between (reading_state,
// writing_state, sleeping), which take well under a millisecond on a working disk, are only recorded, and written
// by the refresher if they last heartbeat_secs. A fast loop thus writes about once a second, not four times an
// iteration: each write replaces the file through a rename over it, the costliest thing an iteration did on ext4.
// Ages and the refresher's waits read the injected clock's monotonic time; the timestamp its wall time. `since`
// (wall time) is when the current step began: a supervisor tells a hung step from a fresh one by it.
import type { Clock } from '../os/clock-spawn.js';
import { writeHeartbeat, type HeartbeatStatus } from './task-files.js';

/** The longest a step waits before heartbeat.json names it. */
export const HEARTBEAT_LAG_MS = 1000;

export class HeartbeatWriter {
  private status: HeartbeatStatus = 'reading_state';
  private iteration = 0;
  /** Wall time the current step began: heartbeat.json's `since`, so a supervisor sees a step that hangs. */
  private since: number;
  /** The clock's monotonic reading at the last write. */
  private written = -Infinity;
  /** A step to write is waiting for the lag to pass. */
  private dirty = false;
  private readonly lagMs: number;
  private refresher: Promise<void> | null = null;
  private stopped = false;
  /** Cuts the refresher's current sleep short: a step to write, or the end. */
  private wake: AbortController | null = null;

  constructor(
    private readonly dir: string,
    private readonly clock: Clock,
    private readonly intervalMs: number,
  ) {
    this.lagMs = Math.min(HEARTBEAT_LAG_MS, intervalMs);
    this.since = clock.now();
  }

  /**
   * A step that waits on the outside begins: written now when the last write is lagMs old (or there is no
   * refresher, or `now`), else by the refresher once it is. Throws a HarnessFileError when written and failing.
   */
  beat(status: HeartbeatStatus, iteration: number, now = false): void {
    this.step(status, iteration);
    if (now || this.refresher === null || this.clock.monotonic() - this.written >= this.lagMs) {
      this.write();
      return;
    }
    if (this.dirty) return;
    this.dirty = true;
    this.wake?.abort(null);
  }

  /** Records a bookkeeping step without writing it: the refresher writes it if it lasts intervalMs. */
  step(status: HeartbeatStatus, iteration: number): void {
    if (status !== this.status || iteration !== this.iteration) this.since = this.clock.now();
    this.status = status;
    this.iteration = iteration;
  }

  /** Starts the refresher: the current step written whenever it is due (the rule above), until stop(). */
  start(): void {
    if (this.refresher !== null || this.stopped) return;
    this.refresher = (async () => {
      while (!this.stopped) {
        const wake = new AbortController();
        this.wake = wake;
        const due = this.written + (this.dirty ? this.lagMs : this.intervalMs);
        await this.clock.sleep(Math.max(1, due - this.clock.monotonic()), wake.signal);
        if (this.stopped) return;
        if (this.clock.monotonic() - this.written < (this.dirty ? this.lagMs : this.intervalMs)) continue;
        try {
          this.write();
        } catch {
          // the step itself will meet the same failure and say so
        }
      }
    })();
  }

  /** Stops the refresher; no write follows once this settles. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.abort(null);
    await this.refresher;
  }

  private write(): void {
    const timestamp = new Date(this.clock.now()).toISOString();
    writeHeartbeat(this.dir, {
      iteration: this.iteration,
      timestamp,
      status: this.status,
      pid: process.pid,
      since: new Date(this.since).toISOString(),
    });
    this.written = this.clock.monotonic();
    this.dirty = false;
  }
}
