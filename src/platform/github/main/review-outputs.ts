// Review mode's last phase of the main step: its outputs (from the sessions the event log recorded), the handover
// of how the run ended to post, and the step's result. After a cancellation only the outputs are set: everything
// that needs the network is post's.
import * as core from '@actions/core';
import type { Config } from '../../../config/index.js';
import { EXIT } from '../../../errors/exit-codes.js';
import { resumeNumbering } from '../../../loop/index.js';
import type { LoopPaths } from '../../../state/index.js';
import type { SerialQueue } from '../background.js';
import { readEvents, sessionsFrom, totalsOf } from '../logged-sessions.js';
import type { MainSetup } from './setup.js';
import { describeStop } from '../outcome.js';
import { savePostState } from './post-handover.js';
import type { PostState } from '../post/index.js';

/**
 * The outputs, the handover to post, and the step's result. A task waiting for a human is not a failure of
 * the step: the issue says what to do; the exit code (13) is in the outputs, the summary and the commit status.
 */
export async function finishReview(input: {
  setup: MainSetup;
  config: Config;
  paths: LoopPaths;
  post: PostState;
  firstGlobal: number;
  issue: number;
  ended: { reason: string; exitCode: number; message?: string };
  queue: SerialQueue;
}): Promise<void> {
  const { setup, config, paths, post, firstGlobal, issue, ended, queue } = input;
  const sessions = sessionsFrom(paths.eventLog ? await readEvents(paths.eventLog) : [], firstGlobal);
  const totals = totalsOf(sessions);
  const { next: global } = await resumeNumbering(paths, config.session.output_prefix);
  post.end = {
    stopReason: ended.reason,
    exitCode: ended.exitCode,
    productive: totals.productive,
    iteration: totals.sessions,
    global,
  };
  savePostState(post);
  core.setOutput('stop-reason', ended.reason);
  core.setOutput('iterations', totals.productive);
  core.setOutput('global-iteration', global);
  core.setOutput('committed', totals.committed);
  core.setOutput('rate-limited', totals.rateLimited);
  core.setOutput('cost-usd', totals.costUsd.toFixed(4));
  core.setOutput('tokens', totals.tokens);
  if (ended.reason === 'cancelled') return;
  await queue.drain(120_000);
  if (ended.message) core.info(setup.redact(ended.message));
  if (ended.exitCode === EXIT.needsHuman) {
    core.notice(`agent-harness: ${describeStop(ended.reason)}: see the comment on issue #${issue}`);
    return;
  }
  if (ended.exitCode !== EXIT.ok) {
    const why = ended.message ?? describeStop(ended.reason);
    core.setFailed(`agent-harness: ${setup.redact(why)} (exit code ${ended.exitCode})`);
  }
}
