// The main step's state restore, with the instance lock held and before anything is recovered: the newest
// saved state for this run's key (a fan-out job starts from the main key's) from the store the inputs chose
// (state/make.ts; origin's URL read here, before any session), the number this run's first session will use,
// and the longest recent session for the time budget's estimate.
import * as core from '@actions/core';
import { resumeNumbering } from '../../../loop/index.js';
import type { LoopPaths } from '../../../state/index.js';
import { defaultStateKey } from '../context.js';
import { sessionHistory } from '../logged-sessions.js';
import type { MainSetup } from './setup.js';
import type { PostStore } from '../post/index.js';
import { originUrl } from '../../../os/git.js';
import {
  actionStateStore,
  type MovingStore,
  type StateFile,
  type StateStore,
  type StoreChoice,
} from '../state/index.js';
import { stateFiles } from '../state/index.js';
import { workerStateKey } from '../state/index.js';
import { resolve } from 'node:path';

export interface RestoredState {
  store: StateStore;
  stateKey: string;
  /** For post: the same store, and whether the state moved here from the other one. */
  postStore: PostStore;
  /** The number this run's first session will use. */
  firstGlobal: number;
  longestSessionMs: number;
}

export async function restoreState(
  setup: MainSetup,
  paths: LoopPaths,
  outputPrefix: string,
  env: NodeJS.ProcessEnv,
): Promise<RestoredState> {
  const { inputs, gh, cwd } = setup;
  // A fan-out job keeps its own state beside the main one, and starts from the main one.
  const mainKey = inputs.stateKey ?? defaultStateKey(gh);
  const stateKey = inputs.workerTask
    ? workerStateKey(mainKey, inputs.workerTask)
    : inputs.taskId
      ? `${mainKey}~${inputs.taskId}`
      : mainKey;
  const workerTask = inputs.workerTask ? resolve(cwd, inputs.workerTask) : null;
  const files = stateFiles({
    cwd,
    counter: paths.counter,
    status: paths.status,
    eventLog: paths.eventLog,
    metricsDb: paths.metricsDb,
    workerTask,
  });
  const { store, postStore } = await restoreStore(
    setup,
    files,
    stateKey,
    env,
    inputs.taskId ? [mainKey] : [],
    inputs.stateBranchTranscripts && {
      dir: paths.outputDir,
      prefix: outputPrefix,
      ...inputs.stateBranchTranscripts,
    },
  );
  // The number this run's first session will use: the loop resumes the numbering the same way.
  const { next: firstGlobal } = await resumeNumbering(paths, outputPrefix);
  const history = paths.eventLog ? await sessionHistory(paths.eventLog) : { longestSessionMs: 0 };
  return { store, stateKey, postStore, firstGlobal, longestSessionMs: history.longestSessionMs };
}

/**
 * The store the inputs chose for `key` (origin's URL read now, before any session), restored (`fallback`: keys
 * tried after it), and its record for post.
 */
export async function restoreStore(
  setup: MainSetup,
  files: readonly StateFile[],
  key: string,
  env: NodeJS.ProcessEnv,
  fallback: readonly string[],
  transcripts: StoreChoice['transcripts'] = null,
): Promise<{ store: MovingStore; postStore: PostStore }> {
  const { inputs, gh, cwd, warn, redact } = setup;
  const remoteUrl = await originUrl(cwd);
  const choice = { kind: inputs.stateStore, branch: inputs.stateBranch, remoteUrl, transcripts };
  const info = (message: string) => core.info(redact(message));
  const job = { gh, files, key, repo: cwd, token: inputs.token, env, warn, info, redact };
  const store = actionStateStore(choice, job);
  const restored = await store.restore(fallback);
  core.info(
    restored
      ? `Restored state from ${store.movedFrom ?? store.location}.`
      : `No saved state in ${store.location}: starting fresh.`,
  );
  return { store, postStore: { ...choice, movedFrom: store.movedFrom, merged: false } };
}
