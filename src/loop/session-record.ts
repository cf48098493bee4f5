// The record of one session as the dispatch returns it (dispatch.ts): what ran, what its transcript's tail said,
// the outcome and the evidence that decided it, and the refs before the agent ran. The iteration, the findings
// after the session and its `session_complete` event all read it.
import type { FailureInfo, TranscriptVerdict } from '../agents/index.js';
import type { GitRefs } from '../os/git-refs.js';
import type { Outcome } from './policy.js';
import type { SessionResult } from './session.js';
import type { TranscriptFacts } from './transcript-scan.js';

export interface SessionRecord {
  global: number;
  transcript: string;
  result: SessionResult;
  verdict: TranscriptVerdict;
  outcome: Outcome;
  /** Which evidence decided the outcome (policy.ts). */
  decidedBy: string;
  /** Why the session failed, when its outcome is `failed`. */
  failure: FailureInfo | null;
  /** HEAD and the local branches before the agent ran; null outside a git working directory. */
  gitBefore: GitRefs | null;
  /** The user's files as a git tree before the agent ran (os/work-tree.ts); null outside git or when unread. */
  treeBefore: string | null;
  /** The one pass the follower made while the agent wrote (null: read the transcript again). */
  followed?: Promise<TranscriptFacts | null>;
}
