// Holds the status document and writes it at the transitions a reader needs: before anything that waits (the
// agent's spawn, a hook, a backoff, a pause) and at the end. Changes in between are noted and go out with the next
// write (an instant iteration is three writes, not eight: each is a temp file and a rename). Growth updates
// (many per second) are throttled.
import type { Clock } from './ports.js';
import { writeStatus, type StatusDocument } from '../state/index.js';
import { isoSeconds } from '../state/index.js';
import type { FaultLatch } from './faults.js';

const GROWTH_WRITE_MS = 2000;

export class StatusTracker {
  private doc: StatusDocument;
  private lastWrite = -Infinity;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly path: string,
    private readonly clock: Clock,
    initial: Partial<StatusDocument>,
    private readonly faults?: FaultLatch,
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
      consecutive_failures: 0,
      last_failure: null,
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

  /**
   * Writes are serialised so an older document can never land after a newer one. `lastWord`: the loop's final
   * write, which may replace the file in place when the disk is full (writeStatus). The returned promise rejects
   * when this write fails (a HarnessFileError naming the file); the failure also goes to the fault latch.
   */
  set(change: Partial<StatusDocument>, options: { lastWord?: boolean } = {}): Promise<void> {
    this.doc = { ...this.doc, ...change, last_update: isoSeconds(this.clock.now()) };
    const snapshot = this.doc;
    this.lastWrite = this.clock.monotonic();
    const write = this.chain.then(() => writeStatus(this.path, snapshot, options));
    this.chain = write.catch((error: unknown) => this.faults?.report(error));
    return write;
  }

  /** The document as the next write would write it. */
  get document(): Readonly<StatusDocument> {
    return this.doc;
  }

  /** A change held until the next write: nothing waits before that write, so no reader can miss it. */
  note(change: Partial<StatusDocument>): void {
    this.doc = { ...this.doc, ...change };
  }

  /** A write made in passing (from a callback): never rejects; a failure reaches the fault latch only. */
  post(change: Partial<StatusDocument>): void {
    this.set(change).catch(() => undefined);
  }

  /** Growth updates (many per second): at most one write per GROWTH_WRITE_MS, made in passing. */
  postThrottled(change: Partial<StatusDocument>): void {
    if (this.clock.monotonic() - this.lastWrite < GROWTH_WRITE_MS) this.note(change);
    else this.post(change);
  }
}
