// The Action's main step in review mode (`mode: review`): the issue's plan, developed and reviewed task by task
// on branch `agent-harness/<plan_id>`, with a pull request that shows where it stands and the issue as the place
// a human answers an escalated task. One run:
//   1. restores the cached state (plans, progress, reviews, mistakes, the issue's plan id) and hands over to post;
//   2. with the issue-label trigger and no plan for the issue yet, plans headless from the issue's title and
//      body (fenced as untrusted data by the trigger, issue-trigger.ts) and remembers the plan for the issue;
//   3. switches to the plan's branch, reads humans' answers to escalated tasks on the issue, runs the cycle;
//   4. commits what is left, pushes the branch (with the token input: the job's git credentials are put aside
//      while sessions run, checkout-credentials.ts, review-remote.ts), opens or updates the pull request, posts an escalation comment
//      and the needs-human label for each task that waits for a human, writes the progress table to the job
//      summary and the outputs, and records how the run ended for post.
import { withActionIsolation } from './agent-isolation.js';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import * as core from '@actions/core';
import { loadConfig } from '../../config/load.js';
import type { Config } from '../../config/schema.js';
import { runPlanning } from '../../cycle/planning.js';
import { runReviewCycle, type CycleSummary } from '../../cycle/review-cycle.js';
import type { CyclePorts } from '../../cycle/run-phase.js';
import { EXIT } from '../../errors/exit-codes.js';
import { resumeNumbering } from '../../loop/numbering.js';
import { StopController } from '../../loop/stop.js';
import { systemClock } from '../../os/system-clock.js';
import { planfilePath, plansDir } from '../../review/layout.js';
import { escapeCell, progressMarkdown } from '../../review/progress-table.js';
import { progressPath, readProgress } from '../../review/progress-file.js';
import { resolvePaths, type LoopPaths } from '../../state/paths.js';
import { repoPrefix } from '../../tasks/git.js';
import { escalationMarker, planFailureComment } from './escalation-comment.js';
import { readEvents, sessionsFrom, totalsOf } from './history.js';
import { InputError } from './inputs.js';
import type { MainSetup } from './main-setup.js';
import type { TriggerDecision } from './main-trigger.js';
import { createOctokit } from './octokit.js';
import { describeStop } from './outcome.js';
import type { SerialQueue } from './background.js';
import { savePostState } from './post-handover.js';
import type { PostState } from './post-state.js';
import { blobUrl, pullBody, pullTitle } from './pull-body.js';
import { branchNow, commitLeftovers, excludeFromGit, planBranch, switchToBranch } from './review-branch.js';
import { captureRemote, pushHead, type BranchRemote } from './review-remote.js';
import { ReviewForge } from './review-forge.js';
import { humanReplies, openOrUpdatePull, postEscalation } from './review-github.js';
import { issuePlansPath, planOfIssue, rememberIssuePlan } from './review-state.js';
import { startRunPorts } from './run-ports.js';

