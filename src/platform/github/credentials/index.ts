// The job's git credentials (what actions/checkout persists, a credential helper the workflow configured) are out
// of the agent's reach while its sessions run: main puts them aside once the step's state is set up, before the
// first session, and brings them back when the step ends, whatever ends it (park.ts). A main killed
// outright leaves the private record behind; post, or the next main of the job, ends what that run left running
// and restores from it. The agent's commits are pushed by the workflow's own later step, with the credentials
// back in place, or in review mode by the harness with the github-token input (review/remote.ts).
import { homedir } from 'node:os';
import * as core from '@actions/core';
import { recoverPreviousRun } from '../../../loop/index.js';
import { systemClock } from '../../../os/system-clock.js';
import { recordPath } from './record.js';
import { putAside, type Parked } from './park.js';
import { recoverRecord, type CredentialsIo } from './restore.js';
import { sweepKilledIsolations } from '../isolation-post.js';
import { GitHubLogger } from '../logger.js';

export type { Parked } from './park.js';

/** What a leftover run of the agent gets to end it: SIGTERM, then SIGKILL this long after. */
const LEFTOVER_GRACE_MS = 2000;

function actionIo(redact: (text: string) => string = (text) => text): CredentialsIo {
  return {
    info: (message) => core.info(redact(message)),
    warn: (message) => core.warning(redact(message)),
    error: (message) => core.error(redact(message)),
    mask: (secret) => core.setSecret(secret),
  };
}

/**
 * Ends what the run recorded in `statusFile` left running: its agent's group, escaped descendants, cookie; then,
 * under user isolation, every process of its agent's user, whose ACLs on the tree go too (isolation-post.ts).
 */
async function endLeftovers(statusFile: string): Promise<void> {
  const logger = new GitHubLogger(
    { write: (text) => process.stdout.write(text), debugEnabled: core.isDebug() },
    () => systemClock.now(),
  );
  await recoverPreviousRun(statusFile, {
    clock: systemClock,
    logger,
    emit: () => Promise.resolve(),
    killGraceMs: LEFTOVER_GRACE_MS,
  });
  await sweepKilledIsolations();
}

/**
 * Main, before the first session: restores what an earlier main of this job left aside, then puts the
 * credentials of the repositories the agent can reach (its working directory's, the workspace's) aside.
 */
export async function parkJobCredentials(input: {
  cwd: string;
  workspace: string;
  runnerTemp: string;
  statusFile: string;
  env: NodeJS.ProcessEnv;
  redact: (text: string) => string;
}): Promise<Parked | null> {
  const io = actionIo(input.redact);
  const record = recordPath(input.env, input.runnerTemp);
  if (!(await recoverRecord(record, io, endLeftovers)))
    throw new Error(
      `the job's git credentials an earlier step put aside could not be restored from ${record} (see the error ` +
        'above); no agent runs until they are',
    );
  return putAside({
    dirs: [...new Set([input.cwd, input.workspace])],
    runnerTemp: input.runnerTemp,
    home: input.env.HOME ?? homedir(),
    record,
    statusFile: input.statusFile,
    io,
  });
}

/** Post: when main was killed with the credentials aside, ends what it left running and restores them. */
export async function recoverJobCredentials(env: NodeJS.ProcessEnv, runnerTemp: string): Promise<void> {
  await recoverRecord(recordPath(env, runnerTemp), actionIo(), endLeftovers);
}
