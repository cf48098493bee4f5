// The Action's main step: restore state from the cache, judge an issue-label trigger, run the same loop as
// the CLI with GitHub's stop sources and reporting, and hand over to post. A cancellation (the runner's SIGINT,
// then SIGTERM 7.5 s later) ends the agent at once and leaves all network work to post.
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import * as cache from '@actions/cache';
import * as core from '@actions/core';
import { loadConfig } from '../../config/load.js';
import { acquireInstanceLock } from '../../state/instance-lock.js';
import { preflight } from '../../loop/preflight.js';
import { resumeNumbering } from '../../loop/numbering.js';
import { resolvePaths } from '../../state/paths.js';
import { runLoop, type RunSummary } from '../../loop/runner.js';
import { StopController } from '../../loop/stop.js';
import { endCarriers, newCookie } from '../../os/cookie.js';
import { recoverPreviousRun } from '../../loop/recovery.js';
import type { StopSource } from '../../loop/stop-sources.js';
import { FileEventLog, type EventSink, type HarnessEvent } from '../../state/event-log.js';
import { systemClock } from '../../os/system-clock.js';
import { artifactName } from './artifact-name.js';
import { SerialQueue } from './background.js';
import { defaultStateKey, issueNumberFrom, readGitHubContext, type GitHubContext } from './context.js';
import { Forge } from './forge.js';
import { parseInputs, type ActionInputs } from './inputs.js';
import { issuePrompt, judgeTrigger, labelTriggerFrom } from './issue-trigger.js';
import { GitHubLogger } from './logger.js';
import { createOctokit } from './octokit.js';
import { encodePostState, POST_STATE_NAME, type PostState } from './post-state.js';
import { createRedactor } from './redact.js';
import { collectSecrets } from './secrets.js';
import { cacheTimeoutMs, CacheStateStore } from './state-store.js';
import { stateFiles } from './state-files.js';
import { TaskSession } from '../../tasks/session.js';
import { checkoutTaskBranch, tasksOutput } from './task-run.js';
import { actionBudget, describeStop, stepFails } from './outcome.js';
import { readEvents, sessionHistory, sessionsFrom, totalsOf, type RunTotals } from './history.js';

/** SIGTERM to SIGKILL for the agent on cancellation: inside the runner's 7.5 s SIGINT window. */
const CANCEL_GRACE_MS = 4000;
/** If main is still alive this long after the first cancel signal, it leaves at once. */
const CANCEL_DEADLINE_MS = 6500;

