// What every transcript format adapter produces. Adapters are pure: they read text, never processes or files.

export interface SessionMetrics {
  turns: number | null;
  tool_calls: number | null;
  input_tokens: number | null;
  output_tokens: number | null;
  cost_usd: number | null;
  /** Duration the agent itself reported, in milliseconds. */
  agent_duration_ms: number | null;
}

export interface RateLimitInfo {
  /** Where the evidence came from, for the event log. */
  source: 'api_status' | 'rate_limit_event' | 'usage_text' | 'pattern';
  /** Epoch milliseconds when the limit resets, if the agent said. */
  resets_at_ms: number | null;
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
  metrics: SessionMetrics;
}

export interface ClassifyOptions {
  /** Extra rate-limit regexes (already compiled), applied to the final result only. */
  patterns: RegExp[];
  /** The current time, used to resolve reset times like "resets 1pm (Europe/Lisbon)". */
  now_ms: number;
}

export interface TranscriptAdapter {
  readonly format: string;
  /**
   * Classify the tail of a transcript. `tail` is the last bytes of the file (at most a few hundred KiB) and may
   * begin mid-line; `complete` is true when the tail is the whole file.
   */
  classify(tail: string, complete: boolean, options: ClassifyOptions): TranscriptVerdict;
  /** Cheap check, called often while the session runs: does this tail end with a final result event? */
  hasFinalResult(tail: string): boolean;
  /** Work that goes on after a result event, when the format announces it (see BackgroundWork). */
  readonly backgroundWork?: BackgroundWork;
  /** Substring whose occurrences count tool calls in a full scan, or null when the format has none. */
  readonly toolCallMarker: string | null;
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

export const emptyMetrics = (): SessionMetrics => ({
  turns: null,
  tool_calls: null,
  input_tokens: null,
  output_tokens: null,
  cost_usd: null,
  agent_duration_ms: null,
});
