// Review mode's conversation with GitHub, at the edge: open or update the plan's pull request, escalate a task
// to a human on the issue (the comment, then the label), and collect the humans' answers for the tasks that wait
// for one. The decisions are pure (pull-body, escalation-comment, human-reply); this file only calls the API.
import type { PlanProgress } from '../../../review/index.js';
import { untrustedReason, type ActorTrust } from '../actor-trust.js';
import { escalationComment, type EscalationInput } from './escalation-comment.js';
import { findHumanReply, loginsToJudge, type HumanReply, type IgnoredReply } from './human-reply.js';
import type { PullFacts, ReviewForge } from './forge.js';

/** The open pull request from `branch` with this title and body: updated when there is one, else created. */
export async function openOrUpdatePull(
  forge: ReviewForge,
  input: { branch: string; base: string; title: string; body: string },
): Promise<{ pull: PullFacts; created: boolean }> {
  const open = await forge.openPull(input.branch);
  if (open) {
    if (open.title === input.title && open.body === input.body) return { pull: open, created: false };
    return { pull: await forge.updatePull(open.number, input), created: false };
  }
  return { pull: await forge.createPull(input), created: true };
}

/** The escalation comment, then the label (created when missing). Returns the comment's address. */
export async function postEscalation(
  forge: ReviewForge,
  issue: number,
  input: EscalationInput,
): Promise<string> {
  const { htmlUrl } = await forge.comment(issue, escalationComment(input));
  await forge.addLabel(
    issue,
    input.label,
    'agent-harness: a task used all its tries; reply on the issue or remove this label to resume',
  );
  return htmlUrl;
}

/**
 * The answers on the issue for the plan's tasks that wait for a human, at most one per task; an answer the
 * task already had (same time and author) is not given twice. Only someone `trust` trusts (write access, or
 * `allowed-actors`: the same people as for the trigger label) answers; their permission is asked about here,
 * once per login, and the search itself is pure. `log` hears about what was ignored, and why.
 */
export async function humanReplies(
  forge: ReviewForge,
  issue: number,
  progress: PlanProgress,
  label: string,
  trust: ActorTrust,
  log: (message: string) => void,
): Promise<HumanReply[]> {
  const waiting = Object.entries(progress.tasks).filter(([, task]) => task.escalated !== null);
  if (waiting.length === 0) return [];
  const [comments, labelChanges] = await Promise.all([forge.comments(issue), forge.labelChanges(issue)]);
  const searches = waiting.map(([taskId, task]) => ({
    taskId,
    task,
    input: { planId: progress.plan_id, taskId, comments, labelChanges, label },
  }));
  const logins = [...new Set(searches.flatMap((s) => loginsToJudge(s.input)))];
  const verdicts = await Promise.all(
    logins.map(async (login) => [login, await trust.trusts(login)] as const),
  );
  const trusted = new Set(verdicts.filter(([, yes]) => yes).map(([login]) => login));
  return searches.flatMap(({ taskId, task, input }) => {
    const found = findHumanReply({ ...input, trusted });
    for (const skip of found.ignored)
      log(
        `Issue #${issue}: ${describeIgnored(skip)} is not an answer for task ${taskId}: ${reasonOf(skip)}.`,
      );
    if (found.escalationId === null)
      log(`Issue #${issue}: no escalation comment for task ${taskId} of plan ${progress.plan_id} was found.`);
    const reply = found.reply;
    if (!reply) return [];
    const seen = task.human_replies.some((r) => r.at === reply.at && r.by === reply.by);
    return seen ? [] : [reply];
  });
}

function describeIgnored(skip: IgnoredReply): string {
  if (skip.kind === 'label removal') return `the removal of the label by @${skip.by} (${skip.at})`;
  const what = skip.kind === 'marker' ? 'the escalation marker in the comment' : 'the comment';
  return `${what} by @${skip.by} (${skip.association}, ${skip.at})`;
}

function reasonOf(skip: IgnoredReply): string {
  if (skip.why === 'app') return 'it was written by an app, not a person';
  const why = untrustedReason(skip.by);
  return skip.kind === 'marker' ? `${why}, and only the Action writes escalations` : why;
}
