// A human's answer to an escalation, found on the issue. The escalation comment (its first line is the marker,
// escalation-comment.ts) marks the moment; after it, the first comment by the repository's owner, a member of
// its organisation or a collaborator is the answer, and its words go into the task's next develop prompt.
// Anyone else's comments are ignored (the issue is public; their text must not steer the agent), and reported
// so the log says why. The needs-human label removed after the escalation, with no such comment, is an answer
// without words: try again as it is. Pure.
import { parseEscalationMarker } from './escalation-comment.js';
import type { CommentFacts, LabelChange } from './review-forge.js';

/** Whose comments count as an answer (GitHub's `author_association`). */
export const TRUSTED_ASSOCIATIONS: ReadonlySet<string> = new Set(['OWNER', 'MEMBER', 'COLLABORATOR']);

export interface HumanReply {
  taskId: string;
  at: string;
  by: string;
  text: string;
}

export interface ReplySearch {
  /** The reply, or null when there is none yet (or no escalation comment for the task). */
  reply: HumanReply | null;
  /** The escalation comment the search started from. */
  escalationId: number | null;
  /** Comments after the escalation that were not taken, and why: for the log. */
  ignored: Array<{ by: string; association: string; at: string }>;
}

/**
 * An escalation comment: its first line is the marker, and GitHub says who wrote it is an app (the Action's
 * token) or trusted. A stranger cannot plant a marker to move the start of the search.
 */
const isEscalationBy = (comment: CommentFacts): boolean =>
  comment.authorType === 'Bot' || TRUSTED_ASSOCIATIONS.has(comment.association);

export function findHumanReply(input: {
  planId: string;
  taskId: string;
  comments: readonly CommentFacts[];
  labelChanges: readonly LabelChange[];
  label: string;
}): ReplySearch {
  const { planId, taskId, comments, label } = input;
  const byId = [...comments].sort((a, b) => a.id - b.id);
  const escalation = byId.findLast((c) => {
    const ref = parseEscalationMarker(c.body);
    return ref !== null && ref.planId === planId && ref.taskId === taskId && isEscalationBy(c);
  });
  if (!escalation) return { reply: null, escalationId: null, ignored: [] };
  const ignored: ReplySearch['ignored'] = [];
  for (const comment of byId.filter((c) => c.id > escalation.id)) {
    if (parseEscalationMarker(comment.body) !== null) continue; // another escalation, not an answer
    if (TRUSTED_ASSOCIATIONS.has(comment.association)) {
      return {
        reply: { taskId, at: comment.createdAt, by: comment.author, text: comment.body },
        escalationId: escalation.id,
        ignored,
      };
    }
    ignored.push({ by: comment.author, association: comment.association, at: comment.createdAt });
  }
  const removal = labelRemovedAfter(input.labelChanges, label, escalation.createdAt);
  if (removal) {
    return {
      reply: {
        taskId,
        at: removal.createdAt,
        by: removal.actor,
        text: `(the ${label} label was removed by @${removal.actor}, without a comment: try again)`,
      },
      escalationId: escalation.id,
      ignored,
    };
  }
  return { reply: null, escalationId: escalation.id, ignored };
}

/**
 * The label's removal after `since`: after the harness added it back with the escalation (the `labeled` event
 * at or after `since`), when there is one, so a removal from before the escalation does not count.
 */
function labelRemovedAfter(
  changes: readonly LabelChange[],
  label: string,
  since: string,
): LabelChange | null {
  const same = (c: LabelChange) => c.label.toLowerCase() === label.toLowerCase();
  const later = changes.filter((c) => same(c) && Date.parse(c.createdAt) >= Date.parse(since));
  const added = later.findIndex((c) => c.event === 'labeled');
  const after = added < 0 ? later : later.slice(added + 1);
  return after.find((c) => c.event === 'unlabeled') ?? null;
}
