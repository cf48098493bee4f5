// What one iteration slot ends with, and the tally the slots keep over the run: the runner reads both to decide
// whether the loop goes on, and its summary and `loop_end` report the counts.
/** What one iteration slot ended with. */
export type SlotEnd =
  | { kind: 'done'; productive: boolean; changed?: boolean | null }
  | { kind: 'again' } // rate limited, failed, or pre hook failed: the same iteration runs again
  | { kind: 'stop'; reason: string; exitCode: number; error?: string };

export interface Tally {
  productive: number;
  rateLimits: number;
  preFailures: number;
  /** Failed sessions in a row. */
  failures: number;
  /** Failed sessions over the whole run. */
  failedTotal: number;
  /** Completed sessions in a row that changed nothing (progress.ts). */
  idle: number;
}
