// The fields of a session row (src/metrics/facts.ts: SessionRow) the renderers read. A structural subset, so the
// pure renderers and their tests need nothing from the database.
import type { SessionMetrics } from '../session/index.js';
export interface SessionView extends Readonly<
  Pick<
    SessionMetrics,
    | 'turns'
    | 'narration_turns'
    | 'parallel_turns'
    | 'tool_calls'
    | 'input_tokens'
    | 'output_tokens'
    | 'cost_usd'
  >
> {
  readonly key: string;
  readonly ended_at: string;
  readonly global: number | null;
  readonly format: string | null;
  readonly outcome: string | null;
  readonly failure_kind: string | null;
  readonly failure_reason: string | null;
  readonly duration_secs: number | null;
  readonly committed: boolean | null;
}

/** input + output tokens, or null when neither is known. */
export function sessionTokens(row: SessionView): number | null {
  if (row.input_tokens === null && row.output_tokens === null) return null;
  return (row.input_tokens ?? 0) + (row.output_tokens ?? 0);
}

/** How people name a session: its global number when it has one, else the start of its key. */
export function sessionName(row: SessionView): string {
  return row.global !== null ? `#${row.global}` : row.key.replace(/^sha256:/, '').slice(0, 8);
}
