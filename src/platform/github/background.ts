// Network work the loop must never wait on (cache saves, commit statuses): tasks run one at a time, in order,
// after the session that queued them. A task queued under a key replaces one of the same key that has not
// started yet, since only the newest state is worth saving.
export class SerialQueue {
  private chain: Promise<void> = Promise.resolve();
  private readonly waiting = new Map<string, () => Promise<void>>();
  private running = 0;

  constructor(private readonly onError: (error: unknown) => void) {}

  push(key: string, task: () => Promise<void>): void {
    const queued = this.waiting.has(key);
    this.waiting.set(key, task);
    if (queued) return;
    this.running++;
    this.chain = this.chain.then(async () => {
      const latest = this.waiting.get(key);
      this.waiting.delete(key);
      try {
        if (latest) await latest();
      } catch (error) {
        this.onError(error);
      } finally {
        this.running--;
      }
    });
  }

  get idle(): boolean {
    return this.running === 0;
  }

  /** Waits for everything queued, at most `timeoutMs`. Returns whether the queue drained. */
  async drain(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const done = this.chain.then(() => true as const);
    const result = await Promise.race([done, timeout]);
    clearTimeout(timer);
    return result;
  }
}
