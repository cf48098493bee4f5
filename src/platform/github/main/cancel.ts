// The main step's cancel handling: the runner cancels with SIGINT, then SIGTERM 7.5 s later, then SIGKILL. The
// first signal ends the agent at once (network work is left to post), and if main is still alive shortly before
// the runner's kill, it saves its handover to post and leaves.
import type { Logger } from '../../../loop/index.js';
import type { StopController } from '../../../loop/index.js';
import { runHandlersInstalled } from '../../../os/late-signals.js';
import { systemClock } from '../../../os/system-clock.js';

/** SIGTERM to SIGKILL for the agent on cancellation: inside the runner's 7.5 s SIGINT window. */
const CANCEL_GRACE_MS = 4000;
/** If main is still alive this long after the first cancel signal, it leaves at once. */
const CANCEL_DEADLINE_MS = 6500;

/** Installs the handlers; returns their removal. `beforeExit` runs just before the deadline's exit. */
export function handleCancel(stop: StopController, logger: Logger, beforeExit: () => void): () => void {
  let firstSignalAt: number | null = null;
  const onCancel = (signal: NodeJS.Signals) => {
    if (firstSignalAt !== null) return;
    firstSignalAt = systemClock.monotonic();
    logger.log('warn', { signal, action: 'cancelling: ending the agent now, post saves state' });
    stop.force({ reason: 'cancelled', graceMs: CANCEL_GRACE_MS });
    setTimeout(() => {
      beforeExit();
      process.exit(1);
    }, CANCEL_DEADLINE_MS).unref();
  };
  process.on('SIGINT', onCancel);
  process.on('SIGTERM', onCancel);
  const removed = runHandlersInstalled();
  return () => {
    process.off('SIGINT', onCancel);
    process.off('SIGTERM', onCancel);
    removed();
  };
}
