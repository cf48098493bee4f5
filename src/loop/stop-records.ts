// Signals arrive outside the loop's own steps: a stop asked for by a signal and a forced stop are recorded as events
// as they come (stop sources such as the STOP file record themselves).
import type { LoopContext } from './context.js';
import type { StopController } from './stop.js';

export function recordStops(
  ctx: LoopContext,
  stop: StopController,
): { offForce: () => void; offStop: () => void } {
  const { position } = ctx;
  const onStop = () => {
    if (stop.reason === 'sigint' || stop.reason === 'sigterm' || stop.reason === 'sighup') {
      ctx.post({
        event: 'stop_requested',
        reason: stop.reason,
        iteration: position.iteration,
        global: position.global,
      });
    }
  };
  if (stop.signal.aborted) onStop();
  else stop.signal.addEventListener('abort', onStop, { once: true });
  const offForce = stop.onForce(() => {
    ctx.post({ event: 'stop_forced', iteration: position.iteration, global: position.global });
  });
  return { offForce, offStop: () => stop.signal.removeEventListener('abort', onStop) };
}
