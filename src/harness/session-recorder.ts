// Every session into the metrics database, in both homes: the event sink is wrapped so that each
// `session_complete` is recorded (keyed by the run and its number; with the transcript's sha256, which lets a
// later `metrics ingest` of the same file know it) and `[storage]` retention then runs. The database is opened
// before the loop starts, so one that cannot be used stops the run at once with exit 15 and its name; catchUp()
// then records what earlier runs left out (metrics/reconcile.ts): sessions a SIGKILLed harness never finished
// (as cut short) and sessions whose recording failed.
//
// The history gives way before the transcripts and the state (metrics/room.ts): with too little space left on
// its disk it records nothing (the database is not even opened at start), says so, and the sessions wait in the
// event log for a start with room. A failure to record one session is a warning, never the loop's end.
//
// A Node without node:sqlite (22.0 to 22.12) runs the loop without history and says so once.
import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Config } from '../config/index.js';
import type { Clock, Logger } from '../loop/index.js';
import { sqliteModule } from '../metrics/index.js';
import { loopFacts } from '../metrics/index.js';
import { recordPending, type ReconcileInput } from '../metrics/index.js';
import { applyRetention, retentionEnabled } from '../metrics/index.js';
import { historyRoom, isSpaceError, roomMessage } from '../metrics/index.js';
import { MetricsStore } from '../metrics/index.js';
import type { RunningHint } from '../metrics/index.js';
import { sha256File } from '../os/file-hash.js';
import type { EventSink } from '../state/index.js';
import type { HarnessEvent } from '../state/events/index.js';
import type { LoopPaths } from '../state/index.js';
import { readStatus } from '../state/index.js';
import { extractOptions } from '../metrics/index.js';

type SessionComplete = Extract<HarnessEvent, { event: 'session_complete' }>;

export interface SessionRecorder {
  /** The sink to hand the loop: the home's, recording each session after the home has it. */
  wrap(sink: EventSink): EventSink;
  /**
   * Records what earlier runs left out of the history. Called once the previous run's processes are ended (its
   * transcripts no longer grow) and before this run writes its status (which names the session it was running).
   */
  catchUp(): Promise<void>;
  close(): void;
}

/** The write-ahead log is checkpointed after a session when the last checkpoint is this old, or it is this big. */
const CHECKPOINT_EVERY_MS = 60_000;
const CHECKPOINT_WAL_BYTES = 4 * 1024 * 1024;

const walBytes = (database: string): number => {
  try {
    return statSync(`${database}-wal`).size;
  } catch {
    return 0;
  }
};

const LATER =
  'the event log keeps the session; the next start with room on the disk records it (or `agent-harness metrics ingest`)';

