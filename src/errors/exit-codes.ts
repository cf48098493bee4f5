// Exit codes of the loop, distinct per cause, and the error that carries one.
export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  rateLimited: 3,
  preHooks: 4,
  alreadyRunning: 5,
  /** Task mode: harness-init.sh failed twice or a validation binary is missing (tasks/session.ts). */
  taskEnvironment: 6,
  agentNotStarted: 7,
  writeFailed: 8,
  /** The agent failed in a way no retry fixes (authentication, billing, unknown model, refused to start). */
  agentFatal: 9,
  /** retry.max_consecutive_failures failed sessions in a row. */
  failuresExhausted: 10,
  forced: 130,
} as const;

export class LoopError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
    /** The stop reason the status file and `loop_end` record. */
    readonly reason = 'failed',
  ) {
    super(message);
  }
}
