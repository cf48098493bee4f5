// Stop requests from every source (signals, the STOP file, later a STOP label or a time budget) meet here.
// A graceful request lets the current session finish; a forced one ends it now.
import { unlink } from 'node:fs/promises';
import { runHandlersInstalled } from '../os/late-signals.js';

export type StopReason = 'stop_file' | 'sigint' | 'sigterm' | 'sighup' | 'forced' | (string & {});

export class StopController {
  reason: StopReason | null = null;
  forced = false;
  /** Why the session in flight was ended early: 'forced' (second SIGINT), 'time_budget', 'cancelled'. */
  forcedBy: StopReason | null = null;
  private forceGraceMs = 0;
  private readonly abort = new AbortController();
  private readonly interruption = new AbortController();
  private forceListeners: Array<(graceMs: number) => void> = [];

  /** Aborts on the first stop request: waits between sessions end at once. */
  get signal(): AbortSignal {
    return this.abort.signal;
  }

  /**
   * Aborts on a request that must not wait for the harness's own commands (SIGTERM, SIGHUP, a forced stop):
   * hooks, prompt commands, validation, harness-init.sh and cleanups end at once. A graceful request (the first
   * SIGINT, the STOP file) lets them finish, as it lets the session finish. A forced stop's reason is its grace
   * in milliseconds (SIGTERM to SIGKILL); otherwise the command's own grace applies.
   */
  get interrupt(): AbortSignal {
    return this.interruption.signal;
  }

  request(reason: StopReason, options: { interrupt?: boolean } = {}): boolean {
    if (options.interrupt) this.interruption.abort();
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
    this.interruption.abort(this.forceGraceMs);
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

export type HandledSignal = 'SIGINT' | 'SIGTERM' | 'SIGHUP';

/**
 * The seed's signal rules as a pure decision: the first SIGINT or a SIGTERM is graceful; a second SIGINT
 * within the window forces; a later one starts a new window. SIGHUP (the terminal closed) is a SIGTERM.
 */
export function decideSignal(
  signal: HandledSignal,
  nowMs: number,
  lastSigintMs: number | null,
  windowMs: number,
): SignalDecision {
  if (signal !== 'SIGINT') return { action: 'graceful' };
  if (lastSigintMs !== null && nowMs - lastSigintMs <= windowMs) return { action: 'force' };
  return { action: 'graceful' };
}

export function installSignalHandlers(
  stop: StopController,
  options: { now: () => number; windowMs: number; onSignal: (signal: string, action: string) => void },
): () => void {
  let lastSigint: number | null = null;
  const handle = (signal: HandledSignal) => {
    const now = options.now();
    const decision = decideSignal(signal, now, lastSigint, options.windowMs);
    if (signal === 'SIGINT') lastSigint = now;
    options.onSignal(signal, decision.action);
    if (decision.action === 'force') stop.force();
    else if (signal === 'SIGINT') stop.request('sigint');
    // SIGTERM and SIGHUP let the session finish but not the harness's own commands (a 300 s validation).
    else stop.request(signal === 'SIGTERM' ? 'sigterm' : 'sighup', { interrupt: true });
  };
  const handlers = new Map<HandledSignal, () => void>(
    (['SIGINT', 'SIGTERM', 'SIGHUP'] as const).map((signal) => [signal, () => handle(signal)]),
  );
  for (const [signal, handler] of handlers) process.on(signal, handler);
  const removed = runHandlersInstalled();
  return () => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
    removed();
  };
}
