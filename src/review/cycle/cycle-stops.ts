// How a step of the review cycle ends: it goes on, or it stops the cycle with a reason (the same stop reasons a
// loop session ends with, and the cycle's own: blocked, needs_human, cost_budget), an exit code and, for the home
// to print, why; and the cycle's last line. Pure: a phase's outcome, a stop request, a blocked plan, tasks that wait
// for a human.
import { EXIT } from '../../errors/exit-codes.js';
import type { StopController } from '../../loop/index.js';
import { formatSpendCost } from '../progress-table.js';
import type { Spend } from '../progress.js';
import type { PhaseOutcome } from './run-phase.js';

export type Stop = { kind: 'stop'; reason: string; exitCode: number; message?: string };
export type StepEnd = { kind: 'continue' } | Stop;
export const CONTINUE: StepEnd = { kind: 'continue' };

/** A phase that did not run to its end stops the cycle: with its own failure, or as a stop request. */
export function phaseStopped(stop: StopController, outcome: PhaseOutcome): StepEnd | null {
  const { summary } = outcome;
  if (outcome.ran && summary.exitCode === EXIT.ok) return null;
  if (summary.exitCode === EXIT.ok) return stopRequested(stop, summary.stopReason);
  return {
    kind: 'stop',
    reason: summary.stopReason,
    exitCode: summary.exitCode,
    ...(summary.error !== undefined ? { message: summary.error } : {}),
  };
}

export function stopRequested(stop: StopController, reason?: string): StepEnd {
  return { kind: 'stop', reason: stop.reason ?? reason ?? 'stopped', exitCode: EXIT.ok };
}

export function blocked(message: string): Stop {
  return { kind: 'stop', reason: 'blocked', exitCode: EXIT.planInvalid, message };
}

export function needsHuman(waiting: ReadonlySet<string>): Stop {
  return {
    kind: 'stop',
    reason: 'needs_human',
    exitCode: EXIT.needsHuman,
    message: `${waiting.size === 1 ? 'a task waits' : `${waiting.size} tasks wait`} for a human: ${[...waiting].join(', ')}`,
  };
}

/**
 * The cycle's last line, once per `loop` (its phases print none of their own): `Review loop ended (plan_done):
 * 2/2 tasks done, 8 sessions, $2.0000, plan csv-export-20261123T1000`.
 */
export function cycleEndLine(end: {
  planId: string;
  reason: string;
  done: number;
  total: number;
  spend: Spend;
}): string {
  const sessions = `${end.spend.sessions} session${end.spend.sessions === 1 ? '' : 's'}`;
  return (
    `Review loop ended (${end.reason}): ${end.done}/${end.total} tasks done, ${sessions}, ` +
    `${formatSpendCost(end.spend)}, plan ${end.planId}`
  );
}
