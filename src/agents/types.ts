// What every transcript format adapter produces. Adapters are pure: they read text, never processes or files.
// The session's metrics they report are declared once, in session/metrics.ts.
import type { SessionMetrics, TurnShape } from '../session/index.js';

/**
 * Counts turns line by line over a whole transcript, in order: one counter per transcript. `line` is called with
 * every whole line (without its newline) and must be cheap: a substring test before any parse.
 */
export interface TurnCounter {
  line(line: string): void;
  result(): TurnShape;
}

export interface RateLimitInfo {
  /** Where the evidence came from, for the event log. */
  source: 'api_status' | 'rate_limit_event' | 'usage_text' | 'pattern';
  /** Epoch milliseconds when the limit resets, if the agent said. */
  resets_at_ms: number | null;
  detail: string;
}

export type FailureKind = 'transient' | 'fatal' | 'error';

/**
 * Why a session failed. Transient: worth retrying after a backoff (overload, 5xx, network, a stream that broke off,
 * a stall). Fatal: no retry can help until a person acts (credentials, billing, a model that does not exist, an
 * agent that refuses to start). Error: the agent failed in a way not recognised as either (a crash, an error
 * result with unknown wording).
 */
export type FailureReason =
  | 'overloaded'
  | 'server_error'
  | 'network'
  | 'stream_disconnected'
  | 'stalled'
  | 'authentication'
  | 'billing'
  | 'model_not_found'
  | 'untrusted_folder'
  | 'bad_auth_choice'
  | 'agent_refused'
  | 'crash'
  | 'error_result';

export interface FailureInfo {
  kind: FailureKind;
  reason: FailureReason;
  /** Where the evidence came from, for the event log. */
  source: 'api_status' | 'error_event' | 'result' | 'stderr' | 'exit_code' | 'watchdog';
  /** The line that showed it, shortened; says what to fix for fatal failures. */
  detail: string;
}

export interface TranscriptVerdict {
  /** A final result event was seen (the agent says it is done). */
  final: boolean;
  /** The final result reports an error. Null when there is no final result. */
  is_error: boolean | null;
  /** The final result's text, truncated to a few KiB. */
  result_text: string | null;
  rate_limit: RateLimitInfo | null;
  /** A failure the transcript shows (never set when the final result succeeded). */
  failure: FailureInfo | null;
  /**
   * The model produced something: an assistant message, a tool call, or a successful final result. Null for
   * formats without structure (text), where only the byte count can tell.
   */
  model_output: boolean | null;
  /**
   * The plain-text (non-event) line the CLI wrote that says most (os/error-line.ts): a crash's error line, not
   * Node's `Node.js v24…` trailer or a stack frame; else its last line. The text format keeps its last line.
   */
  notice: string | null;
  metrics: SessionMetrics;
}

export interface ClassifyOptions {
  /** Extra rate-limit regexes (already compiled), applied to the final result only. */
  patterns: RegExp[];
  /** The current time, used to resolve reset times like "resets 1pm (Europe/Lisbon)". */
  now_ms: number;
  /** How the agent's process ended, once it has: some CLIs name a fatal cause only by exit code. */
  exit?: { code: number | null; signal: string | null };
}

/** The parts of one whole transcript line the agent did or said, or null when it holds none (agent-text.ts). */
export type AgentText = (line: string) => string[] | null;

export interface TranscriptAdapter {
  readonly format: string;
  /**
   * What the agent did or said on one whole line (assistant text, tool calls and results, the final result):
   * where commit patterns are matched, never the echoed prompt, system lines or stderr.
   */
  readonly agentText: AgentText;
  /**
   * Classify the tail of a transcript. `tail` is the last bytes of the file (at most a few hundred KiB) and may
   * begin mid-line; `complete` is true when the tail is the whole file.
   */
  classify(tail: string, complete: boolean, options: ClassifyOptions): TranscriptVerdict;
  /** Cheap check, called often while the session runs: does this tail end with a final result event? */
  hasFinalResult(tail: string): boolean;
  /** Work that goes on after a result event, when the format announces it (see BackgroundWork). */
  readonly backgroundWork?: BackgroundWork;
  /**
   * Tool calls one whole transcript line records, counted once per call whatever the format repeats (Codex's
   * item.started/item.completed pairs, Claude's partial-message stream events). Null when the format has no tool
   * calls to count (text). Called on every line of the finished transcript, so it must be cheap: a substring
   * test before any parse.
   */
  toolCalls: ((line: string) => number) | null;
  /** A new per-line turn counter (see TurnCounter); null when the format has no turns to count (text). */
  turnShape: (() => TurnCounter) | null;
  /**
   * A prefilter for `toolCalls` and `turnShape`: a line with no match of it counts no tool call and leaves the
   * turn counter as it was, so a scan skips it unread (case-insensitive matching only widens it). Absent when
   * every line must be looked at.
   */
  readonly lineMarkers?: RegExp;
  /**
   * The final result carries the agent's own turn count (Claude's num_turns): it stays `turns`. Otherwise
   * `classify` counts turns from the tail only, and the whole-transcript count of the turn counter replaces it.
   */
  readonly reportsTurns: boolean;
}

/**
 * An agent that announces work running on after a result: Claude Code prints a `result` when its turn ends even
 * while a `run_in_background` task runs, and takes a new turn (and prints another result) when the task
 * finishes. Such a result is not final while the newest announcement names running work.
 */
export interface BackgroundWork {
  /** A substring of every announcement line, searched in the raw output. */
  readonly marker: string;
  /** How much work an announcement line says is running; null when the line is not an announcement. */
  running(line: string): number | null;
}

/**
 * The metrics of a session: the adapter's (from the final result) completed by the whole-transcript turn count.
 * `turns` stays the agent's own count when it reports one (reportsTurns); narration and parallel turns come from
 * the counter; the model from the result when it names one, else from the counter.
 */
export function withTurnShape(
  metrics: SessionMetrics,
  shape: TurnShape | null,
  reportsTurns: boolean,
): SessionMetrics {
  if (shape === null) return metrics;
  return {
    ...metrics,
    turns: reportsTurns ? (metrics.turns ?? shape.turns) : (shape.turns ?? metrics.turns),
    narration_turns: shape.narration_turns,
    parallel_turns: shape.parallel_turns,
    model: metrics.model ?? shape.model,
  };
}
