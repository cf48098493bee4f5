// What every run of the Action's main step sets up once its instance lock is held, whichever mode it runs (the
// loop, review mode): the cached state restored, the handover to post saved, the reporting sink (cache saves and
// commit statuses in the background), the logger, the STOP label as a stop source, and the cancel handling that
// saves the handover when the runner cancels the step.
import * as core from '@actions/core';
import type { Config } from '../../config/schema.js';
import type { StopController } from '../../loop/stop.js';
import type { StopSource } from '../../loop/stop-sources.js';
import { systemClock } from '../../os/system-clock.js';
import type { LoopPaths } from '../../state/paths.js';
import { handleCancel } from './cancel.js';
import { GitHubLogger } from './logger.js';
import type { MainSetup } from './main-setup.js';
import { savePostState, startPostState } from './post-handover.js';
import type { PostState } from './post-state.js';
import { reportingSink } from './reporting-sink.js';
import { restoreState } from './state-restore.js';
import { stopLabelSources } from './stop-label.js';

export interface RunPorts {
  restored: Awaited<ReturnType<typeof restoreState>>;
  post: PostState;
  sink: ReturnType<typeof reportingSink>;
  logger: GitHubLogger;
  stopSources: StopSource[];
  /** Removes the cancel handling. */
  uninstall: () => void;
}

export async function startRunPorts(
  setup: MainSetup,
  config: Config,
  paths: LoopPaths,
  stop: StopController,
  env: NodeJS.ProcessEnv,
): Promise<RunPorts> {
  const restored = await restoreState(setup, paths, config.session.output_prefix, env);
  const post = startPostState(setup, config, paths, restored);
  savePostState(post);
  const sink = reportingSink({ setup, config, paths, post, store: restored.store, stop });
  const logger = new GitHubLogger(
    { write: (text) => process.stdout.write(text), debugEnabled: core.isDebug() },
    () => systemClock.now(),
    setup.redact,
  );
  const stopSources = stopLabelSources(setup);
  const uninstall = handleCancel(stop, logger, () => savePostState(post));
  return { restored, post, sink, logger, stopSources, uninstall };
}
