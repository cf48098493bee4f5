// The two ways taking the instance lock ends a run before it starts: another harness holds the directory (exit 5),
// or the lock, the harness's first write, cannot be written at all (exit 8).
import { dirname } from 'node:path';
import { EXIT, HarnessError } from '../errors/exit-codes.js';
import type { LockHolder } from './instance-lock-holder.js';
import { HarnessFileError } from './write-error.js';

/** Another harness holds this directory's instance lock: exit code 5 (EXIT.alreadyRunning). */
export class AlreadyRunningError extends HarnessError {
  override readonly name = 'AlreadyRunningError';

  constructor(
    message: string,
    /** The live holder, as its lock names it (null when it names none usable, or is taking over a stale lock). */
    readonly holder: LockHolder | null = null,
    /** The lock is being taken over from a stale holder, not held by a running one. */
    readonly reclaiming = false,
  ) {
    super(message, EXIT.alreadyRunning);
  }

  /** The holder in words: `pid 123 (since …)`, or `another process` when the lock names none usable. */
  get heldBy(): string {
    if (!this.holder) return 'another process';
    return `pid ${this.holder.pid}${this.holder.since ? ` (since ${this.holder.since})` : ''}`;
  }
}

/**
 * The lock, the harness's first write, cannot be written (a read-only file system, a full disk, no permission):
 * nothing can be, so nothing starts. Exit code 8 (EXIT.writeFailed), as for any harness file that cannot be
 * written; nothing the directory holds was changed.
 */
export class CannotWriteError extends HarnessFileError {
  constructor(lock: string, cause: unknown, kind: 'disk_full' | 'permission') {
    super(dirname(lock), cause, 'cannot write in');
    const fix =
      kind === 'disk_full'
        ? 'free space on its disk'
        : 'make it writable (remount a read-only file system read-write, or fix its owner and mode)';
    this.message =
      `${this.message}, so the instance lock ${lock} cannot be taken and nothing was started (nothing there ` +
      `was changed): ${fix}, or set session.status_file (with session.counter_file, session.output_dir and ` +
      'output.event_log) to a writable place';
  }
}
