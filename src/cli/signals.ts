// The local home's signal handling, one for every command that runs sessions (the loop, plan, review loop):
// SIGINT finishes the current session, a second one within shutdown.force_window_secs kills it; SIGTERM and SIGHUP
// finish it too. A closed terminal (SIGHUP) must not take the harness down through a failed write and leave the
// agent unsupervised. Returns the function that removes the handlers.
import type { Config } from '../config/index.js';
import type { Logger } from '../loop/index.js';
import { installSignalHandlers, type StopController } from '../loop/index.js';
import { systemClock } from '../os/system-clock.js';

export function installCliSignals(stop: StopController, config: Config, logger: Logger): () => void {
  return installSignalHandlers(stop, {
    now: () => systemClock.monotonic(),
    windowMs: config.shutdown.force_window_secs * 1000,
    onSignal: (signal, action) => {
      if (signal === 'SIGHUP') ignoreOutputErrors();
      if (action === 'force') logger.log('warn', { signal, action: 'killing session now' });
      else if (signal === 'SIGINT') logger.summary(sigintNotice(config.shutdown.force_window_secs));
      else logger.log('info', { signal, action: 'finishing current session' });
    },
  });
}

/** What the first Ctrl-C prints: what happens now, and how to stop at once (a second one within the window). */
export function sigintNotice(windowSecs: number): string {
  return `Caught SIGINT: finishing the current session (Ctrl-C again within ${windowSecs} s stops now)`;
}

function ignoreOutputErrors(): void {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
}
