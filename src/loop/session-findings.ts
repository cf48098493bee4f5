// What a finished session's transcript and repository say: the verdict from the transcript's tail, the counts
// only a pass over the whole transcript knows (taken from the follower's pass when it made one), and whether the
// session committed (git's refs before and after, the commit patterns in the agent's words).
import { readTail, TAIL_BYTES, WIDE_TAIL_BYTES } from '../agents/index.js';
import type { TranscriptVerdict } from '../agents/index.js';
import { withTurnShape } from '../agents/index.js';
import { gitRefs, refMoves } from '../os/git-refs.js';
import type { LoopContext } from './context.js';
import { commitEvidence, type CommitEvidence } from './commit-evidence.js';
import type { SessionRecord } from './session-record.js';
import { scanTranscript, type ScanOptions, type ScanResult } from './transcript-scan.js';

export interface CommitFinding {
  /** In git: a new commit on HEAD or a branch. Outside git: a commit pattern matched. */
  committed: boolean;
  evidence: CommitEvidence;
  /** The first commit pattern found in what the agent did or said, whether or not it counted. */
  pattern: string | null;
  /** The agent's words the pattern matched, shortened. */
  patternText: string | null;
  headAfter: string | null;
  /** Local branches that moved to a new commit during the session. */
  branchesMoved: string[];
}

/**
 * Classify from the transcript's tail. A final line longer than the tail (a huge result text) would be cut
 * at the front and skipped as partial, so a tail holding less than one whole line is read again, larger.
 */
export async function classifyTranscript(
  ctx: LoopContext,
  transcript: string,
  exit: { code: number | null; signal: string | null },
): Promise<TranscriptVerdict> {
  const options = { patterns: ctx.ratePatterns, now_ms: ctx.platform.clock.now(), exit };
  let tail = await readTail(transcript, TAIL_BYTES);
  if (!tail.complete && !tail.text.trimEnd().includes('\n'))
    tail = await readTail(transcript, WIDE_TAIL_BYTES);
  return ctx.adapter.classify(tail.text, tail.complete, options);
}

/**
 * Commit evidence, and the tool-call count, from one line-based pass over the transcript: commit patterns are
 * matched only in what the agent did or said; in a git working directory a commit is made only when HEAD or a
 * local branch moved to a new commit (see commit-evidence.ts).
 */
export async function findCommit(ctx: LoopContext, record: SessionRecord): Promise<CommitFinding> {
  const scan = await completeMetrics(ctx, record, ctx.commitPatterns);
  const before = record.gitBefore;
  const gitAfter = before === null ? null : await gitRefs(ctx.paths.cwd);
  const moves = before === null || gitAfter === null ? null : refMoves(before, gitAfter);
  const { committed, evidence } = commitEvidence(scan.matchedPattern !== null, moves);
  return {
    committed,
    evidence,
    pattern: scan.matchedPattern,
    patternText: scan.matchedText,
    headAfter: gitAfter?.head ?? null,
    branchesMoved: moves?.branches ?? [],
  };
}

/**
 * The counts only a pass over the whole transcript knows: tool calls (0 where the format counts them and the
 * transcript has none: a known count is never null, issue 23) and the turn shape, written into the record's
 * metrics. Every session_complete needs them, an empty or cancelled session's too; `patterns` are the commit
 * patterns looked for in the same pass (none when no commit is looked for).
 */
export async function completeMetrics(
  ctx: LoopContext,
  record: SessionRecord,
  patterns: readonly RegExp[] = [],
): Promise<ScanResult> {
  // The follower's pass looked for the run's commit patterns; a caller that asks for none gets none. Without
  // it (a follower that could not read, a transcript cut shorter), one pass over the file.
  const followed = await record.followed;
  const usable = followed != null && (patterns.length === 0 || patterns === ctx.commitPatterns);
  const scan = usable
    ? patterns.length > 0
      ? followed
      : { ...followed, matchedPattern: null, matchedText: null }
    : await scanTranscript(record.transcript, scanOptions(ctx, patterns));
  if (record.verdict.metrics.tool_calls === null && scan.toolCalls !== null) {
    record.verdict.metrics.tool_calls = scan.toolCalls;
  }
  record.verdict.metrics = withTurnShape(record.verdict.metrics, scan.turns, ctx.adapter.reportsTurns);
  return scan;
}

export function scanOptions(ctx: LoopContext, patterns: readonly RegExp[]): ScanOptions {
  return {
    patterns,
    agentText: ctx.adapter.agentText,
    toolCalls: ctx.adapter.toolCalls,
    turnShape: ctx.adapter.turnShape,
    lineMarkers: ctx.adapter.lineMarkers ?? null,
  };
}
