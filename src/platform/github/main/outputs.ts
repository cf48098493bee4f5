// The main step's last phase: its outputs, the STOP label's follow-up, and whether the step fails. After a
// cancellation only the outputs are set: everything that needs the network is post's.
import * as core from '@actions/core';
import type { RunSummary } from '../../../loop/index.js';
import type { SerialQueue } from '../background.js';
import type { GitHubContext } from '../context.js';
import type { Forge } from '../forge.js';
import { readEvents, sessionsFrom, totalsOf, type RunTotals } from '../logged-sessions.js';
import type { ActionInputs } from '../inputs.js';
import type { MainSetup } from './setup.js';
import { describeStop, stepFails } from '../outcome.js';
import { tasksOutput } from './task-run.js';

export async function reportEnd(input: {
  setup: MainSetup;
  summary: RunSummary;
  eventLog: string | null;
  firstGlobal: number;
  queue: SerialQueue;
}): Promise<void> {
  const { setup, summary, eventLog, firstGlobal, queue } = input;
  const { forge, issue, inputs, gh, cwd, warn } = setup;
  const totals = totalsOf(sessionsFrom(eventLog ? await readEvents(eventLog) : [], firstGlobal));
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
  core.setOutput('tokens', totals.tokens);
  core.setOutput('idle-sessions', summary.idleSessions ?? 0);
  core.setOutput('resume-after', summary.resumeAfter ?? '');
}
