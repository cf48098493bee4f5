// One iteration slot: the pre hooks, then sessions until one is not empty (or its retries run out), the commit
// evidence, the post hooks and the session's `session_complete` event, in that order; a rate-limited or failed
// session goes to setbacks.ts. What the slot ended with tells the runner whether the iteration is done.
import { EXIT } from '../errors/exit-codes.js';
import type { LoopContext } from './context.js';
import { dispatchSession } from './dispatch.js';
import { runHooks } from './hooks.js';
import { describeCommitEvidence } from './commit-evidence.js';
import { sessionEvent, type SessionCommitFields } from './session-event.js';
import { completeMetrics, findCommit, type CommitFinding } from './session-findings.js';
import type { SessionRecord } from './session-record.js';
import { endFailureStreak, onFailure, onRateLimit } from './setbacks.js';
import type { SlotEnd, Tally } from './slot-end.js';
import { addSpend, spendOf } from './spend.js';
import { checkStop } from './stop-sources.js';
import { userTree } from './user-files.js';

/** One iteration slot: pre hooks, then sessions until one is not empty (or retries run out). */
export async function runSlot(ctx: LoopContext, tally: Tally): Promise<SlotEnd> {
  const { config, paths, status, position } = ctx;
  position.global = position.next;
  const vars = {
    HARNESS_ITERATION: position.iteration,
    HARNESS_GLOBAL_ITERATION: position.next,
    HARNESS_PROMPT_FILE: paths.promptFile,
  };
  ctx.log('info', { status: 'starting' });
  const preHooks = {
    state: 'pre_hooks' as const,
    iteration: position.iteration,
    global_iteration: position.global,
  };
  if (config.hooks.pre_session.length > 0) await status.set(preHooks);
  else status.note(preHooks);
  const preFailure = await runHooks(config.hooks.pre_session, ctx.shellOptions(ctx.env(vars)));
  // A stop request during the pre hooks: no session starts, and a hook it interrupted has not failed.
  if (ctx.stop.reason !== null) return { kind: 'again' };
  if (preFailure) {
    tally.preFailures++;
    ctx.log('error', {
      hook: 'pre_session',
      failed: preFailure.command,
      exit_code: preFailure.exitCode,
      timed_out: preFailure.timedOut,
      consecutive: tally.preFailures,
      stderr: preFailure.stderrTail.slice(-300) || null,
    });
    await ctx.emit({
      event: 'hook_failed',
      phase: 'pre_session',
      iteration: position.iteration,
      ...preFailure,
      consecutive: tally.preFailures,
    });
    if (tally.preFailures >= config.hooks.max_consecutive_pre_failures) {
      ctx.log('error', { stop: 'pre_hook_failures', limit: config.hooks.max_consecutive_pre_failures });
      return { kind: 'stop', reason: 'pre_hook_failures', exitCode: EXIT.preHooks };
    }
    await status.set({ state: 'idle' });
    await ctx.pause(config.backoff.initial_delay_secs * 1000);
    return { kind: 'again' };
  }
  tally.preFailures = 0;

  for (let retries = 0; ; retries++) {
    const record = await dispatchSession(ctx, vars);
    ctx.spend = addSpend(ctx.spend, spendOf(record.verdict.metrics));
    const event = (extra: SessionCommitFields) =>
      sessionEvent({
        iteration: position.iteration,
        record,
        retries,
        fields: ctx.work?.eventFields ?? {},
        extra,
      });

    // An empty session looks for no commit, but its counts are known all the same: no tool call is 0 (issue 23). A
    // cancelled one stops at once, without another pass over its transcript.
    if (record.outcome === 'empty') await completeMetrics(ctx, record);
    if (record.outcome === 'cancelled') {
      ctx.log('warn', { status: 'cancelled', output_bytes: record.result.outputBytes });
      await ctx.emit(event({ committed: false }));
      const reason = ctx.stop.forcedBy ?? 'forced';
      return { kind: 'stop', reason, exitCode: reason === 'time_budget' ? EXIT.ok : EXIT.forced };
    }
    if (record.outcome === 'empty') {
      await ctx.emit(event({ committed: false }));
      endFailureStreak(ctx, tally);
      if (retries >= config.retry.max_empty_retries) {
        ctx.log('error', { status: 'skipped', reason: 'empty', retries });
        await ctx.emit({
          event: 'iteration_skipped',
          iteration: position.iteration,
          global: position.global,
          reason: 'empty',
          retries,
        });
        return { kind: 'done', productive: false };
      }
      ctx.log('warn', {
        retry: `${retries + 1}/${config.retry.max_empty_retries}`,
        output_bytes: record.result.outputBytes,
      });
      await ctx.emit({
        event: 'empty_retry',
        iteration: position.iteration,
        global: position.global,
        retry: retries + 1,
        output_bytes: record.result.outputBytes,
      });
      await status.set({ state: 'retrying' });
      await ctx.pause(config.retry.retry_delay_secs * 1000);
      if (await checkStop(ctx)) return { kind: 'again' };
      continue;
    }

    const commit = await findCommit(ctx, record);
    const changed = await changedFiles(ctx, record, commit.committed);
    await runPostHooks(ctx, record, commit, vars);
    await ctx.emit(
      event({
        committed: commit.committed,
        commit_evidence: commit.evidence,
        commit_pattern: commit.pattern,
        commit_text: commit.patternText,
        commit_branches: commit.branchesMoved,
        head_before: record.gitBefore?.head ?? null,
        head_after: commit.headAfter,
        changed,
      }),
    );
    status.note({
      last_completed_iteration: record.global,
      last_committed: commit.committed,
      last_commit_evidence: describeCommitEvidence({
        evidence: commit.evidence,
        committed: commit.committed,
        pattern: commit.pattern,
        branches: commit.branchesMoved,
      }),
      last_outcome: record.outcome,
    });
    if (record.outcome === 'failed') return onFailure(ctx, record, tally);
    endFailureStreak(ctx, tally);
    if (record.outcome === 'rate_limited') return onRateLimit(ctx, record, tally);

    ctx.log('info', {
      status: 'completed',
      output_bytes: record.result.outputBytes,
      exit_code: record.result.reportedExitCode,
      committed: commit.committed,
    });
    tally.rateLimits = 0;
    status.note({ consecutive_rate_limits: 0 });
    return { kind: 'done', productive: true, changed };
  }
}

