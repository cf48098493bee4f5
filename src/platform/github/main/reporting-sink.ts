// The main step's reporting while the loop runs: every event goes to the event log, and each finished session
// queues a state save (to the store the inputs chose) and a pending commit status as background work the loop
// never waits on (none after a cancellation: post saves the state then).
import type { Config } from '../../../config/index.js';
import type { StopController } from '../../../loop/index.js';
import { systemClock } from '../../../os/system-clock.js';
import { FileEventLog, type EventSink, type HarnessEvent } from '../../../state/index.js';
import type { LoopPaths } from '../../../state/index.js';
import { SerialQueue } from '../background.js';
import type { MainSetup } from './setup.js';
import type { PostState } from '../post/index.js';
import { savePostState } from './post-handover.js';
import type { StateStore } from '../state/index.js';

export interface ReportingSink {
  events: EventSink;
  /** The background work (cache saves, commit statuses), drained before main ends. */
  queue: SerialQueue;
}

export function reportingSink(input: {
  setup: MainSetup;
  config: Config;
  paths: LoopPaths;
  post: PostState;
  store: StateStore;
  stop: StopController;
}): ReportingSink {
  const { setup, config, paths, post, store, stop } = input;
  const { forge, gh, inputs, warn } = setup;
  const queue = new SerialQueue((error) =>
    warn(`background GitHub work failed: ${(error as Error).message}`),
  );
  const status = (state: 'pending', description: string) => {
    if (!post.commitStatus || !forge) return;
    queue.push('status', () => forge.setStatus(gh.sha, state, description, gh.runUrl, inputs.statusContext));
  };
  status('pending', `iteration 0/${config.session.max_iterations}`);

  const fileLog = paths.eventLog ? new FileEventLog(paths.eventLog, () => systemClock.now()) : null;
  let productiveThisRun = 0;
  const events: EventSink = {
    emit: async (event: HarnessEvent) => {
      await fileLog?.emit(event);
      if (event.event !== 'session_complete' || stop.forcedBy === 'cancelled') return;
      if (event.outcome === 'productive') productiveThisRun++;
      const { global, iteration } = event;
      queue.push('state', async () => {
        await store.save(global);
        // Post says whether any save had to merge another job's state.
        if (store.merged && post.store && !post.store.merged) {
          post.store.merged = true;
          savePostState(post);
        }
      });
      status(
        'pending',
        `iteration ${iteration + (event.outcome === 'productive' ? 1 : 0)}/${config.session.max_iterations}, ${productiveThisRun} productive`,
      );
    },
  };
  return { events, queue };
}
