// The main step's state restore, with the instance lock held and before anything is recovered: the newest
// cached state for this run's key (a fan-out job starts from the main key's), the number this run's first session
// will use, and the longest recent session for the time budget's estimate.
import * as cache from '@actions/cache';
import * as core from '@actions/core';
import { resumeNumbering } from '../../../loop/index.js';
import type { LoopPaths } from '../../../state/index.js';
import { defaultStateKey } from '../context.js';
import { sessionHistory } from '../logged-sessions.js';
import type { MainSetup } from './setup.js';
import { cacheTimeoutMs, CacheStateStore, type StateStore } from '../state/index.js';
import { stateFiles } from '../state/index.js';
import { workerStateKey } from '../state/index.js';
import { resolve } from 'node:path';

export interface RestoredState {
  store: StateStore;
  stateKey: string;
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
  const { inputs, gh, cwd, warn } = setup;
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
  const store: StateStore = new CacheStateStore(
    cache,
    files,
    gh.workspace,
    stateKey,
    { id: gh.runId, attempt: gh.runAttempt },
    warn,
    cacheTimeoutMs(env),
  );
  const restored = await store.restore(inputs.taskId ? [mainKey] : []);
  core.info(restored ? `Restored state from the cache (${restored}).` : 'No cached state: starting fresh.');
  // The number this run's first session will use: the loop resumes the numbering the same way.
  const { next: firstGlobal } = await resumeNumbering(paths, outputPrefix);
  const history = paths.eventLog ? await sessionHistory(paths.eventLog) : { longestSessionMs: 0 };
  return { store, stateKey, firstGlobal, longestSessionMs: history.longestSessionMs };
}
