// Runs one phase as one loop session through runHarness (a port: the home hands it over), the same machinery as every other session: the
// instance lock, recovery of a dead predecessor, the watchdog, retries, limits, hooks, transcripts numbered on
// from the counter, events and status, and the end of every process the session started. The phase's agent
// settings (agent.plan / agent.develop / agent.review over agent) are applied here. What each session cost is
// read from the session_complete events as they pass to the home's sink.
import type { Config } from '../../config/index.js';
import { phaseConfig } from '../../config/index.js';
import type { HarnessOptions, HarnessSummary, Logger, RunHarness, StopSource } from '../../loop/index.js';
import { addSpend, NO_SPEND, spendOf, type Spend } from '../progress.js';
import type { EventSink, HarnessEvent } from '../../state/index.js';
import { PhaseDriver, type PhaseFields } from './phase-driver.js';

/** What every phase of a cycle shares: the home's ports and the run's controls (runHarness's own, and more). */
export interface CyclePorts extends Pick<
  HarnessOptions,
  'config' | 'cwd' | 'env' | 'clock' | 'spawn' | 'stop'
> {
  logger: Logger;
  events: EventSink;
  stopSources?: StopSource[];
  /** harness/run-harness.ts's runHarness, which runs each phase's session: the home hands it over. */
  runHarness: RunHarness;
}

export interface PhaseOutcome {
  /** The session ran to its end (completed, or empty after every retry); false when a stop or failure ended it. */
  ran: boolean;
  summary: HarnessSummary;
  /** What the phase's sessions cost (retries included). */
  spend: Spend;
  /** The outcome of the phase's last session (`productive`, `empty`, `failed`…), null when none completed. */
  lastOutcome: string | null;
  /** Whether the phase's last session committed or changed a user's file; null when none completed or unknown. */
  changed: boolean | null;
}

export async function runPhase(
  ports: CyclePorts,
  fields: PhaseFields,
  prompt: string,
): Promise<PhaseOutcome> {
  const driver = new PhaseDriver(prompt, fields);
  let spend = NO_SPEND;
  let lastOutcome: string | null = null;
  let changed: boolean | null = null;
  const events: EventSink = {
    emit: async (event: HarnessEvent) => {
      if (event.event === 'session_complete') {
        spend = addSpend(spend, spendOf(event));
        lastOutcome = event.outcome;
        changed = event.changed ?? null;
      }
      await ports.events.emit(event);
    },
  };
  const base = phaseConfig(ports.config, fields.phase);
  // One session per phase; the cycle counts sessions that changed nothing itself, across a task's tries
  // (progress.max_idle_sessions: try-outcome.ts), so the phase's own loop never stops for it.
  const config: Config = {
    ...base,
    session: { ...base.session, max_iterations: 1 },
    progress: { ...base.progress, max_idle_sessions: 0 },
  };
  const summary = await ports.runHarness({
    config,
    cwd: ports.cwd,
    env: ports.env,
    clock: ports.clock,
    spawn: ports.spawn,
    stop: ports.stop,
    driver,
    start: () =>
      Promise.resolve({
        logger: ports.logger,
        events,
        ...(ports.stopSources ? { stopSources: ports.stopSources } : {}),
      }),
  });
  return { ran: driver.finished, summary, spend, lastOutcome, changed };
}