export async function runMain(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const inputs = parseInputs((name) => core.getInput(name));
  const gh = readGitHubContext(env);
  // The cache client resolves its paths against the current directory and stores them relative to the workspace.
  process.chdir(gh.workspace);
  const secrets = collectSecrets(env, [inputs.token]);
  for (const secret of secrets) core.setSecret(secret);
  const redact = createRedactor(secrets);
  const warn = (message: string) => core.warning(redact(message));
  const cwd = resolve(gh.workspace, inputs.workingDirectory);
  const forge = inputs.token
    ? new Forge(createOctokit({ token: inputs.token, baseUrl: gh.apiUrl, warn }), gh.owner, gh.repo)
    : null;
  const issue = issueNumberFrom(gh, inputs.issueNumber);
  const workDir = join(gh.runnerTemp, 'agent-harness');
  await mkdir(workDir, { recursive: true });

  // An issue label can start the loop; only a trusted actor's label does, and the issue's text is data.
  let promptOverride: string | null = inputs.promptFile;
  if (inputs.prompt !== null) {
    promptOverride = join(workDir, 'prompt.md');
    await writeFile(promptOverride, inputs.prompt);
  }
  const trigger = inputs.triggerLabel
    ? labelTriggerFrom(gh.eventName, gh.payload, inputs.triggerLabel)
    : null;
  if (inputs.triggerLabel && gh.eventName === 'issues' && !trigger) {
    core.info(`This event is not the "${inputs.triggerLabel}" label being added: nothing to do.`);
    core.setOutput('stop-reason', 'not_triggered');
    return;
  }
  if (trigger) {
    if (!forge)
      throw new Error('the issue-label trigger needs the github-token input to check who added the label');
    const verdict = await judgeTrigger(trigger, forge, inputs.allowedActors);
    if (verdict.kind === 'refused') {
      await forge
        .comment(trigger.issue, verdict.message)
        .catch((error: Error) => warn(`could not comment: ${error.message}`));
      core.setOutput('stop-reason', 'refused');
      core.setFailed(verdict.message);
      return;
    }
    if (verdict.bodyNote)
      warn(`Issue #${trigger.issue}: the body is not given to the agent: ${verdict.bodyNote}.`);
    const base = promptOverride ? await readFile(resolve(cwd, promptOverride), 'utf8') : null;
    promptOverride = join(workDir, `issue-${trigger.issue}-prompt.md`);
    await writeFile(promptOverride, issuePrompt({ ...verdict, promptFile: base }));
  }

  const loaded = await loadConfig({
    cwd,
    ...(inputs.configPath ? { configPath: inputs.configPath } : {}),
    overrides: {
      ...(inputs.maxIterations !== undefined ? { 'session.max_iterations': inputs.maxIterations } : {}),
      ...(promptOverride ? { 'prompt.file': resolve(cwd, promptOverride) } : {}),
    },
  });
  const config = loaded.config;
  preflight(config, cwd);
  const paths = resolvePaths(config, cwd);
  // Before the cache restore writes state here: one harness per directory (an early throw releases it at exit).
  const cookie = newCookie();
  const lock = await acquireInstanceLock(paths.lock, { cookie });

  // A fan-out job keeps its own state beside the main one, and starts from the main one.
  const mainKey = inputs.stateKey ?? defaultStateKey(gh);
  const stateKey = inputs.taskId ? `${mainKey}~${inputs.taskId}` : mainKey;
  const files = stateFiles({ cwd, counter: paths.counter, status: paths.status, eventLog: paths.eventLog });
  const store = new CacheStateStore(
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
  const { next: firstGlobal } = await resumeNumbering(paths, config.session.output_prefix);
  const history = paths.eventLog ? await sessionHistory(paths.eventLog) : { longestSessionMs: 0 };

  const post: PostState = {
    version: 1,
    cwd,
    statusFile: paths.status,
    eventLog: paths.eventLog,
    counterFile: paths.counter,
    outputDir: paths.outputDir,
    outputPrefix: config.session.output_prefix,
    stateKey,
    firstGlobal,
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
  core.saveState(POST_STATE_NAME, encodePostState(post));

  const queue = new SerialQueue((error) =>
    warn(`background GitHub work failed: ${(error as Error).message}`),
  );
  const status = (state: 'pending', description: string) => {
    if (!post.commitStatus || !forge) return;
    queue.push('status', () => forge.setStatus(gh.sha, state, description, gh.runUrl, inputs.statusContext));
  };
  status('pending', `iteration 0/${config.session.max_iterations}`);

  const stop = new StopController();
  const logger = new GitHubLogger(
    { write: (text) => process.stdout.write(text), debugEnabled: core.isDebug() },
    systemClock.now,
    redact,
  );
  const fileLog = paths.eventLog ? new FileEventLog(paths.eventLog, systemClock.now) : null;
  let productiveThisRun = 0;
  const events: EventSink = {
    emit: async (event: HarnessEvent) => {
      await fileLog?.emit(event);
      if (event.event !== 'session_complete' || stop.forcedBy === 'cancelled') return;
      if (event.outcome === 'productive') productiveThisRun++;
      const global = Number(event.global);
      queue.push('state', async () => void (await store.save(global)));
      status(
        'pending',
        `iteration ${Number(event.iteration) + (event.outcome === 'productive' ? 1 : 0)}/${config.session.max_iterations}, ${productiveThisRun} productive`,
      );
    },
  };

  const stopSources: StopSource[] = [];
  if (forge && issue !== null && inputs.stopLabel) {
    const label = inputs.stopLabel;
    core.info(
      `Watching issue #${issue} for the "${label}" label (every ${inputs.stopLabelPollSecs} s during a session).`,
    );
    stopSources.push({
      name: 'stop_label',
      pollMs: inputs.stopLabelPollSecs * 1000,
      check: async () => (await forge.issueLabels(issue)).includes(label),
    });
  }

  const started = systemClock.now();
  const budget = inputs.timeBudgetMinutes
    ? actionBudget(
        inputs.timeBudgetMinutes,
        started,
        config.watchdog.kill_grace_secs,
        history.longestSessionMs,
      )
    : undefined;

  let firstSignalAt: number | null = null;
  const onCancel = (signal: NodeJS.Signals) => {
    if (firstSignalAt !== null) return;
    firstSignalAt = systemClock.now();
    logger.log('warn', { signal, action: 'cancelling: ending the agent now, post saves state' });
    stop.force({ reason: 'cancelled', graceMs: CANCEL_GRACE_MS });
    setTimeout(() => {
      core.saveState(POST_STATE_NAME, encodePostState(post));
      process.exit(1);
    }, CANCEL_DEADLINE_MS).unref();
  };
  process.on('SIGINT', onCancel);
  process.on('SIGTERM', onCancel);

  if (inputs.taskId) await checkoutTaskBranch(cwd, inputs.taskId, warn);
  await recoverPreviousRun(paths.status, {
    clock: systemClock,
    logger,
    emit: (event) => events.emit(event),
    killGraceMs: config.watchdog.kill_grace_secs * 1000,
    staleLock: lock.reclaimedFrom,
  });
  const tasks = await TaskSession.open({
    cwd,
    paths,
    env: process.env,
    clock: systemClock,
    spawn,
    emit: (event) => events.emit(event),
    log: (level, fields) => logger.log(level, fields),
    ...(inputs.taskId ? { onlyTask: inputs.taskId } : {}),
    cookie,
    signal: stop.interrupt,
  });
  let summary: RunSummary;
  try {
    summary =
      tasks !== null && 'stop' in tasks
        ? {
            exitCode: tasks.exitCode ?? 0,
            stopReason: tasks.stop,
            productive: 0,
            iterations: 0,
            trailingRateLimits: 0,
            global: firstGlobal,
          }
        : await runLoop({
            ...(tasks ? { driver: tasks } : {}),
            config,
            cwd,
            stop,
            cookie,
            previousRunRecovered: true,
            stopSources,
            ...(budget ? { budget } : {}),
            platform: { clock: systemClock, logger, events, spawn },
          });
  } finally {
    // Also when the loop failed: nothing this run started outlives it.
    await endCarriers(cookie, 0, systemClock);
    process.off('SIGINT', onCancel);
    process.off('SIGTERM', onCancel);
    await lock.release();
  }

  post.end = {
    stopReason: summary.stopReason,
    exitCode: summary.exitCode,
    productive: summary.productive,
    iteration: summary.iterations,
    global: summary.global,
  };
  core.saveState(POST_STATE_NAME, encodePostState(post));
  const totals = totalsOf(sessionsFrom(paths.eventLog ? await readEvents(paths.eventLog) : [], firstGlobal));
  setOutputs(summary, totals);
  const taskSummary = await tasksOutput(cwd);
  if (taskSummary) core.setOutput('tasks', JSON.stringify(taskSummary));
  if (summary.stopReason === 'cancelled') return;

  await queue.drain(120_000);
  if (summary.stopReason === 'stop_label' && forge && issue !== null && inputs.stopLabel) {
    await afterStopLabel(forge, issue, inputs, summary, gh).catch((error: Error) =>
      warn(`STOP label follow-up failed: ${error.message}`),
    );
  }
  if (stepFails(summary.stopReason, summary.exitCode)) {
    const why = summary.error ?? describeStop(summary.stopReason);
    core.setFailed(`agent-harness: ${why} (exit code ${summary.exitCode})`);
  }
}

async function afterStopLabel(
  forge: Forge,
  issue: number,
  inputs: ActionInputs,
  summary: RunSummary,
  gh: GitHubContext,
) {
  await forge.removeLabel(issue, inputs.stopLabel!);
  await forge.comment(
    issue,
    `The agent-harness loop stopped at iteration ${summary.iterations} (global counter ${summary.global}) because the ` +
      `\`${inputs.stopLabel}\` label was added; the label has been removed. Run: ${gh.runUrl}`,
  );
}

function setOutputs(summary: RunSummary, totals: RunTotals) {
  core.setOutput('iterations', summary.productive);
  core.setOutput('global-iteration', summary.global);
  core.setOutput('stop-reason', summary.stopReason);
  core.setOutput('committed', totals.committed);
  core.setOutput(
    'rate-limited',
    summary.trailingRateLimits > 0 || summary.stopReason === 'rate_limits_exhausted',
  );
  core.setOutput('cost-usd', totals.costUsd.toFixed(4));
}
