// The Action's main step in review mode (`mode: review`): the issue's plan, developed and reviewed task by task
// on branch `agent-harness/<plan_id>`, with a pull request that shows where it stands and the issue as the place
// a human answers an escalated task. One run:
//   1. restores the cached state (plans, progress, reviews, mistakes, the issue's plan id) and hands over to post;
//   2. finds the issue's plan, or with the issue-label trigger plans headless from the issue (planning.ts);
//   3. switches to the plan's branch, reads humans' answers to escalated tasks on the issue, runs the cycle;
//   4. publishes the results (publish.ts): the branch pushed (with the token input: the job's git credentials
//      are put aside while sessions run, credentials/index.ts, remote.ts), the pull request, an
//      escalation comment for each task that waits for a human, the progress table in the job summary;
//   5. sets the outputs and records how the run ended for post (outputs.ts).
import { runHarness } from '../../../harness/index.js';
import { withActionIsolation, withActionWaitLimit } from '../agent-isolation.js';
import { spawn } from 'node:child_process';
import * as core from '@actions/core';
import { loadConfig } from '../../../config/index.js';
import { runReviewCycle } from '../../../review/cycle/index.js';
import type { CyclePorts } from '../../../review/cycle/index.js';
import { StopController } from '../../../loop/index.js';
import { systemClock } from '../../../os/system-clock.js';
import { plansDir } from '../../../review/index.js';
import { progressPath, readProgress } from '../../../review/index.js';
import { resolvePaths } from '../../../state/index.js';
import { repoPrefix } from '../../../state/index.js';
import { planFailureComment } from '../review/index.js';
import { InputError } from '../inputs.js';
import type { MainSetup } from './setup.js';
import type { TriggerDecision } from './trigger.js';
import { createOctokit } from '../octokit.js';
import { branchNow, excludeFromGit, planBranch, switchToBranch } from '../review/index.js';
import { captureRemote } from '../review/index.js';
import { ReviewForge } from '../review/index.js';
import { humanReplies } from '../review/index.js';
import { finishReview } from './review-outputs.js';
import { planFor } from './review-planning.js';
import { publishReview } from './review-publish.js';
import { issuePlansPath } from '../state/index.js';
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
  const config = withActionWaitLimit(withActionIsolation(loaded.config, inputs));
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
    runHarness,
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
        await publishReview({ setup, config, forge, issue, cycle, branch, base, label, remote });
    }
  } finally {
    uninstall();
  }
  await finishReview({
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