export async function runReviewMain(
  setup: MainSetup,
  trigger: Extract<TriggerDecision, { run: true }>,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const { inputs, cwd, gh, warn } = setup;
  const issue = trigger.issue ?? setup.issue;
  if (issue === null)
    throw new InputError(
      'mode: review works on an issue: set trigger-label (the labelled issue becomes the plan) or issue-number',
    );
  const loaded = await loadConfig({
    cwd,
    ...(inputs.configPath ? { configPath: inputs.configPath } : {}),
    overrides: {},
  });
  const config = withActionIsolation(loaded.config, inputs);
  const paths = resolvePaths(config, cwd);
  const stop = new StopController();
  // origin as the checkout left it, before any session (and before the job's credentials are put aside).
  const remote = await captureRemote(cwd, gh.serverUrl, inputs.token, process.env);
  const { restored, post, sink, logger, stopSources, uninstall } = await startRunPorts(
    setup,
    config,
    paths,
    stop,
    env,
  );
  const ports: CyclePorts = {
    config,
    cwd,
    env: process.env,
    clock: systemClock,
    spawn,
    stop,
    logger,
    events: sink.events,
    stopSources,
  };
  const forge = inputs.token
    ? new ReviewForge(createOctokit({ token: inputs.token, baseUrl: gh.apiUrl, warn }), gh.owner, gh.repo)
    : null;

  let ended: { reason: string; exitCode: number; message?: string };
  try {
    await repoPrefix(cwd)
      .then((prefix) => excludeFromGit(cwd, `/${prefix}.harness/issue-plans.json`))
      .catch((error: Error) => warn(`could not keep .harness/issue-plans.json out of git: ${error.message}`));
    const planned = await planFor(setup, trigger, issue, ports);
    if (planned.kind !== 'plan') {
      ended = planned;
      if (planned.kind === 'failed' && forge && stop.forcedBy !== 'cancelled')
        await forge
          .comment(
            issue,
            planFailureComment({
              issue,
              why: setup.redact(planned.message ?? planned.reason),
              exitCode: planned.exitCode,
              runUrl: gh.runUrl,
            }),
          )
          .catch((error: Error) => warn(`commenting on issue #${issue} failed: ${error.message}`));
    } else {
      const planId = planned.planId;
      core.setOutput('plan-id', planId);
      const base = (await branchNow(cwd)) ?? gh.refName;
      const branch = planBranch(planId);
      await switchToBranch(cwd, branch, [plansDir(cwd), issuePlansPath(cwd)], remote, setup.workDir, (m) =>
        core.info(m),
      );
      const progress = await readProgress(progressPath(cwd, planId), planId);
      const label = config.review.needs_human_label;
      const log = (m: string) => core.info(setup.redact(m));
      const replies =
        forge && setup.trust
          ? await humanReplies(forge, issue, progress, label, setup.trust, log).catch((error: Error) => {
              warn(`reading the answers on issue #${issue} failed: ${error.message}`);
              return [];
            })
          : [];
      if (forge && replies.length > 0)
        await forge
          .removeLabelIfPresent(issue, label)
          .catch((error: Error) => warn(`removing the ${label} label failed: ${error.message}`));
      const cycle = await runReviewCycle({
        ...ports,
        planId,
        maxTries: config.review.max_tries,
        replies,
        configFile: loaded.file,
      });
      ended = {
        reason: cycle.reason,
        exitCode: cycle.exitCode,
        ...(cycle.message !== undefined ? { message: cycle.message } : {}),
      };
      if (stop.forcedBy !== 'cancelled')
        await publish({ setup, config, forge, issue, cycle, branch, base, label, remote });
    }
  } finally {
    uninstall();
  }
  await finish({
    setup,
    config,
    paths,
    post,
    firstGlobal: restored.firstGlobal,
    issue,
    ended,
    queue: sink.queue,
  });
}

type Planned =
  | { kind: 'plan'; planId: string }
  | { kind: 'failed' | 'stopped'; reason: string; exitCode: number; message?: string };

/** The issue's plan: the one remembered for it, or a new one made headless from the issue's text. */
async function planFor(
  setup: MainSetup,
  trigger: Extract<TriggerDecision, { run: true }>,
  issue: number,
  ports: CyclePorts,
): Promise<Planned> {
  const { cwd } = setup;
  const known = await planOfIssue(cwd, issue);
  if (known !== null && existsSync(planfilePath(cwd, known))) {
    core.info(`Issue #${issue} has plan ${known}: resuming it.`);
    return { kind: 'plan', planId: known };
  }
  if (known !== null)
    setup.warn(`Issue #${issue}'s plan ${known} is gone from the cached state: planning again.`);
  if (trigger.issue === null || trigger.promptFile === null)
    throw new InputError(
      `mode: review: issue #${issue} has no plan yet, and only the trigger label can make one (set trigger-label ` +
        'and add it to the issue)',
    );
  // The trigger's prompt file is the issue's title and body, fenced as untrusted data; a first line of our own
  // names the plan (its id is made from the description's first line).
  const description = `GitHub issue #${issue}\n\n${await readFile(trigger.promptFile, 'utf8')}`;
  const planning = await runPlanning({ ...ports, description, headless: true });
  if (planning.exitCode === EXIT.ok && planning.plan === null) {
    // A stop request (the STOP label, a cancellation) ended the planner's session: nothing failed.
    return { kind: 'stopped', reason: ports.stop.reason ?? 'stopped', exitCode: EXIT.ok };
  }
  if (planning.exitCode !== EXIT.ok || planning.plan === null) {
    const message = `planning issue #${issue} failed: ${planning.message ?? planning.problems.join('\n')}`;
    if (planning.exitCode === EXIT.planInvalid)
      return { kind: 'failed', reason: 'plan_invalid', exitCode: planning.exitCode, message };
    return { kind: 'failed', reason: 'failed', exitCode: planning.exitCode, message };
  }
  await rememberIssuePlan(cwd, issue, planning.planId);
  return { kind: 'plan', planId: planning.planId };
}

