// The exit code of a run whose task driver stopped before the loop started: a forced stop (a second SIGINT, a
// cancellation) is 130 as it is for the loop, whatever the task driver says; otherwise the task driver's own
// code (6 for a broken task environment), or 0.
import { EXIT } from '../errors/exit-codes.js';
import type { DriverStop } from '../loop/index.js';
import type { StopController } from '../loop/index.js';

export function earlyStopExit(
  stop: Pick<StopController, 'forced' | 'forcedBy'>,
  driverStop: DriverStop,
): number {
  return stop.forced && stop.forcedBy !== 'time_budget' ? EXIT.forced : (driverStop.exitCode ?? EXIT.ok);
}
