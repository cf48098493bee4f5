// Lets tests that run side by side (describe.concurrent) in one file take turns at a phase they must not go through
// together. A real agent CLI that starts beside others prints its first line later: on a loaded 2-core machine the
// Gemini CLI (about 1.5 s of CPU) took 1.5 to 2.7 s alone, 6.5 s three at once and 16 s ten at once. A test whose
// watchdog stale timeout must outlast that start-up (15 s for Gemini) would pass or fail by how many tests happen to
// start beside it; taking turns at the start-up makes it independent of that.
//
// Turns are served in the order they were asked for. A test that ends (its signal aborts, e.g. on its timeout)
// while it waits leaves the queue without running, and one that ends while it has the turn hands it on: a failure
// stays one test's, it never holds up the rest of the file.

export class Turns {
  #busy = false;
  readonly #queue: Array<() => void> = [];

  /** Runs `fn` once every turn asked for before has ended; later ones wait until it has. */
  async take<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.#wait(signal);
    let onAbort = (): void => undefined;
    const ended = new Promise<never>((_, reject) => {
      onAbort = () => reject(new Error('the test ended during its turn', { cause: signal!.reason }));
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([fn(), ended]);
    } finally {
      signal?.removeEventListener('abort', onAbort);
      this.#busy = false;
      this.#next();
    }
  }

  #wait(signal: AbortSignal | undefined): Promise<void> {
    signal?.throwIfAborted();
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const at = this.#queue.indexOf(grant);
        if (at < 0) return;
        this.#queue.splice(at, 1);
        reject(new Error('the test ended before its turn came', { cause: signal!.reason }));
      };
      const grant = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#queue.push(grant);
      this.#next();
    });
  }

  #next(): void {
    if (this.#busy) return;
    const grant = this.#queue.shift();
    if (!grant) return;
    this.#busy = true;
    grant();
  }
}
