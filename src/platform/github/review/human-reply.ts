// A human's answer to an escalation, found on the issue. The escalation comment (its first line is the marker,
// escalation-comment.ts) marks the moment; after it, the first comment by someone the run trusts (write access
// to the repository, or named in `allowed-actors`: the people who may add the trigger label, actor-trust.ts) is
// the answer, and its words go into the task's next develop prompt. `author_association` decides nothing: a
// member of the organisation with read access is MEMBER too. Anyone else's comments are ignored (the issue is
// public; their text must not steer the agent), and reported so the log says why. The needs-human label removed
// after the escalation by a trusted person, with no such comment, is an answer without words: try again as it
// is. Pure: who is trusted is looked up at the edge (loginsToJudge says whom to ask) and passed in.
import { parseEscalationMarker } from './escalation-comment.js';
import type { CommentFacts, LabelChange } from './forge.js';

export interface HumanReply {
  taskId: string;
  at: string;
  by: string;
  text: string;
}

export interface IgnoredReply {
  /** A comment after the escalation, a marker that is not the Action's, or a removal of the label. */
  kind: 'comment' | 'marker' | 'label removal';
  by: string;
  /** The comment's `author_association` (for the log only); '' for a label removal. */
  association: string;
  at: string;
  why: 'untrusted' | 'app';
}

export interface ReplySearch {
  /** The reply, or null when there is none yet (or no escalation comment for the task). */
  reply: HumanReply | null;
  /** The escalation comment the search started from. */
  escalationId: number | null;
  /** What was not taken, and why: for the log. */
  ignored: IgnoredReply[];
}

export interface ReplyInput {
  planId: string;
  taskId: string;
  comments: readonly CommentFacts[];
  labelChanges: readonly LabelChange[];
  label: string;
}

const isApp = (comment: CommentFacts): boolean => comment.authorType === 'Bot';
/** An app's login (`github-actions[bot]`): the events API says no more of who removed a label. */
const isAppLogin = (login: string): boolean => login.endsWith('[bot]');

const isMarkerFor = (comment: CommentFacts, planId: string, taskId: string): boolean => {
  const ref = parseEscalationMarker(comment.body);
  return ref !== null && ref.planId === planId && ref.taskId === taskId;
};

const sameLabel = (label: string) => (c: LabelChange) => c.label.toLowerCase() === label.toLowerCase();

const ignoredComment = (kind: 'comment' | 'marker', c: CommentFacts): IgnoredReply => ({
  kind,
  by: c.author,
  association: c.association,
  at: c.createdAt,
  why: isApp(c) ? 'app' : 'untrusted',
});

/**
 * The logins whose trust the search for this task's answer may need: the authors of the comments from the
 * first marker for the task on, and whoever removed the label since then. Apps are not asked about: an app's
 * marker is the Action's, and an app never answers. Empty when no comment carries the task's marker.
 */
export function loginsToJudge(input: ReplyInput): string[] {
  const byId = [...input.comments].sort((a, b) => a.id - b.id);
  const first = byId.findIndex((c) => isMarkerFor(c, input.planId, input.taskId));
  if (first < 0) return [];
  const since = Date.parse(byId[first]!.createdAt);
  const authors = byId
    .slice(first)
    .filter((c) => !isApp(c))
    .map((c) => c.author);
  const removers = input.labelChanges
    .filter((c) => sameLabel(input.label)(c) && c.event === 'unlabeled' && Date.parse(c.createdAt) >= since)
    .map((c) => c.actor);
  const logins = new Map([...authors, ...removers].map((login) => [login.toLowerCase(), login]));
  return [...logins.values()].filter((login) => login !== '' && !isAppLogin(login));
}

/** `trusted`: the logins (any case) with write access or named in `allowed-actors`. */
export function findHumanReply(input: ReplyInput & { trusted: ReadonlySet<string> }): ReplySearch {
  const { planId, taskId, label } = input;
  const trusted = new Set([...input.trusted].map((login) => login.toLowerCase()));
  const isTrusted = (login: string) => !isAppLogin(login) && trusted.has(login.toLowerCase());
  const byId = [...input.comments].sort((a, b) => a.id - b.id);
  // The escalation: the last marker for the task written by the Action (an app's comment) or a trusted person.
  // A stranger cannot plant a marker to move the start of the search.
  const markers = byId.filter((c) => isMarkerFor(c, planId, taskId));
  const escalation = markers.findLast((c) => isApp(c) || isTrusted(c.author));
  if (!escalation)
    return { reply: null, escalationId: null, ignored: markers.map((c) => ignoredComment('marker', c)) };
  const ignored: IgnoredReply[] = [];
  for (const comment of byId.filter((c) => c.id > escalation.id)) {
    if (isMarkerFor(comment, planId, taskId)) {
      ignored.push(ignoredComment('marker', comment)); // later than the last trusted one: not the Action's
      continue;
    }
    if (parseEscalationMarker(comment.body) !== null) continue; // another task's escalation, not an answer
    if (!isApp(comment) && isTrusted(comment.author)) {
      return {
        reply: { taskId, at: comment.createdAt, by: comment.author, text: comment.body },
        escalationId: escalation.id,
        ignored,
      };
    }
    ignored.push(ignoredComment('comment', comment));
  }
  for (const removal of labelRemovalsAfter(input.labelChanges, label, escalation.createdAt)) {
    if (!isTrusted(removal.actor)) {
      const why = isAppLogin(removal.actor) ? 'app' : 'untrusted';
      ignored.push({ kind: 'label removal', by: removal.actor, association: '', at: removal.createdAt, why });
      continue;
    }
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
 * The label's removals after `since`: after the harness added it back with the escalation (the `labeled` event
 * at or after `since`), when there is one, so a removal from before the escalation does not count.
 */
function labelRemovalsAfter(changes: readonly LabelChange[], label: string, since: string): LabelChange[] {
  const later = changes.filter((c) => sameLabel(label)(c) && Date.parse(c.createdAt) >= Date.parse(since));
  const added = later.findIndex((c) => c.event === 'labeled');
  const after = added < 0 ? later : later.slice(added + 1);
  return after.filter((c) => c.event === 'unlabeled');
}
