// Review mode's results on GitHub after the cycle: the progress table in the job summary, what is left committed
// and the plan's branch pushed (remote.ts), the pull request opened or updated with where the plan stands,
// and one escalation comment (with the needs-human label) for each task that waits for a human and has none yet.
import * as core from '@actions/core';
import type { Config } from '../../../config/index.js';
import type { CycleSummary } from '../../../review/cycle/index.js';
import { escapeCell, progressMarkdown } from '../../../review/index.js';
import { escalationMarker } from '../review/index.js';
import type { MainSetup } from './setup.js';
import { describeStop } from '../outcome.js';
import { blobUrl, pullBody, pullTitle } from '../review/index.js';
import { commitLeftovers } from '../review/index.js';
import { pushHead, type BranchRemote } from '../review/index.js';
import type { ReviewForge } from '../review/index.js';
import { openOrUpdatePull, postEscalation } from '../review/index.js';

/** The run's results on GitHub: the branch pushed, the pull request, the escalations, the job summary. */
export async function publishReview(input: {
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
