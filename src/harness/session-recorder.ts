// Every session into the metrics database as it ends, in both homes: the event sink is wrapped so that each
// `session_complete` is recorded (with the transcript's sha256, which makes a later `metrics ingest` of the same
// file a no-op) and `[storage]` retention then runs. The database is opened before the loop starts, so one that
// cannot be used stops the run at once with exit 15 and its name; a failure to record one session later is a
// warning (the event log keeps the session, and `metrics ingest` can record it), never the loop's end.
//
// A Node without node:sqlite (22.0 to 22.12) runs the loop without history and says so once.
import type { Config } from '../config/schema.js';
import type { Clock, Logger } from '../loop/ports.js';
import { sqliteModule } from '../metrics/db.js';
import { loopFacts } from '../metrics/loop-facts.js';
import { applyRetention, retentionEnabled } from '../metrics/retention-run.js';
import { MetricsStore } from '../metrics/store.js';
import { sha256File } from '../os/file-hash.js';
import type { EventSink } from '../state/event-log.js';
import type { HarnessEvent } from '../state/events/schema.js';
import type { LoopPaths } from '../state/paths.js';

export interface SessionRecorder {
  /** The sink to hand the loop: the home's, recording each session after the home has it. */
  wrap(sink: EventSink): EventSink;
  close(): void;
}

/** Opens the database (creating or migrating it); null when metrics are off or node:sqlite is missing. */
export function openSessionRecorder(input: {
  config: Config;
  paths: LoopPaths;
  run: string;
  clock: Clock;
  logger: Logger;
}): SessionRecorder | null {
  const { config, paths, run, clock, logger } = input;
  if (paths.metricsDb === null) return null;
  if (sqliteModule() === null) {
    logger.log('warn', {
      metrics: 'off',
      why: `this Node (${process.version}) has no node:sqlite; sessions are not recorded (Node >= 22.13 has it)`,
    });
    return null;
  }
  const store = MetricsStore.open(paths.metricsDb);
  const record = async (event: Extract<HarnessEvent, { event: 'session_complete' }>) => {
    const sha256 = event.output_bytes > 0 ? await sha256File(event.output_file).catch(() => null) : null;
    const facts = loopFacts(event, { sha256, run, format: config.agent.format, endedAtMs: clock.now() });
    store.record(facts, 'loop', { path: event.output_file, bytes: event.output_bytes });
  };
  const retain = async () => {
    if (!retentionEnabled(config.storage)) return;
    const report = await applyRetention({
      store,
      storage: config.storage,
      outputDir: paths.outputDir,
      prefix: paths.outputPrefix,
      nowMs: clock.now(),
    });
    if (report.compressed.length > 0 || report.deleted.length > 0)
      logger.log('info', {
        retention: 'done',
        compressed: report.compressed.length,
        deleted: report.deleted.length,
      });
    if (report.unrecorded.length > 0)
      logger.log('warn', {
        retention: 'not_recorded',
        left: report.unrecorded.length,
        fix: 'record them with `agent-harness metrics ingest FILE...`',
      });
    for (const problem of report.problems)
      logger.log('warn', { retention: 'left', file: problem.path, why: problem.why });
  };
  return {
    wrap: (sink) => ({
      emit: async (event) => {
        // Recorded before the home sees it: the Action saves its cached state on each session_complete, and
        // that save should hold the session.
        if (event.event !== 'session_complete') return sink.emit(event);
        await safely(event, 'not_recorded', () => record(event));
        await sink.emit(event);
        // Retention after the home has the event, so a long compression never delays the event log.
        await safely(event, 'retention_failed', retain);
      },
    }),
    close: () => store.close(),
  };

  async function safely(
    event: Extract<HarnessEvent, { event: 'session_complete' }>,
    what: 'not_recorded' | 'retention_failed',
    work: () => Promise<void>,
  ): Promise<void> {
    try {
      await work();
    } catch (error) {
      logger.log('warn', {
        metrics: what,
        global: event.global,
        error: error instanceof Error ? error.message : String(error),
        ...(what === 'not_recorded'
          ? {
              fix: 'the event log keeps the session; `agent-harness metrics ingest` records its transcript later',
            }
          : {}),
      });
    }
  }
}
