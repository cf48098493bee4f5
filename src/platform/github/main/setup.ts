// The main step's first phase: what the runner gives it (inputs, the GitHub context, secrets) turned into the
// pieces every later phase uses. Nothing here starts the loop.
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import * as core from '@actions/core';
import { actorTrust, type ActorTrust } from '../actor-trust.js';
import { issueNumberFrom, readGitHubContext, type GitHubContext } from '../context.js';
import { Forge } from '../forge.js';
import { parseInputs, type ActionInputs } from '../inputs.js';
import { createOctokit } from '../octokit.js';
import { createRedactor } from '../redact.js';
import { collectSecrets } from '../secrets.js';

export interface MainSetup {
  inputs: ActionInputs;
  gh: GitHubContext;
  /** Masks every secret in a text the Action writes. */
  redact: (text: string) => string;
  /** A warning annotation, redacted. */
  warn: (message: string) => void;
  /** The directory the agent works in. */
  cwd: string;
  forge: Forge | null;
  /**
   * Who may steer the run (the trigger label, the issue's text, answers to an escalation): write access or
   * `allowed-actors`, each login asked about once per run. Null without a token.
   */
  trust: ActorTrust | null;
  /** The issue this run reports to (the stop label, comments), if any. */
  issue: number | null;
  /** The Action's scratch directory under RUNNER_TEMP. */
  workDir: string;
}

export async function setUpMain(env: NodeJS.ProcessEnv): Promise<MainSetup> {
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
  const trust = forge ? actorTrust((login) => forge.canWrite(login), inputs.allowedActors) : null;
  const issue = issueNumberFrom(gh, inputs.issueNumber);
  const workDir = join(gh.runnerTemp, 'agent-harness');
  await mkdir(workDir, { recursive: true });
  return { inputs, gh, redact, warn, cwd, forge, trust, issue, workDir };
}
