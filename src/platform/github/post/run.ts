// The Action's post step: it runs after main, also after a cancellation, and does the network work main must
// not: a final state save, the artifact, the job summary (a `worker-supervise` run's: its final table) and the
// final commit status. Each part fails alone, as a warning. Before all of it, what a killed main left under user
// isolation is undone (its agent's user and processes, its ACLs), then the job's git credentials come back if it
// left them aside.
import { appendFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { DefaultArtifactClient } from '@actions/artifact';
import * as core from '@actions/core';
import { resumeNumbering } from '../../../loop/index.js';
import { readStatus } from '../../../state/index.js';
import { uploadRunArtifact } from './artifact.js';
import { artifactName } from './artifact-name.js';
import { bundleKeptWork, type WipBundle } from './wip-bundle.js';
import { recoverJobCredentials } from '../credentials/index.js';
import { readGitHubContext } from '../context.js';
import { sweepKilledIsolations } from '../isolation-post.js';
import { Forge } from '../forge.js';
import { isSession, sessionsFrom } from '../logged-sessions.js';
import { readHistory } from '../summary/index.js';
import { readEventLog } from '../../../state/events/index.js';
import { createOctokit } from '../octokit.js';
import { finalCommitStatus } from '../outcome.js';
import { decodePostState, POST_STATE_NAME, type PostState } from './post-state.js';
import { createRedactor } from '../redact.js';
import { collectSecrets } from '../secrets.js';
import { actionStateStore } from '../state/index.js';
import { stateFiles } from '../state/index.js';
import { workerTaskArtifactFiles } from '../state/index.js';
import { stateSummaryMarkdown, superviseCommitStatus, superviseSummaryMarkdown } from '../summary/index.js';
import { taskSummaryMarkdown } from '../summary/index.js';
import { INIT_LOG, PROGRESS_FILE, TASK_FILE } from '../../../state/index.js';
import { lastFailureFrom, renderSummary, sessionRow, type SummaryInput } from '../summary/index.js';

export async function runPost(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  // 0. A killed main's agent user: every process of it ended before the credentials come back (isolation-post.ts).
  await sweepKilledIsolations();
  // The job's git credentials, if main was killed while they were aside (credentials/index.ts): next, before
  // whatever else post does or fails to do.
  await recoverJobCredentials(env, env.RUNNER_TEMP ?? env.TMPDIR ?? '/tmp').catch((error: Error) =>
    core.error(`agent-harness: restoring the job's git credentials failed: ${error.message}`),
  );
  const post = decodePostState(core.getState(POST_STATE_NAME));
  if (!post) {
    core.info('agent-harness: the main step did not start the loop; nothing to do after it.');
    return;
  }
  const gh = readGitHubContext(env);
  // The cache client resolves its paths against the current directory and stores them relative to the workspace.
  process.chdir(gh.workspace);
  const token = core.getInput('github-token');
  const secrets = collectSecrets(env, [token]);
  for (const secret of secrets) core.setSecret(secret);
  const redact = createRedactor(secrets);
  const warn = (message: string) => core.warning(redact(message));
  const end = post.end ?? (await endFromDisk(post));
  // The artifact client waits 5 minutes on a stalled upload by default; post has better things to do.
  process.env.ACTIONS_ARTIFACT_UPLOAD_TIMEOUT_MS ??= '120000';

  // 1. Final state save (main skipped it if cancelled; otherwise this records the final status). The metrics
  // database is checkpointed into its file first (state/metrics.ts), also after main was killed.
  const files = stateFiles({
    cwd: post.cwd,
    counter: post.counterFile,
    status: post.statusFile,
    eventLog: post.eventLog,
    metricsDb: post.metricsDb ?? null,
    workerTask: post.workerTask ?? null,
    workerSupervise: post.workerSupervise?.tasks ?? null,
  });
  // The store main chose, at origin's URL as main read it (never one the agent may have rewritten).
  const chosen = post.store ?? { kind: 'cache', branch: '', remoteUrl: null, movedFrom: null, merged: false };
  const info = (message: string) => core.info(redact(message));
  const store = actionStateStore(chosen, {
    gh,
    files,
    key: post.stateKey,
    repo: post.cwd,
    token,
    env,
    warn,
    info,
    redact,
  });
  await store.save(end.global, '-post');
  const saved = store.report();
  const stateSection = stateSummaryMarkdown({
    ...saved,
    movedFrom: chosen.movedFrom,
    merged: saved.merged || chosen.merged,
  });

  // 2. The artifact: this run's transcripts, the event log and the status file, redacted.
  const log = post.eventLog ? await readEventLog(post.eventLog) : null;
  const events = log?.events ?? [];
  if (log && log.invalid > 0)
    core.info(redact(`agent-harness: ${log.invalid} event log line(s) skipped (${log.problems.join('; ')})`));
  const thisRun = sessionsFrom(events, post.firstGlobal);
  let artifact: { name: string; url: string | null } | null = null;
  let kept: WipBundle | null = null;
  if (post.uploadArtifacts) {
    // The kept work (interrupted sessions, rolled-back attempts) as a git bundle: the checkout goes with the job.
    kept = await bundleKeptWork({
      cwd: post.cwd,
      dir: join(gh.runnerTemp, 'agent-harness'),
      base: post.sha || null,
      secrets,
      warn,
    });
    const requested =
      post.artifactName ??
      artifactName({ runId: gh.runId, runAttempt: gh.runAttempt, jobKey: '', job: gh.job, taskId: null });
    const transcripts: string[] = [];
    for (let n = post.firstGlobal; n < end.global; n++) {
      transcripts.push(join(post.outputDir, `${post.outputPrefix}-${n}.jsonl`));
      transcripts.push(join(post.outputDir, `${post.outputPrefix}-${n}.prompt.md`));
    }
    const uploaded = await uploadRunArtifact({
      client: new DefaultArtifactClient(),
      name: requested,
      files: [
        ...transcripts,
        ...(post.eventLog ? [post.eventLog] : []),
        post.statusFile,
        join(post.cwd, TASK_FILE),
        join(post.cwd, PROGRESS_FILE),
        join(post.cwd, INIT_LOG),
        ...(post.workerTask ? workerTaskArtifactFiles(post.workerTask) : []),
        // Each supervised task's directory whole, under its own name.
        ...(post.workerSupervise?.tasks ?? []),
      ],
      rawFiles: kept ? [kept.file] : [],
      stageDir: join(gh.runnerTemp, 'agent-harness', 'artifact'),
      secrets,
      retentionDays: post.artifactRetentionDays,
      warn,
      error: (message) => core.error(redact(message)),
    });
    if (uploaded.id !== null) {
      core.setOutput('artifact-id', uploaded.id);
      artifact = {
        name: uploaded.name,
        url: `${gh.serverUrl}/${gh.owner}/${gh.repo}/actions/runs/${gh.runId}/artifacts/${uploaded.id}`,
      };
    }
  }

  // 3. The job summary: a supervised run's final table, else the loop's sessions.
  const supervised = post.workerSupervise ?? null;
  if (post.summary && env.GITHUB_STEP_SUMMARY && supervised) {
    const markdown = superviseSummaryMarkdown({ ...supervised, tasks: supervised.tasks.length });
    await appendFile(env.GITHUB_STEP_SUMMARY, `${redact(markdown)}\n\n${redact(stateSection)}\n`).catch(
      (error: Error) => warn(`writing the job summary failed: ${error.message}`),
    );
  } else if (post.summary && env.GITHUB_STEP_SUMMARY) {
    const rows = thisRun.map(sessionRow);
    const earlier = events.filter(isSession).filter((e) => Number(e.global) < post.firstGlobal);
    const runs = events.filter((e) => e.event === 'loop_start').length;
    const markdown = renderSummary({
      sessions: rows,
      previous:
        runs > 1
          ? {
              runs: runs - 1,
              sessions: earlier.length,
              productive: earlier.filter((e) => e.outcome === 'productive').length,
              costUsd: earlier.reduce((sum, e) => sum + (typeof e.cost_usd === 'number' ? e.cost_usd : 0), 0),
            }
          : undefined,
      stopReason: end.stopReason,
      exitCode: end.exitCode,
      globalCounter: end.global,
      productiveThisRun: end.productive,
      idleSessions: end.idleSessions ?? 0,
      resumeAfter: end.resumeAfter ?? null,
      iterations: end.iteration,
      maxIterations: post.maxIterations,
      artifact,
      workKept: kept && artifact ? { bundle: basename(kept.file), refs: kept.refs } : null,
      runUrl: post.runUrl,
      isolation: isolationOf(
        events.filter((e) => e.event === 'loop_start' && Number(e.global) >= post.firstGlobal).at(-1),
      ),
      lastFailure: lastFailureFrom(
        events.filter((e) => e.event === 'session_failed' && Number(e.global) >= post.firstGlobal),
      ),
      history: readHistory(post.metricsDb, warn),
    });
    const taskTable = await taskSummaryMarkdown(post.cwd);
    const text = `${redact(markdown)}\n${taskTable ? `\n${redact(taskTable)}\n` : ''}\n${redact(stateSection)}\n`;
    await appendFile(env.GITHUB_STEP_SUMMARY, text).catch((error: Error) =>
      warn(`writing the job summary failed: ${error.message}`),
    );
  }

  // 4. The final commit status.
  if (post.commitStatus && token) {
    const forge = new Forge(createOctokit({ token, baseUrl: gh.apiUrl, warn }), gh.owner, gh.repo);
    const { state, description } = supervised
      ? superviseCommitStatus(supervised.rows, supervised.cancelled)
      : finalCommitStatus({ ...end, maxIterations: post.maxIterations });
    await forge
      .setStatus(post.sha, state, description, post.runUrl, post.statusContext)
      .catch((error: Error) => warn(`setting the commit status failed: ${error.message}`));
  }
}

/** The run's isolation as its `loop_start` says (none for a run that never started its loop). */
function isolationOf(start: Record<string, unknown> | undefined): SummaryInput['isolation'] {
  if (typeof start?.isolation !== 'string') return null;
  const fallback = start.isolation_fallback;
  return { mode: start.isolation, fallback: typeof fallback === 'string' ? fallback : null };
}

/** Main was killed before it could record how it ended: read what the loop left on disk. */
async function endFromDisk(post: PostState): Promise<NonNullable<PostState['end']>> {
  const status = await readStatus(post.statusFile).catch(() => null);
  // The counter as the next start would resume it: past every transcript and logged session.
  const global = await resumeNumbering(
    { counter: post.counterFile, outputDir: post.outputDir, eventLog: post.eventLog },
    post.outputPrefix,
  )
    .then((numbering) => numbering.next)
    .catch(() => post.firstGlobal);
  const finished = status?.state === 'stopped';
  return {
    stopReason: finished ? (status?.stop_reason ?? 'stopped') : 'cancelled',
    exitCode: finished ? 0 : 1,
    productive: status?.productive ?? 0,
    iteration: status?.iteration ?? 0,
    global,
    idleSessions: status?.idle_sessions ?? 0,
    resumeAfter: status?.resume_after ?? null,
  };
}
