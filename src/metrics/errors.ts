// The metrics database's errors: one that names the file and what to do (exit 15), one for an unknown improvement.
import { EXIT, HarnessError } from '../errors/exit-codes.js';

/**
 * The metrics database cannot be used: unreadable, corrupt, not a metrics database, or written by a newer
 * agent-harness. The message names the file and what to do; exit 15 (EXIT.metricsDb).
 */
export class MetricsDbError extends HarnessError {
  override readonly name = 'MetricsDbError';

  constructor(
    /** The database file. */
    readonly file: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, EXIT.metricsDb, options);
  }
}

/** `improvement fix R9` when there is no R9: a usage error (exit 2) naming the ref. */
export class UnknownImprovementError extends HarnessError {
  override readonly name = 'UnknownImprovementError';

  constructor(readonly ref: string) {
    super(`no improvement ${ref}: \`agent-harness improvement list\` shows the refs`, EXIT.usage);
  }
}