/** The run's results on GitHub: the branch pushed, the pull request, the escalations, the job summary. */
async function publish(input: {
  setup: MainSetup;
  config: Config;
  forge: ReviewForge | null;
  issue: number;
  cycle: CycleSummary;
  branch: string;
  base: string;
  label: string;
  remote: BranchRemote | null;
}): Promise<void> {
  const { setup, config, forge, issue, cycle, branch, base, label, remote } = input;
  const { cwd, gh, warn } = setup;
  const { plan, progress } = cycle;
  const options = { maxTries: config.review.max_tries };
  if (setup.inputs.summary) {
    await core.summary
      .addRaw(
        setup.redact(
          `### Plan ${escapeCell(plan.id)}: ${escapeCell(plan.title)}\n\n${progressMarkdown(plan, progress, options)}\n\n` +
            `${describeStop(cycle.reason)} (exit code ${cycle.exitCode})\n`,
        ),
      )
      .write()
      .catch((error: Error) => warn(`writing the job summary failed: ${error.message}`));
  }
  let pushed = false;
  try {
    await commitLeftovers(cwd, `agent-harness: plan ${plan.id}`);
    if (remote === null) throw new Error('the work tree has no remote named origin');
    await pushHead(cwd, remote, branch, setup.workDir);
    pushed = true;
  } catch (error) {
    warn(`pushing ${branch} failed: ${(error as Error).message}`);
  }
  if (!forge) return;
  if (pushed) {
    const repoUrl = `${gh.serverUrl}/${gh.owner}/${gh.repo}`;
    const dir = setup.inputs.workingDirectory;
    try {
      const { pull, created } = await openOrUpdatePull(forge, {
        branch,
        base,
        title: pullTitle(plan),
        body: setup.redact(
          pullBody({
            plan,
            progress,
            ...options,
            issue,
            runUrl: gh.runUrl,
            fileUrl: (path) => blobUrl(repoUrl, branch, dir, path),
          }),
        ),
      });
      core.setOutput('pull-request', pull.htmlUrl);
      core.info(`${created ? 'Opened' : 'Updated'} pull request #${pull.number}: ${pull.htmlUrl}`);
    } catch (error) {
      warn(`opening the pull request for ${branch} failed: ${(error as Error).message}`);
    }
  }
  if (cycle.escalated.length === 0) return;
  const comments = await forge.comments(issue).catch(() => []);
  for (const escalated of cycle.escalated) {
    const task = progress.tasks[escalated.taskId];
    const ref = { planId: plan.id, taskId: escalated.taskId, try: task?.tries.at(-1)?.n ?? 0 };
    const marker = escalationMarker(ref);
    if (comments.some((c) => c.body.startsWith(marker))) {
      core.info(`Task ${escalated.taskId} still waits for an answer on issue #${issue}.`);
      continue;
    }
    try {
      const url = await postEscalation(forge, issue, {
        ...ref,
        taskTitle: plan.tasks.find((t) => t.id === escalated.taskId)?.title ?? escalated.taskId,
        why: escalated.why,
        review: escalated.review === null ? null : setup.redact(escalated.review),
        reviewFile: escalated.reviewFile,
        gateOutput: setup.redact(escalated.gateOutput),
        label,
        runUrl: gh.runUrl,
      });
      core.info(`Task ${escalated.taskId} needs a human: ${url}`);
    } catch (error) {
      warn(`escalating task ${escalated.taskId} on issue #${issue} failed: ${(error as Error).message}`);
    }
  }
}

/**
 * The outputs, the handover to post, and the step's result. A task waiting for a human is not a failure of
 * the step: the issue says what to do; the exit code (13) is in the outputs, the summary and the commit status.
 */
async function finish(input: {
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
