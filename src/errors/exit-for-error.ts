// The one mapping from a thrown error to how the harness ends: the CLI prints it and exits with its code, the
// Action fails the step with it. Errors the harness explains carry their code (HarnessError); anything else is
// a bug or an unforeseen failure, reported with its stack.
import { EXIT, HarnessError } from './exit-codes.js';

export interface ExitVerdict {
  /** One of EXIT's codes. */
  code: number;
  /** What the user reads after `agent-harness: `. */
  message: string;
}

export function exitForError(error: unknown): ExitVerdict {
  if (error instanceof HarnessError) return { code: error.exitCode, message: error.message };
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return { code: EXIT.failure, message: `unexpected failure: ${detail}` };
}
