// Signals that arrive when no run's own handlers are there to take them. While a run is on, its handlers act (the
// loop's in loop/stop.ts, the worker's, the Action's cancel). Once it has removed them, the process still has
// work to finish: release its lock, end the processes that linger (bounded by the kill grace), write its summary.
// A SIGINT or SIGTERM then, with no handler, would end the process by the signal halfway through that work (the
// lock left behind, the exit code lost: a double Ctrl-C at a run's last moment did exactly that). The entries
// install this guard once: before any run it leaves a signal its default action (the process ends by it), while
// a run ends it ignores it, and once the command has its exit code it exits at once with that code.
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export type LateSignalAction = 'run' | 'default' | 'ignore' | 'exit';

export interface LateSignalState {
  /** A run has removed its handlers since the process started. */
  ended: boolean;
  /** The command's exit code, once it has one. */
  exitCode: number | undefined;
  /** Listeners of the signal besides the guard's: a run's handlers, or a phase that handles it (the planner's). */
  others: number;
}

/** What the guard does with a signal: pure, for the tests. */
export function lateSignalAction(state: LateSignalState): LateSignalAction {
  if (state.others > 0) return 'run';
  if (state.exitCode !== undefined) return 'exit';
  return state.ended ? 'ignore' : 'default';
}

let ended = false;
let exitCode: number | undefined;

/** A run's handlers are installed; the function returned says they are removed. */
export function runHandlersInstalled(): () => void {
  return () => {
    ended = true;
  };
}

/** Installs the guard (once per process, by an entry); the function returned records the command's exit code. */
export function guardLateSignals(): (code: number) => void {
  const guard = (signal: NodeJS.Signals): void => {
    const others = process.listenerCount(signal) - 1;
    switch (lateSignalAction({ ended, exitCode, others })) {
      case 'exit':
        process.exit(exitCode);
        break;
      case 'default':
        for (const each of SIGNALS) process.off(each, guard);
        process.kill(process.pid, signal);
        break;
      default:
    }
  };
  for (const signal of SIGNALS) process.on(signal, guard);
  return (code) => {
    exitCode = code;
    // Ended by process.exit once nothing is left to do: a natural end would first close the signal watchers,
    // and a signal in that last moment would end the process by it after all.
    process.once('beforeExit', () => process.exit(code));
  };
}
