// The Action's main step: restore state from the cache, judge an issue-label trigger, run the same harness as
// the CLI with GitHub's stop sources and reporting, and hand over to post. `mode: review` runs review mode's
// cycle instead (review/main.ts). A cancellation (the runner's SIGINT,
// then SIGTERM 7.5 s later) ends the agent at once and leaves all network work to post. `worker-supervise` runs
// a directory of worker tasks by the supervisor instead (supervise-run.ts). Each phase is a file of
// its own: setup, trigger, state-restore, post-handover, reporting-sink, cancel, credentials/index.ts,
// outputs.
import { withActionIsolation, withActionWaitLimit } from '../agent-isolation.js';
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { loadConfig } from '../../../config/index.js';
import { runHarness } from '../../../harness/index.js';
import type { HomePorts } from '../../../loop/index.js';
import type { Config } from '../../../config/index.js';
import { StopController } from '../../../loop/index.js';
import { systemClock } from '../../../os/system-clock.js';
import { resolvePaths, type LoopPaths } from '../../../state/index.js';
import { reportEnd } from './outputs.js';
import { setUpMain, type MainSetup } from './setup.js';
import { decideTrigger } from './trigger.js';
import { actionBudget } from '../outcome.js';
import { endPostState } from './post-handover.js';
import type { PostState } from '../post/index.js';
import type { SerialQueue } from '../background.js';
import { startRunPorts } from './run-ports.js';
import { checkoutTaskBranch } from './task-run.js';
import { actionSelfCommand } from './self-command.js';
import { openTaskDriver } from '../../../worker/index.js';
import * as core from '@actions/core';

export async function runMain(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const setup = await setUpMain(env);
  const { inputs, cwd } = setup;
  const trigger = await decideTrigger(setup);
  if (!trigger.run) return;
  if (inputs.mode === 'review') {
    // Loaded only in review mode: it brings the cycle and its templates (text modules a plain TypeScript
    // runner such as @github/local-action's cannot import).
    const { runReviewMain } = await import('./review-run.js');
    return runReviewMain(setup, trigger, env);
  }
  if (inputs.workerSupervise) {
    // Worker tasks run by the supervisor: no loop, no agent sessions (supervise-run.ts).
    const { runSuperviseMain } = await import('./supervise-run.js');
    return runSuperviseMain(setup, env);
  }

  const loaded = await loadConfig({
    cwd,
    ...(inputs.configPath ? { configPath: inputs.configPath } : {}),
    overrides: {
      ...(inputs.maxIterations !== undefined ? { 'session.max_iterations': inputs.maxIterations } : {}),
      ...(trigger.promptFile ? { 'prompt.file': resolve(cwd, trigger.promptFile) } : {}),
      // A worker task: every session is the harness's own worker on it.
      ...(inputs.workerTask ? { 'agent.format': 'json-actions' } : {}),
    },
  });
  const config = withActionWaitLimit(withActionIsolation(loaded.config, inputs));
  const stop = new StopController();
  // Filled by the start phase, with the lock held; read once the harness has ended.
  const handover: { value?: Handover } = {};

  const self = actionSelfCommand();
  const summary = await runHarness({
    config,
    cwd,
    env: process.env,
    clock: systemClock,
    spawn,
    stop,
    ...(inputs.taskId ? { onlyTask: inputs.taskId } : {}),
    ...(self ? { self } : {}),
    configFile: loaded.file,
    ...(inputs.workerTask
      ? {
          driver: openTaskDriver(resolve(cwd, inputs.workerTask), (fields) => core.info(keyValues(fields))),
        }
      : {}),
    start: async ({ paths }) => {
      const started = await startRun(setup, config, paths, stop, env);
      handover.value = started.handover;
      return started.ports;
    },
  });

  if (!handover.value) throw new Error('the harness returned without running the start phase');
  const { post, queue, firstGlobal } = handover.value;
  endPostState(post, summary);
  const { eventLog } = resolvePaths(config, cwd);
  await reportEnd({ setup, summary, eventLog, firstGlobal, queue });
}

/** What the start phase leaves for the end of main: the handover to post and the background work to drain. */
interface Handover {
  post: PostState;
  queue: SerialQueue;
  firstGlobal: number;
}

/**
 * The start phase, with the instance lock held and before a previous run is recovered: restore the cached state,
 * hand over to post, and build this run's ports (the reporting sink, the logger, the STOP label, the budget, the
 * cancel handling); a fan-out job then switches to its task's branch.
 */
async function startRun(
  setup: MainSetup,
  config: Config,
  paths: LoopPaths,
  stop: StopController,
  env: NodeJS.ProcessEnv,
): Promise<{ ports: HomePorts; handover: Handover }> {
  const { inputs, cwd } = setup;
  const { restored, post, sink, logger, stopSources, uninstall } = await startRunPorts(
    setup,
    config,
    paths,
    stop,
    env,
  );
  const budget = inputs.timeBudgetMinutes
    ? actionBudget(
        inputs.timeBudgetMinutes,
        systemClock.monotonic(),
        config.watchdog.kill_grace_secs,
        restored.longestSessionMs,
      )
    : undefined;
  if (inputs.taskId) await checkoutTaskBranch(cwd, inputs.taskId, setup.warn);
  return {
    ports: { logger, events: sink.events, stopSources, budget: () => budget, dispose: uninstall },
    handover: { post, queue: sink.queue, firstGlobal: restored.firstGlobal },
  };
}

function keyValues(fields: Record<string, string | number | null>): string {
  return `agent-harness: ${Object.entries(fields)
    .map(([key, value]) => `${key}=${String(value)}`)
    .join(' ')}`;
}
