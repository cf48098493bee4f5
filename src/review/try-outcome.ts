// How one try of a task ends, decided from what the harness saw (pure): the developer's session touched files it
// may not write, the gate failed (or refused scripts changed since it accepted them), the architect wrote a review
// (with a verdict, or one that does not parse), or wrote none. PASS ends the task; anything else is a failed try
// that either earns another or, at the last try, goes to a human. A stop request during the gate is neither: the
// try did not happen and the task resumes at the same try.
import { describeGateChanges } from './gate-changes.js';
import type { GateResult } from './gate.js';
import type { ParsedVerdict } from './verdict.js';

export type TryEnd =
  /** The developer's session wrote where only the harness or the architect may: `why` says what, `notice` tells the developer. */
  | { kind: 'tampered'; why: string; notice: string }
  | { kind: 'gate'; gate: GateResult }
  | { kind: 'review'; file: string; verdict: ParsedVerdict }
  | { kind: 'no_review'; file: string };

export type TryDecision =
  /** The architect said PASS: the task is done. */
  | { next: 'done' }
  /** The try failed and another is allowed; `why` says how, `gateOutput` goes to the next develop prompt. */
  | { next: 'retry'; why: string; gateOutput: string }
  /** The last try failed: the task goes to a human, with why. */
  | { next: 'escalate'; why: string; gateOutput: string }
  /** A stop request ended the gate: run this same try again next time. */
  | { next: 'interrupted' };

/**
 * Develop sessions in a row that changed nothing (progress.ts idleTries) and `progress.max_idle_sessions` (0: off):
 * a failed try at that count goes to a human like the last try, however many tries are left.
 */
export interface IdleTries {
  count: number;
  max: number;
}

export function decideTry(
  end: TryEnd,
  tryNumber: number,
  maxTries: number,
  idle: IdleTries = { count: 0, max: 0 },
): TryDecision {
  if (end.kind === 'gate' && end.gate.interrupted) return { next: 'interrupted' };
  if (end.kind === 'review' && end.verdict.ok && end.verdict.verdict === 'PASS') return { next: 'done' };
  const { why, gateOutput } = failure(end);
  if (tryNumber >= maxTries)
    return { next: 'escalate', why: `${why} (try ${tryNumber} of ${maxTries})`, gateOutput };
  if (idle.max > 0 && idle.count >= idle.max)
    return {
      next: 'escalate',
      why: `${why}; no progress: ${idle.count === 1 ? 'its develop session' : `${idle.count} develop sessions in a row`} changed nothing (no commit, no file of the project; progress.max_idle_sessions = ${idle.max})`,
      gateOutput,
    };
  return { next: 'retry', why, gateOutput };
}

function failure(end: TryEnd): { why: string; gateOutput: string } {
  switch (end.kind) {
    case 'tampered':
      return { why: end.why, gateOutput: end.notice };
    case 'gate':
      return {
        why: end.gate.refused
          ? `the gate refused the try: ${describeGateChanges(end.gate.changes)}; the review was skipped`
          : `the gate failed at ${end.gate.failedAt ?? 'a script'}: the review was skipped`,
        gateOutput: end.gate.output,
      };
    case 'no_review':
      return { why: `the architect wrote no review (${end.file}): a failed review`, gateOutput: '' };
    case 'review':
      return end.verdict.ok
        ? { why: `the architect's verdict is FAIL (${end.file})`, gateOutput: '' }
        : { why: `the review has no valid verdict: ${end.verdict.error}; a failed review`, gateOutput: '' };
  }
}
