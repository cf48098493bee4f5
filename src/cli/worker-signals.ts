// `worker run`'s signals. SIGINT, SIGTERM and SIGHUP stop the task cleanly (status stopped, reason interrupted);
// a closed terminal (SIGHUP) must not end the worker through a failed write, so output errors are ignored from
// then on. A second signal within shutdown.force_window_secs of the first does not wait for the clean stop:
// `force` ends every process the run started and exits 130. Returns the function that removes the handlers.
import { runHandlersInstalled } from '../os/late-signals.js';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export interface WorkerSignalOptions {
  windowMs: number;
  now: () => number;
  /** The first signal: stop cleanly. */
  stop: (signal: NodeJS.Signals) => void;
  /** A second signal within the window: end everything now (does not return). */
  force: (signal: NodeJS.Signals) => void;
}

export function installWorkerSignals(options: WorkerSignalOptions): () => void {
  let first: number | null = null;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (signal === 'SIGHUP')
      for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
    const at = options.now();
    if (first !== null && at - first <= options.windowMs) return options.force(signal);
    first = at;
    options.stop(signal);
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
  const removed = runHandlersInstalled();
  return () => {
    for (const signal of SIGNALS) process.removeListener(signal, onSignal);
    removed();
  };
}
