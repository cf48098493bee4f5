// The first harness file that could not be written. Writes made in passing (status growth, events from signal
// handlers) cannot throw into the loop, so they report here; the running session is ended at once and the loop
// raises the fault at its next step instead of carrying on with records it can no longer keep.
import { statfs } from 'node:fs/promises';
import { usableBlocks } from '../os/free-space.js';
import { HarnessFileError } from '../state/index.js';

export class FaultLatch {
  private fault: Error | null = null;
  private readonly listeners = new Set<(fault: Error) => void>();

  get first(): Error | null {
    return this.fault;
  }

  report(error: unknown): void {
    if (this.fault !== null) return;
    this.fault = error instanceof Error ? error : new Error(String(error));
    for (const listener of [...this.listeners]) listener(this.fault);
  }

  /**
   * Calls `listener` with the first fault: now (in a microtask) when it is already latched, so a session that
   * starts listening after a write in passing failed is still ended, never left running.
   */
  onFault(listener: (fault: Error) => void): () => void {
    const latched = this.fault;
    if (latched !== null) {
      let cancelled = false;
      queueMicrotask(() => {
        if (!cancelled) listener(latched);
      });
      return () => {
        cancelled = true;
      };
    }
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  throwIfFaulted(): void {
    if (this.fault !== null) throw this.fault;
  }
}

/**
 * The agent writes its transcript itself (the kernel, from its stdout), so the harness never sees the write
 * fail; what it can see is the file system holding the transcript with no space left, which is exactly when those
 * writes fail (os/free-space.ts counts what this process may still write).
 */
export async function noSpaceLeft(dir: string): Promise<boolean> {
  try {
    const fs = await statfs(dir);
    return fs.blocks > 0 && usableBlocks(fs) === 0;
  } catch {
    return false;
  }
}

/** The fault for a transcript whose file system is full. */
export function transcriptFull(transcript: string): HarnessFileError {
  const cause = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
  return new HarnessFileError(transcript, cause, "cannot record the agent's output in");
}
