// What every run of the Action's main step sets up once its instance lock is held, whichever mode it runs (the
// loop, review mode): the cached state restored, the handover to post saved, the reporting sink (cache saves and
// commit statuses in the background), the logger, the STOP label as a stop source, the cancel handling that
// saves the handover when the runner cancels the step, and last, before any session, the job's git credentials
// put aside (credentials/index.ts) until `uninstall`, or the cancel deadline, brings them back.
import * as core from '@actions/core';
import type { Config } from '../../../config/index.js';
import type { StopController } from '../../../loop/index.js';
import type { StopSource } from '../../../loop/index.js';
import { systemClock } from '../../../os/system-clock.js';
import type { LoopPaths } from '../../../state/index.js';
import { handleCancel } from './cancel.js';
import { parkJobCredentials, type Parked } from '../credentials/index.js';
import { GitHubLogger } from '../logger.js';
import type { MainSetup } from './setup.js';
import { savePostState, startPostState } from './post-handover.js';
import type { PostState } from '../post/index.js';
import { reportingSink } from './reporting-sink.js';
import { restoreState } from './state-restore.js';
import { stopLabelSources } from './stop-label.js';

export interface RunPorts {
  restored: Awaited<ReturnType<typeof restoreState>>;
  post: PostState;
  sink: ReturnType<typeof reportingSink>;
  logger: GitHubLogger;
  stopSources: StopSource[];
  /** Removes the cancel handling and brings the job's git credentials back. */
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
  const post = startPostState(setup, config, paths, { ...restored, store: restored.postStore });
  savePostState(post);
  const sink = reportingSink({ setup, config, paths, post, store: restored.store, stop });
  const logger = new GitHubLogger(
    { write: (text) => process.stdout.write(text), debugEnabled: core.isDebug() },
    () => systemClock.now(),
    setup.redact,
  );
  const stopSources = stopLabelSources(setup);
  let parked: Parked | null = null;
  const uninstallCancel = handleCancel(stop, logger, () => {
    savePostState(post);
    parked?.restore();
  });
  try {
    parked = await parkJobCredentials({
      cwd: setup.cwd,
      workspace: setup.gh.workspace,
      runnerTemp: setup.gh.runnerTemp,
      statusFile: paths.status,
      env,
      redact: setup.redact,
    });
  } catch (error) {
    uninstallCancel();
    throw error;
  }
  const uninstall = () => {
    uninstallCancel();
    parked?.restore();
  };
  return { restored, post, sink, logger, stopSources, uninstall };
}
