// Stop requests from every source (signals, the STOP file, later a STOP label or a time budget) meet here.
// A graceful request lets the current session finish; a forced one ends it now.
import { unlink } from 'node:fs/promises';

export type StopReason = 'stop_file' | 'sigint' | 'sigterm' | 'forced' | (string & {});

export class StopController {
  reason: StopReason | null = null;
  forced = false;
  /** Why the session in flight was ended early: 'forced' (second SIGINT), 'time_budget', 'cancelled'. */
  forcedBy: StopReason | null = null;
  private forceGraceMs = 0;
  private readonly abort = new AbortController();
  private forceListeners: Array<(graceMs: number) => void> = [];

  /** Aborts on the first stop request: waits between sessions end at once. */
  get signal(): AbortSignal {
    return this.abort.signal;
  }

  request(reason: StopReason): boolean {
    if (this.reason !== null) return false;
    this.reason = reason;
    this.abort.abort();
    return true;
  }

  /**
   * End the session in flight now: SIGTERM to everything the agent started and SIGKILL after `graceMs`
   * (0: SIGKILL at once). The loop then stops.
   */
  force(options: { reason?: StopReason; graceMs?: number } = {}): void {
    if (this.forced) return;
    this.forced = true;
    this.forcedBy = options.reason ?? 'forced';
    this.forceGraceMs = options.graceMs ?? 0;
    if (this.reason === null) this.reason = this.forcedBy;
    this.abort.abort();
    for (const listener of this.forceListeners) listener(this.forceGraceMs);
  }

  onForce(listener: (graceMs: number) => void): () => void {
    this.forceListeners.push(listener);
    if (this.forced) listener(this.forceGraceMs);
    return () => {
      this.forceListeners = this.forceListeners.filter((l) => l !== listener);
    };
  }
}

/** True (and the file removed, as the seed says) when the STOP file exists. */
export async function consumeStopFile(path: string): Promise<boolean> {
  try {
    await unlink(path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return false;
    if (code === 'EISDIR' || code === 'EPERM') return true;
    throw error;
  }
}

export interface SignalDecision {
  action: 'graceful' | 'force' | 'ignore';
}

/**
 * The seed's signal rules as a pure decision: the first SIGINT or a SIGTERM is graceful; a second SIGINT
 * within the window forces; a later one starts a new window.
 */
export function decideSignal(
  signal: 'SIGINT' | 'SIGTERM',
  nowMs: number,
  lastSigintMs: number | null,
  windowMs: number,
): SignalDecision {
  if (signal === 'SIGTERM') return { action: 'graceful' };
  if (lastSigintMs !== null && nowMs - lastSigintMs <= windowMs) return { action: 'force' };
  return { action: 'graceful' };
}

export function installSignalHandlers(
  stop: StopController,
  options: { now: () => number; windowMs: number; onSignal: (signal: string, action: string) => void },
): () => void {
  let lastSigint: number | null = null;
  const handle = (signal: 'SIGINT' | 'SIGTERM') => {
    const now = options.now();
    const decision = decideSignal(signal, now, lastSigint, options.windowMs);
    if (signal === 'SIGINT') lastSigint = now;
    options.onSignal(signal, decision.action);
    if (decision.action === 'force') stop.force();
    else stop.request(signal === 'SIGINT' ? 'sigint' : 'sigterm');
  };
  const onInt = () => handle('SIGINT');
  const onTerm = () => handle('SIGTERM');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  return () => {
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
  };
}
