// The main step's handover to post through the runner's step state: written once the state is restored (so a
// main killed outright still leaves post what it needs), and again when the loop has ended.
import * as core from '@actions/core';
import { resolve } from 'node:path';
import type { Config } from '../../../config/index.js';
import type { RunSummary } from '../../../loop/index.js';
import type { LoopPaths } from '../../../state/index.js';
import { artifactName } from '../post/index.js';
import type { MainSetup } from './setup.js';
import { encodePostState, POST_STATE_NAME, type PostState, type PostStore } from '../post/index.js';

export function startPostState(
  setup: MainSetup,
  config: Config,
  paths: LoopPaths,
  restored: { stateKey: string; firstGlobal: number; store: PostStore },
): PostState {
  const { inputs, gh, cwd, forge, issue } = setup;
  return {
    version: 1,
    cwd,
    statusFile: paths.status,
    eventLog: paths.eventLog,
    metricsDb: paths.metricsDb,
    workerTask: inputs.workerTask ? resolve(cwd, inputs.workerTask) : null,
    counterFile: paths.counter,
    outputDir: paths.outputDir,
    outputPrefix: config.session.output_prefix,
    stateKey: restored.stateKey,
    store: restored.store,
    firstGlobal: restored.firstGlobal,
    maxIterations: config.session.max_iterations,
    issue,
    sha: gh.sha,
    runUrl: gh.runUrl,
    uploadArtifacts: inputs.uploadArtifacts,
    artifactName: artifactName({
      runId: gh.runId,
      runAttempt: gh.runAttempt,
      jobKey: inputs.jobKey,
      job: gh.job,
      taskId: inputs.taskId,
    }),
    artifactRetentionDays: inputs.artifactRetentionDays ?? null,
    commitStatus: inputs.commitStatus && forge !== null && gh.sha !== '',
    statusContext: inputs.statusContext,
    summary: inputs.summary,
    end: null,
  };
}

export function savePostState(post: PostState): void {
  core.saveState(POST_STATE_NAME, encodePostState(post));
}

/** Records how the loop ended in the handover (mutating it: a cancellation's deadline saves the same record). */
export function endPostState(post: PostState, summary: RunSummary): void {
  post.end = {
    stopReason: summary.stopReason,
    exitCode: summary.exitCode,
    productive: summary.productive,
    iteration: summary.iterations,
    global: summary.global,
    idleSessions: summary.idleSessions ?? 0,
    resumeAfter: summary.resumeAfter ?? null,
  };
  savePostState(post);
}
