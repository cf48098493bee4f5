// Exit codes of the loop, distinct per cause, and the error that carries one.
export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  rateLimited: 3,
  preHooks: 4,
  alreadyRunning: 5,
  forced: 130,
} as const;

export class LoopError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}
