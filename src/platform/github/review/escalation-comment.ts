// The comment review mode posts on the issue when a task used all its tries: a hidden marker saying which plan,
// task and try it is about (human-reply.ts finds the answer after it), the reason, the last review and the gate's
// output, each fenced so nothing in them renders, and how to answer. Also the comment saying no plan could be
// made from the issue. Pure.
import { escapeCell } from '../../../review/index.js';
import { fenced, head, tail } from '../fence.js';

const MARKER = 'agent-harness:escalation';

export interface EscalationRef {
  planId: string;
  taskId: string;
  /** The last try the task had. */
  try: number;
}

/** `<!-- agent-harness:escalation plan=<id> task=<tid> try=<n> -->`; ids URL-encoded so none can close it. */
export const escalationMarker = (ref: EscalationRef): string =>
  `<!-- ${MARKER} plan=${encodeURIComponent(ref.planId)} task=${encodeURIComponent(ref.taskId)} try=${ref.try} -->`;

const MARKER_LINE = new RegExp(`^<!-- ${MARKER} plan=(\\S+) task=(\\S+) try=(\\d+) -->(?:\\r?\\n|$)`);

/** The reference a comment's first line carries, or null (a marker anywhere else does not count). */
export function parseEscalationMarker(body: string): EscalationRef | null {
  const m = MARKER_LINE.exec(body);
  if (!m) return null;
  try {
    return { planId: decodeURIComponent(m[1]!), taskId: decodeURIComponent(m[2]!), try: Number(m[3]) };
  } catch {
    return null;
  }
}

export interface EscalationInput extends EscalationRef {
  taskTitle: string;
  why: string;
  /** The last review's text, null when the architect wrote none (the gate failed, or the review is missing). */
  review: string | null;
  reviewFile: string | null;
  gateOutput: string;
  label: string;
  /** This run, for the reader to look at the logs. */
  runUrl: string;
}

/** Room for the review and the gate output inside GitHub's 65,536 characters, with the rest of the comment. */
const MAX_REVIEW_CHARS = 40_000;
const MAX_GATE_CHARS = 16_000;

export function escalationComment(input: EscalationInput): string {
  const parts = [
    escalationMarker(input),
    `### agent-harness needs a human: task ${escapeCell(input.taskId)}`,
    '',
    `Task **${escapeCell(input.taskId)}** (${escapeCell(input.taskTitle)}) of plan ${escapeCell(input.planId)} ` +
      `used all its tries (the last was try ${input.try}) without passing its review. [This run](${input.runUrl}).`,
    '',
    `**Why:** ${escapeCell(input.why, 1000)}`,
  ];
  if (input.review !== null) {
    const file = input.reviewFile ? ` (${escapeCell(input.reviewFile)})` : '';
    parts.push(
      '',
      `**The last review**${file}:`,
      '',
      fenced(head(input.review, MAX_REVIEW_CHARS), 'markdown'),
    );
  }
  if (input.gateOutput.trim() !== '') {
    parts.push(
      '',
      '**The gate’s output** (the end of build.sh / verify.sh):',
      '',
      fenced(tail(input.gateOutput, MAX_GATE_CHARS)),
    );
  }
  parts.push(
    '',
    '**To resume**, an owner, member or collaborator either replies here (the first such comment is given to ' +
      `the developer with the task's next try) or removes the \`${escapeCell(input.label)}\` label (the task ` +
      'tries again as it is); then run the workflow again.',
  );
  return parts.join('\n');
}

/** No valid plan came out of the issue: why (fenced: it quotes the planner's file) and what to do. */
export function planFailureComment(input: {
  issue: number;
  why: string;
  exitCode: number;
  runUrl: string;
}): string {
  return [
    '### agent-harness could not make a plan from this issue',
    '',
    `Planning ended with exit code ${input.exitCode}; [this run](${input.runUrl}) has the sessions. Why:`,
    '',
    fenced(head(input.why, MAX_REVIEW_CHARS)),
    '',
    'Make the issue clearer (or the planner persona in `.harness/personas/planner.md`), then add the trigger ' +
      'label again to plan afresh.',
  ].join('\n');
}
