// The job summary's data: one row per `session_complete` event and the run facts the document is built from.
// The session outcome and end-reason vocabularies are the event log's (state/events), shared with the writer.
import type { SessionEndReason, SessionOutcome } from '../../../state/events/index.js';
import type { SessionRow as RecordedSession, Totals } from '../../../metrics/index.js';
import type { LoggedSession } from '../logged-sessions.js';

export type { SessionEndReason, SessionOutcome };

/** The history's part of the summary: what the metrics database holds beyond this run. */
export interface HistoryInput {
  /** The newest sessions of all runs, oldest first (the trends show the last HISTORY_TREND_SESSIONS). */
  recent: readonly RecordedSession[];
  /** Totals over every recorded session. */
  totals: Totals;
  /** How many runs recorded them (distinct run ids), or null when unknown. */
  runs: number | null;
}

/**
 * The fields of a `session_complete` event the summary shows: a pick of the event as the log's reader validated
 * it (state/events), the metrics among them declared once in session/metrics.ts.
 */
export const ROW_FIELDS = [
  'iteration',
  'global',
  'output_bytes',
  'exit_code',
  'duration_secs',
  'committed',
  'retries',
  'rate_limited',
  'outcome',
  'end_reason',
  'turns',
  'tool_calls',
  'input_tokens',
  'output_tokens',
  'cost_usd',
  'commit_evidence',
  'failure_kind',
  'failure_reason',
  'ts',
] as const;

/** One session of the summary: its event's fields, null where the line (of an older version) lacks one. */
export type SessionRow = {
  [K in (typeof ROW_FIELDS)[number]]: Exclude<LoggedSession[K], undefined> | null;
};

export interface PreviousProgress {
  runs: number;
  sessions: number;
  productive: number;
  costUsd: number | null;
}

export interface LastFailure {
  global: number | null;
  kind: string;
  reason: string;
  detail: string | null;
  /** For a fatal failure: what a person has to do. */
  fix: string | null;
}

export interface SummaryInput {
  /** Heading text before the outcome; defaults to "Agent harness". */
  title?: string;
  /** This run's sessions, oldest first. */
  sessions: SessionRow[];
  /** Progress across earlier runs (from cached state); absent when unknown. */
  previous?: PreviousProgress;
  /** `loop_end.reason`. */
  stopReason: string;
  exitCode: number;
  /** The global session counter after this run. */
  globalCounter: number;
  productiveThisRun: number;
  /** Completed sessions in a row at the end that changed nothing (progress.max_idle_sessions); no line when 0. */
  idleSessions?: number;
  /** A limit's reset the run stopped for instead of waiting (ISO): said with when the next run continues. */
  resumeAfter?: string | null;
  maxIterations: number;
  /** `loop_end.iterations` (finished iterations this run); for "Completed 5/5" (defaults to maxIterations). */
  iterations?: number;
  artifact?: { name: string; url: string | null } | null;
  /** The kept work's git bundle in the artifact (post/wip-bundle.ts): its name and the refs it holds. */
  workKept?: { bundle: string; refs: string[] } | null;
  runUrl?: string | null;
  /** How the agent was kept from the job (the run's `loop_start`); no line when unknown. */
  isolation?: { mode: string; fallback: string | null } | null;
  /** The newest failed session of this run (its `session_failed` event): shown with what to fix. */
  lastFailure?: LastFailure | null;
  /** Every run's sessions from the metrics database: the history section (none when absent or empty). */
  history?: HistoryInput | null;
  /** Reserved for the task list; ignored for now. */
  tasks?: unknown;
  /** UTF-8 byte budget for the whole document (default `DEFAULT_SUMMARY_LIMIT_BYTES`). */
  limitBytes?: number;
  /** Most session rows in the table (default `DEFAULT_MAX_TABLE_ROWS`); the byte budget may show fewer. */
  maxRows?: number;
  /** Sessions in the chart, the newest (default `DEFAULT_CHART_SESSIONS`). */
  chartSessions?: number;
}