async function runPostHooks(
  ctx: LoopContext,
  record: SessionRecord,
  commit: CommitFinding,
  vars: Record<string, string | number>,
): Promise<void> {
  const { config, status, position } = ctx;
  if (config.hooks.post_session.length > 0) await status.set({ state: 'post_hooks' });
  else status.note({ state: 'post_hooks' });
  const { result } = record;
  const failure = await runHooks(
    config.hooks.post_session,
    ctx.shellOptions(
      ctx.env({
        ...vars,
        HARNESS_GLOBAL_ITERATION: record.global,
        HARNESS_OUTPUT_FILE: record.transcript,
        HARNESS_EXIT_CODE: result.reportedExitCode,
        HARNESS_OUTPUT_BYTES: result.outputBytes,
        HARNESS_SESSION_DURATION: Math.round(result.durationMs / 1000),
        HARNESS_COMMITTED: commit.committed,
        HARNESS_OUTCOME: record.outcome,
        HARNESS_COMMIT_EVIDENCE: commit.evidence ?? 'none',
      }),
    ),
  );
  if (failure && !failure.interrupted) {
    ctx.log('error', {
      hook: 'post_session',
      failed: failure.command,
      exit_code: failure.exitCode,
      timed_out: failure.timedOut,
    });
    await ctx.emit({
      event: 'hook_failed',
      phase: 'post_session',
      iteration: position.iteration,
      global: record.global,
      ...failure,
    });
  }
}

/**
 * Whether the session changed anything of the user's (progress.ts): a new commit, or the user's files as a tree
 * differ from before it. Null outside git or when the tree could not be read.
 */
async function changedFiles(
  ctx: LoopContext,
  record: SessionRecord,
  committed: boolean,
): Promise<boolean | null> {
  if (record.gitBefore === null || record.treeBefore === null) return null;
  if (committed) return true;
  const after = await userTree(ctx);
  return after === null ? null : after !== record.treeBefore;
}