/** Opens the database (creating or migrating it); null when metrics are off or node:sqlite is missing. */
export function openSessionRecorder(input: {
  config: Config;
  paths: LoopPaths;
  run: string;
  clock: Clock;
  logger: Logger;
}): SessionRecorder | null {
  const { config, paths, run, clock, logger } = input;
  const database = paths.metricsDb;
  if (database === null) return null;
  if (sqliteModule() === null) {
    logger.log('warn', {
      metrics: 'off',
      why: `this Node (${process.version}) has no node:sqlite; sessions are not recorded (Node >= 22.13 has it)`,
    });
    return null;
  }
  // The places the history must not crowd out: the transcripts and the state files.
  const others = [
    paths.outputDir,
    dirname(paths.status),
    dirname(paths.counter),
    ...(paths.eventLog === null ? [] : [dirname(paths.eventLog)]),
  ];
  const reconcile: ReconcileInput = {
    eventLog: paths.eventLog,
    outputDir: paths.outputDir,
    prefix: paths.outputPrefix,
    format: config.agent.format,
    extract: extractOptions(config, clock.now()),
  };
  let store: MetricsStore | null = null;
  let lastCheckpoint = -Infinity;
  /** Sessions of this run not recorded (no room, a failed write): caught up once there is room again. */
  let behind = false;

  /** The store, opened if there is room; null (and said) when there is not. A database not ours still throws. */
  const storeWithRoom = (global: number | null): MetricsStore | null => {
    const room = historyRoom(database, others);
    if (!room.ok) {
      logger.log('warn', {
        metrics: 'deferred',
        ...(global === null ? {} : { global }),
        why: roomMessage(room),
        fix: LATER,
      });
      return null;
    }
    if (store !== null) return store;
    try {
      store = MetricsStore.open(database);
    } catch (error) {
      // A disk that filled between the check and the open: the history waits, the run goes on.
      if (!isSpaceError(error)) throw error;
      logger.log('warn', { metrics: 'deferred', why: message(error), fix: LATER });
      return null;
    }
    for (const note of store.notes) logger.log('warn', { metrics: 'migrated', note });
    return store;
  };

  // Opened now so that a database that is not ours stops the run before anything else (exit 15).
  if (storeWithRoom(null) === null) behind = true;

  const catchUp = async (): Promise<void> => {
    const open = storeWithRoom(null);
    if (open === null) return;
    const report = await recordPending(open, { ...reconcile, hint: await runningHint(paths.status) });
    if (report.completed > 0 || report.cutShort > 0)
      logger.log('warn', {
        metrics: 'recorded_later',
        from_event_log: report.completed,
        cut_short: report.cutShort,
      });
    for (const problem of report.problems)
      logger.log('warn', { metrics: 'not_recorded', file: problem.path, why: problem.why, fix: LATER });
    truncateWal(open);
    behind = false;
  };

  const record = async (event: SessionComplete) => {
    const open = storeWithRoom(event.global);
    if (open === null) {
      behind = true;
      return;
    }
    const sha256 = event.output_bytes > 0 ? await sha256File(event.output_file).catch(() => null) : null;
    const facts = loopFacts(event, { sha256, run, format: config.agent.format, endedAtMs: clock.now() });
    try {
      open.record(facts, 'loop', { path: event.output_file, bytes: event.output_bytes });
    } finally {
      // The write-ahead log folded back into the file (and emptied) after a session, at most once a minute: a
      // checkpoint is an fsync, which back-to-back short sessions would pay every time. The run's end folds in
      // the rest, and the Action checkpoints before each save of the file.
      if (
        clock.monotonic() - lastCheckpoint >= CHECKPOINT_EVERY_MS ||
        walBytes(database) >= CHECKPOINT_WAL_BYTES
      ) {
        truncateWal(open);
        lastCheckpoint = clock.monotonic();
      }
    }
    // Room again after sessions that were not recorded: those are in the event log by now.
    if (behind) await catchUp();
  };
  const retain = async () => {
    if (store === null || !retentionEnabled(config.storage)) return;
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
    catchUp: async () => {
      try {
        await catchUp();
      } catch (error) {
        logger.log('warn', { metrics: 'not_recorded', error: message(error), fix: LATER });
      }
    },
    close: () => store?.close(),
  };

  async function safely(
    event: SessionComplete,
    what: 'not_recorded' | 'retention_failed',
    work: () => Promise<void>,
  ): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (what === 'not_recorded') behind = true;
      logger.log('warn', {
        metrics: what,
        global: event.global,
        error: message(error),
        ...(what === 'not_recorded' ? { fix: LATER } : {}),
      });
    }
  }
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Empties the write-ahead log into the file; a reader holding it open only delays that to the next session. */
function truncateWal(store: MetricsStore): void {
  try {
    store.checkpoint();
  } catch {
    // Busy or full: the log is emptied at a later checkpoint.
  }
}

/** The session the previous harness was running when it died, from its status file (null: none, unreadable). */
async function runningHint(statusPath: string): Promise<RunningHint | null> {
  try {
    const status = await readStatus(statusPath);
    if (status === null || status.state === 'stopped' || !status.output_file || !status.cookie) return null;
    return { run: status.cookie, global: status.global_iteration, output_file: status.output_file };
  } catch {
    return null;
  }
}
