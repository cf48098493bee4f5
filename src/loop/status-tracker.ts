// Holds the status document and writes it on every change. Growth updates (many per second) are throttled;
// state changes are written at once.
import type { Clock } from '../platform/ports.js';
import { writeStatus, type StatusDocument } from '../state/status.js';
import { isoSeconds } from '../state/event-log.js';

const GROWTH_WRITE_MS = 2000;

export class StatusTracker {
  private doc: StatusDocument;
  private lastWrite = 0;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly path: string,
    private readonly clock: Clock,
    initial: Partial<StatusDocument>,
  ) {
    const now = isoSeconds(clock.now());
    this.doc = {
      pid: process.pid,
      state: 'starting',
      iteration: 0,
      max_iterations: 0,
      global_iteration: 0,
      output_file: null,
      output_bytes: 0,
      session_start: null,
      last_update: now,
      last_completed_iteration: null,
      last_committed: null,
      consecutive_rate_limits: 0,
      started_at: now,
      productive: 0,
      agent_pgid: null,
      last_outcome: null,
      last_commit_evidence: null,
      backoff_until: null,
      stop_reason: null,
      ...initial,
    };
  }

  /** Writes are serialised so an older document can never land after a newer one. */
  set(change: Partial<StatusDocument>): Promise<void> {
    this.doc = { ...this.doc, ...change, last_update: isoSeconds(this.clock.now()) };
    const snapshot = this.doc;
    this.lastWrite = this.clock.now();
    this.chain = this.chain.then(() => writeStatus(this.path, snapshot));
    return this.chain;
  }

  setThrottled(change: Partial<StatusDocument>): Promise<void> {
    if (this.clock.now() - this.lastWrite < GROWTH_WRITE_MS) {
      this.doc = { ...this.doc, ...change };
      return this.chain;
    }
    return this.set(change);
  }
}
